import CollectionLayout
import Testing

/// A data source that counts what the layout asks of each section.
private final class CountingSource: LayoutDataSource {
    let data: ArraySource
    var metricsAsked: [Int] = [], inlinesAsked: [Int] = [], sizesAsked: [(section: Int, items: Range<Int>)] = []
    init(_ data: ArraySource) { self.data = data }
    func forget() { (metricsAsked, inlinesAsked, sizesAsked) = ([], [], []) }

    func numberOfSections() throws -> Int { try data.numberOfSections() }
    func numberOfItems(inSection section: Int) throws -> Int { try data.numberOfItems(inSection: section) }
    func sizes(inSection section: Int, items: Range<Int>, into out: UnsafeMutableBufferPointer<Size>) throws -> Bool {
        sizesAsked.append((section, items))
        return try data.sizes(inSection: section, items: items, into: out)
    }
    func metrics(forSection section: Int, defaults: SectionMetrics) throws -> SectionMetrics {
        metricsAsked.append(section)
        return try data.metrics(forSection: section, defaults: defaults)
    }
    func inlineElements(inSection section: Int) throws -> [InlineElement] {
        inlinesAsked.append(section)
        return try data.inlineElements(inSection: section)
    }
}

/// Reloaded sections in batch updates (SPEC §10.2, UIKit's reloadSections).
@Suite struct ReloadSectionTests {
    static let separator = Kind.user(0)

    /// Three sections with headers, footers, a separator, a card (section scope) and a shadow
    /// (item scope) around each cell; the viewport shows everything.
    private func makeLayout(_ counts: [Int]) throws -> (Layout, CountingSource) {
        try makeLayout(sizes: counts.map { Array(repeating: Size(width: 100, height: 30), count: $0) })
    }

    private func makeLayout(sizes: [[Size]]) throws -> (Layout, CountingSource) {
        var m = SectionMetrics()
        (m.header, m.footer) = (20, 10)
        let data = ArraySource(sizes: sizes, metrics: sizes.map { _ in m },
                               inlines: sizes.map { _ in [InlineElement(kind: Self.separator, before: 1, extent: 2)] })
        var def = LayoutDefinition()
        def.kinds = ["separator"]
        def.viewport = Rect(x: 0, y: 0, width: 320, height: 5000)
        let source = CountingSource(data)
        let layout = try Layout(definition: def, dataSource: source)
        _ = try layout.addDecoration("card", DecorationDefinition(coverage: .section))
        _ = try layout.addDecoration("shadow", DecorationDefinition(scope: .item))
        return (layout, source)
    }

    private var everything: Rect { Rect(x: -1e5, y: -1e5, width: 1e6, height: 1e6) }

    @Test func aReloadedSectionKeepsItsPlaceAndHasNewContent() throws {
        let (layout, source) = try makeLayout([2, 3, 2])
        source.data.sizes[1] = Array(repeating: Size(width: 300, height: 50), count: 5)  // 3 -> 5 items: not checked
        source.forget()
        var update = BatchUpdate()
        update.reloadSections = [1]
        let result = try layout.performBatchUpdate(update)

        // Asked: section 1's metrics, inline elements and every item's size; nothing else.
        #expect(source.metricsAsked == [1] && source.inlinesAsked == [1])
        #expect(source.sizesAsked.map(\.section) == [1] && source.sizesAsked.map(\.items.count).reduce(0, +) == 5)
        // The map: the section keeps its index, none of its items has a counterpart.
        #expect(result.map.newSection == [0, 1, 2] && result.map.oldSection == [0, 1, 2])
        #expect((0..<3).allSatisfy { result.map.newItem(ItemPath(1, $0)) == nil })
        #expect((0..<5).allSatisfy { result.map.oldItem(ItemPath(1, $0)) == nil })
        #expect(result.map.newItem(ItemPath(2, 1)) == ItemPath(2, 1))

        // Records: header, footer and card reloaded; cells, separator and shadows deleted and inserted.
        func changes(_ category: ElementCategory, _ kind: Kind) -> [String] {
            result.elements.filter { ($0.old ?? $0.new)?.section == 1 && ($0.old ?? $0.new)?.category == category && ($0.old ?? $0.new)?.kind == kind }
                .map { "\($0.change.rawValue)\($0.old.map { " old \($0.item)" } ?? "")\($0.new.map { " new \($0.item)" } ?? "")" }.sorted()
        }
        #expect(changes(.supplementary, .header) == ["reloaded old 0 new 0"])
        #expect(changes(.supplementary, .footer) == ["reloaded old 0 new 0"])
        #expect(changes(.supplementary, Self.separator) == ["deleted old 1", "inserted new 1"])
        #expect(changes(.decoration, Kind.user(1)) == ["reloaded old 0 new 0"])  // card
        #expect(changes(.cell, .cell) == ["deleted old 0", "deleted old 1", "deleted old 2"] + (0..<5).map { "inserted new \($0)" })
        #expect(changes(.decoration, Kind.user(2)).count == 8)  // shadows: 3 deleted, 5 inserted
        #expect(result.elements.filter { ($0.old ?? $0.new)?.section != 1 }.allSatisfy { $0.change == .kept })
        let header = try #require(result.elements.first { $0.old == .header(1) })
        #expect(header.from.alpha == 1 && header.to.alpha == 1)

        // Identity lists: the separator and the shadows, not the header, footer or card.
        func listed(_ attributes: [Attributes]) -> [String] { attributes.map { "\($0.id.kind.rawValue):\($0.id.section):\($0.id.item)" }.sorted() }
        let (separator, shadow) = (Self.separator.rawValue, Kind.user(2).rawValue)
        #expect(listed(result.deleted) == ["\(separator):1:1", "\(shadow):1:0", "\(shadow):1:1", "\(shadow):1:2"])
        #expect(listed(result.inserted) == ["\(separator):1:1"] + (0..<5).map { "\(shadow):1:\($0)" })

        // The layout is a fresh layout of the new data.
        let (fresh, _) = try makeLayout(sizes: source.data.sizes)
        #expect(fresh.elements(in: everything) == layout.elements(in: everything))
    }

