import CollectionLayout
import Testing

/// The layout's own header and footer (SPEC §17.2).
@Suite struct LayoutHeaderFooterTests {
    /// The numbers of Tests/vectors/styles/26-badges-layout-header.json without its badges: a
    /// pinned layout header of 50, a footer of 30, pinned section headers of 30, two flow
    /// sections of four 150 x 100 items, scrolled to 250.
    private func vectorLayout(originY: Double = 250) throws -> Layout {
        var def = LayoutDefinition()
        def.viewport = Rect(x: 0, y: originY, width: 320, height: 300)
        def.layoutHeaderFooter = LayoutHeaderFooter(header: 50, footer: 30, pinHeader: true)
        def.pinHeaders = true
        def.sectionDefaults.header = 30
        def.sectionDefaults.interitemSpacing = 20
        def.sectionDefaults.lineSpacing = 10
        let items = Array(repeating: Size(width: 150, height: 100), count: 4)
        return try Layout(definition: def, dataSource: ArraySource(sizes: [items, items]))
    }

    private func all(_ layout: Layout) -> [ElementID: Attributes] {
        Dictionary(uniqueKeysWithValues: layout.elements(in: Rect(x: 0, y: 0, width: 320, height: 1000)).map { ($0.id, $0) })
    }

    @Test func theVectorsNumbersWithoutBadges() throws {
        let layout = try vectorLayout()
        #expect(layout.contentSize == Size(width: 320, height: 560))
        let found = all(layout)
        #expect(found[.globalHeader] == Attributes(id: .globalHeader, frame: Rect(x: 0, y: 250, width: 320, height: 50), z: 20))
        #expect(found[.header(0)] == Attributes(id: .header(0), frame: Rect(x: 0, y: 260, width: 320, height: 30), z: 10))
        #expect(found[.header(1)] == Attributes(id: .header(1), frame: Rect(x: 0, y: 300, width: 320, height: 30), z: 10))
        #expect([0, 2].map { found[.cell(0, $0)]?.frame.y } == [80, 190])
        #expect([0, 2].map { found[.cell(1, $0)]?.frame.y } == [320, 430])
        #expect(found[.cell(0, 1)]?.frame == Rect(x: 170, y: 80, width: 150, height: 100))
        #expect(found[.globalFooter] == Attributes(id: .globalFooter, frame: Rect(x: 0, y: 530, width: 320, height: 30), z: 0))
        // By identity, the same; index path [0, 0] only.
        #expect(try layout.attributes(for: .globalHeader) == found[.globalHeader])
        #expect(try layout.attributes(for: .globalFooter) == found[.globalFooter])
        #expect(throws: LayoutError.self) { try layout.attributes(for: ElementID(.supplementary, .globalHeader, section: 1, item: 0)) }
        // Rect queries list the layout's header first and its footer last.
        let listed = layout.elements(in: Rect(x: 0, y: 0, width: 320, height: 560)).map(\.id)
        #expect(listed.first == .globalHeader && listed.last == .globalFooter)
        // At the start the pinned header is at its natural place, and stays there in an overscroll.
        #expect(try vectorLayout(originY: -40).attributes(for: .globalHeader).frame.y == 0)
        // It stays inside the content: past the end it goes no further than content_end - GH.
        #expect(try vectorLayout(originY: 600).attributes(for: .globalHeader).frame.y == 510)
    }

    /// SPEC §17.2's example: a layout header of 60, a section header of 40 at 600 whose section
    /// ends at 1000.
    @Test func sectionHeadersPinBeneathThePinnedLayoutHeader() throws {
        var def = LayoutDefinition()
        def.viewport = Rect(x: 0, y: 700, width: 100, height: 200)
        def.layoutHeaderFooter = LayoutHeaderFooter(header: 60, pinHeader: true)
        def.pinHeaders = true
        var plain = SectionMetrics(), headed = SectionMetrics()
        headed.header = 40
        plain.header = 0
        let layout = try Layout(definition: def, dataSource: ArraySource(sizes: [[Size(width: 100, height: 540)], [Size(width: 100, height: 360)]],
                                                                         metrics: [plain, headed]))
        #expect(try layout.attributes(for: .header(1)).frame.y == 760)
        try layout.setViewport(Rect(x: 0, y: 950, width: 100, height: 200))
        #expect(try layout.attributes(for: .header(1)).frame.y == 960)
        #expect(try layout.attributes(for: .globalHeader).frame.y == 940)  // inside the content: 1000 - 60
    }

