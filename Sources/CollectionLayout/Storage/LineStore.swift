import CollectionLayoutPrefetch

/// The lines of a flow body in chunks, each with its own base offset and item base, so that a
/// change in the middle of a long section moves the lines after it (along the scroll axis, and
/// in item numbers when items come or go) by updating two numbers per chunk instead of every
/// line (work proportional to what changed, SPEC §10).
struct LineStore {
    /// Lines with a common base: a run in an array, which it may share with other chunks (as a
    /// layout builds them) and with other states (an edit writes the chunk's lines only).
    struct Chunk {
        var base: Double
        /// The array the lines are in (whole) and their place in it.
        var array: LineArray
        var range: Range<Int>
        var low = Double.infinity
        var high = -Double.infinity
        /// Added to the `firstItem` of every line stored here.
        var itemBase = 0

        /// The lines, read in place (valid while the chunk holds its array).
        var lines: UnsafeBufferPointer<Line> { array.lines(range) }

        init(base: Double, array: LineArray) {
            (self.base, self.array, range) = (base, array, 0..<array.count)
            (low, high) = LineStore.bounds(of: array.buffer)
        }

        init(base: Double, array: LineArray, range: Range<Int>, low: Double, high: Double) {
            (self.base, self.array, self.range, self.low, self.high) = (base, array, range, low, high)
        }
    }

    /// A line's place: chunk and index inside it.
    struct Index: Equatable {
        var chunk: Int
        var line: Int
    }

    /// Lines per chunk of a long section: what an edit copies. A chunk grows up to twice as
    /// many by edits before it is split.
    static let chunkCapacity = 64
    /// Lines per array as a layout builds them: a section of more lines has its arrays cut into
    /// chunks (slices: one allocation per array, not per chunk); a section of at most this many
    /// is one chunk, and stays one up to twice as many lines.
    static let buildCapacity = 512

    /// The lines: written by the builder and the edits (LineStoreEdits.swift), read here.
    var chunks = LineChunks()
    /// The line-axis extent of all item lines (min origin, max end): the chunks' bounds folded,
    /// nil while changes that may shrink them are under way (folded once when they are done).
    var foldedBounds: (low: Double, high: Double)? = (Double.infinity, -Double.infinity)

    var itemBounds: (low: Double, high: Double) { foldedBounds ?? chunks.bounds }

    /// Folds the chunks' bounds again after changes (a pass over the chunks' heads, once).
    mutating func foldBounds() {
        if foldedBounds == nil { foldedBounds = chunks.bounds }
    }

    var startIndex: Index { Index(chunk: 0, line: 0) }
    var endIndex: Index { Index(chunk: chunks.count, line: 0) }

    // (Inlined, as the accessors below: a call on a store would copy it, 161 bytes, first.)
    @inline(__always) subscript(i: Index) -> Line { line(i.chunk, i.line) }

    /// Line l of chunk c, in item numbers of the section.
    @inline(__always)
    private func line(_ c: Int, _ l: Int) -> Line {
        var line = chunks.line(c, l)
        line.firstItem += chunks.itemBase(c)
        return line
    }
    @inline(__always) func start(_ i: Index) -> Double { chunks.base(i.chunk) + chunks.line(i.chunk, i.line).start }
    func end(_ i: Index) -> Double { start(i) + chunks.line(i.chunk, i.line).thickness }

    @inline(__always) func index(after i: Index) -> Index {
        i.line + 1 < chunks.lineCount(i.chunk) ? Index(chunk: i.chunk, line: i.line + 1) : Index(chunk: i.chunk + 1, line: 0)
    }
    func index(before i: Index) -> Index? {
        if i.line > 0 { return Index(chunk: i.chunk, line: i.line - 1) }
        return i.chunk > 0 ? Index(chunk: i.chunk - 1, line: chunks.lineCount(i.chunk - 1) - 1) : nil
    }

