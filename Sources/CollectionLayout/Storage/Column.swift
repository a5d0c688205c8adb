import CollectionLayoutPrefetch

/// One value per item of a section, stored as a list of pieces that share the storage of the
/// arrays they were cut from. A section read from the data source is one piece; a batch update
/// builds its new section from slices of the old one (a run of items that stay is one slice, not
/// a copy), so that inserting an item into a million costs a few pieces, not a million copies.
struct Column<Element> {
    /// The first piece (the only one, usually: a section of one piece allocates nothing more).
    private var head: ArraySlice<Element> = []
    /// The other pieces, each with the item number where it ends (exclusive).
    private var rest: [(piece: ArraySlice<Element>, end: Int)] = []

    init() {}

    init(_ values: [Element]) { head = values[...] }

    var count: Int { rest.last?.end ?? head.count }
    var isEmpty: Bool { count == 0 }
    var isOnePiece: Bool { rest.isEmpty }

    /// Piece p (0: the head).
    private func piece(_ p: Int) -> ArraySlice<Element> { p == 0 ? head : rest[p - 1].piece }

    /// Piece p's values as a buffer, read in place (no reference taken to them).
    private func withPiece<R>(_ p: Int, _ body: (UnsafeBufferPointer<Element>) -> R) -> R {
        p == 0 ? head.withUnsafeBufferPointer(body) : rest[p - 1].piece.withUnsafeBufferPointer(body)
    }

    /// The piece that holds item i (in range), and i's place inside it.
    private func locate(_ i: Int) -> (piece: Int, offset: Int) {
        if i < head.count { return (0, i) }
        let r = partition(0..<rest.count) { rest[$0].end <= i }
        return (r + 1, i - (r == 0 ? head.count : rest[r - 1].end))
    }

    /// Where piece p ends (exclusive).
    private func end(_ p: Int) -> Int { p == 0 ? head.count : rest[p - 1].end }

    /// The same, galloping from piece `hint`: items asked in increasing order cost a step or two
    /// each, not a binary search over every piece (a hint past item i's piece searches all).
    private func locate(_ i: Int, from hint: Int) -> (piece: Int, offset: Int) {
        let start = Swift.min(hint, rest.count)
        if start > 0 && end(start - 1) > i { return locate(i) }
        let p = partition(0..<(rest.count + 1), from: start) { end($0) <= i }
        return (p, i - (p == 0 ? 0 : end(p - 1)))
    }

    subscript(i: Int) -> Element {
        @inline(__always) get {
            if i < head.count { return head[head.startIndex + i] }
            let (p, k) = locate(i)
            let values = rest[p - 1].piece
            return values[values.startIndex + k]
        }
        set {
            if i < head.count {
                head[head.startIndex + i] = newValue
                return
            }
            let (p, k) = locate(i)
            let at = rest[p - 1].piece.startIndex + k
            rest[p - 1].piece[at] = newValue
        }
    }

    // MARK: Building

    mutating func append(contentsOf values: ArraySlice<Element>) {
        guard !values.isEmpty else { return }
        if head.isEmpty { head = values } else { rest.append((values, count + values.count)) }
    }

    mutating func append(contentsOf values: [Element]) { append(contentsOf: values[...]) }

    /// Room for `count` more pieces (a column built from many).
    mutating func reservePieces(_ count: Int) { rest.reserveCapacity(rest.count + count) }

    /// Items `range` of `other`, sharing its storage.
    mutating func append(contentsOf other: Column, range: Range<Int>) {
        guard !range.isEmpty else { return }
        var (p, k) = other.locate(range.lowerBound)
        var left = range.count
        while left > 0 {
            let values = other.piece(p), from = values.startIndex + k
            let take = Swift.min(left, values.count - k)
            append(contentsOf: values[from..<(from + take)])
            left -= take
            (p, k) = (p + 1, 0)
        }
    }

    /// Items `range` as one slice: shared when one piece holds them all, else a copy.
    func slice(_ range: Range<Int>) -> ArraySlice<Element> where Element: BitwiseCopyable {
        var hint = 0
        return slice(range, hint: &hint)
    }

