/// One value per item of a section, stored as a list of pieces that share the storage of the
/// arrays they were cut from. A section read from the data source is one piece; a batch update
/// builds its new section from slices of the old one (a run of items that stay is one slice, not
/// a copy), so that inserting an item into a million costs a few pieces, not a million copies.
struct Column<Element> {
    private(set) var pieces: [ArraySlice<Element>] = []
    /// Where each piece ends (exclusive), in item numbers.
    private var ends: [Int] = []

    init() {}

    init(_ values: [Element]) {
        if !values.isEmpty { (pieces, ends) = ([values[...]], [values.count]) }
    }

    init(repeating value: Element, count: Int) { self.init([Element](repeating: value, count: count)) }

    var count: Int { ends.last ?? 0 }
    var isEmpty: Bool { ends.isEmpty }

    /// The piece that holds item i (in range), and the item number its start stands for.
    @inline(__always)
    private func locate(_ i: Int) -> (piece: Int, offset: Int) {
        if ends.count == 1 { return (0, i) }
        let p = partition(0..<ends.count) { ends[$0] <= i }
        return (p, i - (p == 0 ? 0 : ends[p - 1]))
    }

    subscript(i: Int) -> Element {
        @inline(__always) get {
            let (p, k) = locate(i)
            return pieces[p][pieces[p].startIndex + k]
        }
        set {
            let (p, k) = locate(i)
            let at = pieces[p].startIndex + k
            pieces[p][at] = newValue
        }
    }

    // MARK: Building

    mutating func append(contentsOf values: ArraySlice<Element>) {
        guard !values.isEmpty else { return }
        pieces.append(values)
        ends.append(count + values.count)
    }

    mutating func append(contentsOf values: [Element]) { append(contentsOf: values[...]) }

    /// Items `range` of `other`, sharing its storage.
    mutating func append(contentsOf other: Column, range: Range<Int>) {
        guard !range.isEmpty else { return }
        var (p, k) = other.locate(range.lowerBound)
        var left = range.count
        while left > 0 {
            let piece = other.pieces[p], from = piece.startIndex + k
            let take = Swift.min(left, piece.count - k)
            append(contentsOf: piece[from..<(from + take)])
            left -= take
            (p, k) = (p + 1, 0)
        }
    }

    /// Items `range` of this column replaced by `values`; the rest is shared, not copied.
    func replacing(_ range: Range<Int>, with values: [Element]) -> Column {
        var result = Column()
        result.append(contentsOf: self, range: 0..<range.lowerBound)
        result.append(contentsOf: values)
        result.append(contentsOf: self, range: range.upperBound..<count)
        return result.compactedIfFragmented()
    }

    /// Many small pieces make every look-up dearer: past 64 pieces, the column is copied into
    /// one (a cost in proportion to the edits that cut it so, each of which was cheap).
    func compactedIfFragmented() -> Column { pieces.count > 64 ? Column(array) : self }

    /// The values in one array (a copy unless the column is one whole array).
    var array: [Element] {
        if pieces.count == 1, pieces[0].startIndex == 0 { return Array(pieces[0]) }
        var values: [Element] = []
        values.reserveCapacity(count)
        for piece in pieces { values += piece }
        return values
    }

    /// The values as one buffer, numbered from 0: a column of one piece lends its storage.
    func withUnsafeBufferPointer<R>(_ body: (UnsafeBufferPointer<Element>) throws -> R) rethrows -> R {
        if pieces.count == 1 { return try pieces[0].withUnsafeBufferPointer(body) }
        return try array.withUnsafeBufferPointer(body)
    }
}

extension Column: Sequence {
    func makeIterator() -> FlattenSequence<[ArraySlice<Element>]>.Iterator { pieces.joined().makeIterator() }
    var underestimatedCount: Int { count }
}
