import CollectionLayout
import CollectionLayoutABI

// The header's "Transitions" and "Interactive movement".

/// What a `cl_transition *` names (HandleTable): the engine's transition (two immutable states)
/// and the C strings of its kind names, made once (the handle is read-only after create, so
/// threads may query it at once without a lock).
final class TransitionHandle {
    let transition: Transition
    private let kindNames: [CString]

    init(_ transition: Transition) {
        self.transition = transition
        var names: [CString] = []
        while let name = transition.kindName(Kind(rawValue: Int32(names.count))) { names.append(CString(name)) }
        kindNames = names
    }

    func kindName(_ kind: Int32) -> UnsafePointer<CChar>? {
        kindNames.indices.contains(Int(kind)) ? UnsafePointer(kindNames[Int(kind)].pointer) : nil
    }
}

/// Runs one call on a live transition; failures go to this thread's last error.
private func withTransition(_ pointer: OpaquePointer?, _ body: (TransitionHandle) throws(LayoutError) -> Void) -> cl_status {
    guard let h = transitions.lookup(pointer) else {
        setThreadError(pointer == nil ? "the transition handle is NULL"
                                      : "the transition handle is not a live transition (destroyed, or never created)")
        return CL_ERROR_INVALID_HANDLE
    }
    do throws(LayoutError) {
        try body(h)
        return CL_OK
    } catch {
        return failWithoutHandle(error)
    }
}

@c @implementation
public func cl_transition_create(_ from: OpaquePointer?, _ to: OpaquePointer?, _ out: UnsafeMutablePointer<OpaquePointer?>?) -> cl_status {
    do throws(LayoutError) {
        let out = try required(out, "out_transition")
        out.pointee = nil
        guard let a = handle(from), let b = handle(to) else {
            setThreadError("a layout handle is NULL or not a live layout")
            return CL_ERROR_INVALID_HANDLE
        }
        out.pointee = try transitions.register(TransitionHandle(try Transition(from: a.layout, to: b.layout)), "transition")
        return CL_OK
    } catch {
        return failWithoutHandle(error)
    }
}

@c @implementation
public func cl_transition_destroy(_ transition: OpaquePointer?) {
    guard let transition else { return }
    if transitions.remove(transition) == nil {
        _ = failWithoutHandle(LayoutError(.invalidArgument, "cl_transition_destroy: the handle is not a live transition (destroyed twice?); ignored"))
    }
}

@c @implementation
public func cl_transition_elements_in_rect(_ transition: OpaquePointer?, _ t: Double, _ rect: cl_rect,
                                           _ buffer: UnsafeMutablePointer<cl_attributes>?, _ capacity: Int64,
                                           _ attributesSize: Int, _ out: UnsafeMutablePointer<Int64>?) -> cl_status {
    withTransition(transition) { h throws(LayoutError) in
        let r = Rect(rect)
        guard r.x.isFinite, r.y.isFinite, r.width.isFinite, r.height.isFinite, r.width >= 0, r.height >= 0 else {
            throw LayoutError(.invalidArgument, "rect (\(r.x), \(r.y), \(r.width), \(r.height)) must be finite with a size >= 0")
        }
        guard t >= 0, t <= 1 else { throw LayoutError(.invalidArgument, "progress \(t) is not in [0, 1]") }
        var failure: LayoutError?
        try writeList(cl_attributes.self, into: UnsafeMutableRawPointer(buffer), capacity: capacity, size: attributesSize,
                      sizeName: "attributes_size", count: out) { write in
            do throws(LayoutError) { try h.transition.forEachElement(in: r, progress: t) { write($0.c) } } catch { failure = error }
        }
        if let failure { throw failure }
    }
}

@c @implementation
public func cl_transition_viewport(_ transition: OpaquePointer?, _ out: UnsafeMutablePointer<cl_rect>?) -> cl_status {
    withTransition(transition) { h throws(LayoutError) in try required(out, "out_viewport").pointee = h.transition.targetViewport.c }
}

@c @implementation
public func cl_transition_kind_name(_ transition: OpaquePointer?, _ kind: Int32, _ out: UnsafeMutablePointer<UnsafePointer<CChar>?>?) -> cl_status {
    withTransition(transition) { h throws(LayoutError) in
        let out = try required(out, "out_name")
        guard let name = h.kindName(kind) else { throw LayoutError(.unknownKind, "kind \(kind) is not a kind of the transition") }
        out.pointee = name
    }
}

// MARK: Interactive movement

extension cl_index_path {
    init(_ p: ItemPath) { self.init(section: Int64(p.section), item: Int64(p.item)) }
}

extension cl_update_summary {
    init(_ r: UpdateResult) {
        self.init(viewport: r.viewport.c, adjustment: r.adjustment, content_size_change: r.contentSizeChange,
                  element_count: Int64(r.elements.count), inserted_count: Int64(r.inserted.count), deleted_count: Int64(r.deleted.count))
    }
}

@c @implementation
public func cl_layout_begin_movement(_ layout: OpaquePointer?, _ item: cl_index_path) -> cl_status {
    withHandle(layout) { h throws(LayoutError) in
        try h.layout.beginMovement(of: ItemPath(try index(item.section, "section"), try index(item.item, "item")))
    }
}

@c @implementation
public func cl_layout_update_movement(_ layout: OpaquePointer?, _ x: Double, _ y: Double, _ out: UnsafeMutablePointer<cl_index_path>?) -> cl_status {
    withHandle(layout) { h throws(LayoutError) in
        let out = try required(out, "out_target")
        out.pointee = cl_index_path(try h.layout.updateMovement(x: x, y: y))
    }
}

@c @implementation
public func cl_layout_movement(_ layout: OpaquePointer?, _ moving: UnsafeMutablePointer<Int32>?, _ origin: UnsafeMutablePointer<cl_index_path>?,
                               _ target: UnsafeMutablePointer<cl_index_path>?) -> cl_status {
    withHandle(layout) { h throws(LayoutError) in
        let (moving, origin, target) = (try required(moving, "out_moving"), try required(origin, "out_origin"), try required(target, "out_target"))
        let m = h.layout.movingItem
        moving.pointee = m == nil ? 0 : 1
        origin.pointee = m.map { cl_index_path($0.origin) } ?? cl_index_path(section: -1, item: -1)
        target.pointee = m.map { cl_index_path($0.target) } ?? cl_index_path(section: -1, item: -1)
    }
}

@c @implementation
public func cl_layout_commit_movement(_ layout: OpaquePointer?, _ out: UnsafeMutablePointer<cl_update_summary>?, _ summarySize: Int) -> cl_status {
    withHandle(layout) { h throws(LayoutError) in
        let out = try required(out, "out_summary")
        try checkElementSize(summarySize, cl_update_summary.self, "summary_size")
        writeSized(cl_update_summary(try h.layout.commitMovement()), to: UnsafeMutableRawPointer(out), size: summarySize)
    }
}

@c @implementation
public func cl_layout_cancel_movement(_ layout: OpaquePointer?) -> cl_status {
    withHandle(layout) { h throws(LayoutError) in try h.layout.cancelMovement() }
}
