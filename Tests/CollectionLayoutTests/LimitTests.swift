import CollectionLayout
import Testing

/// A data source that claims counts and answers sizes without holding them, counting what it
/// was asked (SPEC §11 Limits: counts first, then sizes).
private final class ClaimingSource: LayoutDataSource {
    var sections: Int
    var items: (Int) -> Int
    var inlineCount = 0
    var size = Size(width: 10, height: 10)
    var header = 0.0
    private(set) var sizeCalls = 0

    init(sections: Int, items: @escaping (Int) -> Int) { self.sections = sections; self.items = items }
    func numberOfSections() throws -> Int { sections }
    func numberOfItems(inSection section: Int) throws -> Int { items(section) }
    func sizes(inSection section: Int, items: Range<Int>, into out: UnsafeMutableBufferPointer<Size>) throws -> Bool {
        sizeCalls += 1
        for k in out.indices { out[k] = size }
        return true
    }
    func metrics(forSection section: Int, defaults: SectionMetrics) throws -> SectionMetrics {
        var m = defaults
        m.header = header
        m.footer = header
        return m
    }
    func inlineElements(inSection section: Int, atMost limit: Int) throws -> [InlineElement] {
        guard inlineCount <= limit else { throw LayoutError(.limit, "section \(section): \(inlineCount) inline elements, over \(limit)") }
        return (0..<inlineCount).map { _ in InlineElement(kind: Kind.user(0), before: 0, extent: 1) }
    }
}

@Suite struct LimitTests {
    private func definition(limit: Int = Layout.maxItems) -> LayoutDefinition {
        var def = LayoutDefinition()
        def.viewport = Rect(x: 0, y: 0, width: 390, height: 844)
        def.kinds = ["separator"]
        def.elementLimit = limit
        return def
    }

