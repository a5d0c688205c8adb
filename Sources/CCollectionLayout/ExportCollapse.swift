import CollectionLayout
import CollectionLayoutABI

// The header's collapsing layout header (SPEC §18).

@c @implementation
public func cl_layout_set_collapse(_ layout: OpaquePointer?, _ mode: Int32, _ flags: Int32, _ min: Double) -> cl_status {
    withHandle(layout) { h throws(LayoutError) in
        var own = h.layout.definition.layoutHeaderFooter
        own.collapse = try CollapsingHeader(c: mode, flags: flags, min: min)
        try h.layout.setLayoutHeaderFooter(own)
    }
}

@c @implementation
public func cl_layout_collapse(_ layout: OpaquePointer?, _ out: UnsafeMutablePointer<cl_collapse>?, _ size: Int) -> cl_status {
    withHandle(layout) { h throws(LayoutError) in
        let out = try required(out, "out_collapse")
        try checkElementSize(size, cl_collapse.self, "collapse_size")
        writeSized(h.layout.collapse.c, to: UnsafeMutableRawPointer(out), size: size)
    }
}

@c @implementation
public func cl_layout_set_collapse_shrink(_ layout: OpaquePointer?, _ shrink: Double) -> cl_status {
    withHandle(layout) { h throws(LayoutError) in try h.layout.setCollapseShrink(shrink) }
}

@c @implementation
public func cl_layout_target_collapse(_ layout: OpaquePointer?, _ target: Double, _ out: UnsafeMutablePointer<cl_collapse>?,
                                      _ size: Int) -> cl_status {
    withHandle(layout) { h throws(LayoutError) in
        let out = try required(out, "out_collapse")
        try checkElementSize(size, cl_collapse.self, "collapse_size")
        writeSized(try h.layout.collapse(atTarget: target).c, to: UnsafeMutableRawPointer(out), size: size)
    }
}
