import CollectionLayout
import CollectionLayoutABI
import Glibc

// The C ABI: each function is checked against include/collectionlayout.h by `@c @implementation`.

@c @implementation
public func cl_version() -> UInt32 { UInt32(CL_VERSION_MAJOR * 10000 + CL_VERSION_MINOR * 100 + CL_VERSION_PATCH) }

@c @implementation
public func cl_status_string(_ status: cl_status) -> UnsafePointer<CChar>! {
    let text: StaticString = switch status {
    case CL_OK: "ok"
    case CL_ERROR_INVALID_HANDLE: "invalid handle"
    case CL_ERROR_INVALID_ARGUMENT: "invalid argument"
    case CL_ERROR_OUT_OF_RANGE: "out of range"
    case CL_ERROR_CALLBACK: "a data-source callback failed"
    case CL_ERROR_BAD_CALLBACK_DATA: "a data-source callback returned invalid data"
    case CL_ERROR_REENTRANT: "called from inside a data-source callback of the same layout"
    case CL_ERROR_BUFFER_TOO_SMALL: "buffer too small"
    case CL_ERROR_UNKNOWN_KIND: "unknown kind"
    case CL_ERROR_LIMIT: "too many items"
    default: "unknown status"
    }
    return UnsafeRawPointer(text.utf8Start).assumingMemoryBound(to: CChar.self)
}

@c @implementation
public func cl_layout_def_default() -> cl_layout_def {
    var d = cl_layout_def()
    let m = SectionMetrics()
    let defaults = LayoutDefinition()
    d.struct_size = UInt32(MemoryLayout<cl_layout_def>.size)
    d.direction = Int32(defaults.direction.rawValue)
    d.item_size = defaults.itemSize.c
    d.insets = m.insets.c
    d.line_spacing = m.lineSpacing
    d.interitem_spacing = m.interitemSpacing
    d.alignment = Int32(m.alignment.rawValue)
    d.cross_alignment = Int32(m.crossAlignment.rawValue)
    d.style = Int32(m.style.rawValue)
    d.rows = Int32(m.rows)
    d.columns = Int32(m.columns)
    d.element_limit = Int64(defaults.elementLimit)
    return d
}

@c @implementation
public func cl_orthogonal_def_default() -> cl_layout_def {
    var d = cl_layout_def_default()
    d.style = Int32(SectionStyle.orthogonal.rawValue)
    return d
}

@c @implementation
public func cl_data_source_default() -> cl_data_source {
    var s = cl_data_source()
    s.struct_size = UInt32(MemoryLayout<cl_data_source>.size)
    return s
}

@c @implementation
public func cl_decoration_def_default() -> cl_decoration_def {
    let d = DecorationDefinition()
    return cl_decoration_def(struct_size: UInt32(MemoryLayout<cl_decoration_def>.size), scope: d.scope.rawValue,
                             coverage: d.coverage.rawValue, z: d.z, insets: d.insets.c)
}

@c @implementation
public func cl_layout_create(_ def: UnsafePointer<cl_layout_def>?, _ dataSource: UnsafePointer<cl_data_source>?,
                             _ out: UnsafeMutablePointer<OpaquePointer?>?) -> cl_status {
    do throws(LayoutError) {
        guard let out else { throw LayoutError(.invalidArgument, "out_layout is NULL") }
        out.pointee = nil
        guard let def else { throw LayoutError(.invalidArgument, "def is NULL") }
        guard let dataSource else { throw LayoutError(.invalidArgument, "data_source is NULL") }
        let layout = try Layout(definition: LayoutDefinition(def.pointee), dataSource: CDataSource(dataSource.pointee))
        out.pointee = register(LayoutHandle(layout: layout))
        return CL_OK
    } catch {
        return failWithoutHandle(error)
    }
}

@c @implementation
public func cl_layout_destroy(_ layout: OpaquePointer?) {
    guard let layout else { return }
    if handle(layout)?.layout.isInCallback == true {
        lastGlobalError.withLock { $0 = CString("cl_layout_destroy was called from inside a callback of the same layout; ignored") }
        return
    }
    if !unregister(layout) {
        lastGlobalError.withLock { $0 = CString("cl_layout_destroy: the handle is not a live layout (destroyed twice?); ignored") }
    }
}

@c @implementation
public func cl_layout_last_error(_ layout: OpaquePointer?) -> UnsafePointer<CChar>! {
    guard let layout, let h = handle(layout) else {
        return UnsafePointer(lastGlobalError.withLock { $0.pointer })
    }
    return UnsafePointer(h.lastError.pointer)
}

