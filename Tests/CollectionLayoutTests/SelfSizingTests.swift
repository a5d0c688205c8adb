import CollectionLayout
import Foundation
import Testing

/// Self-sizing and scroll anchoring (SPEC §10.4), hand-checked: one flow column of 300x100 items
/// in a 320-wide viewport (insets 10 left and right), a header of 40, line spacing 10, so item k
/// starts at 40 + 110k; the viewport starts at 500, so item 4 (480...580) is the anchor.
@Suite struct SelfSizingTests {
    static func feed(count: Int = 30, anchoring: Bool = true, estimate: Size? = nil) throws -> (Layout, ArraySource) {
        var m = SectionMetrics()
        m.insets = Insets(top: 0, left: 10, bottom: 0, right: 10)
        m.header = 40
        m.estimatedItemSize = estimate
        let source = ArraySource(sizes: [Array(repeating: Size(width: 300, height: 100), count: count)], metrics: [m])
        var d = LayoutDefinition()
        d.viewport = Rect(x: 0, y: 500, width: 320, height: 480)
        d.anchoring = anchoring
        return (try Layout(definition: d, dataSource: source), source)
    }

    private func y(_ layout: Layout, _ item: Int) throws -> Double { try layout.attributes(for: .cell(0, item)).frame.y }

    @Test func resizedAboveKeepsTheAnchorOnScreen() throws {
        let (layout, _) = try Self.feed()
        let change = try layout.setItemSizes([(0, 0, Size(width: 300, height: 160))])
        #expect(change.adjustment == 60 && change.contentSizeChange == 60)
        #expect(change.viewport == Rect(x: 0, y: 560, width: 320, height: 480))
        #expect(layout.viewport.y == 560)
        #expect(try y(layout, 4) - layout.viewport.y == 480 - 500)  // where it was on screen
        #expect(layout.contentSize.height == 3390.0)  // 40 + 30·100 + 29·10 + 60
    }

    @Test func insertedAboveKeepsTheAnchorOnScreen() throws {
        let (layout, source) = try Self.feed()
        source.sizes[0].insert(Size(width: 300, height: 100), at: 0)
        var u = BatchUpdate()
        u.insertItems = [ItemPath(0, 0)]
        let r = try layout.performBatchUpdate(u)
        #expect(r.adjustment == 110 && r.viewport.y == 610)
        #expect(try y(layout, 5) == 590)  // old item 4, 110 further down, as the viewport
    }

    @Test func deletedAnchorHandsOverToTheNextVisibleCell() throws {
        let (layout, source) = try Self.feed()
        source.sizes[0].remove(at: 4)
        var u = BatchUpdate()
        u.deleteItems = [ItemPath(0, 4)]
        let r = try layout.performBatchUpdate(u)
        // Old item 5 (at 590) anchors; it is item 4 now, at 480.
        #expect(r.adjustment == -110 && r.viewport.y == 390)
    }

    @Test func anchoringOffOnlyClamps() throws {
        let (layout, _) = try Self.feed(anchoring: false)
        let change = try layout.setItemSizes([(0, 0, Size(width: 300, height: 160))])
        #expect(change.adjustment == 0 && change.contentSizeChange == 60 && layout.viewport.y == 500)
        // Shrinking everything: the origin is clamped to the new content.
        let all = (0..<30).map { (section: 0, item: $0, size: Size(width: 300, height: 10)) }
        let shrink = try layout.setItemSizes(all)
        #expect(layout.contentSize.height == 630.0)  // 40 + 30·10 + 29·10
        #expect(layout.viewport.y == 150 && shrink.adjustment == -350)  // the largest origin: 630 - 480
    }

    @Test func changesBelowTheAnchorDoNotMoveTheViewport() throws {
        let (layout, _) = try Self.feed()
        let change = try layout.setItemSizes([(0, 5, Size(width: 300, height: 300)), (0, 4, Size(width: 300, height: 50))])
        #expect(change.adjustment == 0 && change.contentSizeChange == 150 && layout.viewport.y == 500)
    }

    @Test func aLaterEntryForTheSameCellWins() throws {
        let (layout, _) = try Self.feed()
        let change = try layout.setItemSizes([(0, 1, Size(width: 300, height: 500)), (0, 1, Size(width: 300, height: 120))])
        #expect(change.adjustment == 20 && change.contentSizeChange == 20)
    }

