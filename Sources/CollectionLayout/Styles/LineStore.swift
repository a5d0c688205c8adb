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
        var array: [Line]
        var range: Range<Int>
        var low = Double.infinity
        var high = -Double.infinity
        /// Added to the `firstItem` of every line stored here.
        var itemBase = 0

        var lines: ArraySlice<Line> { array[range] }

        init(base: Double, array: [Line]) {
            (self.base, self.array, range) = (base, array, array.indices)
            (low, high) = LineStore.bounds(of: array)
        }

        init(base: Double, array: [Line], range: Range<Int>, low: Double, high: Double) {
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

    /// How many lines the chunks may hold before an edit splits them.
    private var splitLimit: Int { 2 * (chunks.count <= 1 ? Self.buildCapacity : Self.chunkCapacity) }

    private var chunks = LineChunks()
    /// The line-axis extent of all item lines (min origin, max end): the chunks' bounds folded,
    /// nil while changes that may shrink them are under way (folded once when they are done).
    private var foldedBounds: (low: Double, high: Double)? = (Double.infinity, -Double.infinity)

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
        guard let first = lines.baseAddress.map(UnsafeRawPointer.init) else { return hint }
        let guess = guessLine(holding: item - itemBase, in: c, count: lines.count, itemBase: itemBase, from: 0,
                              firstItem: chunks.firstLine(c).firstItem - itemBase)
        let around = UnsafeRawPointer(lines.baseAddress! + Swift.max(0, Swift.min(lines.count - 1, guess - 2)))
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

    // MARK: Building and changing

    /// Builds a store line by line, filling one array at a time (cheaper than appending to the
    /// last chunk of the store in place), and handing it to the store: one chunk for a short
    /// section, else cut into chunks that share it (all with the array's base).
    struct Builder {
        private var store = LineStore()
        private var current: [Line] = []
        private var base = 0.0
        /// The line-axis bounds of the current array's chunkCapacity-line pieces: those done,
        /// and the last one's as lines come.
        private var bounds: [(low: Double, high: Double)] = []
        private var low = Double.infinity, high = -Double.infinity
        /// At most this many lines are still to come: a small section reserves no more.
        private var remaining: Int

        init(atMost lines: Int) { remaining = lines }

        /// Appends a line whose `start` is absolute (relative to the body).
        @inline(__always)
        mutating func append(_ line: Line) {
            if current.isEmpty {
                current.reserveCapacity(Swift.max(1, Swift.min(LineStore.buildCapacity, remaining)))
                base = line.start
            }
            remaining -= 1
            var relative = line
            relative.start -= base
            current.append(relative)
            low = Swift.min(low, line.low)
            high = Swift.max(high, line.high)
            if current.count % LineStore.chunkCapacity == 0 {
                bounds.append((low, high))
                (low, high) = (Double.infinity, -Double.infinity)
                if current.count == LineStore.buildCapacity { flush() }
            }
        }

        private mutating func flush() {
            guard !current.isEmpty else { return }
            if current.count % LineStore.chunkCapacity != 0 { bounds.append((low, high)) }
            (low, high) = (Double.infinity, -Double.infinity)
            // The reservation counted every item as a line: give back what a short last array
            // did not use.
            let lines = current.capacity > 2 * current.count ? Array(current[...]) : current
            if store.chunks.count == 0 && lines.count < LineStore.buildCapacity {
                let folded = bounds.reduce((low: Double.infinity, high: -Double.infinity)) { (Swift.min($0.low, $1.low), Swift.max($0.high, $1.high)) }
                store.chunks.append(Chunk(base: base, array: lines, range: lines.indices, low: folded.low, high: folded.high))
            } else {
                for (k, piece) in bounds.enumerated() {
                    let range = (k * LineStore.chunkCapacity)..<Swift.min((k + 1) * LineStore.chunkCapacity, lines.count)
                    store.chunks.append(Chunk(base: base, array: lines, range: range, low: piece.low, high: piece.high))
                }
            }
            current = []
            bounds.removeAll(keepingCapacity: true)
        }

        consuming func finish() -> LineStore {
            flush()
            store.foldedBounds = nil
            store.foldBounds()
            return store
        }
    }

    /// Item lines take new thicknesses (`changes`, in line order; their items stay where they
    /// are along the line); the lines after each move by the difference. A chunk is written anew
    /// once for all its changes (other states and chunks may share its lines).
    mutating func setThicknesses(_ changes: [(line: Index, thickness: Double)]) {
        var k = 0
        while k < changes.count {
            let c = changes[k].line.chunk, head = chunks.head(c)
            var lines = Array(chunks.lines(c)), delta = 0.0
            lines.withUnsafeMutableBufferPointer { lines in
                for l in lines.indices {
                    lines[l].start += delta
                    if k < changes.count && changes[k].line == Index(chunk: c, line: l) {
                        delta += changes[k].thickness - lines[l].thickness
                        lines[l].thickness = changes[k].thickness
                        k += 1
                    }
                }
            }
            chunks.setLines(c, lines, low: head.low, high: head.high)
            chunks.shift(from: c + 1, by: delta, items: 0)
        }
    }

    /// Replaces the lines from `first` up to `resume` (exclusive; `endIndex` for all the rest)
    /// with `newLines` (absolute starts and items) and moves the lines from `resume` on by
    /// `delta` along the scroll axis and by `items` in item numbers.
    mutating func replace(from first: Index, upTo resume: Index, with newLines: [Line], shiftingRestBy delta: Double, items: Int = 0) {
        if resume != endIndex && resume.chunk == first.chunk
            && chunks.lineCount(first.chunk) - (resume.line - first.line) + newLines.count <= splitLimit {
            replaceInChunk(from: first, upTo: resume, with: newLines, shiftingRestBy: delta, items: items)
            return
        }
        if resume != endIndex && resume.chunk == first.chunk + 1 && first.line + newLines.count > 0
            && first.line + newLines.count <= splitLimit {
            replaceAcross(from: first, upTo: resume, with: newLines, shiftingRestBy: delta, items: items)
            return
        }
        let c0 = first.chunk
        if c0 == chunks.count {  // lines after the last (an empty store)
            chunks.append(Chunk(base: 0, array: []))
        }
        // The merged lines are stored relative to the first chunk's bases.
        let base = chunks[c0].base, itemBase = chunks[c0].itemBase
        var merged: [Line] = []
        let tailCount = resume == endIndex ? 0 : chunks[resume.chunk].lines.count - resume.line
        merged.reserveCapacity(first.line + newLines.count + tailCount)
        merged += chunks[c0].lines.prefix(first.line)
        for var line in newLines {
            line.start -= base
            line.firstItem -= itemBase
            merged.append(line)
        }
        var removeThrough = c0
        if resume != endIndex {
            let tailBase = chunks[resume.chunk].base + delta - base, tailItems = chunks[resume.chunk].itemBase + items - itemBase
            for var line in chunks[resume.chunk].lines.dropFirst(resume.line) {
                line.start += tailBase
                line.firstItem += tailItems
                merged.append(line)
            }
            removeThrough = resume.chunk
        } else {
            removeThrough = chunks.count - 1
        }
        chunks.shift(from: removeThrough + 1, by: delta, items: items)
        // Split what is merged into as many chunks as it replaces while they hold it (up to the
        // split limit each): a change of the chunk count stores all the later chunks again. Else
        // into chunks of the capacity. All keep the first chunk's bases and share `merged`.
        let replaced = removeThrough - c0 + 1, limit = splitLimit
        let count = merged.count <= limit * replaced ? Swift.min(replaced, merged.count)
            : (merged.count + Self.chunkCapacity - 1) / Self.chunkCapacity
        var pieces: [Chunk] = []
        pieces.reserveCapacity(count)
        for k in 0..<count {
            let range = (k * merged.count / count)..<((k + 1) * merged.count / count), bounds = Self.bounds(of: merged[range])
            var piece = Chunk(base: base, array: merged, range: range, low: bounds.low, high: bounds.high)
            piece.itemBase = itemBase
            pieces.append(piece)
        }
        var gone = (low: Double.infinity, high: -Double.infinity), come = gone
        for c in c0...removeThrough {
            let h = chunks.head(c)
            gone = (Swift.min(gone.low, h.low), Swift.max(gone.high, h.high))
        }
        for piece in pieces { come = (Swift.min(come.low, piece.low), Swift.max(come.high, piece.high)) }
        chunks.replaceSubrange(c0...removeThrough, with: pieces)
        noteBounds(losing: gone, gaining: come)
    }

    /// The store's bounds after lines spanning `gone` were replaced by lines spanning `come`:
    /// taken in, or left to be folded again when they may shrink.
    private mutating func noteBounds(losing gone: (low: Double, high: Double), gaining come: (low: Double, high: Double)) {
        if let bounds = foldedBounds, !boundsMayShrink(bounds, losing: gone, gaining: come) {
            foldedBounds = (Swift.min(bounds.low, come.low), Swift.max(bounds.high, come.high))
        } else {
            foldedBounds = nil
        }
    }

    /// The lines replaced end in the next chunk: the first chunk keeps its lines before them and
    /// takes the new ones (written anew), the next keeps its lines from `resume` on (a run of its
    /// array, not a copy: its bases move instead), and later chunks move by their bases.
    private mutating func replaceAcross(from first: Index, upTo resume: Index, with newLines: [Line],
                                       shiftingRestBy delta: Double, items: Int) {
        let c = first.chunk, head = chunks.head(c), old = chunks.lines(c)
        var gone = Self.bounds(of: old[first.line...])
        let lines = Self.rewritten(old, keeping: first.line, then: newLines, relativeTo: head)
        let folded = Self.bounds(of: lines)
        chunks.setLines(c, lines, low: folded.low, high: folded.high)
        var next = chunks[c + 1]
        let cut = Self.bounds(of: next.lines.prefix(resume.line))
        gone = (Swift.min(gone.low, cut.low), Swift.max(gone.high, cut.high))
        next.range = (next.range.lowerBound + resume.line)..<next.range.upperBound
        (next.base, next.itemBase) = (next.base + delta, next.itemBase + items)
        // (Folded again only if the lines cut off reached its bounds: the rest is not read.)
        if boundsMayShrink((next.low, next.high), losing: cut, gaining: (Double.infinity, -Double.infinity)) {
            (next.low, next.high) = Self.bounds(of: next.lines)
        }
        chunks[c + 1] = next
        chunks.shift(from: c + 2, by: delta, items: items)
        noteBounds(losing: gone, gaining: Self.bounds(of: newLines))
    }

    /// The common case (the lines replaced and those that meet them again in one chunk): the
    /// chunk's lines are written anew (the old ones may be another state's), the rest of it moved
    /// as it is copied, and later chunks by their bases.
    private mutating func replaceInChunk(from first: Index, upTo resume: Index, with newLines: [Line],
                                         shiftingRestBy delta: Double, items: Int) {
        let c = first.chunk, head = chunks.head(c), come = Self.bounds(of: newLines), old = chunks.lines(c)
        let gone = Self.bounds(of: old[first.line..<resume.line])
        var lines = Self.rewritten(old, keeping: first.line, then: newLines, relativeTo: head, reserving: old.count - resume.line)
        let tail = lines.count
        lines += UnsafeBufferPointer(rebasing: old[resume.line...])
        lines.withUnsafeMutableBufferPointer { lines in
            for l in tail..<lines.count {
                lines[l].start += delta
                lines[l].firstItem += items
            }
        }
        var bounds = (low: Swift.min(head.low, come.low), high: Swift.max(head.high, come.high))
        if boundsMayShrink((head.low, head.high), losing: gone, gaining: come) { bounds = Self.bounds(of: lines) }
        chunks.setLines(c, lines, low: bounds.low, high: bounds.high)
        chunks.shift(from: c + 1, by: delta, items: items)
        noteBounds(losing: gone, gaining: come)
    }

    /// A chunk's lines written anew: its `old` lines before `first`, then `newLines` (absolute)
    /// made relative to its bases, with room for `more` lines to come. (Reserved, then copied in
    /// blocks: the allocation of a reserved array is specialized to lines, unlike an uninitialized
    /// one's.)
    private static func rewritten(_ old: UnsafeBufferPointer<Line>, keeping first: Int, then newLines: [Line],
                                  relativeTo head: LineChunks.Head, reserving more: Int = 0) -> [Line] {
        var lines: [Line] = []
        lines.reserveCapacity(first + newLines.count + more)
        lines += UnsafeBufferPointer(rebasing: old[..<first])
        for var line in newLines {
            line.start -= head.base
            line.firstItem -= head.itemBase
            lines.append(line)
        }
        return lines
    }

    /// The line-axis bounds of `lines` folded (+inf, -inf for none).
    static func bounds<Lines: Sequence<Line>>(of lines: Lines) -> (low: Double, high: Double) {
        lines.reduce((Double.infinity, -Double.infinity)) { (Swift.min($0.0, $1.low), Swift.max($0.1, $1.high)) }
    }
}
