@testable import CollectionLayout
import Testing

/// `LineChunks` keeps the move of the chunks after an edit pending and writes it into each chunk
/// when an edit passes it: every head must read as if each move had been written at once. Its
/// pages fold their chunks' line-axis bounds as chunks change: the store's bounds must be the
/// fold of every chunk's.
@Suite struct LineChunksTests {
    /// A chunk of `lines` lines, each `tag` thick (what tells chunks' lines apart).
    static func chunk(base: Double, itemBase: Int, lines: Int, bounds: (low: Double, high: Double) = (0, 1), tag: Double = 1) -> LineStore.Chunk {
        var chunk = LineStore.Chunk(base: base, array: LineArray((0..<lines).map {
            Line(start: Double($0), thickness: tag, firstItem: $0, inlineIndex: 0, isInline: false, low: bounds.low, high: bounds.high)
        }))
        chunk.itemBase = itemBase
        return chunk
    }

    @Test(arguments: 0..<30)
    func pendingMovesReadAsWritten(seed: Int) {
        var rng = SeededGenerator(seed: UInt64(seed) &+ 11)
        var chunks = LineChunks()
        // The reference: every head written at once, and each chunk's lines (their tag).
        var bases: [Double] = [], items: [Int] = [], bounds: [(low: Double, high: Double)] = [], tags: [Double] = []
        func randomBounds() -> (low: Double, high: Double) {
            let low = Double(Int.random(in: 0...100, using: &rng))
            return (low, low + Double(Int.random(in: 0...100, using: &rng)))
        }
        for c in 0..<Int.random(in: 1...300, using: &rng) {
            let b = randomBounds()
            chunks.append(Self.chunk(base: Double(c * 100), itemBase: c * 10, lines: 3, bounds: b))
            bases.append(Double(c * 100))
            items.append(c * 10)
            bounds.append(b)
            tags.append(1)
        }
        for step in 0..<200 {
            let c = Int.random(in: 0..<bases.count, using: &rng)
            switch Int.random(in: 0..<6, using: &rng) {
            case 0, 1, 2:  // a move of the chunks from c on (edits mostly in order, some behind)
                let delta = Double(Int.random(in: -50...50, using: &rng)), n = Int.random(in: -3...3, using: &rng)
                chunks.shift(from: c, by: delta, items: n)
                for k in c..<bases.count { bases[k] += delta; items[k] += n }
            case 3:  // a chunk written again (its bounds may shrink)
                let b = randomBounds()
                let replaced = Self.chunk(base: bases[c] + 1, itemBase: items[c] + 1, lines: 2, bounds: b, tag: Double(step + 2))
                chunks[c] = replaced
                (bases[c], items[c], bounds[c], tags[c]) = (replaced.base, replaced.itemBase, b, Double(step + 2))
            case 4:  // a chunk split in two
                chunks.replaceSubrange(c...c, with: [Self.chunk(base: bases[c], itemBase: items[c], lines: 1, bounds: bounds[c]),
                                                     Self.chunk(base: bases[c] + 0.5, itemBase: items[c], lines: 1, bounds: bounds[c])])
                bases.insert(bases[c] + 0.5, at: c + 1)
                items.insert(items[c], at: c + 1)
                bounds.insert(bounds[c], at: c + 1)
                tags[c] = 1
                tags.insert(1, at: c + 1)
            default:  // a chunk at the end
                let b = randomBounds()
                chunks.append(Self.chunk(base: 1e4 + Double(step), itemBase: 7, lines: 1, bounds: b))
                bases.append(1e4 + Double(step))
                items.append(7)
                bounds.append(b)
                tags.append(1)
            }
            let copy = chunks  // a copy reads the same (the pending move is part of the value)
            for k in bases.indices {
                #expect(abs(copy.head(k).base - bases[k]) < 1e-9 && copy.head(k).itemBase == items[k], "seed \(seed) step \(step) chunk \(k)")
                #expect(copy.line(k, 0).thickness == tags[k], "seed \(seed) step \(step) chunk \(k): its lines")
            }
            let folded = bounds.reduce((low: Double.infinity, high: -Double.infinity)) { (min($0.low, $1.low), max($0.high, $1.high)) }
            #expect(copy.bounds == folded, "seed \(seed) step \(step): bounds")
        }
    }

