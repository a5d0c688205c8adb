import CollectionLayout
import Testing

/// Hand-checked frames for the grid, waterfall and custom styles (SPEC §5) and per-section
/// decoration kinds (SPEC §7), and their bad input.
@Suite struct StyleTests {
    private func layout(_ metrics: SectionMetrics, sizes: [Size], width: Double = 330, direction: ScrollDirection = .vertical,
                        inlines: [InlineElement] = [], frames: [Rect]? = nil) throws -> Layout {
        var def = LayoutDefinition()
        def.direction = direction
        def.viewport = direction == .vertical ? Rect(x: 0, y: 0, width: width, height: 500) : Rect(x: 0, y: 0, width: 500, height: width)
        def.kinds = ["separator"]
        let source = ArraySource(sizes: [sizes], metrics: [metrics], inlines: [inlines])
        if let frames { source.frames[0] = frames }
        return try Layout(definition: def, dataSource: source)
    }

    private func frame(_ l: Layout, _ item: Int) throws -> Rect { try l.attributes(for: .cell(0, item)).frame }

    @Test func gridColumnsRowsAndARunEndedByASeparator() throws {
        var m = SectionMetrics()
        m.style = .grid
        m.columns = 3
        m.insets = Insets(top: 5, left: 10, bottom: 5, right: 20)
        m.interitemSpacing = 0
        m.lineSpacing = 4
        m.crossAlignment = .end
        // A = 330 - 30 = 300: three columns of 100 at x 10, 110, 210.
        let sizes = [30, 50, 40, 20, 10].map { Size(width: 999, height: Double($0)) }
        let l = try layout(m, sizes: sizes, inlines: [InlineElement(kind: Kind.user(0), before: 2, extent: 2)])
        #expect(try frame(l, 0) == Rect(x: 10, y: 5 + 20, width: 100, height: 30))   // row 0 thickness 50, aligned at the end
        #expect(try frame(l, 1) == Rect(x: 110, y: 5, width: 100, height: 50))
        #expect(try l.attributes(for: ElementID(.supplementary, Kind.user(0), section: 0, item: 2)).frame == Rect(x: 10, y: 59, width: 300, height: 2))
        #expect(try frame(l, 2) == Rect(x: 10, y: 65, width: 100, height: 40))   // the run restarts at column 0
        #expect(try frame(l, 3) == Rect(x: 110, y: 65 + 20, width: 100, height: 20))
        #expect(try frame(l, 4) == Rect(x: 210, y: 65 + 30, width: 100, height: 10))
        #expect(l.contentSize == Size(width: 330, height: 105 + 5))
    }

    @Test func gridColumnsNeverNegative() throws {
        var m = SectionMetrics()
        m.style = .grid
        m.columns = 4
        m.interitemSpacing = 50
        let l = try layout(m, sizes: [Size(width: 1, height: 10)], width: 100)
        #expect(try frame(l, 0).width == 0)
    }

    @Test func waterfallShortestColumnFirstAndABannerAcross() throws {
        var m = SectionMetrics()
        m.style = .waterfall
        m.columns = 2
        m.interitemSpacing = 10
        m.lineSpacing = 5
        // A = 330: two columns of 160 at x 0 and 170.
        let heights: [Double] = [100, 40, 30, 50, 20]
        let l = try layout(m, sizes: heights.map { Size(width: 0, height: $0) },
                           inlines: [InlineElement(kind: Kind.user(0), before: 4, extent: 8)])
        #expect(try frame(l, 0) == Rect(x: 0, y: 0, width: 160, height: 100))
        #expect(try frame(l, 1) == Rect(x: 170, y: 0, width: 160, height: 40))
        #expect(try frame(l, 2) == Rect(x: 170, y: 45, width: 160, height: 30))    // column 1 ends at 40 < 100
        #expect(try frame(l, 3) == Rect(x: 170, y: 80, width: 160, height: 50))    // 75 < 100
        // The banner after the longest column (130) plus spacing; every column restarts after it.
        #expect(try l.attributes(for: ElementID(.supplementary, Kind.user(0), section: 0, item: 4)).frame == Rect(x: 0, y: 135, width: 330, height: 8))
        #expect(try frame(l, 4) == Rect(x: 0, y: 148, width: 160, height: 20))
        #expect(l.contentSize.height == 168)
    }

    @Test func waterfallTiesGoToTheLowestColumn() throws {
        var m = SectionMetrics()
        m.style = .waterfall
        m.columns = 3
        m.interitemSpacing = 0
        m.lineSpacing = 0
        let l = try layout(m, sizes: Array(repeating: Size(width: 0, height: 10), count: 4), width: 300)
        #expect(try (0..<4).map { try frame(l, $0).x } == [0, 100, 200, 0])
        #expect(try frame(l, 3).y == 10)
    }

    @Test func customFramesVerticalAreBodyRelative() throws {
        var m = SectionMetrics()
        m.style = .custom
        m.header = 40
        m.insets = Insets(top: 10, left: 0, bottom: 5, right: 0)
        let frames = [Rect(x: -5, y: 0, width: 50, height: 20), Rect(x: 100, y: 200, width: 10, height: 10), Rect(x: 0, y: 30, width: 0, height: 0)]
        let l = try layout(m, sizes: [], frames: frames)
        #expect(try frame(l, 0) == Rect(x: -5, y: 50, width: 50, height: 20))
        #expect(try frame(l, 1) == Rect(x: 100, y: 250, width: 10, height: 10))
        #expect(l.contentSize.height == 40 + 10 + 210 + 5)
        // The zero-area item exists but no rect query returns it.
        #expect(try frame(l, 2) == Rect(x: 0, y: 80, width: 0, height: 0))
        #expect(l.elements(in: Rect(x: -100, y: 0, width: 1000, height: 1000)).filter { $0.id.category == .cell }.map(\.id.item).sorted() == [0, 1])
    }

