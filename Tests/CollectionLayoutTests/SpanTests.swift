import CollectionLayout
import Testing

/// Spanning grid and waterfall items (SPEC §16): the worked examples, a property test against a
/// straightforward placement, and spans through updates, invalidation, movement and self-sizing.
@Suite struct SpanTests {
    /// One section of `heights.count` items in `columns` columns of 100 (no spacing).
    private func layout(_ style: SectionStyle = .grid, columns: Int, spans: [ItemSpan], heights: [Double]? = nil,
                        packing: Packing = .sparse, lineSpacing: Double = 0, inlines: [InlineElement] = []) throws -> (Layout, ArraySource) {
        var m = SectionMetrics()
        m.style = style
        m.columns = columns
        m.packing = packing
        m.interitemSpacing = 0
        m.lineSpacing = lineSpacing
        var def = LayoutDefinition()
        def.viewport = Rect(x: 0, y: 0, width: Double(100 * columns), height: 1000)
        def.kinds = ["separator"]
        let sizes = (heights ?? Array(repeating: 10, count: spans.count)).map { Size(width: 0, height: $0) }
        let source = ArraySource(sizes: [sizes], metrics: [m], inlines: [inlines])
        source.spans[0] = spans
        return (try Layout(definition: def, dataSource: source), source)
    }

    /// (row, column, columns spanned) of each item in a layout of 10-point rows of 100-point columns.
    private func places(_ l: Layout, _ count: Int) throws -> [[Int]] {
        try (0..<count).map { i in
            let f = try l.attributes(for: .cell(0, i)).frame
            return [Int(f.y / 10), Int(f.x / 100), Int(f.width / 100)]
        }
    }

    @Test func sparseLeavesAHole() throws {
        let (l, _) = try layout(columns: 3, spans: [.columns(2), .columns(2), .one, .columns(3)])
        #expect(try places(l, 4) == [[0, 0, 2], [1, 0, 2], [1, 2, 1], [2, 0, 3]])
    }

    @Test func denseBackFills() throws {
        let (l, _) = try layout(columns: 3, spans: [.columns(2), .columns(2), .one, .columns(3)], packing: .dense)
        #expect(try places(l, 4) == [[0, 0, 2], [1, 0, 2], [0, 2, 1], [2, 0, 3]])
    }

    @Test func remainingTakesTheRestOrANewFullRowAndNeverBackFills() throws {
        let spans: [ItemSpan] = [.remaining, .columns(3), .remaining, .columns(2), .columns(2), .remaining, .one]
        for packing in Packing.allCases {
            let (l, _) = try layout(columns: 4, spans: spans, packing: packing)
            // A remaining item first, or after a full row, takes a new full row; after 3 of 4
            // columns it takes the last one. Every row ends full: dense has nothing to back-fill.
            #expect(try places(l, 7) == [[0, 0, 4], [1, 0, 3], [1, 3, 1], [2, 0, 2], [2, 2, 2], [3, 0, 4], [4, 0, 1]], "\(packing)")
        }
    }

    @Test func spansAboveTheColumnsAreClampedNotRefused() throws {
        let (l, source) = try layout(columns: 3, spans: [.columns(7), .full, .one, .columns(3)])
        #expect(try places(l, 4) == [[0, 0, 3], [1, 0, 3], [2, 0, 1], [3, 0, 3]])
        // A new width lays out again from what the layout holds: the spans stay, unasked.
        source.resetCalls()
        try l.setViewport(Rect(x: 0, y: 0, width: 600, height: 1000))
        #expect(source.spanCalls.isEmpty)
        #expect(try l.attributes(for: .cell(0, 0)).frame == Rect(x: 0, y: 0, width: 600, height: 10))
        #expect(try l.attributes(for: .cell(0, 2)).frame == Rect(x: 0, y: 20, width: 200, height: 10))
    }

