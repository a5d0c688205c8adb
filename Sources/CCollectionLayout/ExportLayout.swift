import CollectionLayout
import CollectionLayoutABI

// The header's "The layout": create and destroy, the last error, kinds and decorations.

@c @implementation
public func cl_layout_create(_ def: UnsafePointer<cl_layout_def>?, _ dataSource: UnsafePointer<cl_data_source>?,
                             _ out: UnsafeMutablePointer<OpaquePointer?>?) -> cl_status {
    do throws(LayoutError) {
        let out = try required(out, "out_layout")
        out.pointee = nil
        let definition = try LayoutDefinition(readSized(UnsafeRawPointer(required(def, "def")), as: cl_layout_def.self))
        let source = try readSized(UnsafeRawPointer(required(dataSource, "data_source")), as: cl_data_source.self)
        let layout = try Layout(definition: definition, dataSource: CDataSource(source))
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
        setThreadError("cl_layout_destroy was called from inside a callback of the same layout; ignored")
        return
    }
    if !unregister(layout) {
        setThreadError("cl_layout_destroy: the handle is not a live layout (destroyed twice?); ignored")
    }
}

@c @implementation
public func cl_layout_last_error(_ layout: OpaquePointer?) -> UnsafePointer<CChar>! {
    guard let layout, let h = handle(layout) else { return threadError() }
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
        let out = try required(out, "out_kind")
        let definition = try DecorationDefinition(readSized(UnsafeRawPointer(required(def, "def")), as: cl_decoration_def.self))
        out.pointee = try h.layout.addDecoration(string(name, "name"), definition).rawValue
    }
}
