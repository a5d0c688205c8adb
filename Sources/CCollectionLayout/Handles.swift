import CollectionLayout
import CollectionLayoutABI
import Glibc

/// What a `cl_layout *` names (HandleTable): the engine's layout plus what the C side needs
/// with it.
final class LayoutHandle {
    let layout: Layout
    /// Copied C strings of kind names, alive as long as the handle (cl_layout_kind_name).
    var kindNames: [Int32: CString] = [:]
    var lastError = CString("")

    init(layout: Layout) { self.layout = layout }
}

/// An owned, NUL-terminated copy of a string, freed when replaced.
final class CString: @unchecked Sendable {
    let pointer: UnsafeMutablePointer<CChar>
    init(_ text: String) { pointer = strdup(text) ?? CString.empty }
    deinit { if pointer != CString.empty { free(pointer) } }
    nonisolated(unsafe) static let empty: UnsafeMutablePointer<CChar> = {
        let p = UnsafeMutablePointer<CChar>.allocate(capacity: 1)
        p.pointee = 0
        return p
    }()
}

/// The message of the last failure on this thread that had no handle (cl_layout_last_error(NULL)):
/// a strdup'ed string in a thread-specific slot, freed when replaced and when the thread ends.
/// Each thread reads only its own, so the text never escapes a lock.
private let threadErrorKey: pthread_key_t = {
    var key = pthread_key_t()
    _ = pthread_key_create(&key) { free($0) }
    return key
}()

/// Sets this thread's message of the last failure without a handle.
func setThreadError(_ text: String) {
    let old = pthread_getspecific(threadErrorKey)
    _ = pthread_setspecific(threadErrorKey, strdup(text))
    free(old)
}

/// This thread's message ("" if none); valid until this thread's next failure without a handle.
func threadError() -> UnsafePointer<CChar> {
    guard let text = pthread_getspecific(threadErrorKey) else { return UnsafePointer(CString.empty) }
    return UnsafePointer(text.assumingMemoryBound(to: CChar.self))
}

/// The layout a handle names, or nil if it is NULL or not a live layout (HandleTable).
func handle(_ pointer: OpaquePointer?) -> LayoutHandle? {
    layouts.lookup(pointer)
}

// MARK: Status codes and errors

extension LayoutError.Code {
    var status: cl_status {
        switch self {
        case .invalidArgument: CL_ERROR_INVALID_ARGUMENT
        case .outOfRange: CL_ERROR_OUT_OF_RANGE
        case .callbackFailed: CL_ERROR_CALLBACK
        case .badCallbackData: CL_ERROR_BAD_CALLBACK_DATA
        case .reentrant: CL_ERROR_REENTRANT
        case .unknownKind: CL_ERROR_UNKNOWN_KIND
        case .limit: CL_ERROR_LIMIT
        case .bufferTooSmall: CL_ERROR_BUFFER_TOO_SMALL
        }
    }
}

/// Runs one ABI call on a live handle: refuses NULL/destroyed handles and calls made from inside
/// the layout's own callbacks, and turns a thrown LayoutError into its status and message.
func withHandle(_ pointer: OpaquePointer?, allowedInCallback: Bool = false,
                _ body: (LayoutHandle) throws(LayoutError) -> Void) -> cl_status {
    guard let h = handle(pointer) else {
        setThreadError(pointer == nil ? "the layout handle is NULL" : "the layout handle is not a live layout (destroyed, or never created)")
        return CL_ERROR_INVALID_HANDLE
    }
    do throws(LayoutError) {
        if h.layout.isInCallback && !allowedInCallback {
            throw LayoutError(.reentrant, "the layout was called from inside one of its own data-source callbacks")
        }
        try body(h)
        return CL_OK
    } catch {
        h.lastError = CString(error.cMessage)
        return error.code.status
    }
}

/// A failure with no handle to hold its message (bad arguments to create).
func failWithoutHandle(_ error: LayoutError) -> cl_status {
    setThreadError(error.cMessage)
    return error.code.status
}

/// An out-pointer (every one is required, the header's Conventions) or an input pointer.
func required<T>(_ pointer: UnsafeMutablePointer<T>?, _ name: String) throws(LayoutError) -> UnsafeMutablePointer<T> {
    guard let pointer else { throw LayoutError(.invalidArgument, "\(name) is NULL") }
    return pointer
}

func required<T>(_ pointer: UnsafePointer<T>?, _ name: String) throws(LayoutError) -> UnsafePointer<T> {
    guard let pointer else { throw LayoutError(.invalidArgument, "\(name) is NULL") }
    return pointer
}
