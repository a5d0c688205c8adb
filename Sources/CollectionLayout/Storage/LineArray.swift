/// Lines in an allocation of their own, of a fixed capacity. Chunks' heads read their lines
/// through a pointer into it (LineChunks.Head.lines), which stays valid as long as the array
/// lives: its storage never moves, unlike a Swift array's, whose element pointer Swift promises
/// only inside `withUnsafeBufferPointer`. Lines are appended while the array is built; once a
/// chunk reads it, nothing changes it (an edit writes a new array).
final class LineArray {
    /// The first line (written up to `count`). A `let`: reading it needs no exclusivity check.
    let start: UnsafeMutablePointer<Line>
    let capacity: Int
    private(set) var count = 0

    init(capacity: Int) {
        self.capacity = Swift.max(1, capacity)
        start = .allocate(capacity: self.capacity)
    }

    /// A copy of `lines` with room for `more` to come.
    convenience init(_ lines: UnsafeBufferPointer<Line>, reserving more: Int = 0) {
        self.init(capacity: lines.count + more)
        append(contentsOf: lines)
    }

    convenience init(_ lines: [Line]) {
        self.init(capacity: lines.count)
        lines.withUnsafeBufferPointer { append(contentsOf: $0) }
    }

    deinit {
        start.deinitialize(count: count)
        start.deallocate()
    }

    // (Its writers size it for what they write: the builder for at most the lines the section's
    // items and inline elements can make, an edit for the lines it keeps and adds. The checks
    // below guard that arithmetic, not anything a caller passes.)
    @inline(__always) func append(_ line: Line) {
        precondition(count < capacity, "LineArray: past its capacity")
        (start + count).initialize(to: line)
        count += 1
    }

    func append(contentsOf lines: UnsafeBufferPointer<Line>) {
        guard let from = lines.baseAddress else { return }
        precondition(count + lines.count <= capacity, "LineArray: past its capacity")
        (start + count).initialize(from: from, count: lines.count)
        count += lines.count
    }

    /// The lines written so far.
    @inline(__always) var buffer: UnsafeBufferPointer<Line> { UnsafeBufferPointer(start: start, count: count) }

    /// Lines `range`, read in place (valid while this array lives).
    @inline(__always) func lines(_ range: Range<Int>) -> UnsafeBufferPointer<Line> {
        UnsafeBufferPointer(start: start + range.lowerBound, count: range.count)
    }

    /// Lines `range` to change in place: only while the array is being built, before any chunk
    /// reads it.
    func mutableLines(_ range: Range<Int>) -> UnsafeMutableBufferPointer<Line> {
        UnsafeMutableBufferPointer(start: start + range.lowerBound, count: range.count)
    }

    /// The same lines in an array of their own size, when this one's capacity is more than
    /// twice what it holds (a reservation that counted every item as a line).
    func trimmed() -> LineArray { capacity > 2 * count ? LineArray(buffer) : self }
}
