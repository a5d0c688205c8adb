import CollectionLayout
import Testing

/// Badges (SPEC §17.1): the frame formula and its worked examples, rect queries against every
/// badge looked up by identity, zero-area badges, badges following their cells through updates,
/// movement and invalidation, and bad input keeping the last good layout.
@Suite struct BadgeTests {
    static let count = BadgeDefinition(anchor: [.top, .trailing], offset: (0.5, -0.5), fractional: true, size: Size(width: 20, height: 20))
    static let dot = BadgeDefinition(anchor: [.bottom, .leading], badgeAnchor: [.top, .trailing], offset: (2, 0),
                                     size: Size(width: 8, height: 8), z: 2)

    /// Sections of 2 columns of 150x100 in 320 (rows 10 apart, headers of 30), the kinds
    /// `count` and `dot` registered, then the badges loaded by a full invalidation.
    private func layout(items: [Int] = [4, 4], badges: (Kind, Kind) -> [Int: [ItemBadge]],
                        direction: ScrollDirection = .vertical) throws -> (Layout, ArraySource, Kind, Kind) {
        var def = LayoutDefinition()
        def.direction = direction
        def.viewport = Rect(x: 0, y: 0, width: 320, height: 600)
        def.itemSize = Size(width: 150, height: 100)
        def.sectionDefaults.interitemSpacing = 20
        def.sectionDefaults.header = 30
        let source = ArraySource(sizes: items.map { Array(repeating: Size(width: 150, height: 100), count: $0) })
        let l = try Layout(definition: def, dataSource: source)
        let count = try l.addBadge("count", Self.count), dot = try l.addBadge("dot", Self.dot)
        source.badges = badges(count, dot)
        try l.invalidateAll()
        return (l, source, count, dot)
    }

    private func vectorLayout() throws -> (Layout, ArraySource, Kind, Kind) {
        try layout { count, dot in
            [0: [ItemBadge(item: 1, kind: count), ItemBadge(item: 2, kind: dot)],
             1: [ItemBadge(item: 0, kind: count, size: Size(width: 30, height: 20))]]
        }
    }

    private func badge(_ l: Layout, _ kind: Kind, _ s: Int, _ i: Int) throws -> Attributes {
        try l.attributes(for: ElementID(.supplementary, kind, section: s, item: i))
    }