    @Test func pinnedFooterAndSectionFootersAboveIt() throws {
        var def = LayoutDefinition()
        def.viewport = Rect(x: 0, y: 0, width: 100, height: 200)
        def.layoutHeaderFooter = LayoutHeaderFooter(header: 20, footer: 30, pinFooter: true)
        def.pinFooters = true
        def.sectionDefaults.footer = 10
        let layout = try Layout(definition: def, dataSource: ArraySource(sizes: [[Size(width: 100, height: 500)]]))
        #expect(layout.contentSize.height == 20 + 510 + 30)
        let footer = try layout.attributes(for: .globalFooter)
        #expect(footer.frame.y == 170 && footer.z == 20)
        #expect(try layout.attributes(for: .footer(0)).frame.y == 160)
        // At the end, both at their natural places.
        try layout.setViewport(Rect(x: 0, y: 360, width: 100, height: 200))
        #expect(try layout.attributes(for: .globalFooter).frame.y == 530)
        #expect(try layout.attributes(for: .footer(0)).frame.y == 520)
    }

    @Test func theyExistWithoutSections() throws {
        var def = LayoutDefinition()
        def.viewport = Rect(x: 0, y: 0, width: 100, height: 200)
        def.layoutHeaderFooter = LayoutHeaderFooter(header: 20, footer: 30)
        let layout = try Layout(definition: def, dataSource: ArraySource(sizes: []))
        #expect(layout.contentSize.height == 50)
        #expect(layout.elements(in: Rect(x: 0, y: 0, width: 100, height: 200)).map(\.id) == [.globalHeader, .globalFooter])
        #expect(try layout.attributes(for: .globalFooter).frame == Rect(x: 0, y: 20, width: 100, height: 30))
        let next = try layout.focus(FocusRequest(source: .globalHeader, direction: .next, supplementaryKinds: [.globalHeader, .globalFooter]))
        #expect(next.target == .globalFooter)
    }

    @Test func changesMoveTheSectionsOrOnlyTheFooter() throws {
        let layout = try vectorLayout()
        let last = try #require(all(layout)[.cell(1, 3)]).frame.y
        try layout.setLayoutHeaderFooter(LayoutHeaderFooter(header: 80, footer: 30, pinHeader: true))
        #expect(layout.contentSize.height == 590)
        #expect(try layout.attributes(for: .cell(1, 3)).frame.y == last + 30)
        try layout.setLayoutHeaderFooter(LayoutHeaderFooter(header: 80, footer: 0, pinHeader: true))
        #expect(layout.contentSize.height == 560)
        #expect(throws: LayoutError.self) { try layout.attributes(for: .globalFooter) }
        #expect(try layout.attributes(for: .cell(1, 3)).frame.y == last + 30)
        // Back to none: the layout as without them.
        try layout.setLayoutHeaderFooter(LayoutHeaderFooter())
        #expect(try layout.attributes(for: .cell(0, 0)).frame.y == 30)
    }

    @Test func badInputKeepsTheLastGoodLayout() throws {
        let layout = try vectorLayout()
        for bad in [-1, Double.nan, .infinity] {
            for value in [LayoutHeaderFooter(header: bad), LayoutHeaderFooter(footer: bad)] {
                #expect(throws: LayoutError.self) { try layout.setLayoutHeaderFooter(value) }
            }
            var def = LayoutDefinition()
            def.layoutHeaderFooter.footer = bad
            #expect(throws: LayoutError.self) { try Layout(definition: def, dataSource: ArraySource(sizes: [])) }
        }
        #expect(layout.contentSize.height == 560)
        #expect(layout.definition.layoutHeaderFooter == LayoutHeaderFooter(header: 50, footer: 30, pinHeader: true))
        // An extent that makes the content infinite is refused too.
        #expect(throws: LayoutError.self) { try layout.setLayoutHeaderFooter(LayoutHeaderFooter(header: .greatestFiniteMagnitude, footer: .greatestFiniteMagnitude)) }
        #expect(layout.contentSize.height == 560)
        // Reserved names.
        for name in ["global_header", "global_footer"] {
            #expect(throws: LayoutError.self) { try layout.registerKind(name) }
            var def = LayoutDefinition()
            def.kinds = [name]
            #expect(throws: LayoutError.self) { try Layout(definition: def, dataSource: ArraySource(sizes: [])) }
        }
        #expect(layout.kind(named: "global_header") == .globalHeader && layout.kindName(.globalFooter) == "global_footer")
    }

