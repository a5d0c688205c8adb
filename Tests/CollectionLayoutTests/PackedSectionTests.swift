@testable import CollectionLayout
import Testing

/// Small flow sections alike are laid out as runs (`FlowRun`, `PackedFlowSection`) instead of a
/// body each: a packed section must answer every question as a `FlowBody` of the same model
/// does, and a state of runs must survive what a state of bodies survives.
@Suite struct PackedSectionTests {
    static func randomModel(_ rng: inout SeededGenerator, metrics: SectionMetrics) -> SectionModel {
        let n = Int.random(in: 0...FlowRun.maxItems, using: &rng)
        var model = SectionModel(metrics: metrics, itemCount: n)
        model.sizes = Column((0..<n).map { _ in EditedFlowTests.randomSize(&rng) })
        return model
    }

    @Test(arguments: 0..<40)
    func aPackedSectionAnswersAsItsBody(seed: Int) {
        var rng = SeededGenerator(seed: UInt64(seed) &* 104_729 &+ 3)
        let axes = Axes(direction: seed % 2 == 0 ? .vertical : .horizontal)
        let space = BodySpace(axes: axes, lineExtent: Double(Int.random(in: 150...500, using: &rng)))
        let metrics = SectionMetrics.randomFlow(&rng)
        let models = (0..<12).map { _ in Self.randomModel(&rng, metrics: metrics) }
        // One run of them all, as the state builds it (sizes one slice, starts from 0).
        var starts = [0]
        for m in models { starts.append(starts[starts.count - 1] + m.itemCount) }
        let run = FlowRun(metrics: metrics, space: space, sizes: models.flatMap(\.sizes)[...], itemStarts: starts[...])
        for (k, model) in models.enumerated() {
            let packed = PackedFlowSection(run: run, index: k), body = FlowBody(model, in: space)
            #expect(packed.model.sizes.array == model.sizes.array && packed.model.itemCount == model.itemCount)
            #expect(abs(packed.extent - body.extent) < 1e-9, "seed \(seed) section \(k): extent")
            #expect(packed.cellBounds == body.cellBounds, "seed \(seed) section \(k): \(String(describing: packed.cellBounds)) vs \(String(describing: body.cellBounds))")
            let items = Array(0..<model.itemCount)
            #expect(items.map(packed.cellFrame) == items.map(body.cellFrame))
            #expect(packed.cellFrames(items) == body.cellFrames(items))
            for _ in 0..<4 {
                let from = Double.random(in: -20...(body.extent + 20), using: &rng)
                let area = AxisRect(line: 0, scroll: from, lineExtent: space.lineExtent, scrollExtent: Double.random(in: 0...80, using: &rng))
                var a: [(BodyElement, AxisRect)] = [], b: [(BodyElement, AxisRect)] = []
                // Each visits what may overlap (a packed section: every cell); the caller tests.
                func overlaps(_ r: AxisRect) -> Bool { r.scroll <= area.scrollEnd && r.scrollEnd >= area.scroll }
                packed.forEachElement(in: area) { if overlaps($1) { a.append(($0, $1)) } }
                body.forEachElement(in: area) { if overlaps($1) { b.append(($0, $1)) } }
                #expect(a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 })
                #expect(packed.lineStarts { $0 < from } == body.lineStarts { $0 < from })
            }
        }
    }

    /// A feed of small sections with runs broken by metrics, inline elements and long sections.
    static func feed(_ rng: inout SeededGenerator) -> ArraySource {
        let a = SectionMetrics.randomFlow(&rng), b = SectionMetrics.randomFlow(&rng)
        var sizes: [[Size]] = [], metrics: [SectionMetrics?] = [], inlines: [[InlineElement]] = []
        for s in 0..<300 {
            let long = Int.random(in: 0..<25, using: &rng) == 0
            let n = long ? Int.random(in: 17...60, using: &rng) : Int.random(in: 0...6, using: &rng)
            sizes.append((0..<n).map { _ in EditedFlowTests.randomSize(&rng) })
            metrics.append(s % 50 < 40 ? a : b)
            inlines.append(Int.random(in: 0..<30, using: &rng) == 0 ? [InlineElement(kind: Kind.user(0), before: 0, extent: 9)] : [])
        }
        return ArraySource(sizes: sizes, metrics: metrics, inlines: inlines)
    }

