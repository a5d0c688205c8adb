/// The chunks of a LineStore: the first inline (most sections have one: no array beyond its
/// lines), the others in pages of `pageSize` chunks. A page holds its chunks' heads (bases,
/// bounds, first line, and where the lines are: plain values) and, once each, the arrays the
/// lines are in. A change to one chunk copies the list of pages (a reference per page) and one
/// page: its heads as plain bytes and a reference per array, not per chunk (the copy a batch
/// update makes of each page it edits, and frees with the old state). A search reads the list
/// of pages, then one page's heads, then one chunk's lines.
struct LineChunks {
    struct Head {
        var base: Double
        var itemBase: Int
        var low: Double
        var high: Double
        /// A copy of the chunk's first line (as stored: relative to the bases), so that a search
        /// over the chunks reads their heads only, not each chunk's lines.
        var firstLine: Line
        /// The chunk's lines: a run in an array the page (or the store, for the first chunk) holds.
        /// (Nothing changes a held array in place, so its storage stays where it is while held.)
        fileprivate(set) var lines: UnsafeBufferPointer<Line>
        /// That array's place among the page's.
        fileprivate var array: Int32 = 0

        init(_ chunk: LineStore.Chunk) {
            (base, itemBase, low, high) = (chunk.base, chunk.itemBase, chunk.low, chunk.high)
            lines = chunk.lines  // (into the chunk's LineArray, which the page or store holds)
            firstLine = lines.first ?? Line(start: 0, thickness: 0, firstItem: 0, inlineIndex: 0, isInline: false)
        }
    }

    /// `pageSize` chunks: their heads, the arrays their lines are in, their bounds folded (the
    /// store folds pages) and a copy of the first head (a search over the pages reads the list of
    /// pages only). Heads change through its methods, which keep the copy and the arrays.
    private struct Page {
        private(set) var heads: [Head]
        /// Each array a head's lines are in, once (an edit writes its chunk's lines into an array
        /// of its own); arrays no head reads any more are dropped after every `dropInterval`
        /// chunks written, which bounds them and costs a pass over the heads per that many edits.
        private var arrays: [LineArray]
        private var written = 0
        private static let dropInterval = 16
        private(set) var lead: Head
        private(set) var low: Double
        private(set) var high: Double

        init(_ head: Head, _ array: LineArray) {
            (heads, arrays, lead, low, high) = ([head], [array], head, head.low, head.high)
        }

        var arrayCount: Int { arrays.count }

        /// The array of chunk `e`'s lines.
        func array(_ e: Int) -> LineArray { arrays[Int(heads[e].array)] }

        mutating func append(_ head: Head, _ array: LineArray) {
            var head = head
            head.array = hold(array)
            heads.append(head)
            (low, high) = (Swift.min(low, head.low), Swift.max(high, head.high))
        }

        /// Chunk `e` becomes `head`, its lines in `array`: the bounds are folded again only if they
        /// may shrink.
        mutating func set(_ e: Int, _ head: Head, _ array: LineArray) {
            let old = heads[e]
            var head = head
            head.array = hold(array)
            heads[e] = head
            if e == 0 { lead = head }
            if boundsMayShrink((low, high), losing: (old.low, old.high), gaining: (head.low, head.high)) {
                foldBounds()
            } else {
                (low, high) = (Swift.min(low, head.low), Swift.max(high, head.high))
            }
            written += 1
            if written >= Self.dropInterval { dropUnread() }
        }

        /// The index of `array` among the page's arrays, added unless it is the last one (the
        /// chunks a layout cuts from one array come in a row).
        private mutating func hold(_ array: LineArray) -> Int32 {
            if let last = arrays.last, last === array { return Int32(arrays.count - 1) }
            arrays.append(array)
            return Int32(arrays.count - 1)
        }

        /// Keeps the arrays a head reads, in order (moved down in place: no reference taken or
        /// dropped but the unread arrays').
        private mutating func dropUnread() {
            written = 0
            var index = [Int32](repeating: -1, count: arrays.count), kept = 0
            heads.withUnsafeBufferPointer { heads in
                for head in heads { index[Int(head.array)] = 0 }
            }
            arrays.withUnsafeMutableBufferPointer { arrays in
                for a in arrays.indices where index[a] == 0 {
                    index[a] = Int32(kept)
                    arrays.swapAt(a, kept)
                    kept += 1
                }
            }
            arrays.removeLast(arrays.count - kept)
            heads.withUnsafeMutableBufferPointer { heads in
                for e in heads.indices { heads[e].array = index[Int(heads[e].array)] }
            }
            lead.array = heads[0].array
        }

        /// Moves heads `range` by `delta` along the scroll axis and by `items` in item numbers.
        mutating func move(_ range: Range<Int>, by delta: Double, items: Int) {
            heads.withUnsafeMutableBufferPointer { heads in
                for i in range {
                    heads[i].base += delta
                    heads[i].itemBase += items
                }
            }
            if range.lowerBound == 0 { (lead.base, lead.itemBase) = (lead.base + delta, lead.itemBase + items) }
        }

