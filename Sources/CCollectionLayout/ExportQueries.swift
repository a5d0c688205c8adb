import CollectionLayout
import CollectionLayoutABI

// The header's "Queries". Attributes are written at the caller's element size (writeSized).

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
        out.pointee = Int64(try h.layout.numberOfItems(inSection: index(section, "section")))
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
        try checkElementSize(attributesSize, cl_attributes.self, "attributes_size")
        guard capacity.multipliedReportingOverflow(by: Int64(attributesSize)).overflow == false else {
            throw LayoutError(.invalidArgument, "capacity \(capacity) of \(attributesSize)-byte elements is more than memory holds")
        }
        var count: Int64 = 0
        let base = UnsafeMutableRawPointer(buffer)
        h.layout.forEachElement(in: r) { a in
            if count < capacity, let base { writeSized(a.c, to: base + Int(count) * attributesSize, size: attributesSize) }
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
        try checkElementSize(attributesSize, cl_attributes.self, "attributes_size")
        guard let category = ElementCategory(rawValue: category) else {
            throw LayoutError(.invalidArgument, "category \(category) is not a CL_CATEGORY_* value")
        }
        let id = ElementID(category, Kind(rawValue: kind), section: try index(section, "section"), item: try index(item, "item"))
        writeSized(try h.layout.attributes(for: id).c, to: UnsafeMutableRawPointer(out), size: attributesSize)
    }
}