    /// The last line for which `isBefore` holds, given that it holds for a prefix of all lines.
    func lastIndex(where isBefore: (Line, Double) -> Bool) -> Index? {
        // The last chunk whose first line is before, then the last line inside it.
        let c = chunks.lastChunk(where: isBefore)
        guard c >= 0 else { return nil }
        let base = chunks.base(c)
        return Index(chunk: c, line: partition(0..<chunks.lineCount(c)) { isBefore(line(c, $0), base) } - 1)
    }

    /// The item line that holds `item` (the last line that starts at or before it).
    func lineIndex(containing item: Int) -> Index? {
        lastIndex { line, _ in line.firstItem <= item }
    }

    /// The same, searched from `hint` (a line at or before the item's), as changes taken in
    /// order are: galloping over the chunks from the hint's, then inside the chunk found.
    func lineIndex(containing item: Int, from hint: Index) -> Index? {
        guard hint.chunk < chunks.count, hint.line < chunks.lineCount(hint.chunk), self[hint].firstItem <= item else {
            return lineIndex(containing: item)
        }
        let c = chunk(holding: item, from: hint.chunk), from = c == hint.chunk ? hint.line : 0
        let itemBase = chunks.itemBase(c), stored = item - itemBase, lines = chunks.lines(c)
        let guess = guessLine(holding: stored, in: c, count: lines.count, itemBase: itemBase, from: from, firstItem: lines[from].firstItem)
        return Index(chunk: c, line: partition(from..<lines.count, around: guess) { lines[$0].firstItem <= stored } - 1)
    }

    /// The chunk that holds `item`, galloping over the heads from chunk `c` (one that starts at
    /// or before it): the chunk after the last that does.
    @inline(__always) private func chunk(holding item: Int, from c: Int) -> Int {
        partition(0..<chunks.count, from: c + 1) { chunks.firstLine($0).firstItem <= item } - 1
    }

    /// The line of chunk c (of `count` lines and this item base) from line `from`, whose first
    /// item is `firstItem`, likely to hold item `stored` (both numbered as stored). Lines hold
    /// about as many items each: the line is guessed between `firstItem` and the next chunk's
    /// first item (a probe or two into the chunk's lines, not a binary search).
    @inline(__always)
    private func guessLine(holding stored: Int, in c: Int, count: Int, itemBase: Int, from: Int, firstItem: Int) -> Int {
        let next = c + 1 < chunks.count ? chunks.firstLine(c + 1).firstItem - itemBase : Int.max
        let span = next - firstItem
        return span > 0 && next < Int.max ? from + (stored - firstItem) * (count - from) / span : from
    }

    /// Asks the processor to fetch the lines that a search for `item` from `hint` and an edit
    /// there will read first, while other work goes on (after a full layout they are out of
    /// the caches): the chunk's first lines (an edit copies the chunk from its start; the
    /// processor streams the rest) and those around the line guessed. It reads the chunks'
    /// heads only. Returns the chunk's first line: a hint for that search.
    func prefetchLines(containing item: Int, from hint: Index) -> Index {
        guard hint.chunk < chunks.count, chunks.firstLine(hint.chunk).firstItem <= item else { return hint }
        let c = chunk(holding: item, from: hint.chunk), lines = chunks.lines(c), itemBase = chunks.itemBase(c)
        guard let base = lines.baseAddress else { return hint }
        let guess = guessLine(holding: item - itemBase, in: c, count: lines.count, itemBase: itemBase, from: 0,
                              firstItem: chunks.firstLine(c).firstItem - itemBase)
        let first = UnsafeRawPointer(base), around = UnsafeRawPointer(base + Swift.max(0, Swift.min(lines.count - 1, guess - 2)))
        cl_prefetch(first)
        cl_prefetch(first + 64)
        for k in 0..<4 { cl_prefetch(around + 64 * k) }
        return Index(chunk: c, line: 0)
    }

    /// The line with this key, if any.
    func index(of key: LineKey) -> Index? {
        guard let i = lastIndex(where: { line, _ in line.key <= key }), self[i].key == key else { return nil }
        return i
    }

    /// The first line that ends after `scroll` (line ends never decrease).
    func firstIndex(endingAfter scroll: Double) -> Index {
        guard let i = lastIndex(where: { line, base in base + line.start + line.thickness <= scroll }) else {
            return startIndex
        }
        return index(after: i)
    }

