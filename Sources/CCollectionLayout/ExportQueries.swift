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