@c @implementation
public func cl_layout_register_kind(_ layout: OpaquePointer?, _ name: UnsafePointer<CChar>?, _ out: UnsafeMutablePointer<Int32>?) -> cl_status {
    withHandle(layout) { h throws(LayoutError) in
        let out = try required(out, "out_kind")
        out.pointee = try h.layout.registerKind(string(name, "name")).rawValue
    }
}

@c @implementation
public func cl_layout_kind_name(_ layout: OpaquePointer?, _ kind: Int32, _ out: UnsafeMutablePointer<UnsafePointer<CChar>?>?) -> cl_status {
    withHandle(layout, allowedInCallback: true) { h throws(LayoutError) in
        let out = try required(out, "out_name")
        guard let name = h.layout.kindName(Kind(rawValue: kind)) else {
            throw LayoutError(.unknownKind, "kind \(kind) is not registered")
        }
        let copy = h.kindNames[kind] ?? CString(name)
        h.kindNames[kind] = copy
        out.pointee = UnsafePointer(copy.pointer)
    }
}

@c @implementation
public func cl_layout_add_decoration(_ layout: OpaquePointer?, _ name: UnsafePointer<CChar>?, _ def: UnsafePointer<cl_decoration_def>?,
                                     _ out: UnsafeMutablePointer<Int32>?) -> cl_status {
    withHandle(layout) { h throws(LayoutError) in
        guard let def else { throw LayoutError(.invalidArgument, "def is NULL") }
        let kind = try h.layout.addDecoration(string(name, "name"), DecorationDefinition(def.pointee))
        out?.pointee = kind.rawValue
    }
}

@c @implementation
public func cl_layout_set_viewport(_ layout: OpaquePointer?, _ viewport: cl_rect) -> cl_status {
    withHandle(layout) { h throws(LayoutError) in try h.layout.setViewport(Rect(viewport)) }
}

@c @implementation
public func cl_layout_viewport(_ layout: OpaquePointer?, _ out: UnsafeMutablePointer<cl_rect>?) -> cl_status {
    withHandle(layout) { h throws(LayoutError) in try required(out, "out_viewport").pointee = h.layout.viewport.c }
}

@c @implementation
public func cl_layout_invalidate(_ layout: OpaquePointer?) -> cl_status {
    withHandle(layout) { h throws(LayoutError) in try h.layout.invalidateAll() }
}


/// Checks a caller's (pointer, count) array and gives it as a buffer.
private func array<T>(_ p: UnsafePointer<T>?, _ count: Int64, _ name: String) throws(LayoutError) -> UnsafeBufferPointer<T> {
    guard count >= 0, count <= Int64(Layout.maxElements) else { throw LayoutError(.invalidArgument, "count \(count) is out of 0...\(Layout.maxElements)") }
    guard count == 0 || p != nil else { throw LayoutError(.invalidArgument, "\(name) is NULL but count is \(count)") }
    return UnsafeBufferPointer(start: p, count: Int(count))
}

@c @implementation
public func cl_layout_invalidate_items(_ layout: OpaquePointer?, _ items: UnsafePointer<cl_index_path>?, _ count: Int64) -> cl_status {
    withHandle(layout) { h throws(LayoutError) in
        let paths = try array(items, count, "items").map { (section: Int($0.section), item: Int($0.item)) }
        try h.layout.invalidateItems(paths)
    }
}

@c @implementation
public func cl_layout_invalidate_sections(_ layout: OpaquePointer?, _ sections: UnsafePointer<Int64>?, _ count: Int64) -> cl_status {
    withHandle(layout) { h throws(LayoutError) in
        try h.layout.invalidateSections(array(sections, count, "sections").map { Int($0) })
    }
}

@c @implementation
public func cl_layout_content_size(_ layout: OpaquePointer?, _ out: UnsafeMutablePointer<cl_size>?) -> cl_status {
    withHandle(layout) { h throws(LayoutError) in try required(out, "out_size").pointee = h.layout.contentSize.c }
}

@c @implementation
public func cl_layout_section_count(_ layout: OpaquePointer?, _ out: UnsafeMutablePointer<Int64>?) -> cl_status {
    withHandle(layout) { h throws(LayoutError) in try required(out, "out_count").pointee = Int64(h.layout.numberOfSections) }
}

