import CollectionLayout
import Testing

/// Sections that scroll sideways (SPEC §4) and their target offsets (SPEC §10).
@Suite struct OrthogonalTests {
    private func strip(items: Int = 20, rows: Int = 2, seed: UInt64 = 1, direction: ScrollDirection = .vertical) throws -> (Layout, ArraySource) {
        var rng = SeededGenerator(seed: seed)
        var def = LayoutDefinition()
        def.direction = direction
        def.viewport = Rect(x: 0, y: 0, width: 375, height: 667)
        var orthogonal = SectionMetrics()
        orthogonal.style = .orthogonal
        orthogonal.rows = rows
        orthogonal.insets = Insets(top: 4, left: 16, bottom: 4, right: 16)
        orthogonal.header = 30
        let sizes = [(0..<5).map { _ in Size(width: 100, height: 40) },
                     (0..<items).map { _ in Size(width: .random(in: 60...160, using: &rng), height: .random(in: 40...120, using: &rng)) },
                     (0..<7).map { _ in Size(width: 100, height: 40) }]
        let source = ArraySource(sizes: sizes, metrics: [nil, orthogonal, nil])
        return (try Layout(definition: def, dataSource: source), source)
    }

    @Test func offsetShiftsOnlyItsSectionAndIsClamped() throws {
        let (layout, _) = try strip()
        let everything = Rect(x: -1e5, y: -1e5, width: 1e6, height: 1e6)
        let before = layout.elements(in: everything)
        let scroll = try layout.sectionScroll(1)
        #expect(scroll.maxOffset == scroll.contentExtent - 375 && scroll.maxOffset > 0)
        try layout.setSectionOffset(123.5, section: 1)
        for (a, b) in zip(before, layout.elements(in: everything)) {
            #expect(a.id == b.id)
            let shift = a.id.category == .cell && a.id.section == 1 ? 123.5 : 0
            #expect(close(b.frame, Rect(x: a.frame.x - shift, y: a.frame.y, width: a.frame.width, height: a.frame.height)), "\(a.id)")
        }
        try layout.setSectionOffset(1e9, section: 1)
        #expect(try layout.sectionScroll(1).offset == scroll.maxOffset)
        try layout.setSectionOffset(-5, section: 1)
        #expect(try layout.sectionScroll(1).offset == 0)
    }

    @Test func offsetIsClampedAfterDataAndViewportChanges() throws {
        let (layout, source) = try strip(items: 30)
        try layout.setSectionOffset(1e9, section: 1)
        source.sizes[1] = Array(source.sizes[1].prefix(6))
        try layout.invalidateAll()
        let afterData = try layout.sectionScroll(1)
        #expect(afterData.offset == afterData.maxOffset)
        try layout.setSectionOffset(1e9, section: 1)
        try layout.setViewport(Rect(x: 0, y: 0, width: 600, height: 667))
        let afterViewport = try layout.sectionScroll(1)
        #expect(afterViewport.offset == afterViewport.maxOffset && afterViewport.maxOffset == max(0, afterViewport.contentExtent - 600))
        source.sizes[1][0] = Size(width: 10, height: 10)
        try layout.setSectionOffset(1e9, section: 1)
        try layout.invalidateItems([(1, 0)])
        let afterItem = try layout.sectionScroll(1)
        #expect(afterItem.offset == afterItem.maxOffset)
    }

    @Test(arguments: 0..<60)
    func snappingLandsOnAnEdgeOrPageWithinRange(seed: Int) throws {
        var rng = SeededGenerator(seed: UInt64(seed))
        let (layout, _) = try strip(items: Int.random(in: 0...40, using: &rng), rows: Int.random(in: 1...3, using: &rng), seed: UInt64(seed))
        let scroll = try layout.sectionScroll(1)
        // Column leading edges (at offset 0), less the leading inset.
        try layout.setSectionOffset(0, section: 1)
        let n = try layout.numberOfItems(inSection: 1)
        let firsts = try (0..<n).map { try layout.attributes(for: .cell(1, $0)).frame }
        let edges = Set(firsts.map { $0.x - 16 })
        try layout.setSectionOffset(.random(in: 0...max(1, scroll.maxOffset), using: &rng), section: 1)
        let current = try layout.sectionScroll(1).offset
        for _ in 0..<10 {
            let proposed = Double.random(in: -200...scroll.maxOffset + 200, using: &rng)
            let velocity = Double.random(in: -3000...3000, using: &rng)
            let rate = Bool.random(using: &rng) ? Snapping.normalDeceleration : Snapping.fastDeceleration
            for snapping in [Snapping.none, .item, .page, .itemPaging, .itemCentered] {
                let target = try layout.sectionTargetOffset(1, proposed: proposed, velocity: velocity, snapping: snapping, decelerationRate: rate)
                #expect(target >= 0 && target <= scroll.maxOffset, "\(snapping) \(target) out of range")
                let atBound = target == 0 || target == scroll.maxOffset
                switch snapping {
                case .none:
                    let projected = proposed + velocity / 1000 * rate / (1 - rate)
                    #expect(target == min(max(projected, 0), scroll.maxOffset))
                case .page:
                    #expect(atBound || (target / 375).rounded() * 375 == target)
                case .item:
                    #expect(atBound || edges.contains(target), "item \(target)")
                case .itemPaging:
                    #expect(atBound || edges.contains(target))
                    // At most one column from the current one.
                    let sorted = edges.sorted()
                    if let here = sorted.indices.min(by: { abs(sorted[$0] - current) < abs(sorted[$1] - current) }),
                       let there = sorted.firstIndex(of: target) {
                        #expect(abs(there - here) <= 1, "paging moved \(there - here) columns")
                    }
                case .itemCentered:
                    let centred = Set(firsts.indices.map { i -> Double in
                        let column = firsts.filter { abs($0.x - firsts[i].x) < 1e-9 }
                        return firsts[i].x + column.map(\.width).max()! / 2 - 375 / 2
                    })
                    #expect(atBound || centred.contains(target), "centred \(target)")
                }
            }
        }
    }

    @Test func badInput() throws {
        let (layout, source) = try strip()
        let before = layout.elements(in: Rect(x: -1e4, y: -1e4, width: 1e5, height: 1e5))
        for call in [{ try layout.setSectionOffset(.nan, section: 1) }, { try layout.setSectionOffset(.infinity, section: 1) },
                     { try layout.setSectionOffset(10, section: 0) }, { _ = try layout.sectionTargetOffset(1, proposed: .nan, velocity: 0, snapping: .item) },
                     { _ = try layout.sectionTargetOffset(1, proposed: 0, velocity: .nan, snapping: .item) },
                     { _ = try layout.sectionTargetOffset(1, proposed: 0, velocity: 0, snapping: .item, decelerationRate: 1) },
                     { _ = try layout.sectionScroll(2) }] as [() throws -> Void] {
            #expect(throws: LayoutError.self) { try call() }
        }
        for call in [{ try layout.setSectionOffset(1, section: 3) }, { _ = try layout.sectionScroll(-1) }] as [() throws -> Void] {
            #expect { try call() } throws: { ($0 as? LayoutError)?.code == .outOfRange }
        }
        source.inlines[1] = [InlineElement(kind: .header, before: 0, extent: 1)]
        #expect(throws: LayoutError.self) { try layout.invalidateSections([1]) }
        #expect(layout.elements(in: Rect(x: -1e4, y: -1e4, width: 1e5, height: 1e5)) == before)
    }
}
