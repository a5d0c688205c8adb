import CollectionLayout
import Testing

/// The scroll view around a layout (SPEC §20): content insets, pixel rounding, and a viewport
/// at the start of its range that stays there (§10.4).
@Suite struct ScrollViewTests {
    /// §20.1's example: a 1000-point feed (a 40-point header, then rows of 96 + 4 spacing) under
    /// a 64-point top bar and a 34-point bottom bar.
    private func feed(origin: Double = -64, pinHeaders: Bool = true) throws -> (Layout, ArraySource) {
        var def = LayoutDefinition()
        def.viewport = Rect(x: 0, y: origin, width: 320, height: 480)
        def.contentInsets = Insets(top: 64, left: 0, bottom: 34, right: 0)
        def.pinHeaders = pinHeaders
        def.sectionDefaults.header = 40
        def.sectionDefaults.lineSpacing = 4
        def.sectionDefaults.insets = Insets(top: 0, left: 0, bottom: 4, right: 0)
        let source = ArraySource(sizes: [Array(repeating: Size(width: 320, height: 96), count: 9)])
        let layout = try Layout(definition: def, dataSource: source)
        #expect(layout.contentSize.height == 940)  // 40 + 9 rows of 96 + 8 spacings of 4 + 4
        return (layout, source)
    }

    @Test func theScrollRangeTargetsAndScrollToKeepClearOfTheBars() throws {
        let (layout, _) = try feed()
        // [lo, hi] = [-64, 940 - 480 + 34]
        #expect(try layout.targetContentOffset(proposed: -500, velocity: 0, snapping: .none) == -64)
        #expect(try layout.targetContentOffset(proposed: 5000, velocity: 0, snapping: .none) == 494)
        // Pages of the visible extent 480 - 98 = 382 from -64.
        #expect(try layout.targetContentOffset(proposed: 300, velocity: 0, snapping: .page) == -64 + 382)
        // Line targets less the pinned header (inside the body) and the top bar: row 2 starts at 240.
        #expect(try layout.targetContentOffset(proposed: 130, velocity: 0, snapping: .line) == 240 - 40 - 64)
        #expect(try layout.targetContentOffset(proposed: -60, velocity: 0, snapping: .line) == -64)  // the header's start
        // Scroll to: start below the bars (and the pinned header), end above the bottom bar.
        #expect(try layout.scrollToElement(.cell(0, 2), position: .start).y == 240 - 40 - 64)
        #expect(try layout.scrollToElement(.cell(0, 5), position: .end).y == 636 - 480 + 34)
        #expect(try layout.scrollToElement(.cell(0, 2), position: .end).y == -64)  // clamped to the range
        #expect(try layout.scrollToElement(.cell(0, 2), position: .center).y == 288 - 64 - 382 / 2)
        // Nearest: the first row is visible between the bars at -64, the fifth (440...536) is not.
        #expect(try layout.scrollToElement(.cell(0, 0), position: .nearest).y == -64)
        #expect(try layout.scrollToElement(.cell(0, 4), position: .nearest).y == 536 - 480 + 34)
    }

    @Test func headersPinBelowTheTopBarAndFootersAboveTheBottomBar() throws {
        let (layout, _) = try feed(origin: 100)
        #expect(try layout.attributes(for: .header(0)).frame.y == 164)
        var def = LayoutDefinition()
        def.viewport = Rect(x: 0, y: 0, width: 320, height: 480)
        def.contentInsets = Insets(top: 20, left: 0, bottom: 50, right: 0)
        def.pinFooters = true
        def.sectionDefaults.footer = 30
        let long = try Layout(definition: def, dataSource: ArraySource(sizes: [Array(repeating: Size(width: 320, height: 100), count: 20)]))
        #expect(try long.attributes(for: .footer(0)).frame.y == 480 - 50 - 30)
    }

    @Test func theLineAxisLosesItsInsetsAndTheContentSizeNothing() throws {
        var def = LayoutDefinition()
        def.viewport = Rect(x: 0, y: 0, width: 320, height: 480)
        def.contentInsets = Insets(top: 10, left: 20, bottom: 10, right: 30)
        def.sectionDefaults.interitemSpacing = 0
        def.sectionDefaults.lineSpacing = 0
        let source = ArraySource(sizes: [Array(repeating: Size(width: 90, height: 50), count: 7)])
        let layout = try Layout(definition: def, dataSource: source)
        #expect(layout.contentSize == Size(width: 270, height: 150))  // three per line in 270
        // Set later, the insets give the same layout as given at creation.
        def.contentInsets = .zero
        let later = try Layout(definition: def, dataSource: source)
        #expect(later.contentSize.width == 320)
        try later.setContentInsets(Insets(top: 10, left: 20, bottom: 10, right: 30))
        let rect = Rect(x: -100, y: -100, width: 1000, height: 1000)
        #expect(later.elements(in: rect) == layout.elements(in: rect))
        #expect(later.contentSize == layout.contentSize)
    }

