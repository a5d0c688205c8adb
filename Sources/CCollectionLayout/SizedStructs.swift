import CollectionLayout
import CollectionLayoutABI

// How the ABI grows (the header's Conventions): every struct a caller passes in starts with its
// struct_size and is read by `readSized` (the Linux kernel's copy_struct_from_user rule); every
// struct the library writes into a caller's array is written by `writeSized` at the caller's
// element size. Nothing here ever reads or writes past the size the caller gave.

/// A struct the caller passes in, led by `uint32_t struct_size`.
protocol SizedInput {
    /// The C name, for messages ("cl_layout_def").
    static var cName: String { get }
    /// The sizes of earlier versions that a caller built against an older header may pass; the
    /// smallest is the least the library accepts. The library's own size is always accepted.
    static var earlierSizes: [Int] { get }
    /// The library's defaults: the fields past a smaller caller's size keep these.
    static var defaults: Self { get }
    /// How a caller gets a correct struct_size, for messages.
    static var advice: String { get }
}

/// The most a struct_size may say. Larger is surely not a struct (the kernel's rule caps it at a
/// page too), and the zero tail check must not wander through the caller's memory.
let maximumStructSize = 4096

/// Reads the caller's struct at `pointer`: exactly `struct_size` bytes into a struct that holds
/// the library's defaults. A smaller size must be an earlier version's (the missing fields keep
/// their defaults, or `defaults` if given); a larger one is a newer caller's and is accepted only
/// if every byte past the library's size is zero.
func readSized<T: SizedInput>(_ pointer: UnsafeRawPointer, as type: T.Type = T.self, defaults: T = T.defaults) throws(LayoutError) -> T {
    let size = Int(pointer.loadUnaligned(as: UInt32.self))
    let own = MemoryLayout<T>.size
    if size < own {
        guard T.earlierSizes.contains(size) else {
            let known = (T.earlierSizes + [own]).map(String.init).joined(separator: ", ")
            throw LayoutError(.invalidArgument, "\(T.cName).struct_size is \(size); this library (\(libraryVersion)) accepts \(known) or a larger size with zero bytes past \(own): \(T.advice)")
        }
    } else if size > own {
        guard size <= maximumStructSize else {
            throw LayoutError(.invalidArgument, "\(T.cName).struct_size is \(size); at most \(maximumStructSize): \(T.advice)")
        }
        let tail = UnsafeRawBufferPointer(start: pointer + own, count: size - own)
        if let first = tail.firstIndex(where: { $0 != 0 }) {
            throw LayoutError(.invalidArgument, "\(T.cName) is \(size) bytes (a newer header's) and byte \(own + first) is not zero: this library (\(libraryVersion)) knows only the first \(own) bytes, so the newer fields must be left at zero")
        }
    }
    var value = defaults
    withUnsafeMutableBytes(of: &value) { bytes in
        bytes.copyMemory(from: UnsafeRawBufferPointer(start: pointer, count: Swift.min(size, own)))
    }
    return value
}

/// A struct the library writes into a caller's array, element by element at the caller's size.
protocol SizedOutput {
    static var cName: String { get }
    /// The least element size a caller may give: the struct's size in 0.4, the first version
    /// whose callers pass one. Later versions keep writing at least this much.
    static var minimumSize: Int { get }
}

/// Checks a caller's element size for T: at least the struct's first sized version, at most
/// `maximumStructSize`.
func checkElementSize<T: SizedOutput>(_ size: Int, _ type: T.Type, _ argument: String) throws(LayoutError) {
    guard size >= T.minimumSize, size <= maximumStructSize else {
        throw LayoutError(.invalidArgument, "\(argument) is \(size); it must be sizeof(\(T.cName)) (\(MemoryLayout<T>.size) in this library, at least \(T.minimumSize))")
    }
}

