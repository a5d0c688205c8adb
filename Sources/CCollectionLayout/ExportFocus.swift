import CollectionLayout
import CollectionLayoutABI

// The header's "Focus navigation" (SPEC §13) and "Prefetch" (SPEC §14).

@c @implementation
public func cl_focus_request_default() -> cl_focus_request {
    var r = cl_focus_request()
    r.struct_size = UInt32(MemoryLayout<cl_focus_request>.size)
    r.direction = CL_FOCUS_DOWN
    r.edge = CL_FOCUS_EDGE_STOP
    r.source = cl_element_id(category: CL_CATEGORY_CELL, kind: CL_KIND_CELL, section: 0, item: 0)
    r.history_direction = CL_FOCUS_UP
    r.history_source = r.source
    return r
}

@c @implementation
public func cl_layout_focus(_ layout: OpaquePointer?, _ request: UnsafePointer<cl_focus_request>?,
                            _ out: UnsafeMutablePointer<cl_focus_answer>?, _ answerSize: Int) -> cl_status {
    withHandle(layout) { h throws(LayoutError) in
        let out = try required(out, "out_answer")
        try checkElementSize(answerSize, cl_focus_answer.self, "answer_size")
        let r = try request.map { p throws(LayoutError) in try readSized(UnsafeRawPointer(p), as: cl_focus_request.self) } ?? cl_focus_request_default()
        let source = ElementID(try ElementCategory(c: r.source.category, "source.category"), Kind(rawValue: r.source.kind),
                               section: try index(r.source.section, "source.section"), item: try index(r.source.item, "source.item"))
        var q = FocusRequest(source: source, direction: try FocusDirection(c: r.direction, "direction"), edge: try FocusEdge(c: r.edge, "edge"))
        q.supplementaryKinds = try array(r.supplementary_kinds, r.supplementary_kind_count, "supplementary_kinds").map { Kind(rawValue: $0) }
        q.remembered = try array(r.remembered, r.remembered_count, "remembered").map { .cell(Int(clamping: $0.section), Int(clamping: $0.item)) }
        // A history that names nothing usable is ignored (SPEC §13), as is a direction that has no opposite.
        if r.has_history != 0, let d = try? FocusDirection(c: r.history_direction, "history_direction"),
           let category = try? ElementCategory(c: r.history_source.category, "history_source.category") {
            q.history = FocusHistory(direction: d, source: ElementID(category, Kind(rawValue: r.history_source.kind),
                                                                    section: Int(clamping: r.history_source.section), item: Int(clamping: r.history_source.item)))
        }
        let a = try h.layout.focus(q)
        var c = cl_focus_answer()
        c.has_target = a.target == nil ? 0 : 1
        c.via = a.via?.c ?? CL_FOCUS_VIA_NONE
        if let t = a.target { c.target = t.c }
        c.viewport = a.viewport.c
        c.section = -1
        if let (s, offset) = a.sectionOffset {
            c.has_section_offset = 1
            c.section = Int64(s)
            c.section_offset = offset
        }
        writeSized(c, to: UnsafeMutableRawPointer(out), size: answerSize)
    }
}

@c @implementation
public func cl_prefetch_request_default() -> cl_prefetch_request {
    var r = cl_prefetch_request()
    r.struct_size = UInt32(MemoryLayout<cl_prefetch_request>.size)
    let d = PrefetchRequest(velocity: 0)
    (r.velocity, r.ahead, r.behind, r.horizon, r.fps, r.section) = (d.velocity, d.ahead, d.behind, d.horizon, d.fps, -1)
    return r
}

