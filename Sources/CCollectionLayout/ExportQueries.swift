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
    withHandle(layout) { h throws(LayoutError) in
        let r = Rect(rect)
        try checkRect(r, "rect")
        try writeList(cl_attributes.self, into: UnsafeMutableRawPointer(buffer), capacity: capacity, size: attributesSize,
                      sizeName: "attributes_size", count: out) { write in
            h.layout.forEachElement(in: r) { write($0.c) }
        }
    }
}

@c @implementation
public func cl_layout_attributes(_ layout: OpaquePointer?, _ category: Int32, _ kind: Int32, _ section: Int64, _ item: Int64,
                                 _ out: UnsafeMutablePointer<cl_attributes>?, _ attributesSize: Int) -> cl_status {
    withHandle(layout) { h throws(LayoutError) in
        let out = try required(out, "out_attributes")
        try checkElementSize(attributesSize, cl_attributes.self, "attributes_size")
        let category = try ElementCategory(c: category, "category")
        let id = ElementID(category, Kind(rawValue: kind), section: try index(section, "section"), item: try index(item, "item"))
        writeSized(try h.layout.attributes(for: id).c, to: UnsafeMutableRawPointer(out), size: attributesSize)
    }
}

@c @implementation
public func cl_layout_element_at(_ layout: OpaquePointer?, _ x: Double, _ y: Double, _ categories: Int32,
                                 _ found: UnsafeMutablePointer<Int32>?, _ out: UnsafeMutablePointer<cl_attributes>?,
                                 _ attributesSize: Int) -> cl_status {
    withHandle(layout) { h throws(LayoutError) in
        let found = try required(found, "out_found"), out = try required(out, "out_attributes")
        try checkElementSize(attributesSize, cl_attributes.self, "attributes_size")
        let hit = try h.layout.element(at: x, y, categories: HitCategories(c: categories, "categories"))
        found.pointee = hit == nil ? 0 : 1
        if let hit { writeSized(hit.c, to: UnsafeMutableRawPointer(out), size: attributesSize) }
    }
}


@c @implementation
public func cl_layout_viewport_changes(_ layout: OpaquePointer?, _ from: cl_rect, _ to: cl_rect,
                                       _ entered: UnsafeMutablePointer<cl_attributes>?, _ enteredCapacity: Int64,
                                       _ enteredCount: UnsafeMutablePointer<Int64>?,
                                       _ left: UnsafeMutablePointer<cl_attributes>?, _ leftCapacity: Int64,
                                       _ leftCount: UnsafeMutablePointer<Int64>?, _ attributesSize: Int) -> cl_status {
    withHandle(layout) { h throws(LayoutError) in
        _ = try required(enteredCount, "out_entered_count")
        _ = try required(leftCount, "out_left_count")
        let changes = try h.layout.viewportChanges(from: Rect(from), to: Rect(to))
        // Both lists are written (or counted) before a buffer that is too small is reported.
        var tooSmall: LayoutError?
        func write(_ list: [Attributes], _ buffer: UnsafeMutablePointer<cl_attributes>?, _ capacity: Int64,
                   _ count: UnsafeMutablePointer<Int64>?, _ name: String) throws(LayoutError) {
            do throws(LayoutError) {
                try writeList(cl_attributes.self, into: UnsafeMutableRawPointer(buffer), capacity: capacity, size: attributesSize,
                              sizeName: "attributes_size", count: count) { write in
                    for a in list { write(a.c) }
                }
            } catch where error.code == .bufferTooSmall {
                tooSmall = tooSmall ?? LayoutError(.bufferTooSmall, "\(name): \(error.message)")
            }
        }
        try write(changes.entered, entered, enteredCapacity, enteredCount, "entered")
        try write(changes.left, left, leftCapacity, leftCount, "left")
        if let tooSmall { throw tooSmall }
    }
}