    /// A page holds each array its chunks' lines are in once, and drops those no chunk reads
    /// any more as chunks are written again: what copying the pages retains stays bounded by the
    /// chunks, however many edits came before, and every chunk still reads its own lines.
    @Test(arguments: 0..<10)
    func arraysNoChunkReadsAreDropped(seed: Int) {
        var rng = SeededGenerator(seed: UInt64(seed) &+ 43)
        var chunks = LineChunks(), tags: [Double] = []
        // As a layout builds them: chunks cut from arrays of 8 chunks' lines.
        for a in 0..<Int.random(in: 1...40, using: &rng) {
            let array = LineArray((0..<16).map { Line(start: Double($0), thickness: Double(a), firstItem: $0, inlineIndex: 0, isInline: false) })
            for k in 0..<8 {
                var chunk = LineStore.Chunk(base: 0, array: array, range: (2 * k)..<(2 * k + 2), low: 0, high: 1)
                chunk.itemBase = 0
                chunks.append(chunk)
                tags.append(Double(a))
            }
        }
        let pages = (chunks.count - 1 + LineChunks.pageSize - 1) / LineChunks.pageSize
        for step in 0..<1000 {
            let c = Int.random(in: 0..<chunks.count, using: &rng)
            chunks[c] = Self.chunk(base: 0, itemBase: 0, lines: 2, tag: Double(1000 + step))
            tags[c] = Double(1000 + step)
            #expect(chunks.heldArrays <= chunks.count + 16 * pages, "seed \(seed) step \(step): \(chunks.heldArrays) arrays held")
        }
        for c in tags.indices { #expect(chunks.line(c, 1).thickness == tags[c], "seed \(seed) chunk \(c)") }
    }

    /// The search over the chunks reads the pages' lead heads, then one page's heads: it finds
    /// the chunk a scan of every head finds, with moves pending and heads written again.
    @Test(arguments: 0..<20)
    func theSearchOverPagesFindsTheChunkOfAScan(seed: Int) {
        var rng = SeededGenerator(seed: UInt64(seed) &+ 29)
        var chunks = LineChunks()
        var bases: [Double] = []
        for c in 0..<Int.random(in: 1...400, using: &rng) {
            chunks.append(Self.chunk(base: Double(c * 10), itemBase: c, lines: 2))
            bases.append(Double(c * 10))
        }
        for step in 0..<100 {
            let c = Int.random(in: 0..<bases.count, using: &rng)
            if Bool.random(using: &rng) {  // a move of the chunks from c on (bases stay in order)
                let delta = Double(Int.random(in: 0...30, using: &rng))
                chunks.shift(from: c, by: delta, items: 0)
                for k in c..<bases.count { bases[k] += delta }
            } else {  // chunk c written again, between its neighbours
                let low = c > 0 ? bases[c - 1] : bases[c] - 5, high = c + 1 < bases.count ? bases[c + 1] : bases[c] + 5
                bases[c] = (low + high) / 2
                chunks[c] = Self.chunk(base: bases[c], itemBase: c, lines: 2)
            }
            for _ in 0..<5 {
                let x = Double.random(in: (bases[0] - 20)...(bases[bases.count - 1] + 20), using: &rng)
                let expected = (bases.lastIndex { $0 <= x }) ?? -1
                #expect(chunks.lastChunk { _, base in base <= x } == expected, "seed \(seed) step \(step) x \(x)")
            }
        }
    }
}

/// Searches that start from a hint (edits taken in order), and the prefetch ahead of them, find
/// what a search from scratch finds, whatever the hint; and a column of many pieces reads its values across pieces as one array.
@Suite struct SearchFromHintTests {
    @Test(arguments: 0..<20)
    func aHintedLineSearchFindsTheLineOfAFreshSearch(seed: Int) {
        var rng = SeededGenerator(seed: UInt64(seed) &+ 101)
        var builder = LineStore.Builder(atMost: 2000)
        var item = 0, start = 0.0
        for _ in 0..<Int.random(in: 1...1500, using: &rng) {
            builder.append(Line(start: start, thickness: 10, firstItem: item, inlineIndex: 0, isInline: false, low: 0, high: 100))
            item += Int.random(in: 1...4, using: &rng)
            start += 12
        }
        let lines = builder.finish()
        var hints: [LineStore.Index] = [lines.startIndex]
        var i = lines.startIndex
        while i != lines.endIndex { hints.append(i); i = lines.index(after: i) }
        for _ in 0..<300 {
            let target = Int.random(in: 0..<(item + 3), using: &rng), hint = hints.randomElement(using: &rng)!
            let fresh = lines.lineIndex(containing: target)
            #expect(lines.lineIndex(containing: target, from: hint) == fresh, "seed \(seed) item \(target) hint \(hint)")
            // A prefetch ahead of that search finds the line's chunk from the same hint (when the
            // hint's chunk starts at or before the item), and hands it on as a hint.
            let ahead = lines.prefetchLines(containing: target, from: hint), chunkStart = LineStore.Index(chunk: hint.chunk, line: 0)
            let expected = lines[chunkStart].firstItem <= target ? LineStore.Index(chunk: fresh!.chunk, line: 0) : hint
            #expect(ahead == expected && lines.lineIndex(containing: target, from: ahead) == fresh, "seed \(seed) item \(target) hint \(hint)")
        }
    }