    @Test func anUpdateAtTheStartOfTheRangeShowsWhatIsInsertedAbove() throws {
        for (origin, moves) in [(-64.0, false), (-80.0, false), (-63.0, true), (200.0, true)] {
            let (layout, source) = try feed(origin: origin)
            source.sizes[0].insert(Size(width: 320, height: 96), at: 0)
            var update = BatchUpdate()
            update.insertItems = [ItemPath(0, 0)]
            let result = try layout.performBatchUpdate(update)
            // At (or pulled past) the start nothing anchors: the origin is only clamped.
            #expect(result.viewport.y == (moves ? origin + 100 : -64), "origin \(origin)")
        }
    }

    @Test func withoutInsetsTheStartIsZero() throws {
        var def = LayoutDefinition()
        def.viewport = Rect(x: 0, y: 0, width: 320, height: 200)
        def.sectionDefaults.lineSpacing = 0
        let source = ArraySource(sizes: [Array(repeating: Size(width: 320, height: 50), count: 20)])
        let layout = try Layout(definition: def, dataSource: source)
        source.sizes[0].insert(Size(width: 320, height: 50), at: 0)
        var update = BatchUpdate()
        update.insertItems = [ItemPath(0, 0)]
        #expect(try layout.performBatchUpdate(update).viewport.y == 0)
        try layout.setViewport(Rect(x: 0, y: 1, width: 320, height: 200))
        source.sizes[0].insert(Size(width: 320, height: 50), at: 0)
        #expect(try layout.performBatchUpdate(update).viewport.y == 51)
        // Measured sizes too (self-sizing anchors the same way).
        try layout.setViewport(Rect(x: 0, y: 0, width: 320, height: 200))
        #expect(try layout.setItemSizes([(0, 0, Size(width: 320, height: 80))]).adjustment == 0)
    }

    /// §10.5: from the start of its range a transition goes to the start of the to-layout's
    /// range, whichever way each scrolls; elsewhere it follows the anchor, below the bars.
    @Test func aTransitionFromTheStartGoesToTheStart() throws {
        let (list, _) = try feed(origin: -64)
        var def = LayoutDefinition()
        def.viewport = Rect(x: -20, y: 0, width: 320, height: 480)
        def.direction = .horizontal
        def.contentInsets = Insets(top: 0, left: 20, bottom: 0, right: 0)
        let sideways = try Layout(definition: def, dataSource: ArraySource(sizes: [Array(repeating: Size(width: 96, height: 96), count: 9)]))
        #expect(try Transition(from: list, to: sideways).targetViewport.x == -20)
        // Scrolled to row 3 (origin 340 - 40 - 64 = 236: below the bar and the pinned header):
        // a horizontal to-layout puts that cell's start at its leading bar.
        try list.setViewport(Rect(x: 0, y: 236, width: 320, height: 480))
        let to = try Transition(from: list, to: sideways).targetViewport.x
        #expect(to == (try sideways.attributes(for: .cell(0, 2)).frame.x) - 20, "\(to)")
    }

    // MARK: Pixel rounding

    @Test func roundingFollowsTheSpecsExamples() throws {
        var def = LayoutDefinition()
        def.viewport = Rect(x: 0, y: 0, width: 100, height: 100)
        def.sectionDefaults.interitemSpacing = 0
        def.sectionDefaults.lineSpacing = 0
        def.displayScale = 2
        // x edges at 6.01, 5.99 + ... : one cell per line, each at a line-axis inset.
        let values: [(Double, Double)] = [(6.01, 6), (5.99, 6), (6.000001, 6), (6.25, 6.5), (6.24996, 6.5), (6.2499, 6)]
        for (value, rounded) in values {
            def.sectionDefaults.insets = Insets(top: value, left: value, bottom: 0, right: 0)
            let layout = try Layout(definition: def, dataSource: ArraySource(sizes: [[Size(width: 10, height: 10)]]))
            let frame = try layout.attributes(for: .cell(0, 0)).frame
            #expect(frame.x == rounded && frame.y == rounded, "\(value) -> \(frame)")
        }
        def.sectionDefaults.insets = .zero
        def.displayScale = 1
        let thirds = try Layout(definition: def, dataSource: ArraySource(sizes: [Array(repeating: Size(width: 100.0 / 3, height: 10), count: 3)]))
        #expect(try (0..<3).map { try thirds.attributes(for: .cell(0, $0)).frame.x } == [0, 33, 67])
        #expect(try (0..<3).map { try thirds.attributes(for: .cell(0, $0)).frame.width } == [33, 34, 33])
    }