    @Test func customRectQueriesFindLongFramesStartingFarAbove() throws {
        var m = SectionMetrics()
        m.style = .custom
        var frames = (0..<1000).map { Rect(x: 0, y: Double($0) * 10, width: 10, height: 10) }
        frames[3] = Rect(x: 20, y: 30, width: 10, height: 9000)  // reaches far below where it starts
        let l = try layout(m, sizes: [], frames: frames)
        let found = Set(l.elements(in: Rect(x: 0, y: 5000, width: 100, height: 25)).map(\.id.item))
        #expect(found == [3, 500, 501, 502])
    }

    /// Frames nearly in order (insertion sort) and in random order (past its budget: the full
    /// sort) index alike: every rect query equals the filter of all frames.
    @Test(arguments: [2, 2000])
    func customRectQueriesMatchTheFramesInAnyOrder(jitter: Int) throws {
        var m = SectionMetrics()
        m.style = .custom
        var rng = SeededGenerator(seed: UInt64(jitter))
        let frames = (0..<3000).map { i in
            Rect(x: Double(i % 5) * 70, y: Double(i / 5 * 40 + Int.random(in: 0...jitter, using: &rng) * (i % 7 == 0 ? 40 : 1)),
                 width: 60, height: Double(Int.random(in: 0...90, using: &rng)))
        }
        let l = try layout(m, sizes: [], frames: frames)
        for _ in 0..<50 {
            let rect = Rect(x: .random(in: -50...300, using: &rng), y: .random(in: 0...l.contentSize.height, using: &rng),
                            width: .random(in: 1...400, using: &rng), height: .random(in: 1...900, using: &rng))
            let found = Set(l.elements(in: rect).map(\.id.item))
            let expected = Set(frames.indices.filter { frames[$0].overlaps(rect) })
            #expect(found == expected)
        }
    }

    @Test func sectionsShowOnlyTheDecorationsTheyList() throws {
        var def = LayoutDefinition()
        def.viewport = Rect(x: 0, y: 0, width: 300, height: 600)
        def.kinds = ["card"]
        var plain = SectionMetrics(), listed = SectionMetrics(), none = SectionMetrics()
        listed.decorationKinds = [Kind.user(0)]
        none.decorationKinds = []
        let source = ArraySource(sizes: Array(repeating: [Size(width: 10, height: 10)], count: 3), metrics: [plain, listed, none])
        let l = try Layout(definition: def, dataSource: source)
        let card = try l.addDecoration("card", DecorationDefinition(coverage: .section))
        let back = try l.addDecoration("back", DecorationDefinition(coverage: .section))
        #expect(card == Kind.user(0))
        let shown = l.elements(in: Rect(x: 0, y: 0, width: 300, height: 600)).filter { $0.id.category == .decoration }
        #expect(Set(shown.map { "\($0.id.section):\($0.id.kind.rawValue)" }) == ["0:\(card.rawValue)", "0:\(back.rawValue)", "1:\(card.rawValue)"])
        #expect(throws: LayoutError.self) { try l.attributes(for: ElementID(.decoration, back, section: 1, item: 0)) }
        plain.decorationKinds = [Kind(rawValue: 42)]
        source.metrics[0] = plain
        #expect(throws: LayoutError(.unknownKind, "the metrics of section 0 show decoration kind 42, which is not a registered kind", about: .sectionMetrics)) {
            try l.invalidateSections([0])
        }
    }

    @Test func badStyleInput() throws {
        var m = SectionMetrics()
        m.style = .grid
        for columns in [0, -3] {
            m.columns = columns
            #expect(performing: { _ = try layout(m, sizes: [Size(width: 1, height: 1)]) }, throws: { ($0 as? LayoutError)?.code == .badCallbackData })
        }
        m.style = .custom
        m.columns = 2
        for bad in [Rect(x: .nan, y: 0, width: 1, height: 1), Rect(x: 0, y: -1, width: 1, height: 1),
                    Rect(x: 0, y: 0, width: -1, height: 1), Rect(x: 0, y: .infinity, width: 1, height: 1)] {
            #expect(performing: { _ = try layout(m, sizes: [], frames: [bad]) }, throws: { ($0 as? LayoutError)?.code == .badCallbackData })
        }
        // Custom sections take no inline elements.
        #expect(performing: {
            _ = try layout(m, sizes: [], inlines: [InlineElement(kind: Kind.user(0), before: 0, extent: 1)], frames: [.zero])
        }, throws: { ($0 as? LayoutError)?.code == .badCallbackData })
    }

    @Test func customCallbackThatFailsOrCallsBackKeepsTheLayout() throws {
        var m = SectionMetrics()
        m.style = .custom
        var def = LayoutDefinition()
        def.viewport = Rect(x: 0, y: 0, width: 300, height: 500)
        let source = ArraySource(sizes: [[]], metrics: [m])
        source.frames[0] = [Rect(x: 0, y: 0, width: 10, height: 10)]
        let l = try Layout(definition: def, dataSource: source)
        source.onCall = { throw LayoutError(.callbackFailed, "no") }
        #expect(throws: LayoutError.self) { try l.invalidateItems([(0, 0)]) }
        source.onCall = { _ = try l.invalidateAll() }
        #expect(performing: { try l.invalidateItems([(0, 0)]) }, throws: { ($0 as? LayoutError)?.code == .reentrant })
        #expect(try l.attributes(for: .cell(0, 0)).frame == Rect(x: 0, y: 0, width: 10, height: 10))
    }
}