        /// Keeps the first `count` chunks (at least one).
        mutating func keep(_ count: Int) {
            heads.removeSubrange(count...)
            dropUnread()
            foldBounds()
        }

        private mutating func foldBounds() {
            (low, high) = (Double.infinity, -Double.infinity)
            for head in heads { (low, high) = (Swift.min(low, head.low), Swift.max(high, head.high)) }
        }
    }

    private var first: Head?
    private var firstArray: LineArray?
    /// Chunks 1...: chunk c is entry (c - 1) % pageSize of pages[(c - 1) / pageSize]. A change
    /// copies the list of pages (a reference per page) and one page (its heads, and a reference
    /// per array): the page size balances the two for long sections.
    static let pageSize = 64
    private var pages: [Page] = []
    /// The chunks, the first among them.
    private(set) var count = 0

    /// A move of the chunks from `pending.from` on that is not yet written into their heads
    /// (`head` adds it): edits taken in order move the chunks after each of them, and each
    /// chunk is written once, when an edit passes it, not once per edit before it.
    private var pending = (from: Int.max, base: 0.0, items: 0)

    @inline(__always) private func stored(_ c: Int) -> Head {
        c == 0 ? first! : pages[(c - 1) / Self.pageSize].heads[(c - 1) % Self.pageSize]
    }

    @inline(__always) func head(_ c: Int) -> Head {
        var h = stored(c)
        if c >= pending.from { (h.base, h.itemBase) = (h.base + pending.base, h.itemBase + pending.items) }
        return h
    }
    /// Chunk c's scroll base alone (what a line's start needs: no copy of the head).
    @inline(__always) func base(_ c: Int) -> Double {
        (c == 0 ? first!.base : pages[(c - 1) / Self.pageSize].heads[(c - 1) % Self.pageSize].base) + (c >= pending.from ? pending.base : 0)
    }
    /// Chunk c's item base alone (what a search inside its lines needs).
    @inline(__always) func itemBase(_ c: Int) -> Int {
        (c == 0 ? first!.itemBase : pages[(c - 1) / Self.pageSize].heads[(c - 1) % Self.pageSize].itemBase)
            + (c >= pending.from ? pending.items : 0)
    }
    /// The last chunk for whose first line (in item numbers of the section) and base `isBefore`
    /// holds (it holds for a prefix of the chunks), or -1: the pages searched by their lead
    /// heads (the list of pages alone), then one page's heads.
    func lastChunk(where isBefore: (Line, Double) -> Bool) -> Int {
        guard first != nil, isBefore(firstLine(0), base(0)) else { return -1 }
        let p = partition(0..<pages.count) { p in
            var line = pages[p].lead.firstLine
            let moved = 1 + p * Self.pageSize >= pending.from
            line.firstItem += pages[p].lead.itemBase + (moved ? pending.items : 0)
            return isBefore(line, pages[p].lead.base + (moved ? pending.base : 0))
        } - 1
        guard p >= 0 else { return 0 }
        let base = 1 + p * Self.pageSize
        return base + partition(1..<pages[p].heads.count) { isBefore(firstLine(base + $0), self.base(base + $0)) } - 1
    }

    /// Chunk c's first line in item numbers of the section (read from its head alone).
    @inline(__always) func firstLine(_ c: Int) -> Line {
        var line = c == 0 ? first!.firstLine : pages[(c - 1) / Self.pageSize].heads[(c - 1) % Self.pageSize].firstLine
        line.firstItem += itemBase(c)
        return line
    }

    @inline(__always) func line(_ c: Int, _ l: Int) -> Line { lines(c)[l] }
    @inline(__always) func lineCount(_ c: Int) -> Int { lines(c).count }
    /// Chunk c's lines, read in place: valid while this value (or a copy) holds them, until it
    /// changes.
    @inline(__always) func lines(_ c: Int) -> UnsafeBufferPointer<Line> {
        c == 0 ? first!.lines : pages[(c - 1) / Self.pageSize].heads[(c - 1) % Self.pageSize].lines
    }

    /// The arrays the pages hold (each once), read or not: what copying every page retains.
    var heldArrays: Int { pages.reduce(0) { $0 + $1.arrayCount } }

    /// The line-axis bounds of all chunks.
    var bounds: (low: Double, high: Double) {
        var result = (low: first?.low ?? Double.infinity, high: first?.high ?? -Double.infinity)
        pages.withUnsafeBufferPointer { pages in
            for page in pages.indices { result = (Swift.min(result.low, pages[page].low), Swift.max(result.high, pages[page].high)) }
        }
        return result
    }

    subscript(c: Int) -> LineStore.Chunk {
        get {
            let h = head(c), array = c == 0 ? firstArray! : pages[(c - 1) / Self.pageSize].array((c - 1) % Self.pageSize)
            let from = h.lines.isEmpty ? 0 : h.lines.baseAddress! - UnsafePointer(array.start)
            var chunk = LineStore.Chunk(base: h.base, array: array, range: from..<(from + h.lines.count), low: h.low, high: h.high)
            chunk.itemBase = h.itemBase
            return chunk
        }
        set {
            write(upTo: c + 1)
            put(c, Head(newValue), newValue.array)
        }
    }