    @Test func theVectorsBadgeFrames() throws {
        let (l, _, count, dot) = try vectorLayout()
        #expect(try l.attributes(for: .cell(0, 1)).frame == Rect(x: 170, y: 30, width: 150, height: 100))
        #expect(try badge(l, count, 0, 1) == Attributes(id: ElementID(.supplementary, count, section: 0, item: 1),
                                                         frame: Rect(x: 310, y: 20, width: 20, height: 20), z: 1))
        #expect(try badge(l, dot, 0, 2).frame == Rect(x: -6, y: 240, width: 8, height: 8))
        #expect(try badge(l, dot, 0, 2).z == 2)
        // An item's own size: the anchor point stays the cell's corner.
        #expect(try badge(l, count, 1, 0).frame == Rect(x: 135, y: 260, width: 30, height: 20))
        // Badges change no other frame and not the content size.
        #expect(l.contentSize == Size(width: 320, height: 480))
        #expect(throws: LayoutError.self) { try badge(l, dot, 0, 1) }
        #expect(throws: LayoutError.self) { try badge(l, count, 0, 4) }
    }

    @Test func theSpecsExampleAndEveryAnchor() throws {
        // SPEC §17.1: a 20x20 badge [top, trailing], fractional (0.5, -0.5), on (100, 100, 50, 50).
        var def = LayoutDefinition()
        def.viewport = Rect(x: 0, y: 0, width: 250, height: 400)
        def.itemSize = Size(width: 50, height: 50)
        def.sectionDefaults.insets = Insets(top: 100, left: 100, bottom: 0, right: 100)
        let source = ArraySource(sizes: [[Size(width: 50, height: 50)]])
        let l = try Layout(definition: def, dataSource: source)
        #expect(try l.attributes(for: .cell(0, 0)).frame == Rect(x: 100, y: 100, width: 50, height: 50))
        var kinds: [(Kind, Edges)] = []
        kinds.append((try l.addBadge("example", Self.count), [.top, .trailing]))
        // Centred badges at each of the nine anchors (badge anchor: the centre).
        let anchors: [Edges] = [[], [.top], [.bottom], [.leading], [.trailing], [.top, .leading], [.top, .trailing], [.bottom, .leading], [.bottom, .trailing]]
        for (k, a) in anchors.enumerated() {
            kinds.append((try l.addBadge("a\(k)", BadgeDefinition(anchor: a, badgeAnchor: [], size: Size(width: 10, height: 4))), a))
        }
        source.badges = [0: kinds.map { ItemBadge(item: 0, kind: $0.0) }]
        try l.invalidateAll()
        #expect(try badge(l, kinds[0].0, 0, 0).frame == Rect(x: 140, y: 90, width: 20, height: 20))
        for (kind, a) in kinds.dropFirst() {
            let x = a.contains(.leading) ? 100.0 : a.contains(.trailing) ? 150 : 125
            let y = a.contains(.top) ? 100.0 : a.contains(.bottom) ? 150 : 125
            #expect(try badge(l, kind, 0, 0).frame == Rect(x: x - 5, y: y - 2, width: 10, height: 4), "\(a)")
        }
    }

    /// Every badge whose frame overlaps a rect with a positive area, and nothing else, whatever
    /// the anchors, offsets and own sizes (badges far outside their cells among them).
    @Test func rectQueriesFindExactlyTheBadgesThatOverlap() throws {
        var rng = SeededGenerator(seed: 17)
        for direction in [ScrollDirection.vertical, .horizontal] {
            let (l, source, count, dot) = try layout(items: [30, 0, 25], badges: { _, _ in [:] }, direction: direction)
            let far = try l.addBadge("far", BadgeDefinition(anchor: [.leading], badgeAnchor: [.bottom], offset: (-200, 90), size: Size(width: 5, height: 5)))
            let flat = try l.addBadge("flat", BadgeDefinition(size: Size(width: 0, height: 12)))
            let kinds = [count, dot, far, flat]
            var all: [ElementID] = []
            source.badges = [:]
            for s in [0, 2] {
                for i in 0..<source.sizes[s].count {
                    for kind in kinds where Int.random(in: 0..<3, using: &rng) == 0 {
                        let own = Int.random(in: 0..<3, using: &rng) == 0 ? Size(width: Double.random(in: 0...80, using: &rng), height: 30) : nil
                        source.badges[s, default: []].insert(ItemBadge(item: i, kind: kind, size: own), at: 0)
                        all.append(ElementID(.supplementary, kind, section: s, item: i))
                    }
                }
            }
            // Section 2 is a waterfall: its body visits cells column by column, out of item order
            // (found by fuzz_abi).
            var waterfall = SectionMetrics()
            waterfall.style = .waterfall
            waterfall.columns = 3
            source.metrics[2] = waterfall
            source.sizes[2] = (0..<25).map { Size(width: 100, height: Double(40 + $0 * 37 % 90)) }
            try l.invalidateAll()
            let frames = try all.map { try l.attributes(for: $0) }
            #expect(frames.contains { $0.id.kind == flat })
            let everything = Rect(x: -10_000, y: -10_000, width: 20_000, height: 20_000)
            #expect(Set(l.elements(in: everything).filter { kinds.contains($0.id.kind) }.map(\.id))
                    == Set(frames.filter { $0.frame.overlaps(everything) }.map(\.id)), "\(direction)")
            for _ in 0..<60 {
                let rect = Rect(x: Double.random(in: -300...1500, using: &rng), y: Double.random(in: -300...1500, using: &rng),
                                width: Double.random(in: 1...300, using: &rng), height: Double.random(in: 1...300, using: &rng))
                let found = Set(l.elements(in: rect).filter { kinds.contains($0.id.kind) }.map(\.id))
                let want = Set(frames.filter { $0.frame.overlaps(rect) }.map(\.id))
                #expect(found == want, "\(direction) \(rect)")
            }
            // A zero-area badge exists but no rect query returns it.
            let zero = frames.filter { $0.frame.width * $0.frame.height == 0 }
            #expect(!zero.isEmpty)
            #expect(zero.allSatisfy { a in !l.elements(in: Rect(x: -1000, y: -1000, width: 5000, height: 5000)).contains { $0.id == a.id } })
        }
    }

    @Test func badgesFollowTheirCellThroughAnUpdate() throws {
        let (l, source, count, dot) = try vectorLayout()
        // Delete item 0 of section 0 and insert one at 3: the count of (0, 1) goes to (0, 0),
        // the dot of (0, 2) to (0, 1); the inserted item carries a dot, asked alone.
        source.sizes[0] = Array(repeating: Size(width: 150, height: 100), count: 4)
        source.badges[0] = [ItemBadge(item: 0, kind: count), ItemBadge(item: 1, kind: dot), ItemBadge(item: 3, kind: dot)]
        source.resetCalls()
        var u = BatchUpdate()
        u.deleteItems = [ItemPath(0, 0)]
        u.insertItems = [ItemPath(0, 3)]
        let result = try l.performBatchUpdate(u, viewport: Rect(x: 0, y: 0, width: 320, height: 600))
        #expect(source.badgeCalls.map(\.items) == [3..<4])
        #expect(try badge(l, count, 0, 0).frame == Rect(x: 140, y: 20, width: 20, height: 20))
        let record = result.elements.first { $0.old == ElementID(.supplementary, count, section: 0, item: 1) }
        #expect(record?.new == ElementID(.supplementary, count, section: 0, item: 0))
        #expect(record?.change == .kept)
        #expect(record?.to.frame == Rect(x: 140, y: 20, width: 20, height: 20))
        #expect(result.inserted.contains { $0.id == ElementID(.supplementary, dot, section: 0, item: 3) })
        #expect(!result.inserted.contains { $0.id == ElementID(.supplementary, dot, section: 0, item: 1) })
        // A reloaded item is asked again: its badge goes, listed among the deleted identities.
        source.badges[0] = [ItemBadge(item: 1, kind: dot), ItemBadge(item: 3, kind: dot)]
        var reload = BatchUpdate()
        reload.reloadItems = [ItemPath(0, 0)]
        let second = try l.performBatchUpdate(reload)
        #expect(second.deleted.contains { $0.id == ElementID(.supplementary, count, section: 0, item: 0) })
        #expect(throws: LayoutError.self) { try badge(l, count, 0, 0) }
    }

    @Test func aMovingCellTakesItsBadges() throws {
        let (l, _, count, _) = try vectorLayout()
        try l.beginMovement(of: ItemPath(0, 1))
        try l.updateMovement(x: 500, y: 700)
        let a = try badge(l, count, 0, 1)
        #expect(a.frame == Rect(x: 500 + 75 - 10, y: 700 - 50 - 10, width: 20, height: 20))
        #expect(a.z == 101)
        #expect(l.elements(in: Rect(x: 560, y: 635, width: 10, height: 10)).contains { $0.id == a.id })
        try l.cancelMovement()
        #expect(try badge(l, count, 0, 1).frame == Rect(x: 310, y: 20, width: 20, height: 20))
    }

    @Test func invalidatingAnItemAsksItsBadges() throws {
        let (l, source, count, dot) = try vectorLayout()
        source.badges[0] = [ItemBadge(item: 1, kind: dot), ItemBadge(item: 2, kind: dot)]
        source.resetCalls()
        try l.invalidateItems([(0, 1)])
        #expect(source.badgeCalls.map(\.items) == [1..<2])
        #expect(throws: LayoutError.self) { try badge(l, count, 0, 1) }
        #expect(try badge(l, dot, 0, 1).frame == Rect(x: 164, y: 130, width: 8, height: 8))
    }

    @Test func badInputKeepsTheLastGoodLayout() throws {
        let (l, source, count, dot) = try vectorLayout()
        for bad in [BadgeDefinition(anchor: [.top, .bottom]), BadgeDefinition(anchor: Edges(rawValue: 16)),
                    BadgeDefinition(badgeAnchor: [.leading, .trailing]), BadgeDefinition(offset: (.nan, 0)),
                    BadgeDefinition(size: Size(width: -1, height: 1)), BadgeDefinition(size: Size(width: .infinity, height: 1))] {
            #expect(throws: LayoutError.self) { try l.addBadge("bad", bad) }
        }
        #expect(l.kind(named: "bad") == nil)
        #expect(throws: LayoutError.self) { try l.addBadge("count", BadgeDefinition()) }
        #expect(throws: LayoutError.self) { try l.addBadge("header", BadgeDefinition()) }
        _ = try l.addDecoration("panel", DecorationDefinition())
        #expect(throws: LayoutError.self) { try l.addBadge("panel", BadgeDefinition()) }
        #expect(throws: LayoutError.self) { try l.addDecoration("dot", DecorationDefinition()) }
        // An inline element of a badge kind (SPEC §17.1: kind names are unique).
        source.inlines[0] = [InlineElement(kind: count, before: 1, extent: 2)]
        #expect(throws: LayoutError.self) { try l.invalidateAll() }
        source.inlines[0] = []
        let good = source.badges
        let answers: [[ItemBadge]] = [
            [ItemBadge(item: 1, kind: count), ItemBadge(item: 1, kind: count)],  // two of a kind
            [ItemBadge(item: 9, kind: count)],  // no such item
            [ItemBadge(item: 1, kind: .header)],  // not a badge kind
            [ItemBadge(item: 1, kind: count, size: Size(width: -2, height: 1))],
            [ItemBadge(item: 1, kind: dot, size: Size(width: .nan, height: 1))],
        ]
        for answer in answers {
            source.badges[0] = answer
            source.badgesUnasked = true
            #expect(throws: LayoutError.self) { try l.invalidateAll() }
            #expect(try badge(l, count, 0, 1).frame == Rect(x: 310, y: 20, width: 20, height: 20))
            #expect(throws: LayoutError.self) { try l.invalidateItems([(0, 1)]) }
            #expect(try badge(l, count, 0, 1).frame == Rect(x: 310, y: 20, width: 20, height: 20))
        }
        source.badges = good
    }

    @Test func focusOrderHitTestingScrollToAndTransitions() throws {
        // Cell (0, 1) carries a count and a dot: they follow it by kind name ("count", "dot").
        let (l, _, count, dot) = try layout { count, dot in [0: [ItemBadge(item: 1, kind: dot), ItemBadge(item: 1, kind: count)]] }
        let badgeID = { (k: Kind) in ElementID(.supplementary, k, section: 0, item: 1) }
        func step(_ from: ElementID, _ d: FocusDirection) throws -> ElementID? {
            try l.focus(FocusRequest(source: from, direction: d, supplementaryKinds: [count, dot])).target
        }
        #expect(try step(.cell(0, 1), .next) == badgeID(count))
        #expect(try step(badgeID(count), .next) == badgeID(dot))
        #expect(try step(badgeID(dot), .next) == .cell(0, 2))
        #expect(try step(.cell(0, 2), .previous) == badgeID(dot))
        #expect(try step(badgeID(count), .previous) == .cell(0, 1))
        // Without the kinds named, badges take no focus.
        #expect(try l.focus(FocusRequest(source: .cell(0, 1), direction: .next)).target == .cell(0, 2))
        // The count stands over the cell's corner (z 1): it is hit there.
        let count1 = try badge(l, count, 0, 1)
        #expect(count1.frame == Rect(x: 310, y: 20, width: 20, height: 20))
        #expect(try l.element(at: 315, 35, categories: .all)?.id == badgeID(count))
        #expect(try l.element(at: 315, 35, categories: .cells)?.id == .cell(0, 1))
        // Scroll-to a badge uses its frame (the dot stands below its cell, at 130).
        try l.setViewport(Rect(x: 0, y: 0, width: 320, height: 100))
        #expect(try badge(l, dot, 0, 1).frame.y == 130)
        #expect(try l.scrollToElement(badgeID(dot), position: .start).y == 130)
        try l.setViewport(Rect(x: 0, y: 0, width: 320, height: 600))
        // A transition matches badges by identity: half way, between the two layouts' frames.
        let (m, _, _, _) = try layout(badges: { count, dot in [0: [ItemBadge(item: 1, kind: dot), ItemBadge(item: 1, kind: count)]] })
        try m.setViewport(Rect(x: 0, y: 0, width: 640, height: 600))
        let wide = try badge(m, count, 0, 1).frame
        let t = try Transition(from: l, to: m)
        var mid: Attributes?
        try t.forEachElement(in: Rect(x: -100, y: -100, width: 1000, height: 1000), progress: 0.5) { a in
            if a.id.category == .supplementary, t.kindName(a.id.kind) == "count" { mid = a }
        }
        #expect(mid?.frame == Rect(x: (310 + wide.x) / 2, y: (20 + wide.y) / 2, width: 20, height: 20))
        #expect(wide != count1.frame)
    }
}