/// Writes `value` at `base` as a caller's element of `size` bytes (checked by checkElementSize):
/// the fields that fit, and zeros past the library's own size.
@inline(__always)
func writeSized<T: SizedOutput>(_ value: T, to base: UnsafeMutableRawPointer, size: Int) {
    let own = MemoryLayout<T>.size
    if size == own {  // the usual case: one store, not a memmove call per element
        base.storeBytes(of: value, as: T.self)
        return
    }
    withUnsafeBytes(of: value) { bytes in
        UnsafeMutableRawBufferPointer(start: base, count: Swift.min(size, own)).copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[..<Swift.min(size, own)]))
    }
    if size > own { (base + own).initializeMemory(as: UInt8.self, repeating: 0, count: size - own) }
}

/// Writes what `produce` yields into a caller's buffer of `capacity` elements of `size` bytes
/// and the count to `out`. A NULL buffer with capacity 0 only counts; a buffer too small gets
/// `.bufferTooSmall` with the count needed in `out`.
@inline(__always)
func writeList<T: SizedOutput>(_ type: T.Type, into buffer: UnsafeMutableRawPointer?, capacity: Int64, size: Int, sizeName: String,
                               count out: UnsafeMutablePointer<Int64>?, _ produce: (inout ListWriter<T>) -> Void) throws(LayoutError) {
    let out = try required(out, "out_count")
    guard capacity >= 0 else { throw LayoutError(.invalidArgument, "capacity \(capacity) is negative") }
    guard capacity == 0 || buffer != nil else { throw LayoutError(.invalidArgument, "buffer is NULL but capacity is \(capacity)") }
    try checkElementSize(size, T.self, sizeName)
    guard capacity.multipliedReportingOverflow(by: Int64(size)).overflow == false else {
        throw LayoutError(.invalidArgument, "capacity \(capacity) of \(size)-byte elements is more than memory holds")
    }
    var writer = ListWriter<T>(buffer: buffer, capacity: capacity, size: size)
    produce(&writer)
    let count = writer.count
    out.pointee = count
    if count > capacity && !(buffer == nil && capacity == 0) {
        throw LayoutError(.bufferTooSmall, "the buffer holds \(capacity) elements; \(count) are needed")
    }
}

/// What `writeList` hands its producer: called with each element. A struct, not a closure, so
/// that the write is inlined where the element is made (a screen's query writes dozens).
struct ListWriter<T: SizedOutput> {
    let buffer: UnsafeMutableRawPointer?
    let capacity: Int64
    let size: Int
    private(set) var count: Int64 = 0

    @inline(__always)
    mutating func callAsFunction(_ value: T) {
        if count < capacity, let buffer { writeSized(value, to: buffer + Int(count) * size, size: size) }
        count += 1
    }
}

let libraryVersion = "\(CL_VERSION_MAJOR).\(CL_VERSION_MINOR).\(CL_VERSION_PATCH)"

// MARK: The structs

extension cl_layout_def: SizedInput {
    static var cName: String { "cl_layout_def" }
    /// 0.3's cl_flow_def ended at `reserved`; 0.4's ended at `display_scale` before right to left
    /// (SPEC §15) and the layout's header and footer (§17.2).
    static var earlierSizes: [Int] {
        [MemoryLayout<cl_layout_def>.offset(of: \.columns) ?? 160, MemoryLayout<cl_layout_def>.offset(of: \.layout_direction) ?? 240]
    }
    static var defaults: cl_layout_def { cl_layout_def_default() }
    static var advice: String { "start from cl_layout_def_default()" }
}

extension cl_decoration_def: SizedInput {
    static var cName: String { "cl_decoration_def" }
    static var earlierSizes: [Int] { [] }  // unchanged since 0.3
    static var defaults: cl_decoration_def { cl_decoration_def_default() }
    static var advice: String { "start from cl_decoration_def_default()" }
}

extension cl_data_source: SizedInput {
    static var cName: String { "cl_data_source" }
    /// Sized since 0.4; the least is a struct that ends before custom_frames (the callbacks of 0.3),
    /// then one that ends at arrays (before item_spans was appended), then one that ends at
    /// item_spans (before item_badges).
    static var earlierSizes: [Int] {
        [MemoryLayout<cl_data_source>.offset(of: \.custom_frames) ?? 56, MemoryLayout<cl_data_source>.offset(of: \.item_spans) ?? 72,
         MemoryLayout<cl_data_source>.offset(of: \.item_badges) ?? 80]
    }
    static var defaults: cl_data_source { cl_data_source_default() }
    static var advice: String { "start from cl_data_source_default()" }
}