    @Test func focusOrderStartsAndEndsWithThem() throws {
        let layout = try vectorLayout()
        let kinds: [Kind] = [.globalHeader, .globalFooter, .header]
        let next = try layout.focus(FocusRequest(source: .globalHeader, direction: .next, supplementaryKinds: kinds))
        #expect(next.target == .header(0))
        let back = try layout.focus(FocusRequest(source: .header(0), direction: .previous, supplementaryKinds: kinds))
        #expect(back.target == .globalHeader)
        let last = try layout.focus(FocusRequest(source: .cell(1, 3), direction: .next, supplementaryKinds: kinds))
        #expect(last.target == .globalFooter)
        let wrapped = try layout.focus(FocusRequest(source: .globalFooter, direction: .next, edge: .wrap, supplementaryKinds: kinds))
        #expect(wrapped.target == .globalHeader)
        // Not named: never candidates.
        let plain = try layout.focus(FocusRequest(source: .cell(0, 0), direction: .previous))
        #expect(plain.target == nil)
    }

    @Test func updatesKeepThem() throws {
        var def = LayoutDefinition()
        def.viewport = Rect(x: 0, y: 0, width: 320, height: 300)
        def.layoutHeaderFooter = LayoutHeaderFooter(header: 50, footer: 30, pinHeader: true)
        def.sectionDefaults.header = 30
        def.sectionDefaults.interitemSpacing = 20
        def.sectionDefaults.lineSpacing = 10
        let items = Array(repeating: Size(width: 150, height: 100), count: 4)
        let source = ArraySource(sizes: [items, items])
        let layout = try Layout(definition: def, dataSource: source)
        source.sizes = [items]
        var u = BatchUpdate()
        u.deleteSections = [0]
        let result = try layout.performBatchUpdate(u)
        let records = result.elements.filter { ($0.old ?? $0.new).map { $0.kind == .globalHeader || $0.kind == .globalFooter } ?? false }
        #expect(!records.isEmpty)
        for r in records {
            #expect(r.change == .kept && r.old == r.new && r.old?.section == 0 && r.old?.item == 0)
        }
        #expect(!result.inserted.contains { $0.id.kind == .globalHeader || $0.id.kind == .globalFooter })
        #expect(!result.deleted.contains { $0.id.kind == .globalHeader || $0.id.kind == .globalFooter })
        #expect(try layout.attributes(for: .globalFooter).frame.y == 50 + 290 - 50)
    }

    @Test func targetsAndScrolling() throws {
        let layout = try vectorLayout(originY: 0)
        // Line targets: 0 (the layout header), and every other one reduced by the pinned 50:
        // section 0's header 50 - 50 = 0, its lines 80 - 50 - 30 ..., section 1's header 290 - 50.
        #expect(try layout.targetContentOffset(proposed: 238, velocity: 0, snapping: .line) == 240)
        #expect(try layout.targetContentOffset(proposed: 2, velocity: 0, snapping: .line) == 0)
        // The footer's natural start 530 reduced by 50; clamped to the range [0, 260].
        #expect(try layout.targetContentOffset(proposed: 478, velocity: 0, snapping: .line) == 260)
        // Scroll-to: the layout header and footer at their unpinned frames.
        #expect(try layout.scrollToElement(.globalHeader, position: .start).y == 0)
        #expect(try layout.scrollToElement(.globalFooter, position: .end).y == 260)
        try layout.setViewport(Rect(x: 0, y: 100, width: 320, height: 300))
        #expect(try layout.scrollToElement(.globalHeader, position: .start).y == 0)
        // Every other element's start goes below the pinned layout header (and its section header).
        #expect(try layout.scrollToElement(.cell(1, 0), position: .start).y == 320 - 30 - 50)
        #expect(try layout.scrollToElement(.header(1), position: .start).y == 290 - 50)
    }

    @Test func hitTestingFindsThePinnedHeaderAboveCells() throws {
        let layout = try vectorLayout()
        #expect(try layout.element(at: 10, 260, categories: .all)?.id == .globalHeader)
        #expect(try layout.element(at: 10, 260, categories: .cells)?.id == .cell(0, 2))  // cells only: it does not hide them
    }

    @Test func decorationsAndOffsetsNeverCoverThem() throws {
        var def = LayoutDefinition()
        def.viewport = Rect(x: 0, y: 0, width: 100, height: 400)
        def.layoutHeaderFooter = LayoutHeaderFooter(header: 20, footer: 30)
        def.sectionDefaults.style = .orthogonal
        let layout = try Layout(definition: def, dataSource: ArraySource(sizes: [Array(repeating: Size(width: 60, height: 50), count: 4)]))
        let card = try layout.addDecoration("card", DecorationDefinition(coverage: .section))
        try layout.setSectionOffset(100, section: 0)
        #expect(try layout.attributes(for: ElementID(.decoration, card, section: 0, item: 0)).frame == Rect(x: 0, y: 20, width: 100, height: 50))
        #expect(try layout.attributes(for: .globalHeader).frame == Rect(x: 0, y: 0, width: 100, height: 20))
        #expect(try layout.attributes(for: .globalFooter).frame == Rect(x: 0, y: 70, width: 100, height: 30))
    }
}
