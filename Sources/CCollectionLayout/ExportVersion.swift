import CollectionLayoutABI

// The header's "Version" and "Status codes". Each function is checked against
// include/collectionlayout.h by `@c @implementation`.

@c @implementation
public func cl_version() -> UInt32 { UInt32(CL_VERSION_MAJOR * 10000 + CL_VERSION_MINOR * 100 + CL_VERSION_PATCH) }

@c @implementation
public func cl_status_string(_ status: cl_status) -> UnsafePointer<CChar>! {
    let text: StaticString = switch status {
    case CL_OK: "ok"
    case CL_ERROR_INVALID_HANDLE: "invalid handle"
    case CL_ERROR_INVALID_ARGUMENT: "invalid argument"
    case CL_ERROR_OUT_OF_RANGE: "out of range"
    case CL_ERROR_CALLBACK: "a data-source callback failed"
    case CL_ERROR_BAD_CALLBACK_DATA: "a data-source callback returned invalid data"
    case CL_ERROR_REENTRANT: "called from inside a data-source callback of the same layout"
    case CL_ERROR_BUFFER_TOO_SMALL: "buffer too small"
    case CL_ERROR_UNKNOWN_KIND: "unknown kind"
    case CL_ERROR_LIMIT: "over the element limit, or an extent that is not finite"
    default: "unknown status"
    }
    return UnsafeRawPointer(text.utf8Start).assumingMemoryBound(to: CChar.self)
}