@c @implementation
public func cl_layout_item_count(_ layout: OpaquePointer?, _ section: Int64, _ out: UnsafeMutablePointer<Int64>?) -> cl_status {
    withHandle(layout) { h throws(LayoutError) in
        let out = try required(out, "out_count")
        out.pointee = Int64(try h.layout.numberOfItems(inSection: Int(section)))
    }
}

@c @implementation
public func cl_layout_elements_in_rect(_ layout: OpaquePointer?, _ rect: cl_rect, _ buffer: UnsafeMutablePointer<cl_attributes>?,
                                       _ capacity: Int64, _ attributesSize: Int, _ out: UnsafeMutablePointer<Int64>?) -> cl_status {
    var tooSmall = false
    let status = withHandle(layout) { h throws(LayoutError) in
        let out = try required(out, "out_count")
        let r = Rect(rect)
        guard r.x.isFinite, r.y.isFinite, r.width.isFinite, r.height.isFinite, r.width >= 0, r.height >= 0 else {
            throw LayoutError(.invalidArgument, "rect (\(r.x), \(r.y), \(r.width), \(r.height)) must be finite with a size >= 0")
        }
        guard capacity >= 0 else { throw LayoutError(.invalidArgument, "capacity \(capacity) is negative") }
        guard capacity == 0 || buffer != nil else { throw LayoutError(.invalidArgument, "buffer is NULL but capacity is \(capacity)") }
        var count: Int64 = 0
        h.layout.forEachElement(in: r) { a in
            if count < capacity, let buffer { buffer[Int(count)] = a.c }
            count += 1
        }
        out.pointee = count
        // A NULL buffer with capacity 0 only asks for the count.
        if count > capacity && !(buffer == nil && capacity == 0) {
            tooSmall = true
            throw LayoutError(.invalidArgument, "the buffer holds \(capacity) elements; \(count) are needed")
        }
    }
    return tooSmall ? CL_ERROR_BUFFER_TOO_SMALL : status
}

@c @implementation
public func cl_layout_attributes(_ layout: OpaquePointer?, _ category: Int32, _ kind: Int32, _ section: Int64, _ item: Int64,
                                 _ out: UnsafeMutablePointer<cl_attributes>?, _ attributesSize: Int) -> cl_status {
    withHandle(layout) { h throws(LayoutError) in
        let out = try required(out, "out_attributes")
        guard let category = ElementCategory(rawValue: category) else {
            throw LayoutError(.invalidArgument, "category \(category) is not a CL_CATEGORY_* value")
        }
        guard let s = Int(exactly: section), let i = Int(exactly: item) else { throw LayoutError(.outOfRange, "index path out of range") }
        out.pointee = try h.layout.attributes(for: ElementID(category, Kind(rawValue: kind), section: s, item: i)).c
    }
}

@c @implementation
public func cl_layout_set_section_offset(_ layout: OpaquePointer?, _ section: Int64, _ offset: Double) -> cl_status {
    withHandle(layout) { h throws(LayoutError) in try h.layout.setOffset(offset, section: sectionIndex(section)) }
}

@c @implementation
public func cl_layout_section_scroll(_ layout: OpaquePointer?, _ section: Int64, _ out: UnsafeMutablePointer<cl_section_scroll>?,
                                     _ scrollSize: Int) -> cl_status {
    withHandle(layout) { h throws(LayoutError) in
        let out = try required(out, "out_scroll")
        let scroll = try h.layout.scroll(section: sectionIndex(section))
        out.pointee = cl_section_scroll(offset: scroll.offset, content_extent: scroll.contentExtent, max_offset: scroll.maxOffset)
    }
}

@c @implementation
public func cl_layout_section_target_offset(_ layout: OpaquePointer?, _ section: Int64, _ proposed: Double, _ velocity: Double,
                                            _ snapping: Int32, _ rate: Double, _ out: UnsafeMutablePointer<Double>?) -> cl_status {
    withHandle(layout) { h throws(LayoutError) in
        let out = try required(out, "out_offset")
        guard let snapping = Snapping(rawValue: snapping) else {
            throw LayoutError(.invalidArgument, "snapping \(snapping) is not a CL_SNAP_* value")
        }
        out.pointee = try h.layout.targetOffset(section: sectionIndex(section), proposed: proposed, velocity: velocity,
                                                snapping: snapping, decelerationRate: rate)
    }
}

private func sectionIndex(_ section: Int64) throws(LayoutError) -> Int {
    guard let s = Int(exactly: section) else { throw LayoutError(.outOfRange, "section \(section) does not exist") }
    return s
}