    @Test func aReloadedSectionTakesItsSlotAmongTheSurvivors() throws {
        let (layout, source) = try makeLayout([2, 3, 2])
        source.data.metrics.removeFirst()
        source.data.inlines.removeFirst()
        source.data.sizes = [Array(repeating: Size(width: 100, height: 40), count: 1), Array(repeating: Size(width: 100, height: 30), count: 2)]
        var update = BatchUpdate()
        (update.deleteSections, update.reloadSections) = ([0], [1])
        let result = try layout.performBatchUpdate(update)
        #expect(result.map.newSection == [nil, 0, 1])
        #expect(result.elements.first { $0.old == .header(1) }?.new == .header(0))
        #expect(result.elements.first { $0.old == .header(1) }?.change == .reloaded)
        #expect(result.elements.first { $0.old == .header(2) }?.change == .kept)
    }

    @Test func refusedReloadsNameTheSectionAndChangeNothing() throws {
        let (layout, source) = try makeLayout([2, 3, 2])
        let before = layout.elements(in: everything)
        func refuses(_ message: String, counts: [Int] = [2, 3, 2], _ edit: (inout BatchUpdate) -> Void) {
            var update = BatchUpdate()
            edit(&update)
            source.data.sizes = counts.map { Array(repeating: Size(width: 100, height: 30), count: $0) }
            source.data.metrics = counts.map { _ in source.data.metrics[0] }
            source.data.inlines = counts.map { _ in source.data.inlines[0] }
            #expect(throws: LayoutError(message.hasPrefix("reloaded section 7") ? .outOfRange : .invalidArgument, message)) {
                try layout.performBatchUpdate(update)
            }
            #expect(layout.elements(in: everything) == before)
        }
        refuses("old section 1 is reloaded and deleted or moved (a reloaded section cannot move: delete it and insert it instead)") {
            ($0.reloadSections, $0.moveSections) = ([1], [Move(1, 2)])
        }
        refuses("old section 1 is reloaded and deleted or moved (a reloaded section cannot move: delete it and insert it instead)", counts: [2, 2]) {
            ($0.reloadSections, $0.deleteSections) = ([1], [1])
        }
        refuses("old section 2 is reloaded twice") { $0.reloadSections = [2, 2] }
        refuses("reloaded section 7 does not exist before the update (3 sections)") { $0.reloadSections = [7] }
        refuses("deleted item (1, 0) is in section 1, which the update reloads", counts: [2, 2, 2]) {
            ($0.reloadSections, $0.deleteItems) = ([1], [ItemPath(1, 0)])
        }
        refuses("reloaded item (1, 2) is in section 1, which the update reloads") {
            ($0.reloadSections, $0.reloadItems) = ([1], [ItemPath(1, 2)])
        }
        refuses("inserted item (0, 1) is in section 0, which the update reloads (old section 1)", counts: [4, 2]) {
            ($0.deleteSections, $0.reloadSections, $0.insertItems) = ([0], [1], [ItemPath(0, 1)])
        }
        refuses("moved item (2, 0) is in section 2, which the update reloads (old section 2)", counts: [1, 3, 3]) {
            ($0.reloadSections, $0.moveItems) = ([2], [Move(ItemPath(0, 0), ItemPath(2, 0))])
        }
        // Another section's count is still checked.
        refuses("invalid number of items in section 0: 3 after the update, 2 before, 0 inserted, 0 deleted, 0 moved in, 0 moved out", counts: [3, 9, 2]) {
            $0.reloadSections = [1]
        }
    }
}