    /// A search from a guess, good or bad (inside the range or not), finds what a binary search
    /// finds.
    @Test(arguments: 0..<20)
    func aSearchAroundAGuessFindsTheSplitOfABinarySearch(seed: Int) {
        var rng = SeededGenerator(seed: UInt64(seed) &+ 31)
        for _ in 0..<200 {
            let lower = Int.random(in: 0...5, using: &rng), upper = lower + Int.random(in: 0...70, using: &rng)
            let split = Int.random(in: lower...upper, using: &rng), guess = Int.random(in: (lower - 3)...(upper + 3), using: &rng)
            var probes = 0
            let found = partition(lower..<upper, around: guess) { probes += 1; return $0 < split }
            #expect(found == split && found == partition(lower..<upper) { $0 < split }, "seed \(seed) \(lower)..<\(upper) split \(split) guess \(guess)")
            // A guess at the split costs a probe or two, not a search of the range.
            if guess == split && split < upper { #expect(probes <= 3, "seed \(seed): \(probes) probes") }
        }
    }

    @Test(arguments: 0..<20)
    func aColumnOfPiecesReadsAsOneArray(seed: Int) {
        var rng = SeededGenerator(seed: UInt64(seed) &+ 7)
        var column = Column<Int>(), values: [Int] = []
        for _ in 0..<Int.random(in: 1...40, using: &rng) {
            let piece = (0..<Int.random(in: 0...20, using: &rng)).map { _ in Int.random(in: 0...1000, using: &rng) }
            column.append(contentsOf: piece)
            values += piece
        }
        // The piece hint: kept from read to read (forward reads gallop from it, backward ones
        // search all), and now and then any number, even past the last piece.
        var hint = 0
        for _ in 0..<100 {
            let a = Int.random(in: 0...values.count, using: &rng), b = Int.random(in: a...values.count, using: &rng)
            if Int.random(in: 0..<4, using: &rng) == 0 { hint = Int.random(in: 0...50, using: &rng) }
            // (Copied into a buffer between two values that must stay.)
            var read = [Int](repeating: -1, count: b - a + 2)
            read.withUnsafeMutableBufferPointer { column.copy(a..<b, into: UnsafeMutableBufferPointer(rebasing: $0[1..<(b - a + 1)]), hint: &hint) }
            #expect(read == [-1] + values[a..<b] + [-1] && Array(column.slice(a..<b)) == Array(values[a..<b]), "seed \(seed) \(a)..<\(b)")
        }
    }

    /// The invariant checks the tests run after every edit find a broken store: a chunk whose
    /// bounds leave out one of its lines, and lines out of order.
    @Test func invariantChecksFindABrokenStore() {
        var chunks = LineChunks()
        chunks.append(LineChunksTests.chunk(base: 0, itemBase: 0, lines: 4, bounds: (0, 10)))
        #expect(chunks.brokenInvariant() == nil)
        var narrow = LineChunksTests.chunk(base: 400, itemBase: 4, lines: 4, bounds: (0, 10))
        (narrow.low, narrow.high) = (2, 5)
        chunks.append(narrow)
        #expect(chunks.brokenInvariant()?.contains("outside the head's bounds") == true)

        var store = LineStore()
        store.chunks.append(LineChunksTests.chunk(base: 0, itemBase: 0, lines: 4))
        store.foldedBounds = nil
        store.foldBounds()
        #expect(store.brokenInvariant() == nil)
        store.chunks.append(LineChunksTests.chunk(base: 0, itemBase: 2, lines: 4))  // items 2... again, lines start over
        #expect(store.brokenInvariant() != nil)
        var column = Column([1.0, 2.0])
        column.append(contentsOf: [3.0])
        #expect(column.brokenInvariant() == nil)
    }
}