    private func expectLimit(_ source: ClaimingSource, limit: Int = Layout.maxItems, mentioning words: [String]) {
        do {
            _ = try Layout(definition: definition(limit: limit), dataSource: source)
            Issue.record("expected CL_ERROR_LIMIT")
        } catch {
            #expect(error.code == .limit, "\(error)")
            for word in words { #expect(error.message.contains(word), "\(error.message)") }
        }
        #expect(source.sizeCalls == 0, "no size is asked before every count is checked")
    }

    @Test func sectionsCountAgainstTheLimit() {
        expectLimit(ClaimingSource(sections: Layout.maxItems, items: { _ in 1 }), mentioning: ["section 0", "\(Layout.maxItems)"])
        expectLimit(ClaimingSource(sections: Layout.maxItems + 1, items: { _ in 0 }), mentioning: ["\(Layout.maxItems)"])
    }

    @Test func itemCountsAddingUpPastTheLimitFailBeforeAnySize() {
        let per = Layout.maxItems / 1000 + 1
        expectLimit(ClaimingSource(sections: 1000, items: { _ in per }), mentioning: ["section 99", "element limit of \(Layout.maxItems)"])
    }

    @Test func inlineElementsCountToo() {
        let source = ClaimingSource(sections: 1, items: { _ in 10 })
        source.inlineCount = 1 << 28
        expectLimit(source, mentioning: ["section 0"])
        source.inlineCount = 5
        expectLimit(source, limit: 15, mentioning: ["section 0", "15"])
    }

    @Test func aLoweredLimitHolds() throws {
        let source = ClaimingSource(sections: 10, items: { _ in 9 })
        _ = try Layout(definition: definition(limit: 100), dataSource: source)
        expectLimit(ClaimingSource(sections: 11, items: { _ in 9 }), limit: 100, mentioning: ["section 9", "100"])
        var def = definition()
        def.elementLimit = Layout.maxItems + 1
        #expect(throws: LayoutError.self) { _ = try Layout(definition: def, dataSource: source) }
    }

    @Test func countsThatWouldNotFitTheMemoryBudgetAreRefusedBeforeAnySize() throws {
        var def = definition()
        def.memoryBudget = 64 << 20
        // Within the element limit, but 2^20 sections would need about a GiB.
        for source in [ClaimingSource(sections: 1 << 20, items: { _ in 0 }), ClaimingSource(sections: 10, items: { _ in 1 << 20 })] {
            #expect(performing: { _ = try Layout(definition: def, dataSource: source) }, throws: { error in
                guard let e = error as? LayoutError else { return false }
                return e.code == .limit && e.message.contains("MiB")
            })
            #expect(source.sizeCalls == 0)
        }
        _ = try Layout(definition: def, dataSource: ClaimingSource(sections: 1000, items: { _ in 100 }))
    }

    @Test func extentsThatStopBeingFiniteAreRefusedAndTheLastGoodLayoutStays() throws {
        let source = ClaimingSource(sections: 3, items: { _ in 2 })
        let layout = try Layout(definition: definition(), dataSource: source)
        let before = layout.elements(in: Rect(x: 0, y: 0, width: 390, height: 844))
        source.header = 1e308
        #expect(performing: { try layout.invalidateAll() }, throws: { error in
            guard let e = error as? LayoutError else { return false }
            return e.code == .limit && e.message.contains("section 0")
        })
        source.header = 0
        source.size = Size(width: 10, height: 1.7e308)
        #expect(performing: { try layout.invalidateAll() }, throws: { ($0 as? LayoutError)?.code == .limit })
        // One such item still fits (1.7e308 + 20); two do not.
        try layout.invalidateItems([(1, 0)])
        #expect(layout.contentSize.height == 1.7e308 + 20)
        source.size = Size(width: 10, height: 10)
        try layout.invalidateItems([(1, 0)])
        source.size = Size(width: 10, height: 1.7e308)
        #expect(performing: { try layout.invalidateItems([(0, 0), (2, 1)]) }, throws: { ($0 as? LayoutError)?.code == .limit })
        #expect(layout.elements(in: Rect(x: 0, y: 0, width: 390, height: 844)) == before)
        #expect(layout.contentSize.height.isFinite)
    }

    @Test func decorationsThatWouldStandOutToInfinityAreRefused() throws {
        let source = ClaimingSource(sections: 1, items: { _ in 1 })
        source.size = Size(width: 10, height: 1e308)
        let layout = try Layout(definition: definition(), dataSource: source)
        #expect(performing: {
            _ = try layout.addDecoration("glow", DecorationDefinition(insets: Insets(top: -1e308, left: 0, bottom: -1e308, right: 0)))
        }, throws: { ($0 as? LayoutError)?.code == .limit })
        #expect(layout.kind(named: "glow") == nil)
    }

    @Test func kindNamesAreUnique() {
        let source = ClaimingSource(sections: 1, items: { _ in 1 })
        for list in [["separator", "separator", "badge"], ["header"], ["footer"], [""]] {
            var def = definition()
            def.kinds = list
            #expect("\(list)", performing: { _ = try Layout(definition: def, dataSource: source) },
                    throws: { ($0 as? LayoutError)?.code == .invalidArgument })
        }
    }

    @Test func builtInNamesAreNotUserKindsOrDecorations() throws {
        let layout = try Layout(definition: definition(), dataSource: ClaimingSource(sections: 1, items: { _ in 1 }))
        for name in ["", "header", "footer"] {
            #expect(performing: { _ = try layout.registerKind(name) }, throws: { ($0 as? LayoutError)?.code == .invalidArgument })
            #expect(performing: { _ = try layout.addDecoration(name, DecorationDefinition()) }, throws: { ($0 as? LayoutError)?.code == .invalidArgument })
        }
        #expect(try layout.registerKind("separator") == Kind.user(0))
    }
}

@Suite struct FiniteColumnTests {
    @Test func columnsThatWouldReachInfinityAreRefused() throws {
        for style in [SectionStyle.grid, .waterfall] {
            var m = SectionMetrics()
            m.style = style
            m.columns = 4
            m.interitemSpacing = 1e308
            var def = LayoutDefinition()
            def.viewport = Rect(x: 0, y: 0, width: 390, height: 844)
            let source = ArraySource(sizes: [Array(repeating: Size(width: 10, height: 10), count: 8)], metrics: [m])
            #expect("\(style)", performing: { _ = try Layout(definition: def, dataSource: source) },
                    throws: { ($0 as? LayoutError)?.code == .limit })
        }
    }
}
