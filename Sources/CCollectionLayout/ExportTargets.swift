import CollectionLayout
import CollectionLayoutABI

// The header's "Self-sizing, target content offset, scrolling to an element".

@c @implementation
public func cl_layout_set_item_sizes(_ layout: OpaquePointer?, _ items: UnsafePointer<cl_item_size>?, _ count: Int64,
                                     _ out: UnsafeMutablePointer<cl_size_change>?, _ changeSize: Int) -> cl_status {
    withHandle(layout) { h throws(LayoutError) in
        let out = try required(out, "out_change")
        try checkElementSize(changeSize, cl_size_change.self, "change_size")
        let given = try array(items, count, "items")
        var list: [(section: Int, item: Int, size: Size)] = []
        list.reserveCapacity(given.count)
        for e in given { list.append((try index(e.item.section, "section"), try index(e.item.item, "item"), Size(e.size))) }
        let change = try h.layout.setItemSizes(list)
        writeSized(cl_size_change(viewport: change.viewport.c, adjustment: change.adjustment, content_size_change: change.contentSizeChange),
                   to: UnsafeMutableRawPointer(out), size: changeSize)
    }
}

@c @implementation
public func cl_layout_target_content_offset(_ layout: OpaquePointer?, _ proposed: Double, _ velocity: Double, _ snapping: Int32,
                                            _ rate: Double, _ out: UnsafeMutablePointer<Double>?) -> cl_status {
    withHandle(layout) { h throws(LayoutError) in
        let out = try required(out, "out_offset")
        let snapping = try ScrollSnapping(c: snapping, "snapping")
        out.pointee = try h.layout.targetContentOffset(proposed: proposed, velocity: velocity, snapping: snapping, decelerationRate: rate)
    }
}

@c @implementation
public func cl_layout_scroll_to_element(_ layout: OpaquePointer?, _ category: Int32, _ kind: Int32, _ section: Int64, _ item: Int64,
                                        _ position: Int32, _ out: UnsafeMutablePointer<cl_rect>?) -> cl_status {
    withHandle(layout) { h throws(LayoutError) in
        let out = try required(out, "out_viewport")
        let category = try ElementCategory(c: category, "category"), position = try ScrollPosition(c: position, "position")
        let id = ElementID(category, Kind(rawValue: kind), section: try index(section, "section"), item: try index(item, "item"))
        out.pointee = try h.layout.scrollToElement(id, position: position).c
    }
}