    @Test func rowsAreAsThickAsTheirThickestItemAndDenseLateItemsCount() throws {
        // Item 2 (40 tall) back-fills row 0: row 0 is 40 thick, row 1 starts after it.
        let (l, _) = try layout(columns: 3, spans: [.columns(2), .columns(2), .one], heights: [10, 20, 40], packing: .dense)
        #expect(try l.attributes(for: .cell(0, 0)).frame == Rect(x: 0, y: 15, width: 200, height: 10))
        #expect(try l.attributes(for: .cell(0, 2)).frame == Rect(x: 200, y: 0, width: 100, height: 40))
        #expect(try l.attributes(for: .cell(0, 1)).frame == Rect(x: 0, y: 40, width: 200, height: 20))
        #expect(l.contentSize.height == 60)
    }

    @Test func anInlineElementEndsARun() throws {
        let separator = InlineElement(kind: Kind.user(0), before: 1, extent: 10)
        let (l, _) = try layout(columns: 3, spans: [.one, .one, .remaining], packing: .dense, inlines: [separator])
        // The item after the separator starts a new row; dense never reaches back across it.
        #expect(try places(l, 3) == [[0, 0, 1], [2, 0, 1], [2, 1, 2]])
    }

    @Test func waterfallColumnGroups() throws {
        // desandro/masonry: three columns end at 30, 90, 70, then 100 under column 0; of the
        // pairs, columns 0-1 end at max(100, 90) = 100 and 1-2 at max(90, 70) = 90: a
        // two-column item goes to 1-2 at 90; a full one after the longest column.
        let (l, _) = try layout(.waterfall, columns: 3, spans: [.one, .one, .one, .one, .columns(2), .full], heights: [30, 90, 70, 70, 30, 5])
        #expect(try l.attributes(for: .cell(0, 3)).frame == Rect(x: 0, y: 30, width: 100, height: 70))
        #expect(try l.attributes(for: .cell(0, 4)).frame == Rect(x: 100, y: 90, width: 200, height: 30))
        #expect(try l.attributes(for: .cell(0, 5)).frame == Rect(x: 0, y: 120, width: 300, height: 5))
        #expect(l.contentSize.height == 125)
    }

    @Test func aWaterfallOfVeryManyColumnsCostsWhatItsItemsUse() throws {
        let (l, _) = try layout(.waterfall, columns: 1 << 20, spans: [.columns(2), .full, .one, .remaining], heights: [10, 10, 10, 10])
        #expect(try l.attributes(for: .cell(0, 1)).frame.y == 10)
        #expect(try l.attributes(for: .cell(0, 2)).frame == Rect(x: 0, y: 20, width: 100, height: 10))
        #expect(try l.attributes(for: .cell(0, 3)).frame.y == 30)
    }

