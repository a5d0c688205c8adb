import CollectionLayout
import CollectionLayoutABI
import Glibc

// The header's "The layout": create and destroy, the last error, kinds and decorations.

@c @implementation
public func cl_layout_create(_ def: UnsafePointer<cl_layout_def>?, _ dataSource: UnsafePointer<cl_data_source>?,
                             _ out: UnsafeMutablePointer<OpaquePointer?>?) -> cl_status {
    do throws(LayoutError) {
        let out = try required(out, "out_layout")
        out.pointee = nil
        var definition = try LayoutDefinition(readSized(UnsafeRawPointer(required(def, "def")), as: cl_layout_def.self))
        definition.memoryBudget = memoryBudget()
        let source = try readSized(UnsafeRawPointer(required(dataSource, "data_source")), as: cl_data_source.self)
        let layout = try Layout(definition: definition, dataSource: CDataSource(source))
        out.pointee = try layouts.register(LayoutHandle(layout: layout), "layout")
        return CL_OK
    } catch {
        return failWithoutHandle(error)
    }
}

/// What a layout may take: three quarters of the machine's memory or of the process's address
/// space and data limits, whichever is least (the rest is the host's). Counts that would need more
/// are CL_ERROR_LIMIT instead of an allocation that ends the process.
private func memoryBudget() -> Int {
    var budget = Int.max
    let pages = sysconf(Int32(_SC_PHYS_PAGES)), pageSize = sysconf(Int32(_SC_PAGESIZE))
    if pages > 0, pageSize > 0, pages <= Int.max / pageSize { budget = pages * pageSize }
    for resource in [RLIMIT_AS, RLIMIT_DATA] {
        var limit = rlimit()
        if getrlimit(__rlimit_resource_t(resource.rawValue), &limit) == 0, limit.rlim_cur < UInt(budget) {
            budget = Int(limit.rlim_cur)
        }
    }
    return budget / 4 * 3
}

@c @implementation
public func cl_layout_destroy(_ layout: OpaquePointer?) {
    guard let layout else { return }
    if handle(layout)?.layout.isInCallback == true {
        setThreadError("cl_layout_destroy was called from inside a callback of the same layout; ignored")
        return
    }
    if layouts.remove(layout) == nil {
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