@c @implementation
public func cl_layout_prefetch(_ layout: OpaquePointer?, _ request: UnsafePointer<cl_prefetch_request>?,
                               _ outBefore: UnsafeMutablePointer<cl_span>?, _ outAfter: UnsafeMutablePointer<cl_span>?,
                               _ buffer: UnsafeMutablePointer<cl_prefetch_element>?, _ capacity: Int64, _ elementSize: Int,
                               _ out: UnsafeMutablePointer<Int64>?) -> cl_status {
    withHandle(layout) { h throws(LayoutError) in
        let before = try required(outBefore, "out_before"), after = try required(outAfter, "out_after")
        _ = try required(out, "out_count")
        try checkElementSize(elementSize, cl_prefetch_element.self, "element_size")
        let r = try request.map { p throws(LayoutError) in try readSized(UnsafeRawPointer(p), as: cl_prefetch_request.self) } ?? cl_prefetch_request_default()
        let section: Int? = r.section == -1 ? nil : try index(r.section, "section")
        let answer = try h.layout.prefetch(PrefetchRequest(velocity: r.velocity, ahead: r.ahead, behind: r.behind, horizon: r.horizon,
                                                           fps: r.fps, section: section))
        before.pointee = cl_span(start: answer.before.start, end: answer.before.end)
        after.pointee = cl_span(start: answer.after.start, end: answer.after.end)
        try writeList(cl_prefetch_element.self, into: UnsafeMutableRawPointer(buffer), capacity: capacity, size: elementSize,
                      sizeName: "element_size", count: out) { write in
            for e in answer.elements {
                write(cl_prefetch_element(id: e.attributes.id.c, frame: e.attributes.frame.c, side: e.side == .before ? CL_PREFETCH_BEFORE : CL_PREFETCH_AFTER,
                                          urgent: e.urgent ? 1 : 0, distance: e.distance))
            }
        }
    }
}

extension ElementID {
    var c: cl_element_id { cl_element_id(category: category.c, kind: kind.rawValue, section: Int64(section), item: Int64(item)) }
}

extension FocusDirection: CEnum {
    static var cNames: String { "a CL_FOCUS_* direction" }
    var c: Int32 {
        switch self {
        case .up: CL_FOCUS_UP
        case .down: CL_FOCUS_DOWN
        case .left: CL_FOCUS_LEFT
        case .right: CL_FOCUS_RIGHT
        case .next: CL_FOCUS_NEXT
        case .previous: CL_FOCUS_PREVIOUS
        }
    }
}

extension FocusEdge: CEnum {
    static var cNames: String { "a CL_FOCUS_EDGE_* value" }
    var c: Int32 { switch self { case .stop: CL_FOCUS_EDGE_STOP; case .wrap: CL_FOCUS_EDGE_WRAP; case .continuous: CL_FOCUS_EDGE_CONTINUOUS } }
}

extension FocusVia: CEnum {
    static var cNames: String { "a CL_FOCUS_VIA_* value" }
    var c: Int32 {
        switch self {
        case .history: CL_FOCUS_VIA_HISTORY
        case .search: CL_FOCUS_VIA_SEARCH
        case .wrap: CL_FOCUS_VIA_WRAP
        case .continuous: CL_FOCUS_VIA_CONTINUOUS
        case .remembered: CL_FOCUS_VIA_REMEMBERED
        case .order: CL_FOCUS_VIA_ORDER
        }
    }
}

extension cl_focus_request: SizedInput {
    static var cName: String { "cl_focus_request" }
    static var earlierSizes: [Int] { [] }  // new in 0.4
    static var defaults: cl_focus_request { cl_focus_request_default() }
    static var advice: String { "start from cl_focus_request_default()" }
}

extension cl_focus_answer: SizedOutput {
    static var cName: String { "cl_focus_answer" }
    static var minimumSize: Int { MemoryLayout<cl_focus_answer>.size }
}

extension cl_prefetch_request: SizedInput {
    static var cName: String { "cl_prefetch_request" }
    static var earlierSizes: [Int] { [] }  // new in 0.4
    static var defaults: cl_prefetch_request { cl_prefetch_request_default() }
    static var advice: String { "start from cl_prefetch_request_default()" }
}

extension cl_prefetch_element: SizedOutput {
    static var cName: String { "cl_prefetch_element" }
    static var minimumSize: Int { MemoryLayout<cl_prefetch_element>.size }
}
