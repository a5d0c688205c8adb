import CollectionLayout
import CollectionLayoutABI

// The header's "Orthogonal sections": a section's sideways offset.

@c @implementation
public func cl_layout_set_section_offset(_ layout: OpaquePointer?, _ section: Int64, _ offset: Double) -> cl_status {
    withHandle(layout) { h throws(LayoutError) in try h.layout.setSectionOffset(offset, section: index(section, "section")) }
}

@c @implementation
public func cl_layout_section_scroll(_ layout: OpaquePointer?, _ section: Int64, _ out: UnsafeMutablePointer<cl_section_scroll>?,
                                     _ scrollSize: Int) -> cl_status {
    withHandle(layout) { h throws(LayoutError) in
        let out = try required(out, "out_scroll")
        try checkElementSize(scrollSize, cl_section_scroll.self, "scroll_size")
        let scroll = try h.layout.sectionScroll(index(section, "section"))
        writeSized(cl_section_scroll(offset: scroll.offset, content_extent: scroll.contentExtent, max_offset: scroll.maxOffset),
                   to: UnsafeMutableRawPointer(out), size: scrollSize)
    }
}

@c @implementation
public func cl_layout_section_target_offset(_ layout: OpaquePointer?, _ section: Int64, _ proposed: Double, _ velocity: Double,
                                            _ snapping: Int32, _ rate: Double, _ out: UnsafeMutablePointer<Double>?) -> cl_status {
    withHandle(layout) { h throws(LayoutError) in
        let out = try required(out, "out_offset")
        let snapping = try Snapping(c: snapping, "snapping")
        out.pointee = try h.layout.sectionTargetOffset(index(section, "section"), proposed: proposed, velocity: velocity,
                                                snapping: snapping, decelerationRate: rate)
    }
}
