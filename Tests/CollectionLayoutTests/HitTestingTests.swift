import CollectionLayout
import Testing

/// Hit-testing (SPEC §21): the topmost element whose presented frame holds the point, half-open.
@Suite struct HitTestingTests {
    /// Four 100 x 100 cells in rows of three, 10 apart, under a pinned 44 pt header, in a 320 pt
    /// wide viewport scrolled by `scroll`.
    private func grid(scroll: Double = 0) throws -> Layout {
        var def = LayoutDefinition()
        def.viewport = Rect(x: 0, y: scroll, width: 320, height: 200)
        def.pinHeaders = true
        def.sectionDefaults.header = 44
        def.sectionDefaults.interitemSpacing = 10
        def.sectionDefaults.lineSpacing = 10
        def.sectionDefaults.alignment = .leading
        return try Layout(definition: def, dataSource: ArraySource(sizes: [Array(repeating: Size(width: 100, height: 100), count: 4)]))
    }

    @Test func pointsInsideOnTheEdgesAndBetweenCells() throws {
        let layout = try grid()
        #expect(try layout.element(at: 50, 94)?.id == .cell(0, 0))
        #expect(try layout.element(at: 0, 44)?.id == .cell(0, 0))  // the leading edges belong to the cell
        #expect(try layout.element(at: 100, 94) == nil)  // the trailing edge does not
        #expect(try layout.element(at: 105, 94) == nil)  // the spacing
        #expect(try layout.element(at: 110, 44)?.id == .cell(0, 1))
        #expect(try layout.element(at: 50, 20) == nil)  // the header is not a cell
        #expect(try layout.element(at: 50, 20, categories: .all)?.id == .header(0))
    }

    @Test func aPinnedHeaderCoversACellForAllButNotForCells() throws {
        let layout = try grid(scroll: 60)  // the header pinned at y 60...104, over the first row (44...144)
        #expect(try layout.element(at: 50, 80)?.id == .cell(0, 0))
        let top = try layout.element(at: 50, 80, categories: .all)
        #expect(top?.id == .header(0) && top?.z == 10)
    }

    @Test func theAnswerIsTheTopmostOfEveryElementHoldingThePoint() throws {
        var rng = SeededGenerator(seed: 7)
        let layout = try grid(scroll: 30)
        _ = try layout.addDecoration("card", DecorationDefinition(scope: .item, insets: Insets(top: -5, left: -5, bottom: -5, right: -5)))
        _ = try layout.addDecoration("band", DecorationDefinition(coverage: .section, z: 0))
        let all = layout.elements(in: Rect(x: -1e4, y: -1e4, width: 1e5, height: 1e5))
        func above(_ a: Attributes, _ b: Attributes) -> Bool {
            let layer: [ElementCategory: Int] = [.decoration: 0, .cell: 1, .supplementary: 2]
            if a.z != b.z { return a.z > b.z }
            if a.id.category != b.id.category { return layer[a.id.category]! > layer[b.id.category]! }
            if a.id.section != b.id.section { return a.id.section > b.id.section }
            if a.id.item != b.id.item { return a.id.item > b.id.item }
            return Array((layout.kindName(b.id.kind) ?? "").utf8).lexicographicallyPrecedes(Array((layout.kindName(a.id.kind) ?? "").utf8))
        }
        for _ in 0..<500 {
            let x = Double(Int.random(in: -10...330, using: &rng)), y = Double(Int.random(in: 0...300, using: &rng))
            for categories in HitCategories.allCases {
                let held = all.filter { f in
                    (categories == .all || f.id.category == .cell) && f.frame.width > 0 && f.frame.height > 0
                        && f.frame.x <= x && x < f.frame.x + f.frame.width && f.frame.y <= y && y < f.frame.y + f.frame.height
                }
                let expected = held.reduce(nil as Attributes?) { top, a in top.map { above(a, $0) ? a : $0 } ?? a }
                #expect(try layout.element(at: x, y, categories: categories) == expected, "(\(x), \(y)) \(categories)")
            }
        }
    }

    @Test func aPointThatIsNotFiniteIsRefused() throws {
        let layout = try grid()
        for (x, y) in [(Double.nan, 1.0), (1, .infinity), (-.infinity, 0)] {
            #expect(throws: LayoutError.self) { try layout.element(at: x, y) }
        }
        #expect(try layout.element(at: .greatestFiniteMagnitude, 50) == nil)
    }
}
