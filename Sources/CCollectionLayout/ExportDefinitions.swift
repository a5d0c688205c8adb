import CollectionLayout
import CollectionLayoutABI

// The header's "Definitions" and the data source's initializer: the defaults every caller starts
// from (they set struct_size, which is how the ABI grows).

@c @implementation
public func cl_layout_def_default() -> cl_layout_def {
    var d = cl_layout_def()
    let m = SectionMetrics()
    let defaults = LayoutDefinition()
    d.struct_size = UInt32(MemoryLayout<cl_layout_def>.size)
    d.direction = defaults.direction.c
    d.viewport = defaults.viewport.c
    d.item_size = defaults.itemSize.c
    d.insets = m.insets.c
    d.line_spacing = m.lineSpacing
    d.interitem_spacing = m.interitemSpacing
    d.header = m.header
    d.footer = m.footer
    d.alignment = m.alignment.c
    d.cross_alignment = m.crossAlignment.c
    d.style = m.style.c
    d.rows = Int32(clamping: m.rows)
    d.columns = Int32(clamping: m.columns)
    d.anchoring = defaults.anchoring ? 1 : 0
    d.element_limit = Int64(defaults.elementLimit)
    d.content_insets = defaults.contentInsets.c
    d.display_scale = defaults.displayScale
    d.layout_direction = defaults.layoutDirection.c
    let own = defaults.layoutHeaderFooter
    d.global_header = own.header
    d.global_footer = own.footer
    d.pin_global_header = own.pinHeader ? 1 : 0
    d.pin_global_footer = own.pinFooter ? 1 : 0
    d.collapse_mode = own.collapse?.cMode ?? CL_COLLAPSE_NONE
    d.collapse_flags = own.collapse?.cFlags ?? 0
    d.collapse_min = own.collapse?.min ?? 0
    return d
}

@c @implementation
public func cl_orthogonal_def_default() -> cl_layout_def {
    var d = cl_layout_def_default()
    d.style = SectionStyle.orthogonal.c
    return d
}

@c @implementation
public func cl_decoration_def_default() -> cl_decoration_def {
    let d = DecorationDefinition()
    return cl_decoration_def(struct_size: UInt32(MemoryLayout<cl_decoration_def>.size), scope: d.scope.c,
                             coverage: d.coverage.c, z: d.z, insets: d.insets.c)
}

@c @implementation
public func cl_data_source_default() -> cl_data_source {
    var s = cl_data_source()
    s.struct_size = UInt32(MemoryLayout<cl_data_source>.size)
    return s
}

@c @implementation
public func cl_array_source_default() -> cl_array_source {
    var a = cl_array_source()
    a.struct_size = UInt32(MemoryLayout<cl_array_source>.size)
    return a
}

@c @implementation
public func cl_section_metrics_from_def(_ def: UnsafePointer<cl_layout_def>?, _ out: UnsafeMutablePointer<cl_section_metrics>?) -> cl_status {
    do throws(LayoutError) {
        let out = try required(out, "out_metrics")
        let definition = try LayoutDefinition(readSized(UnsafeRawPointer(required(def, "def")), as: cl_layout_def.self))
        // Every decoration (no list): no pointer outlives the call.
        definition.sectionDefaults.withC { out.pointee = $0 }
        return CL_OK
    } catch {
        return failWithoutHandle(error)
    }
}
