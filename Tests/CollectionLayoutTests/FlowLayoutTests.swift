import CollectionLayout
import Foundation
import Testing

private func grid(items: Int = 7, header: Double = 44, direction: ScrollDirection = .vertical) throws -> (Layout, ArraySource) {
    var def = LayoutDefinition()
    def.viewport = Rect(x: 0, y: 0, width: 320, height: 480)
    def.direction = direction
    def.sectionDefaults.insets = Insets(top: 10, left: 10, bottom: 10, right: 10)
    def.sectionDefaults.header = header
    let source = ArraySource(sizes: [Array(repeating: Size(width: 90, height: 90), count: items)])
    return (try Layout(definition: def, dataSource: source), source)
}

@Suite struct FlowLayoutTests {
    @Test func uikitGridFrames() throws {
        let (layout, _) = try grid()
        #expect(try layout.attributes(for: .header(0)).frame == Rect(x: 0, y: 0, width: 320, height: 44))
        for item in 0..<7 {
            let frame = try layout.attributes(for: .cell(0, item)).frame
            #expect(frame == Rect(x: [10, 115, 220][item % 3], y: [54, 154, 254][item / 3], width: 90, height: 90))
        }
        #expect(try layout.attributes(for: .cell(0, 6)).frame == Rect(x: 10, y: 254, width: 90, height: 90))
        #expect(layout.contentSize == Size(width: 320, height: 354))
    }

    /// Every scene vector but the pending ones (Tests/pending_vectors.txt, VectorCoverageTests).
    @Test(arguments: vectorNames(in: "") + vectorNames(in: "styles"))
    func sharedVector(name: String) throws {
        let data = try Data(contentsOf: vectorsDirectory().appendingPathComponent("\(name).json"))
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let scene = Scene(json: try #require(json["scene"] as? [String: Any]))
        let layout = try scene.makeLayout()
        try expectVectorElements(layout, try #require(json["expected"] as? [String: Any]))
    }

    @Test func alignmentsAndOversizedItems() throws {
        var def = LayoutDefinition()
        def.viewport = Rect(x: 0, y: 0, width: 200, height: 100)
        def.sectionDefaults.interitemSpacing = 10
        let sizes = [Size(width: 50, height: 20), Size(width: 60, height: 40), Size(width: 300, height: 10)]
        for (alignment, x0) in [(Alignment.leading, 0.0), (.center, 40), (.trailing, 80)] {
            var m = def.sectionDefaults
            m.alignment = alignment
            m.crossAlignment = .end
            let layout = try Layout(definition: def, dataSource: ArraySource(sizes: [sizes], metrics: [m]))
            #expect(try layout.attributes(for: .cell(0, 0)).frame == Rect(x: x0, y: 20, width: 50, height: 20))
            #expect(try layout.attributes(for: .cell(0, 1)).frame == Rect(x: x0 + 60, y: 0, width: 60, height: 40))
            // Oversized: alone on its line at the leading inset, whatever the alignment.
            #expect(try layout.attributes(for: .cell(0, 2)).frame == Rect(x: 0, y: 50, width: 300, height: 10))
        }
    }

    @Test func widthChangeRelaysOutAndOriginChangeDoesNot() throws {
        let (layout, source) = try grid()
        source.resetCalls()
        try layout.setViewport(Rect(x: 0, y: 500, width: 320, height: 480))
        #expect(try layout.attributes(for: .cell(0, 6)).frame == Rect(x: 10, y: 254, width: 90, height: 90))
        try layout.setViewport(Rect(x: 0, y: 0, width: 220, height: 480))
        #expect(try layout.attributes(for: .cell(0, 1)).frame == Rect(x: 120, y: 54, width: 90, height: 90))
        #expect(layout.contentSize == Size(width: 220, height: 454))
        #expect(source.sizeCalls.isEmpty, "a viewport change re-uses the cached sizes")
    }

    @Test func invalidateItemsAsksOnlyThoseSizes() throws {
        let (layout, source) = try grid(items: 100)
        source.sizes[0][50] = Size(width: 200, height: 30)
        source.sizes[0][51] = Size(width: 90, height: 120)
        source.resetCalls()
        try layout.invalidateItems([(0, 51), (0, 50)])
        #expect(source.sizeCalls.count == 1 && source.sizeCalls[0].items == 50..<52)
        let fresh = try Layout(definition: layout.definition, dataSource: source)
        let everything = Rect(x: -1, y: -1, width: 1000, height: 1e5)
        #expect(layout.elements(in: everything) == fresh.elements(in: everything))
        #expect(layout.contentSize == fresh.contentSize)
    }

    /// Index paths in any order, named twice, over several sections: each section asks its
    /// items once, in runs, and the layout equals a fresh one; one out of range changes nothing.
    @Test func invalidateItemsGroupsAnyListBySection() throws {
        var def = LayoutDefinition()
        def.viewport = Rect(x: 0, y: 0, width: 320, height: 480)
        let source = ArraySource(sizes: (0..<3).map { _ in Array(repeating: Size(width: 90, height: 90), count: 20) })
        let layout = try Layout(definition: def, dataSource: source)
        for (s, i) in [(2, 3), (0, 7), (0, 8), (2, 19)] { source.sizes[s][i] = Size(width: 150, height: 40 + Double(i)) }
        source.resetCalls()
        try layout.invalidateItems([(2, 19), (0, 8), (2, 3), (0, 7), (0, 8), (2, 3)])
        #expect(source.sizeCalls.map(\.items) == [7..<9, 3..<4, 19..<20])
        let fresh = try Layout(definition: def, dataSource: source)
        let everything = Rect(x: -1, y: -1, width: 1000, height: 1e5)
        #expect(layout.elements(in: everything) == fresh.elements(in: everything))
        #expect(throws: LayoutError.self) { try layout.invalidateItems([(1, 2), (0, 20)]) }
        #expect(layout.elements(in: everything) == fresh.elements(in: everything))
    }

    @Test func horizontalHeaderSpansTheHeight() throws {
        let (layout, _) = try grid(direction: .horizontal)
        #expect(try layout.attributes(for: .header(0)).frame == Rect(x: 0, y: 0, width: 44, height: 480))
    }
}