    /// Chunk c's lines become `lines` (a whole array), with line-axis bounds `low` and `high`
    /// (its bases kept).
    mutating func setLines(_ c: Int, _ lines: LineArray, low: Double, high: Double) {
        write(upTo: c + 1)
        var h = head(c)
        (h.low, h.high) = (low, high)
        h.lines = lines.buffer
        if let line = h.lines.first { h.firstLine = line }
        put(c, h, lines)
    }

    private mutating func put(_ c: Int, _ h: Head, _ array: LineArray) {
        if c == 0 {
            (first, firstArray) = (h, array)
        } else {
            pages[(c - 1) / Self.pageSize].set((c - 1) % Self.pageSize, h, array)
        }
    }

    mutating func append(_ chunk: LineStore.Chunk) {
        write(upTo: count)
        let h = Head(chunk)
        defer { count += 1 }
        guard first != nil else {
            (first, firstArray) = (h, chunk.array)
            return
        }
        if (count - 1) % Self.pageSize == 0 {
            pages.append(Page(h, chunk.array))
        } else {
            pages[pages.count - 1].append(h, chunk.array)
        }
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
        // Chunk k + 1 is entry k % pageSize of page k / pageSize: page by page.
        var k = Swift.max(0, range.lowerBound - 1)
        let end = range.upperBound - 1
        while k < end {
            let pageEnd = Swift.min(end, (k / Self.pageSize + 1) * Self.pageSize)
            pages[k / Self.pageSize].move((k % Self.pageSize)..<(k % Self.pageSize + pageEnd - k), by: delta, items: items)
            k = pageEnd
        }
    }

    /// Chunks `range` replaced by `new`; the chunks after are stored again when the count
    /// changes (rare: a chunk splits only past twice its capacity).
    mutating func replaceSubrange(_ range: ClosedRange<Int>, with new: [LineStore.Chunk]) {
        if new.count == range.count {  // (each chunk set takes the pending move before it)
            for (c, chunk) in zip(range, new) { self[c] = chunk }
            return
        }
        write(upTo: count)
        let rest = ((range.upperBound + 1)..<count).map { self[$0] }
        // Keep chunks ..< range.lowerBound; the others come again.
        if range.lowerBound == 0 {
            self = LineChunks()
        } else {
            let kept = range.lowerBound - 1  // of the chunks after the first
            pages.removeSubrange(((kept + Self.pageSize - 1) / Self.pageSize)...)
            if kept % Self.pageSize != 0 { pages[kept / Self.pageSize].keep(kept % Self.pageSize) }
            count = 1 + kept
        }
        for chunk in new + rest { append(chunk) }
    }
}

/// Whether line-axis bounds may shrink when what spanned `gone` is replaced by what spans `come`:
/// only if `gone` reached one of them and `come` does not (else they take in `come`, and nothing
/// needs folding again).
func boundsMayShrink(_ bounds: (low: Double, high: Double), losing gone: (low: Double, high: Double),
                     gaining come: (low: Double, high: Double)) -> Bool {
    (gone.low <= bounds.low && come.low > bounds.low) || (gone.high >= bounds.high && come.high < bounds.high)
}

// Debug only: what this structure promises, for the tests to check after every edit.
#if DEBUG
extension LineChunks {
    /// Each head's copy of its first line is its lines' first, its bounds take in its lines', and
    /// its lines lie in the array it names; each page's lead is its first head and its bounds the
    /// fold of its heads'; the store's bounds the fold of all.
    func brokenInvariant() -> String? {
        for c in 0..<count {
            let h = stored(c), lines = lines(c)
            if lines.isEmpty && count > 1 { return "chunk \(c) has no lines" }
            if let line = lines.first, line.key != h.firstLine.key || line.start != h.firstLine.start {
                return "chunk \(c): its head's first line is not its first line"
            }
            for line in lines where line.low < h.low || line.high > h.high {
                return "chunk \(c): a line spans \(line.low)...\(line.high), outside the head's bounds \(h.low)...\(h.high)"
            }
            let array = c == 0 ? firstArray : pages[(c - 1) / Self.pageSize].array((c - 1) % Self.pageSize)
            if let array, let base = lines.baseAddress,
               base < UnsafePointer(array.start) || base + lines.count > UnsafePointer(array.start) + array.count {
                return "chunk \(c): its lines are not in the array it holds"
            }
        }
        for (p, page) in pages.enumerated() {
            if let problem = Self.brokenInvariant(of: page) { return "page \(p): \(problem)" }
        }
        return nil
    }

    private static func brokenInvariant(of page: Page) -> String? {
        guard let head = page.heads.first else { return "no heads" }
        if head.base != page.lead.base || head.itemBase != page.lead.itemBase || head.lines.baseAddress != page.lead.lines.baseAddress {
            return "its lead is not its first head"
        }
        for h in page.heads where h.low < page.low || h.high > page.high { return "a head's bounds \(h.low)...\(h.high) are outside the page's" }
        for h in page.heads where Int(h.array) >= page.arrayCount { return "a head names array \(h.array) of \(page.arrayCount)" }
        return nil
    }
}
#endif