    /// A walk forward over the lines looking for keys (where a re-flow meets the old lines
    /// again): it holds the lines of the chunk it is in and their item base, so that a step reads
    /// a line, not a chunk's head and lines. (Read in place: the store it walks must stay as it
    /// is while it walks.)
    struct Seeker {
        private(set) var index: Index
        private var lines = UnsafeBufferPointer<Line>(start: nil, count: 0)
        private var itemBase = 0

        init(at index: Index, in store: LineStore) {
            self.index = index
            enter(store)
        }

        private mutating func enter(_ store: LineStore) {
            guard index.chunk < store.chunks.count else { return }
            (lines, itemBase) = (store.chunks.lines(index.chunk), store.chunks.itemBase(index.chunk))
        }

        /// Moves to the first line (from here on) whose key is not below `key`, and tells whether
        /// its key is `key` (false at the end, `index` then the end index).
        mutating func seek(_ key: LineKey, in store: LineStore) -> Bool {
            while index.chunk < store.chunks.count {
                // (The key in the chunk's own numbering: no item base added per line.)
                let stored = LineKey(item: key.item - itemBase, inline: key.inline)
                while index.line < lines.count {
                    let k = lines[index.line].key
                    if !(k < stored) { return k == stored }
                    index.line += 1
                }
                index = Index(chunk: index.chunk + 1, line: 0)
                enter(store)
            }
            return false
        }
    }

    /// The lines that cross the scroll range of `area`, each with its start and, for an item
    /// line, its items (`itemCount`: the section's, which ends the last line). (A sequence, not a
    /// closure per line: a caller's loop body reads its own values in place.)
    func lines(crossing area: AxisRect, itemCount: Int) -> Crossing {
        Crossing(store: self, at: firstIndex(endingAfter: area.scroll), scrollEnd: area.scrollEnd, itemCount: itemCount)
    }

    struct Crossing: Sequence, IteratorProtocol {
        fileprivate let store: LineStore
        fileprivate var at: Index
        fileprivate let scrollEnd: Double, itemCount: Int

        @inline(__always) mutating func next() -> (line: Line, start: Double, items: Range<Int>)? {
            guard at != store.endIndex else { return nil }
            let start = store.start(at)
            guard start < scrollEnd else { return nil }
            let line = store[at]
            at = store.index(after: at)
            let end = at == store.endIndex ? itemCount : store[at].firstItem
            return (line, start, line.firstItem..<Swift.max(line.firstItem, end))
        }
    }

    /// The bounding box of the item lines' cells; nil without items.
    func cellBounds(itemCount: Int) -> AxisRect? {
        guard itemCount > 0, let first = lineIndex(containing: 0), let last = lineIndex(containing: itemCount - 1) else { return nil }
        let (lo, hi) = itemBounds
        let top = start(first)
        return AxisRect(line: lo, scroll: top, lineExtent: hi - lo, scrollExtent: end(last) - top)
    }
}

// Debug only: what this structure promises, for the tests to check after every edit.
#if DEBUG
extension LineStore {
    /// The chunks' own promises, then the lines': in item order (keys increasing), starts
    /// never decreasing, ends never decreasing, and the folded bounds, when folded, those of all.
    func brokenInvariant() -> String? {
        if let problem = chunks.brokenInvariant() { return problem }
        var previous: (key: LineKey, start: Double, end: Double)?
        var i = startIndex
        while i != endIndex {
            let line = self[i], start = start(i), end = end(i)
            if let p = previous {
                if !(p.key < line.key) { return "line \(i): its key is not after the previous line's" }
                if start < p.start || end < p.end { return "line \(i): it starts or ends before the previous line" }
            }
            previous = (line.key, start, end)
            i = index(after: i)
        }
        if let folded = foldedBounds {
            let all = chunks.bounds
            if folded.low > all.low || folded.high < all.high { return "the folded bounds do not take in the chunks'" }
        }
        return nil
    }
}
#endif
