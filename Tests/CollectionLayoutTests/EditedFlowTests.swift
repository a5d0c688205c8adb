@testable import CollectionLayout
import Testing

/// A batch update that inserts, deletes or moves a few items of a long flow section lays out
/// only around them (FlowBody(editing:)): every frame must still equal a fresh layout of the new
/// sizes, however the lines meet again, after update upon update and after movement steps.
@Suite struct EditedFlowTests {
    static func randomSize(_ rng: inout SeededGenerator) -> Size {
        // Some items as wide as the line, some of no width: lines of every kind.
        switch Int.random(in: 0..<20, using: &rng) {
        case 0: Size(width: 400, height: 30)
        case 1: Size(width: 0, height: Double(Int.random(in: 0...40, using: &rng)))
        default: Size(width: Double(Int.random(in: 20...140, using: &rng)), height: Double(Int.random(in: 10...90, using: &rng)))
        }
    }

    static func expectSame(_ a: Layout, _ b: Layout, _ context: String) {
        // The edited layout's storage keeps its promises (Storage/, after every edit).
        #expect(a.brokenStorageInvariant() == nil, "\(context): \(a.brokenStorageInvariant() ?? "")")
        #expect(abs(a.contentSize.height - b.contentSize.height) < 1e-6 && abs(a.contentSize.width - b.contentSize.width) < 1e-6, "\(context): content")
        let everything = Rect(x: -10, y: -10, width: a.contentSize.width + 20, height: a.contentSize.height + 20)
        let x = a.elements(in: everything), y = b.elements(in: everything)
        let same = x.count == y.count && zip(x, y).allSatisfy { $0.id == $1.id && close($0.frame, $1.frame) }
        #expect(same, "\(context): \(x.count) vs \(y.count) elements")
        if !same, let k = x.indices.first(where: { $0 >= y.count || x[$0].id != y[$0].id || !close(x[$0].frame, y[$0].frame) }), k < y.count {
            Issue.record("\(context): first difference at \(k): \(x[k].id) \(x[k].frame) vs \(y[k].id) \(y[k].frame)")
        }
    }

    @Test(arguments: 0..<60)
    func updatesMatchAFreshLayout(seed: Int) throws {
        var rng = SeededGenerator(seed: UInt64(seed) &* 7919 &+ 17)
        var d = LayoutDefinition()
        d.direction = seed % 4 == 3 ? .horizontal : .vertical
        d.viewport = Rect(x: 0, y: 0, width: Double(Int.random(in: 200...500, using: &rng)), height: 400)
        d.kinds = ["separator"]
        let m = SectionMetrics.randomFlow(&rng)
        let n = Int.random(in: 2000...4000, using: &rng)
        var sizes = (0..<n).map { _ in Self.randomSize(&rng) }
        // A few inline elements on some scenes: they move with the items before which they stand.
        var inlines: [InlineElement] = []
        if seed % 3 == 0 {
            for before in Set((0..<4).map { _ in Int.random(in: 0...n, using: &rng) }).sorted() {
                inlines.append(InlineElement(kind: Kind.user(0), before: before, extent: 12))
            }
        }
        let source = ArraySource(sizes: [sizes, (0..<5).map { _ in Self.randomSize(&rng) }], metrics: [m, m], inlines: [inlines, []])
        let layout = try Layout(definition: d, dataSource: source)
        for round in 0..<4 {
            var u = BatchUpdate()
            let count = sizes.count
            switch Int.random(in: 0..<4, using: &rng) {
            case 0:  // inserts
                let places = Set((0..<Int.random(in: 1...4, using: &rng)).map { _ in Int.random(in: 0...count, using: &rng) }).sorted()
                for (k, p) in places.enumerated() { sizes.insert(Self.randomSize(&rng), at: p + k) }
                u.insertItems = places.enumerated().map { ItemPath(0, $0.element + $0.offset) }
            case 1:  // deletes, some next to each other
                var gone = Set<Int>()
                for _ in 0..<Int.random(in: 1...4, using: &rng) {
                    let p = Int.random(in: 0..<(count - 8), using: &rng)
                    for q in p..<(p + Int.random(in: 1...5, using: &rng)) { gone.insert(q) }
                }
                u.deleteItems = gone.sorted().map { ItemPath(0, $0) }
                for p in gone.sorted(by: >) { sizes.remove(at: p) }
            case 2:  // a move, near or far
                let from = Int.random(in: 0..<count, using: &rng)
                let to = Bool.random(using: &rng) ? Int.random(in: 0..<count, using: &rng) : Swift.min(count - 1, Swift.max(0, from + Int.random(in: -6...6, using: &rng)))
                guard from != to else { continue }
                let size = sizes.remove(at: from)
                sizes.insert(size, at: to)
                u.moveItems = [Move(ItemPath(0, from), ItemPath(0, to))]
            default:  // a delete and an insert apart, and an insert at the very end
                let p = Int.random(in: 0..<(count / 2), using: &rng), q = Int.random(in: (count / 2 + 1)...count, using: &rng)
                u.deleteItems = [ItemPath(0, p)]
                u.insertItems = [ItemPath(0, q - 1), ItemPath(0, count)]
                sizes.remove(at: p)
                sizes.insert(Self.randomSize(&rng), at: q - 1)
                sizes.insert(Self.randomSize(&rng), at: count)
            }
            // Inline elements keep their places among the items that stay.
            let map = try UpdateMap(u, old: [count, 5], new: [sizes.count, 5])
            var placed: [InlineElement] = []
            for var e in inlines {
                if e.before == count { e.before = sizes.count } else if let to = map.newItem(ItemPath(0, e.before)) { e.before = to.item } else { continue }
                if !placed.contains(where: { $0.before == e.before }) { placed.append(e) }
            }
            inlines = placed.sorted { $0.before < $1.before }
            source.sizes[0] = sizes
            source.inlines[0] = inlines
            try layout.performBatchUpdate(u, viewport: d.viewport)
            let fresh = try Layout(definition: d, dataSource: ArraySource(sizes: source.sizes, metrics: [m, m], inlines: [inlines, []]))
            Self.expectSame(layout, fresh, "seed \(seed) round \(round)")
        }
    }
}