    /// The same, searched from piece `hint`, which becomes the piece of the range's first item
    /// (slices taken in order: a re-flow reading the sizes of an edited section).
    func slice(_ range: Range<Int>, hint: inout Int) -> ArraySlice<Element> where Element: BitwiseCopyable {
        guard !range.isEmpty else { return [] }
        let (p, k) = locate(range.lowerBound, from: hint)
        hint = p
        let values = piece(p), from = values.startIndex + k
        if k + range.count <= values.count { return values[from..<(from + range.count)] }
        return [Element](unsafeUninitializedCapacity: range.count) { buffer, initialized in
            copy(range, into: buffer, hint: &hint)
            initialized = range.count
        }[...]
    }

    /// Writes the values of items `range` into `buffer` (as many; plain values, so initialized
    /// or not), one search from piece `hint`, which becomes the piece of the range's first item,
    /// then piece by piece.
    func copy(_ range: Range<Int>, into buffer: UnsafeMutableBufferPointer<Element>, hint: inout Int) where Element: BitwiseCopyable {
        guard !range.isEmpty else { return }
        var (p, k) = locate(range.lowerBound, from: hint), at = 0
        hint = p
        while at < range.count {
            let taken = withPiece(p) { values in
                let take = Swift.min(range.count - at, values.count - k)
                _ = UnsafeMutableBufferPointer(rebasing: buffer[at..<(at + take)]).update(fromContentsOf: values[k..<(k + take)])
                return take
            }
            at += taken
            (p, k) = (p + 1, 0)
        }
    }

    /// Asks the processor to fetch the values of items `range` (those in the piece of its first)
    /// ahead of their use, searched from piece `hint`, which becomes that piece.
    func prefetch(_ range: Range<Int>, hint: inout Int) {
        guard !range.isEmpty, range.lowerBound < count else { return }
        let (p, k) = locate(range.lowerBound, from: hint)
        hint = p
        withPiece(p) { values in
            let end = Swift.min(values.count, k + range.count)
            guard let base = values.baseAddress, k < end else { return }
            var line = UnsafeRawPointer(base + k)
            while line < UnsafeRawPointer(base + end) {
                cl_prefetch(line)
                line += 64
            }
        }
    }

    /// Many small pieces make every look-up dearer: when the pieces hold fewer than 64 items on
    /// average, the column is copied into one. The copy costs the count, but only after edits
    /// have cut count / 64 pieces: 64 items per cut, in proportion to the edits.
    func compactedIfFragmented() -> Column { rest.count > Swift.max(64, count / 64) ? Column(array) : self }

    /// The values in one array (a copy unless the column is one whole array).
    var array: [Element] {
        if rest.isEmpty { return Array(head) }
        var values: [Element] = []
        values.reserveCapacity(count)
        values += head
        for (piece, _) in rest { values += piece }
        return values
    }

    /// The values as one buffer, numbered from 0: a column of one piece lends its storage.
    func withUnsafeBufferPointer<R>(_ body: (UnsafeBufferPointer<Element>) throws -> R) rethrows -> R {
        if rest.isEmpty { return try head.withUnsafeBufferPointer(body) }
        return try array.withUnsafeBufferPointer(body)
    }
}

extension Column: Sequence {
    func makeIterator() -> FlattenSequence<[ArraySlice<Element>]>.Iterator { ([head] + rest.map(\.piece)).joined().makeIterator() }
    var underestimatedCount: Int { count }
}

// Debug only: what this structure promises, for the tests to check after every edit.
#if DEBUG
extension Column {
    /// The pieces: none empty after the head, their ends increasing and adding up to the count.
    func brokenInvariant() -> String? {
        var end = head.count
        for (k, entry) in rest.enumerated() {
            if entry.piece.isEmpty { return "column: piece \(k + 1) is empty" }
            if entry.end != end + entry.piece.count { return "column: piece \(k + 1) ends at \(entry.end), not \(end + entry.piece.count)" }
            end = entry.end
        }
        return end == count ? nil : "column: the pieces hold \(end) values, the count is \(count)"
    }
}
#endif
