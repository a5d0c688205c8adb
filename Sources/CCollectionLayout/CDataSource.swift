import CollectionLayout
import CollectionLayoutABI

/// The engine's data source over the C callbacks. Every status other than CL_OK becomes a
/// `.callbackFailed` error naming the callback and the status; what the callbacks return is
/// checked by the engine, except what only the C side can check (struct sizes, pointers with
/// counts, enum values).
final class CDataSource: LayoutDataSource {
    let source: cl_data_source
    /// The buffer inline_elements writes into, kept between calls (a feed of a million sections
    /// asks a million times).
    private var inlineBuffer = [cl_inline_element](repeating: cl_inline_element(), count: 16)

    /// `source` must hold at least the struct's first `struct_size` bytes (readSized).
    init(_ source: cl_data_source) throws(LayoutError) {
        guard source.item_count != nil || source.arrays != nil else {
            throw LayoutError(.invalidArgument, "cl_data_source.item_count is NULL; it is required (without arrays)")
        }
        self.source = source
        _ = try arrays()  // a bad struct is refused at once
    }

    /// The host's arrays as they are now (the struct is read afresh: the host may change it
    /// between calls), or nil.
    private func arrays() throws(LayoutError) -> cl_array_source? {
        guard let pointer = source.arrays else { return nil }
        let a = try readSized(UnsafeRawPointer(pointer), as: cl_array_source.self)
        guard a.section_count >= 0, a.section_count <= Int64(Layout.maxItems) else {
            throw LayoutError(.badCallbackData, "cl_array_source.section_count is \(a.section_count); it must be 0...\(Layout.maxItems)")
        }
        guard a.section_count == 0 || a.item_counts != nil else {
            throw LayoutError(.badCallbackData, "cl_array_source.item_counts is NULL but section_count is \(a.section_count)")
        }
        return a
    }

    /// The row of section `s` in the arrays (the engine asks only for sections it was told of,
    /// but the host may have shrunk the arrays since).
    private func row(_ s: Int, of a: cl_array_source) throws(LayoutError) -> Int {
        guard s >= 0, Int64(s) < a.section_count else {
            throw LayoutError(.badCallbackData, "cl_array_source has \(a.section_count) sections; section \(s) was asked")
        }
        return s
    }

    func check(_ status: cl_status, _ call: @autoclosure () -> String) throws(LayoutError) {
        guard status == CL_OK else {
            let known = status < 0 ? " (\(String(cString: cl_status_string(status))))" : ""
            throw LayoutError(.callbackFailed, "\(call()) returned status \(status)\(known)")
        }
    }

    func numberOfSections() throws -> Int {
        if let a = try arrays() { return Int(a.section_count) }
        guard let f = source.section_count else { return 1 }
        var n: Int64 = 0
        try check(f(source.user_data, &n), "section_count")
        return Int(n)  // Int is 64 bits wide on every platform the library builds for
    }

    func itemCounts(sections: Int) throws -> [Int]? {
        guard let a = try arrays() else {
            // The callback, in one loop (the engine checks the counts after).
            guard let f = source.item_count else { throw LayoutError(.invalidArgument, "cl_data_source.item_count is NULL; it is required") }
            var counts: [Int] = []
            counts.reserveCapacity(sections)
            for s in 0..<sections {
                var n: Int64 = 0
                try check(f(source.user_data, Int64(s), &n), "item_count(section \(s))")
                counts.append(Int(n))
            }
            return counts
        }
        guard Int64(sections) <= a.section_count else {
            throw LayoutError(.badCallbackData, "cl_array_source has \(a.section_count) sections; \(sections) were asked")
        }
        return (0..<sections).map { Int(a.item_counts[$0]) }
    }

    func numberOfItems(inSection section: Int) throws -> Int {
        if let a = try arrays() { return Int(a.item_counts[try row(section, of: a)]) }
        guard let f = source.item_count else { throw LayoutError(.invalidArgument, "cl_data_source.item_count is NULL; it is required") }
        var n: Int64 = 0
        try check(f(source.user_data, Int64(section), &n), "item_count(section \(section))")
        return Int(n)
    }

    func sizes(inSection section: Int, items: Range<Int>, into sizes: UnsafeMutableBufferPointer<Size>) throws -> Bool {
        if let a = try arrays(), let table = a.item_sizes {
            guard let from = table[try row(section, of: a)] else { return false }
            guard items.upperBound <= Int(a.item_counts[section]) else {
                throw LayoutError(.badCallbackData, "cl_array_source: section \(section) has \(a.item_counts[section]) items; sizes \(items) were asked")
            }
            guard let base = sizes.baseAddress else { return true }
            _ = try withRebound(base, count: sizes.count, to: cl_size.self) {
                $0.update(from: from + items.lowerBound, count: items.count)
            }
            return true
        }
        guard let f = source.item_sizes else { return false }
        guard let base = sizes.baseAddress else { return true }
        let status = try withRebound(base, count: sizes.count, to: cl_size.self) {
            f(source.user_data, Int64(section), Int64(items.lowerBound), Int64(items.count), $0)
        }
        try check(status, "item_sizes(section \(section), first \(items.lowerBound), count \(items.count))")
        return true
    }

