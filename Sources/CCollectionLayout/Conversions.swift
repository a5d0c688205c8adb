import CollectionLayout
import CollectionLayoutABI

// Conversions between the header's plain structs and the engine's types. Every enum value that
// comes from C is checked here, before the engine sees it.

extension Rect {
    init(_ r: cl_rect) { self.init(x: r.x, y: r.y, width: r.width, height: r.height) }
    var c: cl_rect { cl_rect(x: x, y: y, width: width, height: height) }
}

extension Size {
    init(_ s: cl_size) { self.init(width: s.width, height: s.height) }
    var c: cl_size { cl_size(width: width, height: height) }
}

extension Insets {
    init(_ i: cl_insets) { self.init(top: i.top, left: i.left, bottom: i.bottom, right: i.right) }
    var c: cl_insets { cl_insets(top: top, left: left, bottom: bottom, right: right) }
}

func enumValue<E: RawRepresentable>(_ raw: Int32, _ name: String) throws(LayoutError) -> E where E.RawValue == Int {
    guard let value = E(rawValue: Int(raw)) else { throw LayoutError(.invalidArgument, "\(name) \(raw) is not a valid value") }
    return value
}

extension SectionMetrics {
    init(_ m: cl_section_metrics) throws(LayoutError) {
        self.init()
        insets = Insets(m.insets)
        lineSpacing = m.line_spacing
        interitemSpacing = m.interitem_spacing
        header = m.header
        footer = m.footer
        alignment = try enumValue(m.alignment, "alignment")
        crossAlignment = try enumValue(m.cross_alignment, "cross_alignment")
        style = try enumValue(m.style, "style")
        rows = Int(m.rows)
    }

    var c: cl_section_metrics {
        cl_section_metrics(struct_size: UInt32(MemoryLayout<cl_section_metrics>.size), alignment: Int32(alignment.rawValue),
                           insets: insets.c, line_spacing: lineSpacing, interitem_spacing: interitemSpacing,
                           header: header, footer: footer, cross_alignment: Int32(crossAlignment.rawValue),
                           style: Int32(style.rawValue), rows: Int32(clamping: rows), reserved: 0,
                           columns: Int32(clamping: columns), decoration_kind_count: -1, decoration_kinds: nil)
    }
}

extension LayoutDefinition {
    init(_ d: cl_layout_def) throws(LayoutError) {
        guard d.struct_size == MemoryLayout<cl_layout_def>.size else {
            throw LayoutError(.invalidArgument, "cl_layout_def.struct_size is \(d.struct_size), expected \(MemoryLayout<cl_layout_def>.size): start from cl_layout_def_default()")
        }
        self.init()
        direction = try enumValue(d.direction, "direction")
        viewport = Rect(d.viewport)
        itemSize = Size(d.item_size)
        var m = SectionMetrics()
        m.insets = Insets(d.insets)
        m.lineSpacing = d.line_spacing
        m.interitemSpacing = d.interitem_spacing
        m.header = d.header
        m.footer = d.footer
        m.alignment = try enumValue(d.alignment, "alignment")
        m.crossAlignment = try enumValue(d.cross_alignment, "cross_alignment")
        m.style = try enumValue(d.style, "style")
        m.rows = Int(d.rows)
        sectionDefaults = m
        pinHeaders = d.pin_headers != 0
        pinFooters = d.pin_footers != 0
        guard d.kind_count >= 0, d.kind_count <= 1 << 16 else { throw LayoutError(.invalidArgument, "kind_count \(d.kind_count) is out of 0...65536") }
        if d.kind_count > 0 {
            guard let list = d.kinds else { throw LayoutError(.invalidArgument, "kinds is NULL but kind_count is \(d.kind_count)") }
            for i in 0..<Int(d.kind_count) {
                guard let name = list[i] else { throw LayoutError(.invalidArgument, "kinds[\(i)] is NULL") }
                kinds.append(try string(name, "kinds[\(i)]"))
            }
        }
    }
}

func string(_ p: UnsafePointer<CChar>?, _ name: String) throws(LayoutError) -> String {
    guard let p else { throw LayoutError(.invalidArgument, "\(name) is NULL") }
    guard let s = String(validatingCString: p) else { throw LayoutError(.invalidArgument, "\(name) is not valid UTF-8") }
    return s
}