    @Test func theSharedVector() throws {
        let data = try Data(contentsOf: vectorsDirectory().appendingPathComponent("changes/15-self-size.json"))
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let layout = try Scene(json: try #require(json["scene"] as? [String: Any])).makeLayout()
        let measured = try #require((json["measured"] as? [String: Any])?["items"] as? [[NSNumber]])
        let change = try layout.setItemSizes(measured.map { ($0[0].intValue, $0[1].intValue, Size(width: $0[2].doubleValue, height: $0[3].doubleValue)) })
        let expected = try #require(json["expected"] as? [String: Any])
        let vp = (expected["viewport"] as? [NSNumber] ?? []).map(\.doubleValue)
        let size = (expected["content_size"] as? [NSNumber] ?? []).map(\.doubleValue)
        #expect(abs(change.adjustment - ((expected["adjustment"] as? NSNumber)?.doubleValue ?? .nan)) < 1e-6)
        #expect(abs(change.contentSizeChange - ((expected["content_size_change"] as? NSNumber)?.doubleValue ?? .nan)) < 1e-6)
        #expect(close(change.viewport, Rect(x: vp[0], y: vp[1], width: vp[2], height: vp[3])))
        #expect(abs(layout.contentSize.width - size[0]) < 1e-6 && abs(layout.contentSize.height - size[1]) < 1e-6)
    }

    @Test func badInputChangesNothing() throws {
        let (layout, _) = try Self.feed()
        let before = layout.elements(in: Rect(x: 0, y: 0, width: 320, height: 4000))
        for bad in [Size(width: .nan, height: 10), Size(width: 10, height: -1), Size(width: .infinity, height: 1)] {
            #expect(throws: LayoutError.self) { try layout.setItemSizes([(0, 0, Size(width: 300, height: 10)), (0, 2, bad)]) }
        }
        for (s, i) in [(0, 30), (1, 0), (-1, 0), (0, -1)] {
            #expect { try layout.setItemSizes([(0, 0, Size(width: 300, height: 10)), (s, i, Size(width: 1, height: 1))]) } throws: {
                ($0 as? LayoutError)?.code == .outOfRange
            }
        }
        #expect(layout.elements(in: Rect(x: 0, y: 0, width: 320, height: 4000)) == before && layout.viewport.y == 500)
    }

    @Test func customSectionsTakeNoMeasuredSize() throws {
        var m = SectionMetrics()
        m.style = .custom
        let source = ArraySource(sizes: [[]], metrics: [m])
        source.frames[0] = [Rect(x: 0, y: 0, width: 10, height: 10)]
        let layout = try Layout(definition: LayoutDefinition(), dataSource: source)
        #expect { try layout.setItemSizes([(0, 0, Size(width: 5, height: 5))]) } throws: { ($0 as? LayoutError)?.code == .invalidArgument }
        #expect(try layout.attributes(for: .cell(0, 0)).frame == Rect(x: 0, y: 0, width: 10, height: 10))
    }

    /// A section with an estimated size is not asked for sizes; its frames are those of a layout
    /// in which every unmeasured item has the estimate, whatever order items are measured in.
    @Test func estimatedThenMeasuredEqualsExact() throws {
        var rng = SeededGenerator(seed: 10)
        for round in 0..<20 {
            let count = Int.random(in: 1...120, using: &rng)
            let estimate = Size(width: 300, height: 44)
            let (layout, source) = try Self.feed(count: count, estimate: estimate)
            #expect(source.sizeCalls.isEmpty)
            var exact = Array(repeating: estimate, count: count)
            for _ in 0..<6 {
                var batch: [(section: Int, item: Int, size: Size)] = []
                for _ in 0..<Int.random(in: 1...8, using: &rng) {
                    let i = Int.random(in: 0..<count, using: &rng)
                    let size = Size(width: Double.random(in: 20...300, using: &rng), height: Double.random(in: 10...200, using: &rng))
                    batch.append((0, i, size))
                    exact[i] = size
                }
                try layout.setItemSizes(batch)
                // The reference: the same layout built from exact sizes.
                let (reference, refSource) = try Self.feed(count: count)
                refSource.sizes[0] = exact
                try reference.invalidateAll()
                #expect(abs(reference.contentSize.height - layout.contentSize.height) < 1e-6 && reference.contentSize.width == layout.contentSize.width, "round \(round)")
                for i in 0..<count {
                    #expect(close(try reference.attributes(for: .cell(0, i)).frame, try layout.attributes(for: .cell(0, i)).frame), "round \(round) item \(i)")
                }
            }
        }
    }

    @Test func estimatesAreCheckedAndInvalidationForgetsMeasurements() throws {
        let (layout, _) = try Self.feed(count: 5, estimate: Size(width: 300, height: 44))
        try layout.setItemSizes([(0, 2, Size(width: 300, height: 90))])
        #expect(try layout.attributes(for: .cell(0, 2)).frame.height == 90)
        try layout.invalidateItems([(0, 2)])  // unmeasured again: back to the estimate
        #expect(try layout.attributes(for: .cell(0, 2)).frame.height == 44)
        var m = SectionMetrics()
        m.estimatedItemSize = Size(width: -1, height: 10)
        #expect(throws: LayoutError.self) { try Layout(definition: LayoutDefinition(), dataSource: ArraySource(sizes: [[]], metrics: [m])) }
    }
}