    func sizes(ofSections sections: Range<Int>, counts: (Int) -> Int, into sizes: UnsafeMutableBufferPointer<Size>) throws -> Bool {
        guard source.arrays == nil, let f = source.item_sizes else {
            return try sizesSectionBySection(ofSections: sections, counts: counts, into: sizes)
        }
        // The callback, in one loop; the first status that is not CL_OK stops it.
        guard let base = sizes.baseAddress else { return true }
        let failed: (status: cl_status, section: Int, count: Int)? = try withRebound(base, count: sizes.count, to: cl_size.self) { out in
            var at = 0
            for s in sections {
                let n = counts(s), status = f(source.user_data, Int64(s), 0, Int64(n), out + at)
                guard status == CL_OK else { return (status, s, n) }
                at += n
            }
            return nil
        }
        if let failed { try check(failed.status, "item_sizes(section \(failed.section), first 0, count \(failed.count))") }
        return true
    }

    var givesSpans: Bool { source.item_spans != nil }

    func spans(inSection section: Int, items: Range<Int>, into spans: UnsafeMutableBufferPointer<ItemSpan>) throws -> Bool {
        guard let f = source.item_spans else { return false }
        guard let base = spans.baseAddress else { return true }
        // The C values are written into the front of `spans` itself (an ItemSpan is wider than an
        // Int32) and widened from the last: no array of a million Int32 per layout. Span k's
        // bytes start at or after Int32 k's end for k >= 1, so widening k reads nothing unread.
        let raw = UnsafeMutableRawPointer(base), count = spans.count
        let ints = raw.initializeMemory(as: Int32.self, repeating: 1, count: count)
        try check(f(source.user_data, Int64(section), Int64(items.lowerBound), Int64(items.count), ints),
                  "item_spans(section \(section), first \(items.lowerBound), count \(items.count))")
        for k in (0..<count).reversed() {
            let value = raw.load(fromByteOffset: k * MemoryLayout<Int32>.stride, as: Int32.self)
            raw.storeBytes(of: ItemSpan(c: value), toByteOffset: k * MemoryLayout<ItemSpan>.stride, as: ItemSpan.self)
        }
        raw.bindMemory(to: ItemSpan.self, capacity: count)
        return true
    }

    var givesBadges: Bool { source.item_badges != nil }

    /// The badges of `items` (SPEC §17.1): called again with a buffer large enough when the
    /// first one was too small; the engine checks items, kinds and sizes.
    func badges(inSection section: Int, items: Range<Int>) throws -> [ItemBadge] {
        guard let f = source.item_badges else { return [] }
        var buffer = [cl_item_badge](repeating: cl_item_badge(), count: Swift.min(Swift.max(items.count, 4), 4096))
        let call = "item_badges(section \(section), first \(items.lowerBound), count \(items.count))"
        for _ in 0..<2 {
            let capacity = buffer.count
            var count: Int64 = 0
            let status = buffer.withUnsafeMutableBufferPointer {
                f(source.user_data, Int64(section), Int64(items.lowerBound), Int64(items.count), $0.baseAddress, Int64(capacity), &count)
            }
            try check(status, call)
            // (Each cell carries at most one badge of each kind: more than the kinds allow is garbage.)
            guard count >= 0, count <= Int64(Layout.maxItems) else { throw LayoutError(.badCallbackData, "\(call) reported \(count) badges") }
            if count > Int64(capacity) {
                buffer = [cl_item_badge](repeating: cl_item_badge(), count: Int(count))
                continue
            }
            return buffer[..<Int(count)].map { ItemBadge(item: Int($0.item), kind: Kind(rawValue: $0.kind), size: $0.has_size != 0 ? Size($0.size) : nil) }
        }
        throw LayoutError(.badCallbackData, "\(call) reported more badges than the second call's capacity \(buffer.count)")
    }

    func customFrames(inSection section: Int, items: Range<Int>, lineExtent: Double, into frames: UnsafeMutableBufferPointer<Rect>) throws {
        guard let f = source.custom_frames else {
            throw LayoutError(.badCallbackData, "section \(section) is custom but the data source has no custom_frames callback (NULL, or past its struct_size)")
        }
        guard let base = frames.baseAddress else { return }
        let status = try withRebound(base, count: frames.count, to: cl_rect.self) {
            f(source.user_data, Int64(section), Int64(items.lowerBound), Int64(items.count), lineExtent, $0)
        }
        try check(status, "custom_frames(section \(section), first \(items.lowerBound), count \(items.count))")
    }