    /// Every rect query answers exactly the rounded frames that overlap the rect (brute force
    /// over all exact frames, rounded), with cells of a line sharing their rounded edges.
    @Test(arguments: 0..<12) func rectQueriesAnswerTheReportedFrames(seed: Int) throws {
        var rng = SeededGenerator(seed: UInt64(seed))
        var def = LayoutDefinition()
        def.viewport = Rect(x: 0, y: Double.random(in: 0...300, using: &rng), width: Double.random(in: 200...400, using: &rng), height: 300)
        def.displayScale = [1, 2, 3, 0.5, 1.5][seed % 5]
        def.pinHeaders = seed % 2 == 0
        def.sectionDefaults.header = Double.random(in: 0...30, using: &rng)
        let sizes = (0..<4).map { _ in (0..<Int.random(in: 0...40, using: &rng)).map { _ in
            Size(width: Double.random(in: 0.1...120, using: &rng), height: Double.random(in: 0.1...60, using: &rng)) } }
        let metrics = sizes.map { _ in SectionMetrics.randomFlow(&rng) as SectionMetrics? }
        let layout = try Layout(definition: def, dataSource: ArraySource(sizes: sizes, metrics: metrics))
        _ = try layout.addDecoration("card", DecorationDefinition(scope: .item, insets: Insets(top: -1.3, left: -1.3, bottom: -1.3, right: -1.3)))
        var exactDef = def
        exactDef.displayScale = 0
        let exact = try Layout(definition: exactDef, dataSource: ArraySource(sizes: sizes, metrics: metrics))
        _ = try exact.addDecoration("card", DecorationDefinition(scope: .item, insets: Insets(top: -1.3, left: -1.3, bottom: -1.3, right: -1.3)))
        let s = def.displayScale
        func r(_ v: Double) -> Double { let p = v * s, n = p.rounded(.down); return p - n > 0.4999 ? (n + 1) / s : n / s }
        let everything = Rect(x: -1e5, y: -1e5, width: 1e6, height: 1e6)
        let rounded = allElementsByIdentity(exact, kinds: [], decorations: [exact.kind(named: "card")!]).map { a in
            var b = a
            b.frame = Rect(x: r(a.frame.x), y: r(a.frame.y), width: r(a.frame.x + a.frame.width) - r(a.frame.x), height: r(a.frame.y + a.frame.height) - r(a.frame.y))
            return b
        }
        for a in rounded { #expect(try layout.attributes(for: a.id) == a) }
        for _ in 0..<40 {
            let rect = Rect(x: Double.random(in: -20...400, using: &rng), y: Double.random(in: -20...1500, using: &rng),
                            width: Double.random(in: 0...200, using: &rng), height: Double.random(in: 0...200, using: &rng))
            let expected = rounded.filter { $0.frame.overlaps(rect) }.map(\.id)
            #expect(Set(layout.elements(in: rect).map(\.id)) == Set(expected), "\(rect)")
        }
        #expect(layout.elements(in: everything).count == rounded.filter { $0.frame.width > 0 && $0.frame.height > 0 }.count)
        #expect(layout.contentSize == exact.contentSize)  // not rounded
    }

    @Test func aTransitionMovesBetweenExactFramesAndRoundsTheResult() throws {
        var def = LayoutDefinition()
        def.viewport = Rect(x: 0, y: 0, width: 100, height: 100)
        def.displayScale = 1
        def.sectionDefaults.interitemSpacing = 0
        let a = try Layout(definition: def, dataSource: ArraySource(sizes: [[Size(width: 10.4, height: 10.4)]]))
        def.sectionDefaults.insets = Insets(top: 0, left: 0.6, bottom: 0, right: 0)
        def.displayScale = 2
        let b = try Layout(definition: def, dataSource: ArraySource(sizes: [[Size(width: 10.4, height: 10.4)]]))
        let transition = try Transition(from: a, to: b)
        // Exact x: 0 -> 0.6; at 0.25, 0.15 rounded at scale 1 (the from side's) is 0; at 0.75, 0.45 at scale 2 is 0.5.
        #expect(try transition.elements(in: def.viewport, progress: 0.25).first?.frame.x == 0)
        #expect(try transition.elements(in: def.viewport, progress: 0.75).first?.frame.x == 0.5)
        #expect(try transition.elements(in: def.viewport, progress: 0.75).first?.frame.width == 10.5)  // 11 - 0.5
    }

    @Test func badInputIsRefusedAndChangesNothing() throws {
        let (layout, _) = try feed()
        let before = layout.elements(in: Rect(x: 0, y: -100, width: 400, height: 2000))
        for insets in [Insets(top: .nan), Insets(left: .infinity), Insets(bottom: -.infinity), Insets(right: .nan)] {
            #expect(throws: LayoutError.self) { try layout.setContentInsets(insets) }
        }
        for scale in [-1, .nan, .infinity, -.infinity, Double.leastNonzeroMagnitude] {
            #expect(throws: LayoutError.self) { try layout.setDisplayScale(scale) }
        }
        #expect(layout.elements(in: Rect(x: 0, y: -100, width: 400, height: 2000)) == before)
        #expect(layout.definition.contentInsets == Insets(top: 64, left: 0, bottom: 34, right: 0))
        var def = LayoutDefinition()
        def.displayScale = -2
        #expect(throws: LayoutError.self) { try Layout(definition: def, dataSource: ArraySource(sizes: [])) }
        // A visible extent of no length has no pages.
        try layout.setContentInsets(Insets(top: 300, left: 0, bottom: 200, right: 0))
        #expect(throws: LayoutError.self) { try layout.targetContentOffset(proposed: 0, velocity: 0, snapping: .page) }
    }

    // MARK: What enters and leaves the viewport

    /// The changes between two rects are the difference of two rect queries, sorted, for
    /// scrolls along either axis, jumps and resizes, with pinned headers and rounding.
    @Test(arguments: 0..<8) func viewportChangesAreTheDifferenceOfTwoQueries(seed: Int) throws {
        var rng = SeededGenerator(seed: UInt64(seed) + 100)
        var def = LayoutDefinition()
        def.viewport = Rect(x: 0, y: 300, width: 320, height: 400)
        def.pinHeaders = true
        def.displayScale = [0, 2][seed % 2]
        def.sectionDefaults.header = 30
        let sizes = (0..<5).map { _ in (0..<Int.random(in: 0...60, using: &rng)).map { _ in
            Size(width: Double.random(in: 10...150, using: &rng), height: Double.random(in: 10...90, using: &rng)) } }
        let layout = try Layout(definition: def, dataSource: ArraySource(sizes: sizes, metrics: sizes.map { _ in SectionMetrics.randomFlow(&rng) }))
        func ordered(_ list: [Attributes]) -> [ElementID] {
            list.map(\.id).sorted { a, b in
                let order: [ElementCategory: Int] = [.cell: 0, .supplementary: 1, .decoration: 2]
                return (a.section, a.item, order[a.category]!, a.kind.rawValue) < (b.section, b.item, order[b.category]!, b.kind.rawValue)
            }
        }
        for _ in 0..<50 {
            let old = Rect(x: Double(Int.random(in: -50...100, using: &rng)), y: Double(Int.random(in: 0...3000, using: &rng)),
                           width: Double(Int.random(in: 0...400, using: &rng)), height: Double(Int.random(in: 0...500, using: &rng)))
            var new = old
            switch Int.random(in: 0...3, using: &rng) {
            case 0: new.y += Double(Int.random(in: -60...60, using: &rng))
            case 1: new.x += Double(Int.random(in: -60...60, using: &rng))
            case 2: new.y += 5000
            default: new.width /= 2; new.height += 100
            }
            let before = Set(layout.elements(in: old).map(\.id)), after = Set(layout.elements(in: new).map(\.id))
            let (entered, left) = try layout.viewportChanges(from: old, to: new)
            #expect(entered.map(\.id) == ordered(layout.elements(in: new).filter { !before.contains($0.id) }), "\(old) -> \(new)")
            #expect(left.map(\.id) == ordered(layout.elements(in: old).filter { !after.contains($0.id) }), "\(old) -> \(new)")
        }
        #expect(throws: LayoutError.self) { try layout.viewportChanges(from: Rect(x: .nan, y: 0, width: 1, height: 1), to: .zero) }
    }
}
