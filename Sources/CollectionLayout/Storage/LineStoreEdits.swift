/// Building a `LineStore` and changing it: what a layout and an edit write (the store and its
/// reads are in LineStore.swift).
extension LineStore {
    /// How many lines the chunks may hold before an edit splits them.
    private var splitLimit: Int { 2 * (chunks.count <= 1 ? Self.buildCapacity : Self.chunkCapacity) }

    /// Builds a store line by line, filling one array at a time (cheaper than appending to the
    /// last chunk of the store in place), and handing it to the store: one chunk for a short
    /// section, else cut into chunks that share it (all with the array's base).
    struct Builder {
        private var store = LineStore()
        /// The array being filled (nil between arrays) and how many lines it holds: the count
        /// lives here while lines come, so an append writes no field of the array's object.
        private var current: LineArray?
        private var filled = 0
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
            if current == nil {
                current = LineArray(capacity: Swift.min(LineStore.buildCapacity, remaining))
                base = line.start
            }
            remaining -= 1
            var relative = line
            relative.start -= base
            current!.append(relative)
            filled += 1
            low = Swift.min(low, line.low)
            high = Swift.max(high, line.high)
            if filled % LineStore.chunkCapacity == 0 {
                bounds.append((low, high))
                (low, high) = (Double.infinity, -Double.infinity)
                if filled == LineStore.buildCapacity { flush() }
            }
        }

        private mutating func flush() {
            guard let array = current else { return }
            if filled % LineStore.chunkCapacity != 0 { bounds.append((low, high)) }
            (low, high) = (Double.infinity, -Double.infinity)
            // The reservation counted every item as a line: give back what a short last array
            // did not use.
            let lines = array.trimmed()
            if store.chunks.count == 0 && filled < LineStore.buildCapacity {
                let folded = bounds.reduce((low: Double.infinity, high: -Double.infinity)) { (Swift.min($0.low, $1.low), Swift.max($0.high, $1.high)) }
                store.chunks.append(Chunk(base: base, array: lines, range: 0..<filled, low: folded.low, high: folded.high))
            } else {
                for (k, piece) in bounds.enumerated() {
                    let range = (k * LineStore.chunkCapacity)..<Swift.min((k + 1) * LineStore.chunkCapacity, filled)
                    store.chunks.append(Chunk(base: base, array: lines, range: range, low: piece.low, high: piece.high))
                }
            }
            (current, filled) = (nil, 0)
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
            let array = LineArray(chunks.lines(c)), lines = array.mutableLines(0..<array.count)
            var delta = 0.0
            for l in lines.indices {
                lines[l].start += delta
                if k < changes.count && changes[k].line == Index(chunk: c, line: l) {
                    delta += changes[k].thickness - lines[l].thickness
                    lines[l].thickness = changes[k].thickness
                    k += 1
                }
            }
            chunks.setLines(c, array, low: head.low, high: head.high)
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
            chunks.append(Chunk(base: 0, array: LineArray(capacity: 0)))
        }
        // The merged lines are stored relative to the first chunk's bases.
        let base = chunks[c0].base, itemBase = chunks[c0].itemBase
        let tailCount = resume == endIndex ? 0 : chunks[resume.chunk].lines.count - resume.line
        let merged = LineArray(UnsafeBufferPointer(rebasing: chunks[c0].lines.prefix(first.line)),
                               reserving: newLines.count + tailCount)
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
            let range = (k * merged.count / count)..<((k + 1) * merged.count / count), bounds = Self.bounds(of: merged.lines(range))
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
        let folded = Self.bounds(of: lines.buffer)
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
        let lines = Self.rewritten(old, keeping: first.line, then: newLines, relativeTo: head, reserving: old.count - resume.line)
        let tail = lines.count
        lines.append(contentsOf: UnsafeBufferPointer(rebasing: old[resume.line...]))
        let moved = lines.mutableLines(tail..<lines.count)
        for l in moved.indices {
            moved[l].start += delta
            moved[l].firstItem += items
        }
        var bounds = (low: Swift.min(head.low, come.low), high: Swift.max(head.high, come.high))
        if boundsMayShrink((head.low, head.high), losing: gone, gaining: come) { bounds = Self.bounds(of: lines.buffer) }
        chunks.setLines(c, lines, low: bounds.low, high: bounds.high)
        chunks.shift(from: c + 1, by: delta, items: items)
        noteBounds(losing: gone, gaining: come)
    }

    /// A chunk's lines written anew: its `old` lines before `first`, then `newLines` (absolute)
    /// made relative to its bases, with room for `more` lines to come.
    private static func rewritten(_ old: UnsafeBufferPointer<Line>, keeping first: Int, then newLines: [Line],
                                  relativeTo head: LineChunks.Head, reserving more: Int = 0) -> LineArray {
        let lines = LineArray(UnsafeBufferPointer(rebasing: old[..<first]), reserving: newLines.count + more)
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