    static func definition(_ seed: Int) -> LayoutDefinition {
        var d = LayoutDefinition()
        d.viewport = Rect(x: 0, y: 0, width: 390, height: 844)
        d.direction = seed % 2 == 0 ? .vertical : .horizontal
        d.kinds = ["separator"]
        return d
    }

    @Test(arguments: 0..<6)
    func runsSurviveViewportsReloadsAndUpdates(seed: Int) throws {
        var rng = SeededGenerator(seed: UInt64(seed) &* 31 &+ 7)
        let source = Self.feed(&rng)
        let layout = try Layout(definition: Self.definition(seed), dataSource: source)
        #expect((0..<layout.state.sectionCount).contains { layout.state.sectionBody($0) is PackedFlowSection })
        // The state's models laid out again are the same layout.
        let again = try LayoutState(layout.state.models, axes: layout.state.axes, viewport: layout.state.viewport, chrome: layout.state.chrome)
        #expect(again.starts == layout.state.starts)
        // Another viewport extent and back.
        let fresh = try Layout(definition: Self.definition(seed), dataSource: source)
        try layout.setViewport(Rect(x: 0, y: 0, width: 250, height: 600))
        try layout.setViewport(Self.definition(seed).viewport)
        EditedFlowTests.expectSame(layout, fresh, "seed \(seed): viewport and back")
        // Items resized in packed sections, sections deleted and inserted in the middle of runs.
        source.sizes[3] = source.sizes[3].map { _ in EditedFlowTests.randomSize(&rng) }
        try layout.invalidateItems((0..<source.sizes[3].count).map { (3, $0) })
        var u = BatchUpdate()
        u.deleteSections = [10, 11, 40]
        u.insertSections = [20]
        for s in [40, 11, 10] { source.sizes.remove(at: s); source.metrics.remove(at: s); source.inlines.remove(at: s) }
        source.sizes.insert([Size(width: 80, height: 20)], at: 20)
        source.metrics.insert(nil, at: 20)
        source.inlines.insert([], at: 20)
        try layout.performBatchUpdate(u, viewport: layout.viewport)
        EditedFlowTests.expectSame(layout, try Layout(definition: Self.definition(seed), dataSource: source), "seed \(seed): after the update")
    }

