/// The chunks of a LineStore: the first inline (most sections have one: no array beyond its lines), the
/// others' bases and bounds in one plain array and their lines in pages of 32 chunks. A
/// change to one chunk copies the bases (no reference counts) and one page of line arrays,
/// not a reference per chunk of the section: the copy a batch update makes of a long section.
struct LineChunks {
    struct Head {
        var base: Double
        var itemBase: Int
        var low: Double
        var high: Double
    }

    private var first: Head?
    private var firstLines: [Line] = []
    /// Chunks 1...: heads[c - 1], lines in pages[(c - 1) >> 5][(c - 1) & 31].
    private var heads: [Head] = []
    private var pages: [[[Line]]] = []

    /// A move of the chunks from `pending.from` on that is not yet written into their heads
    /// (`head` adds it): edits taken in order move the chunks after each of them, and each
    /// chunk is written once, when an edit passes it, not once per edit before it.
    private var pending = (from: Int.max, base: 0.0, items: 0)

    var count: Int { first == nil ? 0 : 1 + heads.count }

    @inline(__always) func head(_ c: Int) -> Head {
        var h = c == 0 ? first! : heads[c - 1]
        if c >= pending.from { (h.base, h.itemBase) = (h.base + pending.base, h.itemBase + pending.items) }
        return h
    }
    @inline(__always) func line(_ c: Int, _ l: Int) -> Line { c == 0 ? firstLines[l] : pages[(c - 1) >> 5][(c - 1) & 31][l] }
    @inline(__always) func lineCount(_ c: Int) -> Int { c == 0 ? firstLines.count : pages[(c - 1) >> 5][(c - 1) & 31].count }
    func lines(_ c: Int) -> [Line] { c == 0 ? firstLines : pages[(c - 1) >> 5][(c - 1) & 31] }

    /// The line-axis bounds of all chunks.
    var bounds: (low: Double, high: Double) {
        var result = (low: first?.low ?? Double.infinity, high: first?.high ?? -Double.infinity)
        for h in heads { result = (Swift.min(result.low, h.low), Swift.max(result.high, h.high)) }
        return result
    }

    subscript(c: Int) -> LineStore.Chunk {
        get {
            let h = head(c)
            var chunk = LineStore.Chunk(base: h.base, lines: lines(c), low: h.low, high: h.high)
            chunk.itemBase = h.itemBase
            return chunk
        }
        set {
            let h = Head(base: newValue.base, itemBase: newValue.itemBase, low: newValue.low, high: newValue.high)
            write(upTo: c + 1)
            if c == 0 {
                (first, firstLines) = (h, newValue.lines)
            } else {
                heads[c - 1] = h
                pages[(c - 1) >> 5][(c - 1) & 31] = newValue.lines
            }
        }
    }

    /// Chunk c with its lines moved out (the caller holds the only reference of this store).
    mutating func take(_ c: Int) -> LineStore.Chunk {
        let chunk = self[c]
        if c == 0 { firstLines = [] } else { pages[(c - 1) >> 5][(c - 1) & 31] = [] }
        return chunk
    }

    /// Chunk c's lines, changed in place (copied first only if another store shares them).
    mutating func withLines<R>(_ c: Int, _ body: (inout [Line]) -> R) -> R {
        c == 0 ? body(&firstLines) : body(&pages[(c - 1) >> 5][(c - 1) & 31])
    }

    mutating func append(_ chunk: LineStore.Chunk) {
        write(upTo: count)
        let h = Head(base: chunk.base, itemBase: chunk.itemBase, low: chunk.low, high: chunk.high)
        guard first != nil else {
            (first, firstLines) = (h, chunk.lines)
            return
        }
        if heads.count & 31 == 0 { pages.append([]) }
        pages[pages.count - 1].append(chunk.lines)
        heads.append(h)
    }

    /// Moves chunks `from...` by `delta` along the scroll axis and by `items` in item numbers.
    mutating func shift(from c: Int, by delta: Double, items: Int) {
        guard c < count, delta != 0 || items != 0 else { return }
        // The chunks before c take the move pending so far; an edit before the pending one (a
        // new sweep) writes it all first.
        write(upTo: c >= pending.from ? c : count)
        pending = pending.from == Int.max ? (c, delta, items) : (c, pending.base + delta, pending.items + items)
    }

    /// Writes the pending move into the heads of the chunks before `end`.
    private mutating func write(upTo end: Int) {
        guard end > pending.from else { return }
        move(pending.from..<Swift.min(end, count), by: pending.base, items: pending.items)
        if end >= count { pending = (Int.max, 0, 0) } else { pending.from = end }
    }

    private mutating func move(_ range: Range<Int>, by delta: Double, items: Int) {
        guard !range.isEmpty else { return }
        if range.lowerBound == 0 {
            first!.base += delta
            first!.itemBase += items
        }
        heads.withUnsafeMutableBufferPointer { heads in
            for k in Swift.max(0, range.lowerBound - 1)..<(range.upperBound - 1) {
                heads[k].base += delta
                heads[k].itemBase += items
            }
        }
    }

    /// Chunks `range` replaced by `new`; the chunks after are stored again when the count
    /// changes (rare: a chunk splits only past twice its capacity).
    mutating func replaceSubrange(_ range: ClosedRange<Int>, with new: [LineStore.Chunk]) {
        write(upTo: count)
        if new.count == range.count {
            for (c, chunk) in zip(range, new) { self[c] = chunk }
            return
        }
        let rest = ((range.upperBound + 1)..<count).map { self[$0] }
        // Keep chunks ..< range.lowerBound; the others come again.
        if range.lowerBound == 0 {
            self = LineChunks()
        } else {
            let kept = range.lowerBound - 1  // of the chunks after the first
            heads.removeSubrange(kept...)
            pages.removeSubrange(((kept + 31) >> 5)...)
            if kept & 31 != 0 { pages[kept >> 5].removeSubrange((kept & 31)...) }
        }
        for chunk in new + rest { append(chunk) }
    }
}
