import CollectionLayout
import CollectionLayoutABI

// The header's "Viewport" and "Invalidation".

@c @implementation
public func cl_layout_set_viewport(_ layout: OpaquePointer?, _ viewport: cl_rect) -> cl_status {
    withHandle(layout) { h throws(LayoutError) in try h.layout.setViewport(Rect(viewport)) }
}

@c @implementation
public func cl_layout_viewport(_ layout: OpaquePointer?, _ out: UnsafeMutablePointer<cl_rect>?) -> cl_status {
    withHandle(layout) { h throws(LayoutError) in try required(out, "out_viewport").pointee = h.layout.viewport.c }
}

@c @implementation
public func cl_layout_set_content_insets(_ layout: OpaquePointer?, _ insets: cl_insets) -> cl_status {
    withHandle(layout) { h throws(LayoutError) in try h.layout.setContentInsets(Insets(insets)) }
}

@c @implementation
public func cl_layout_content_insets(_ layout: OpaquePointer?, _ out: UnsafeMutablePointer<cl_insets>?) -> cl_status {
    withHandle(layout) { h throws(LayoutError) in try required(out, "out_insets").pointee = h.layout.definition.contentInsets.c }
}

@c @implementation
public func cl_layout_set_display_scale(_ layout: OpaquePointer?, _ scale: Double) -> cl_status {
    withHandle(layout) { h throws(LayoutError) in try h.layout.setDisplayScale(scale) }
}

@c @implementation
public func cl_layout_display_scale(_ layout: OpaquePointer?, _ out: UnsafeMutablePointer<Double>?) -> cl_status {
    withHandle(layout) { h throws(LayoutError) in try required(out, "out_display_scale").pointee = h.layout.definition.displayScale }
}

@c @implementation
public func cl_layout_set_layout_direction(_ layout: OpaquePointer?, _ direction: Int32) -> cl_status {
    withHandle(layout) { h throws(LayoutError) in try h.layout.setLayoutDirection(LayoutDirection(c: direction, "layout_direction")) }
}

@c @implementation
public func cl_layout_layout_direction(_ layout: OpaquePointer?, _ out: UnsafeMutablePointer<Int32>?) -> cl_status {
    withHandle(layout) { h throws(LayoutError) in try required(out, "out_layout_direction").pointee = h.layout.definition.layoutDirection.c }
}

@c @implementation
public func cl_layout_set_global_header_footer(_ layout: OpaquePointer?, _ header: Double, _ footer: Double,
                                               _ pinHeader: Int32, _ pinFooter: Int32) -> cl_status {
    withHandle(layout) { h throws(LayoutError) in
        try h.layout.setLayoutHeaderFooter(LayoutHeaderFooter(header: header, footer: footer, pinHeader: pinHeader != 0, pinFooter: pinFooter != 0))
    }
}

@c @implementation
public func cl_layout_global_header_footer(_ layout: OpaquePointer?, _ header: UnsafeMutablePointer<Double>?, _ footer: UnsafeMutablePointer<Double>?,
                                           _ pinHeader: UnsafeMutablePointer<Int32>?, _ pinFooter: UnsafeMutablePointer<Int32>?) -> cl_status {
    withHandle(layout) { h throws(LayoutError) in
        let own = h.layout.definition.layoutHeaderFooter
        header?.pointee = own.header
        footer?.pointee = own.footer
        pinHeader?.pointee = own.pinHeader ? 1 : 0
        pinFooter?.pointee = own.pinFooter ? 1 : 0
    }
}

@c @implementation
public func cl_layout_invalidate(_ layout: OpaquePointer?) -> cl_status {
    withHandle(layout) { h throws(LayoutError) in try h.layout.invalidateAll() }
}

@c @implementation
public func cl_layout_invalidate_items(_ layout: OpaquePointer?, _ items: UnsafePointer<cl_index_path>?, _ count: Int64) -> cl_status {
    withHandle(layout) { h throws(LayoutError) in
        try h.layout.invalidateItems(try indexPaths(array(items, count, "items")))
    }
}

@c @implementation
public func cl_layout_invalidate_sections(_ layout: OpaquePointer?, _ sections: UnsafePointer<Int64>?, _ count: Int64) -> cl_status {
    withHandle(layout) { h throws(LayoutError) in
        var list: [Int] = []
        let given = try array(sections, count, "sections")
        list.reserveCapacity(given.count)
        for s in given { list.append(try index(s, "section")) }
        try h.layout.invalidateSections(list)
    }
}