    @Test func badSpansAreRefusedNamingTheItemAndTheLayoutKeepsItsState() throws {
        let (l, source) = try layout(columns: 3, spans: [.one, .columns(2)])
        let before = l.elements(in: Rect(x: 0, y: 0, width: 300, height: 100))
        for bad in [ItemSpan.columns(0), .columns(-3)] {
            source.spans[0] = [.one, bad]
            #expect { try l.invalidateAll() } throws: { error in
                let e = error as? LayoutError
                return e?.code == .badCallbackData && e?.message.contains("item (0, 1)") == true && e?.question == .itemSpans
            }
            #expect(l.elements(in: Rect(x: 0, y: 0, width: 300, height: 100)) == before)
        }
    }

    @Test func otherStylesNeverAskForSpans() throws {
        let (l, source) = try layout(.flow, columns: 3, spans: [.columns(0)])
        #expect(source.spanCalls.isEmpty)
        #expect(try l.attributes(for: .cell(0, 0)).frame.width == 0)
    }

    @Test func updatesAskSpansOfInsertedItemsOnlyAndKeepTheOthers() throws {
        let (l, source) = try layout(columns: 3, spans: [.columns(2), .one, .full])
        source.resetCalls()
        // Insert a 3-column item at 1; move item 2 (full) to 0.
        source.sizes[0].insert(Size(width: 0, height: 10), at: 1)
        var u = BatchUpdate()
        u.insertItems = [ItemPath(0, 1)]
        u.moveItems = [Move(ItemPath(0, 2), ItemPath(0, 0))]
        // New order: old 2, the new one, old 0, old 1; what is not asked must not be read.
        source.spans[0] = [.one, .columns(3), .one, .one]
        try l.performBatchUpdate(u)
        #expect(source.spanCalls.map(\.items) == [1..<2])
        #expect(try places(l, 4) == [[0, 0, 3], [1, 0, 3], [2, 0, 2], [2, 2, 1]])
    }

    @Test func invalidatingItemsAsksTheirSpansAgain() throws {
        let (l, source) = try layout(columns: 3, spans: [.one, .one, .one])
        source.spans[0] = [.one, .full, .one]
        try l.invalidateItems([(0, 1)])
        #expect(try places(l, 3) == [[0, 0, 1], [1, 0, 3], [2, 0, 1]])
        source.spans[0] = [.one, .one, .one]
        try l.invalidateItems([(0, 1)])
        #expect(try places(l, 3) == [[0, 0, 1], [0, 1, 1], [0, 2, 1]])
    }

    @Test func measuredSizesChangeOnlyTheScrollAxisExtent() throws {
        let (l, _) = try layout(columns: 3, spans: [.columns(2), .one])
        try l.setItemSizes([(0, 0, Size(width: 5, height: 30))])
        #expect(try l.attributes(for: .cell(0, 0)).frame == Rect(x: 0, y: 0, width: 200, height: 30))
    }

    @Test func aMovingCellKeepsItsSpan() throws {
        let (l, _) = try layout(columns: 3, spans: [.columns(3), .one, .one, .one])
        try l.beginMovement(of: ItemPath(0, 0))
        #expect(try l.updateMovement(x: 250, y: 15) == ItemPath(0, 3))
        // As if moved to 3: the other three fill row 0, the full-width cell takes row 1.
        #expect(try l.attributes(for: .cell(0, 1)).frame == Rect(x: 100, y: 0, width: 100, height: 10))
        #expect(try l.attributes(for: .cell(0, 3)).frame.width == 300)
        try l.commitMovement()
        #expect(try places(l, 4) == [[0, 0, 1], [0, 1, 1], [0, 2, 1], [1, 0, 3]])
    }

    @Test func aSectionThatBecomesAGridIsAskedItsSpans() throws {
        let (l, source) = try layout(.flow, columns: 3, spans: [.full, .one])
        #expect(source.spanCalls.isEmpty)
        source.metrics[0]?.style = .grid
        try l.invalidateSections([0])
        #expect(source.spanCalls.map(\.items) == [0..<2])
        #expect(try places(l, 2) == [[0, 0, 3], [1, 0, 1]])
    }

    @Test func aReloadedSectionIsAskedItsSpans() throws {
        let (l, source) = try layout(columns: 3, spans: [.one, .one])
        source.spans[0] = [.columns(2), .columns(2)]
        var u = BatchUpdate()
        u.reloadSections = [0]
        try l.performBatchUpdate(u)
        #expect(try places(l, 2) == [[0, 0, 2], [1, 0, 2]])
    }

    @Test func aHorizontalGridSpansRows() throws {
        var m = SectionMetrics()
        m.style = .grid
        m.columns = 2
        m.interitemSpacing = 10
        var def = LayoutDefinition()
        def.direction = .horizontal
        def.viewport = Rect(x: 0, y: 0, width: 500, height: 210)
        let source = ArraySource(sizes: [[Size(width: 30, height: 0), Size(width: 40, height: 0)]], metrics: [m])
        source.spans[0] = [.full, .one]
        let l = try Layout(definition: def, dataSource: source)
        // Two rows of 100 along y: the full item takes both (210 high), the next a new column.
        #expect(try l.attributes(for: .cell(0, 0)).frame == Rect(x: 0, y: 0, width: 30, height: 210))
        #expect(try l.attributes(for: .cell(0, 1)).frame == Rect(x: 40, y: 0, width: 40, height: 100))
    }

    /// The engine's frames against a straightforward placement (SPEC §16, read literally) over
    /// random spans, columns, packings and styles.
    @Test func placementMatchesAStraightforwardOne() throws {
        var rng = SeededGenerator(seed: 16)
        for _ in 0..<300 {
            let columns = Int.random(in: 1...5, using: &rng), count = Int.random(in: 0...24, using: &rng)
            let style: SectionStyle = Bool.random(using: &rng) ? .grid : .waterfall
            let packing: Packing = Bool.random(using: &rng) ? .dense : .sparse
            let spans: [ItemSpan] = (0..<count).map { _ in
                switch Int.random(in: 0...9, using: &rng) {
                case 8: .full
                case 9: .remaining
                default: .columns(Int.random(in: 1...6, using: &rng))
                }
            }
            let heights = (0..<count).map { _ in Double(Int.random(in: 0...4, using: &rng) * 10) }
            let (l, _) = try layout(style, columns: columns, spans: spans, heights: heights, packing: packing, lineSpacing: 3)
            let expected = style == .grid ? gridFrames(columns, spans, heights, packing) : waterfallFrames(columns, spans, heights)
            for i in 0..<count {
                let f = try l.attributes(for: .cell(0, i)).frame
                #expect(f == expected[i], "\(style) \(packing) \(columns) columns, spans \(spans), heights \(heights): item \(i)")
            }
            let all = l.elements(in: Rect(x: 0, y: 0, width: Double(100 * columns), height: 10_000)).filter { $0.id.category == .cell }
            #expect(all.count == heights.count { $0 > 0 })  // (a zero-area frame overlaps nothing)
            let rect = Rect(x: Double(Int.random(in: 0...300, using: &rng)), y: Double(Int.random(in: 0...200, using: &rng)), width: 70, height: 25)
            let found = Set(l.elements(in: rect).filter { $0.id.category == .cell }.map(\.id.item))
            #expect(found == Set((0..<count).filter { expected[$0].overlaps(rect) }), "rect \(rect)")
        }
    }

    private func gridFrames(_ n: Int, _ spans: [ItemSpan], _ heights: [Double], _ packing: Packing) -> [Rect] {
        var rows: [(used: Int, items: [Int])] = [], place: [(row: Int, column: Int, width: Int)] = []
        for (i, span) in spans.enumerated() {
            let k: Int = if case .columns(let k) = span { min(k, n) } else { n }
            var row: Int?
            if span == .remaining {
                if let last = rows.last, last.used > 0, last.used < n { row = rows.count - 1 }
            } else if packing == .dense {
                row = rows.firstIndex { n - $0.used >= k }
            } else if let last = rows.last, last.used + k <= n {
                row = rows.count - 1
            }
            let r = row ?? rows.count
            if row == nil { rows.append((0, [])) }
            let width = span == .remaining ? n - rows[r].used : k
            place.append((r, rows[r].used, width))
            rows[r].used += width
            rows[r].items.append(i)
        }
        var starts: [Double] = [], y = 0.0
        for (r, row) in rows.enumerated() {
            starts.append(r == 0 ? 0 : y + 3)
            y = starts[r] + (row.items.map { heights[$0] }.max() ?? 0)
        }
        return place.enumerated().map { i, p in
            let thickness = rows[p.row].items.map { heights[$0] }.max() ?? 0
            return Rect(x: Double(100 * p.column), y: starts[p.row] + (thickness - heights[i]) / 2, width: Double(100 * p.width), height: heights[i])
        }
    }

    private func waterfallFrames(_ n: Int, _ spans: [ItemSpan], _ heights: [Double]) -> [Rect] {
        var ends = Array(repeating: 0.0, count: n), holds = Array(repeating: false, count: n)
        return spans.enumerated().map { i, span in
            let k: Int = if case .columns(let k) = span { min(k, n) } else { n }
            var best = 0
            for first in 0...(n - k) where ends[first..<(first + k)].max()! < ends[best..<(best + k)].max()! { best = first }
            let start = ends[best..<(best + k)].max()! + (holds[best..<(best + k)].contains(true) ? 3 : 0)
            for c in best..<(best + k) { (ends[c], holds[c]) = (start + heights[i], true) }
            return Rect(x: Double(100 * best), y: start, width: Double(100 * k), height: heights[i])
        }
    }
}