    /// A run is one entry of the state's sections (`SectionRows`): changes to sections in the
    /// middle of runs split the entries (invalidations), moves and inserts take sections out of
    /// them and batch updates put them back together. After each, the layout and what the
    /// element limit counts equal a fresh layout's.
    @Test(arguments: 0..<8)
    func entriesSplitAndJoinAsRunsChange(seed: Int) throws {
        var rng = SeededGenerator(seed: UInt64(seed) &* 7919 &+ 5)
        let source = Self.feed(&rng)
        let layout = try Layout(definition: Self.definition(seed), dataSource: source)
        func expectFresh(_ step: String) throws {
            let fresh = try Layout(definition: Self.definition(seed), dataSource: source)
            EditedFlowTests.expectSame(layout, fresh, "seed \(seed): \(step)")
            #expect(layout.state.elementCount == fresh.state.elementCount, "seed \(seed): \(step): elements")
            #expect(layout.state.itemCounts == source.sizes.map(\.count), "seed \(seed): \(step): counts")
        }
        for round in 0..<4 {
            // Sections in the middle of runs with items resized, or with new metrics or an inline
            // element (each gets a row of its own).
            let picked = Array(Set((0..<5).map { _ in Int.random(in: 0..<source.sizes.count, using: &rng) })).sorted()
            if round % 2 == 0 {
                for s in picked { source.sizes[s] = source.sizes[s].map { _ in EditedFlowTests.randomSize(&rng) } }
                try layout.invalidateItems(picked.flatMap { s in source.sizes[s].indices.map { (s, $0) } })
            } else {
                for s in picked {
                    if s % 2 == 0 {
                        source.metrics[s] = SectionMetrics.randomFlow(&rng)
                    } else {
                        source.inlines[s] = [InlineElement(kind: Kind.user(0), before: 0, extent: 7)]
                    }
                }
                try layout.invalidateSections(picked)
            }
            try expectFresh("round \(round): invalidated \(picked)")
            // A section moved, one deleted and one inserted, across runs.
            let n = source.sizes.count
            let from = Int.random(in: 0..<n, using: &rng), gone = (from + 1 + Int.random(in: 0..<(n - 2), using: &rng)) % n
            var u = BatchUpdate()
            u.deleteSections = [gone]
            u.moveSections = [Move(from, 0)]
            // In the new numbering: the moved section at 0, one new section after it.
            u.insertSections = [1]
            let moved = (source.sizes[from], source.metrics[from], source.inlines[from])
            for s in [from, gone].sorted(by: >) { source.sizes.remove(at: s); source.metrics.remove(at: s); source.inlines.remove(at: s) }
            source.sizes.insert(moved.0, at: 0); source.metrics.insert(moved.1, at: 0); source.inlines.insert(moved.2, at: 0)
            source.sizes.insert([Size(width: 60, height: 30)], at: 1); source.metrics.insert(source.metrics[2], at: 1); source.inlines.insert([], at: 1)
            try layout.performBatchUpdate(u, viewport: layout.viewport)
            try expectFresh("round \(round): moved \(from), deleted \(gone)")
        }
    }

    @Test func aFailedReloadKeepsTheRuns() throws {
        var rng = SeededGenerator(seed: 99)
        let source = Self.feed(&rng)
        let layout = try Layout(definition: Self.definition(0), dataSource: source)
        let before = layout.elements(in: Rect(x: 0, y: 0, width: 390, height: 5000))
        source.sizes[7] = [Size(width: 10, height: .greatestFiniteMagnitude)]
        source.sizes[8] = [Size(width: 10, height: .greatestFiniteMagnitude)]
        #expect(throws: LayoutError.self) { try layout.invalidateAll() }
        let after = layout.elements(in: Rect(x: 0, y: 0, width: 390, height: 5000))
        #expect(before.count == after.count && zip(before, after).allSatisfy { $0.id == $1.id && close($0.frame, $1.frame) })
    }
}

extension PackedSectionTests {
    /// Items of no width and a spacing so small that a justified last line would take infinitely
    /// many copies of its last item (found by fuzz_abi: the gap was not a number). The gap is
    /// then the spacing, in a packed section and in a body of its own (one wide item and 16 of
    /// no width: the NaN line's bounds hid behind the finite line's).
    @Test(arguments: [4, 17])
    func aLastLineOfItemsOfNoWidthTakesTheSpacing(count: Int) throws {
        var m = SectionMetrics()
        m.interitemSpacing = 1.39069e-308
        var sizes = Array(repeating: Size(width: 0, height: 100), count: count)
        if count > FlowRun.maxItems { sizes[0] = Size(width: 390, height: 50) }
        let source = ArraySource(sizes: [sizes], metrics: [m])
        var d = LayoutDefinition()
        d.viewport = Rect(x: 0, y: 0, width: 390, height: 844)
        let layout = try Layout(definition: d, dataSource: source)
        for item in 0..<count {
            let f = try layout.attributes(for: .cell(0, item)).frame
            #expect(f.x.isFinite && f.y.isFinite && f.width.isFinite && f.height.isFinite, "item \(item): \(f)")
        }
    }
}