extension EditedFlowTests {
    /// Many changes spread over a long section in one update (the bench's scattered update, made
    /// small): the edit crosses many 64-line chunks, splits and merges them, and writes the
    /// chunks it touches anew; the frames after each update and after its inverse must be a fresh
    /// layout's.
    @Test(arguments: 0..<12)
    func scatteredChangesMatchAFreshLayout(seed: Int) throws {
        var rng = SeededGenerator(seed: UInt64(seed) &* 104_729 &+ 3)
        var d = LayoutDefinition()
        d.viewport = Rect(x: 0, y: 0, width: Double(Int.random(in: 250...450, using: &rng)), height: 600)
        let m = SectionMetrics.randomFlow(&rng)
        let n = Int.random(in: 12_000...20_000, using: &rng)
        var sizes = (0..<n).map { _ in Self.randomSize(&rng) }
        let source = ArraySource(sizes: [sizes], metrics: [m])
        let layout = try Layout(definition: d, dataSource: source)
        func fresh() throws -> Layout { try Layout(definition: d, dataSource: ArraySource(sizes: [sizes], metrics: [m])) }
        for round in 0..<3 {
            // Deletes and inserts spread evenly, one of each per stretch of the section.
            let stretches = Int.random(in: 8...20, using: &rng), step = sizes.count / stretches  // (few enough to be edited, not laid out whole)
            var gone: [Int] = [], come: [Int] = []
            for k in 0..<stretches {
                gone.append(k * step + Int.random(in: 0..<(step / 2), using: &rng))
                come.append(k * step + step / 2 + Int.random(in: 0..<(step / 2), using: &rng))
            }
            let old = sizes
            var after: [Size] = [], g = 0
            for (i, size) in old.enumerated() {
                if g < gone.count && gone[g] == i { g += 1; continue }
                after.append(size)
            }
            // `come` are places in the new list, taken in order (past the end: at the end).
            var placed: [Int] = []
            for p in come {
                placed.append(Swift.min(p, after.count))
                after.insert(Self.randomSize(&rng), at: placed[placed.count - 1])
            }
            var u = BatchUpdate()
            u.deleteItems = gone.map { ItemPath(0, $0) }
            u.insertItems = placed.map { ItemPath(0, $0) }
            sizes = after
            source.sizes[0] = sizes
            try layout.performBatchUpdate(u, viewport: d.viewport)
            Self.expectSame(layout, try fresh(), "seed \(seed) round \(round)")
            // The inverse update restores the old list.
            var back = BatchUpdate()
            back.deleteItems = u.insertItems
            back.insertItems = u.deleteItems
            sizes = old
            source.sizes[0] = sizes
            try layout.performBatchUpdate(back, viewport: d.viewport)
            Self.expectSame(layout, try fresh(), "seed \(seed) round \(round), inverse")
            // Then a new list for the next round.
            sizes = after
            source.sizes[0] = sizes
            try layout.performBatchUpdate(u, viewport: d.viewport)
        }
    }

    /// Equal items, then one of another width inserted or moved: every later line break moves by
    /// one item and the lines never meet the old ones; the edit gives up and lays out the whole
    /// section, and the frames are still a fresh layout's.
    @Test func equalItemsWithAnOddOneMatchAFreshLayout() throws {
        var d = LayoutDefinition()
        d.viewport = Rect(x: 0, y: 0, width: 390, height: 844)
        let n = 20_000
        var sizes = Array(repeating: Size(width: 50, height: 50), count: n)
        let source = ArraySource(sizes: [sizes])
        let layout = try Layout(definition: d, dataSource: source)
        sizes.insert(Size(width: 120, height: 30), at: n / 2)
        source.sizes[0] = sizes
        var u = BatchUpdate()
        u.insertItems = [ItemPath(0, n / 2)]
        try layout.performBatchUpdate(u, viewport: d.viewport)
        Self.expectSame(layout, try Layout(definition: d, dataSource: ArraySource(sizes: source.sizes)), "odd insert")
        sizes.insert(sizes.remove(at: n / 2), at: 7)
        source.sizes[0] = sizes
        u = BatchUpdate()
        u.moveItems = [Move(ItemPath(0, n / 2), ItemPath(0, 7))]
        try layout.performBatchUpdate(u, viewport: d.viewport)
        Self.expectSame(layout, try Layout(definition: d, dataSource: ArraySource(sizes: source.sizes)), "odd move")
    }
}
