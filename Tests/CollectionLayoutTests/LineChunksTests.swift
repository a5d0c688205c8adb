@testable import CollectionLayout
import Testing

/// `LineChunks` keeps the move of the chunks after an edit pending and writes it into each chunk
/// when an edit passes it: every head must read as if each move had been written at once.
@Suite struct LineChunksTests {
    static func chunk(base: Double, itemBase: Int, lines: Int) -> LineStore.Chunk {
        var chunk = LineStore.Chunk(base: base, lines: (0..<lines).map { Line(start: Double($0), thickness: 1, firstItem: $0, inlineIndex: 0, isInline: false) })
        chunk.itemBase = itemBase
        return chunk
    }

    @Test(arguments: 0..<30)
    func pendingMovesReadAsWritten(seed: Int) {
        var rng = SeededGenerator(seed: UInt64(seed) &+ 11)
        var chunks = LineChunks()
        // The reference: every head written at once.
        var bases: [Double] = [], items: [Int] = []
        for c in 0..<Int.random(in: 1...80, using: &rng) {
            chunks.append(Self.chunk(base: Double(c * 100), itemBase: c * 10, lines: 3))
            bases.append(Double(c * 100))
            items.append(c * 10)
        }
        for step in 0..<200 {
            let c = Int.random(in: 0..<bases.count, using: &rng)
            switch Int.random(in: 0..<6, using: &rng) {
            case 0, 1, 2:  // a move of the chunks from c on (edits mostly in order, some behind)
                let delta = Double(Int.random(in: -50...50, using: &rng)), n = Int.random(in: -3...3, using: &rng)
                chunks.shift(from: c, by: delta, items: n)
                for k in c..<bases.count { bases[k] += delta; items[k] += n }
            case 3:  // a chunk written again
                let replaced = Self.chunk(base: bases[c] + 1, itemBase: items[c] + 1, lines: 2)
                chunks[c] = replaced
                (bases[c], items[c]) = (replaced.base, replaced.itemBase)
            case 4:  // a chunk split in two
                chunks.replaceSubrange(c...c, with: [Self.chunk(base: bases[c], itemBase: items[c], lines: 1),
                                                     Self.chunk(base: bases[c] + 0.5, itemBase: items[c], lines: 1)])
                bases.insert(bases[c] + 0.5, at: c + 1)
                items.insert(items[c], at: c + 1)
            default:  // a chunk at the end
                chunks.append(Self.chunk(base: 1e4 + Double(step), itemBase: 7, lines: 1))
                bases.append(1e4 + Double(step))
                items.append(7)
            }
            let copy = chunks  // a copy reads the same (the pending move is part of the value)
            for k in bases.indices {
                #expect(abs(copy.head(k).base - bases[k]) < 1e-9 && copy.head(k).itemBase == items[k], "seed \(seed) step \(step) chunk \(k)")
            }
        }
    }
}