    // (A struct the engine cannot read answers true: the call then reports what is wrong.)
    var givesSectionMetrics: Bool {
        if source.section_metrics != nil { return true }
        guard source.arrays != nil else { return false }
        do { return try arrays()?.section_metrics != nil } catch { return true }
    }
    var givesInlineElements: Bool { source.inline_elements != nil }

    func metrics(forSection section: Int, defaults: SectionMetrics) throws -> SectionMetrics {
        if let a = try arrays(), let table = a.section_metrics {
            // The rows' struct_size is the array's stride (a host built against an older header
            // has smaller rows).
            let s = try row(section, of: a), stride = Int(table.pointee.struct_size)
            let at = UnsafeRawPointer(table) + s * stride
            guard at.loadUnaligned(as: UInt32.self) == UInt32(stride) else {
                throw LayoutError(.badCallbackData, "cl_array_source.section_metrics: row \(s) has struct_size \(at.loadUnaligned(as: UInt32.self)), row 0 \(stride); all rows must have the same")
            }
            do {
                return try defaults.withC { (prefilled: inout cl_section_metrics) in
                    try SectionMetrics(readSized(at, as: cl_section_metrics.self, defaults: prefilled))
                }
            } catch let error as LayoutError {
                throw LayoutError(.badCallbackData, "cl_array_source.section_metrics[\(s)]: \(error.message)")
            }
        }
        guard let f = source.section_metrics else { return defaults }
        return try defaults.withC { (m: inout cl_section_metrics) throws(LayoutError) -> SectionMetrics in
            let prefilled = m
            try check(f(source.user_data, Int64(section), &m), "section_metrics(section \(section))")
            // Read back by the struct_size the callback left (a callback built against an older
            // header writes less); the decoration list is copied before this returns.
            do throws(LayoutError) {
                guard Int(m.struct_size) <= MemoryLayout<cl_section_metrics>.size else {
                    throw LayoutError(.invalidArgument, "cl_section_metrics.struct_size is \(m.struct_size), larger than the \(MemoryLayout<cl_section_metrics>.size)-byte struct the engine passed; leave struct_size as the engine set it")
                }
                let read = try withUnsafeBytes(of: m) { bytes throws(LayoutError) -> cl_section_metrics in
                    guard let base = bytes.baseAddress else { return prefilled }
                    return try readSized(base, as: cl_section_metrics.self, defaults: prefilled)
                }
                return try SectionMetrics(read)
            } catch {
                throw LayoutError(.badCallbackData, "section_metrics(section \(section)): \(error.message)")
            }
        }
    }

    /// `limit`: what the element limit leaves for this section's inline elements; a larger
    /// count is refused before a buffer in proportion to it is allocated.
    func inlineElements(inSection section: Int, atMost limit: Int) throws -> [InlineElement] {
        guard let f = source.inline_elements else { return [] }
        for _ in 0..<2 {
            let capacity = inlineBuffer.count
            var count: Int64 = 0
            let status = inlineBuffer.withUnsafeMutableBufferPointer {
                f(source.user_data, Int64(section), $0.baseAddress, Int64(capacity), &count)
            }
            try check(status, "inline_elements(section \(section))")
            guard count >= 0 else {
                throw LayoutError(.badCallbackData, "inline_elements(section \(section)) reported \(count) elements")
            }
            guard count <= Int64(limit) else {
                throw LayoutError(.limit, "inline_elements(section \(section)) reported \(count) elements, more than the element limit leaves (\(limit))")
            }
            if count > Int64(capacity) {
                inlineBuffer = [cl_inline_element](repeating: cl_inline_element(), count: Int(count))
                continue
            }
            let list = inlineBuffer[..<Int(count)].map { InlineElement(kind: Kind(rawValue: $0.kind), before: Int($0.before), extent: $0.extent) }
            if capacity > 4096 { inlineBuffer = [cl_inline_element](repeating: cl_inline_element(), count: 16) }
            return list
        }
        throw LayoutError(.badCallbackData, "inline_elements(section \(section)) reported more elements than the second call's capacity \(inlineBuffer.count)")
    }
}

/// Runs `body` on `base` as C structs of the same layout (Size and cl_size are two doubles, Rect
/// and cl_rect four): the callback writes straight into the engine's buffer.
private func withRebound<E, C, R>(_ base: UnsafeMutablePointer<E>, count: Int, to: C.Type,
                                  _ body: (UnsafeMutablePointer<C>) -> R) throws(LayoutError) -> R {
    guard MemoryLayout<E>.size == MemoryLayout<C>.size, MemoryLayout<E>.stride == MemoryLayout<C>.stride,
          MemoryLayout<E>.alignment == MemoryLayout<C>.alignment else {
        throw LayoutError(.invalidArgument, "internal: \(E.self) and \(C.self) differ in layout")
    }
    return base.withMemoryRebound(to: C.self, capacity: count, body)
}