extension cl_array_source: SizedInput {
    static var cName: String { "cl_array_source" }
    static var earlierSizes: [Int] { [] }  // new in 0.4
    static var defaults: cl_array_source { cl_array_source_default() }
    static var advice: String { "start from cl_array_source_default()" }
}

extension cl_section_metrics: SizedInput {
    static var cName: String { "cl_section_metrics" }
    /// 0.3's struct ended at `reserved`, 0.4's at `decoration_kinds`, then at `estimated_item_size`,
    /// then at `reserved3`.
    static var earlierSizes: [Int] {
        [MemoryLayout<cl_section_metrics>.offset(of: \.columns) ?? 88, MemoryLayout<cl_section_metrics>.offset(of: \.estimated) ?? 112,
         MemoryLayout<cl_section_metrics>.offset(of: \.packing) ?? 136, MemoryLayout<cl_section_metrics>.offset(of: \.effect_keylines) ?? 144]
    }
    /// Not used: the struct the engine pre-filled for section_metrics holds the defaults.
    static var defaults: cl_section_metrics { cl_section_metrics() }
    static var advice: String { "leave struct_size as the engine set it" }
}

extension cl_attributes: SizedOutput {
    static var cName: String { "cl_attributes" }
    /// 0.4's struct ended at `hidden` until scroll effects added `scale`.
    static var minimumSize: Int { MemoryLayout<cl_attributes>.offset(of: \.scale) ?? 72 }
}

extension cl_collapse: SizedOutput {
    static var cName: String { "cl_collapse" }
    static var minimumSize: Int { MemoryLayout<cl_collapse>.size }
}

extension cl_update_summary: SizedOutput {
    static var cName: String { "cl_update_summary" }
    static var minimumSize: Int { MemoryLayout<cl_update_summary>.size }
}

extension cl_element_change: SizedOutput {
    static var cName: String { "cl_element_change" }
    static var minimumSize: Int { MemoryLayout<cl_element_change>.size }
}

extension cl_batch_update: SizedInput, SizedOutput {
    static var cName: String { "cl_batch_update" }
    /// Before reload_sections was appended.
    static var earlierSizes: [Int] { [minimumSize] }
    static var defaults: cl_batch_update { cl_batch_update_default() }
    static var advice: String { "start from cl_batch_update_default()" }
    static var minimumSize: Int { MemoryLayout<cl_batch_update>.offset(of: \.reload_sections) ?? 176 }
}

extension cl_diff_side: SizedInput {
    static var cName: String { "cl_diff_side" }
    /// Before section_versions was appended.
    static var earlierSizes: [Int] { [MemoryLayout<cl_diff_side>.offset(of: \.section_versions) ?? 48] }
    static var defaults: cl_diff_side { cl_diff_side_default() }
    static var advice: String { "start from cl_diff_side_default()" }
}

extension cl_section_scroll: SizedOutput {
    static var cName: String { "cl_section_scroll" }
    static var minimumSize: Int { 24 }
}

extension cl_size_change: SizedOutput {
    static var cName: String { "cl_size_change" }
    static var minimumSize: Int { MemoryLayout<cl_size_change>.size }
}

extension cl_fling_def: SizedInput {
    static var cName: String { "cl_fling_def" }
    static var earlierSizes: [Int] { [] }  // new in 0.4
    static var defaults: cl_fling_def { cl_fling_def_default() }
    static var advice: String { "start from cl_fling_def_default()" }
}

/// Written at the caller's size, and read back by cl_fling_sample at the struct_size it says.
extension cl_fling: SizedOutput, SizedInput {
    static var cName: String { "cl_fling" }
    static var minimumSize: Int { MemoryLayout<cl_fling>.size }
    static var earlierSizes: [Int] { [] }  // new in 0.4
    static var defaults: cl_fling { cl_fling() }
    static var advice: String { "pass the struct cl_layout_fling wrote" }
}