extension DecorationDefinition {
    init(_ d: cl_decoration_def) throws(LayoutError) {
        guard d.struct_size == MemoryLayout<cl_decoration_def>.size else {
            throw LayoutError(.invalidArgument, "cl_decoration_def.struct_size is \(d.struct_size), expected \(MemoryLayout<cl_decoration_def>.size): start from cl_decoration_def_default()")
        }
        guard let scope = Scope(rawValue: d.scope) else { throw LayoutError(.invalidArgument, "decoration scope \(d.scope) is not a valid value") }
        guard let coverage = Coverage(rawValue: d.coverage) else { throw LayoutError(.invalidArgument, "decoration coverage \(d.coverage) is not a valid value") }
        self.init(scope: scope, coverage: coverage, insets: Insets(d.insets), z: d.z)
    }
}

extension Attributes {
    var c: cl_attributes {
        cl_attributes(category: id.category.rawValue, kind: id.kind.rawValue, section: Int64(id.section), item: Int64(id.item),
                      frame: frame.c, alpha: alpha, z: z, hidden: hidden ? 1 : 0)
    }
}

/// The engine's data source over the C callbacks: every status other than CL_OK becomes a
/// `.callbackFailed` error naming the callback and the status.
final class CDataSource: LayoutDataSource {
    let source: cl_data_source

    init(_ source: cl_data_source) throws(LayoutError) {
        guard source.item_count != nil else { throw LayoutError(.invalidArgument, "cl_data_source.item_count is NULL; it is required") }
        self.source = source
    }

    private func check(_ status: cl_status, _ call: @autoclosure () -> String) throws {
        guard status == CL_OK else {
            let known = status < 0 ? " (\(String(cString: cl_status_string(status))))" : ""
            throw LayoutError(.callbackFailed, "\(call()) returned status \(status)\(known)")
        }
    }

    func numberOfSections() throws -> Int {
        guard let f = source.section_count else { return 1 }
        var n: Int64 = 0
        try check(f(source.user_data, &n), "section_count")
        return Int(n)
    }

    func numberOfItems(inSection section: Int) throws -> Int {
        var n: Int64 = 0
        try check(source.item_count?(source.user_data, Int64(section), &n) ?? CL_ERROR_CALLBACK, "item_count(section \(section))")
        return Int(n)
    }

    func sizes(inSection section: Int, items: Range<Int>, into sizes: UnsafeMutableBufferPointer<Size>) throws -> Bool {
        guard let f = source.item_sizes else { return false }
        guard let base = sizes.baseAddress else { return true }
        // Size and cl_size are both two doubles: the callback writes straight into the engine.
        let status = base.withMemoryRebound(to: cl_size.self, capacity: sizes.count) {
            f(source.user_data, Int64(section), Int64(items.lowerBound), Int64(items.count), $0)
        }
        try check(status, "item_sizes(section \(section), first \(items.lowerBound), count \(items.count))")
        return true
    }

    func metrics(forSection section: Int, defaults: SectionMetrics) throws -> SectionMetrics {
        guard let f = source.section_metrics else { return defaults }
        var m = defaults.c
        try check(f(source.user_data, Int64(section), &m), "section_metrics(section \(section))")
        do {
            return try SectionMetrics(m)
        } catch {
            throw LayoutError(.badCallbackData, "section_metrics(section \(section)): \(error.message)")
        }
    }

    func inlineElements(inSection section: Int) throws -> [InlineElement] {
        guard let f = source.inline_elements else { return [] }
        var capacity = 16
        for _ in 0..<2 {
            var buffer = [cl_inline_element](repeating: cl_inline_element(), count: capacity)
            var count: Int64 = 0
            try check(f(source.user_data, Int64(section), &buffer, Int64(capacity), &count), "inline_elements(section \(section))")
            guard count >= 0, count <= Int64(Layout.maxElements) else {
                throw LayoutError(.badCallbackData, "inline_elements(section \(section)) reported \(count) elements")
            }
            if count > Int64(capacity) { capacity = Int(count); continue }
            return buffer[..<Int(count)].map { InlineElement(kind: Kind(rawValue: $0.kind), before: Int($0.before), extent: $0.extent) }
        }
        throw LayoutError(.badCallbackData, "inline_elements(section \(section)) reported more elements than the second call's capacity \(capacity)")
    }
}
