@testable import CollectionLayout
import Testing

/// Flow sections with an estimated item size keep only what was measured (EstimatedFlowBody):
/// whatever is measured, inserted or moved, every frame must equal the layout of the same sizes
/// given one by one (FlowBody), and rect queries must find exactly the elements that overlap.
@Suite struct EstimatedFlowTests {
    struct Scene {
        var metrics: SectionMetrics
        var inlines: [InlineElement]
        var definition: LayoutDefinition
        var estimate: Size
    }

    static func randomScene(_ rng: inout SeededGenerator) -> Scene {
        var m = SectionMetrics.randomFlow(&rng)
        m.header = Double(Int.random(in: 0...40, using: &rng))
        var d = LayoutDefinition()
        d.direction = Bool.random(using: &rng) ? .vertical : .horizontal
        d.viewport = Rect(x: 0, y: 0, width: Double(Int.random(in: 150...500, using: &rng)), height: Double(Int.random(in: 150...500, using: &rng)))
        d.kinds = ["separator"]
        let estimate = Size(width: Double(Int.random(in: 0...130, using: &rng)) + 0.5, height: Double(Int.random(in: 1...90, using: &rng)))
        return Scene(metrics: m, inlines: [], definition: d, estimate: estimate)
    }

    /// The same scene two ways: estimated with `measured` reported, and exact.
    static func pair(_ scene: Scene, count: Int, measured: [Int: Size], inlines: [InlineElement]) throws -> (Layout, Layout) {
        var m = scene.metrics
        m.estimatedItemSize = scene.estimate
        let estimated = try Layout(definition: scene.definition, dataSource: ArraySource(sizes: [Array(repeating: .zero, count: count)], metrics: [m], inlines: [inlines]))
        // Reported in a few calls (each re-lays from its first item until the lines meet the
        // old ones), some twice.
        let entries = measured.sorted { $0.key < $1.key }.map { (section: 0, item: $0.key, size: $0.value) }
        var k = 0
        while k < entries.count {
            let end = Swift.min(entries.count, k + 1 + (k * 7 + count) % 3)
            try estimated.setItemSizes(Array(entries[k..<end].reversed()))
            if k % 2 == 1 { try estimated.setItemSizes([(0, entries[k].item, Size(width: 1, height: 1))]); try estimated.setItemSizes([entries[k]]) }
            k = end
        }
        try estimated.setViewport(scene.definition.viewport)  // self-sizing anchors: back to the origin
        var exact = Array(repeating: scene.estimate, count: count)
        for (i, size) in measured { exact[i] = size }
        let reference = try Layout(definition: scene.definition, dataSource: ArraySource(sizes: [exact], metrics: [scene.metrics], inlines: [inlines]))
        return (estimated, reference)
    }

    static func expectSame(_ a: Layout, _ b: Layout, _ context: String, rng: inout SeededGenerator) {
        #expect(a.brokenStorageInvariant() == nil, "\(context): \(a.brokenStorageInvariant() ?? "")")
        #expect(abs(a.contentSize.width - b.contentSize.width) < 1e-6 && abs(a.contentSize.height - b.contentSize.height) < 1e-6, "\(context): content")
        let everything = Rect(x: -10, y: -10, width: a.contentSize.width + 20, height: a.contentSize.height + 20)
        let x = a.elements(in: everything), y = b.elements(in: everything)
        #expect(x.count == y.count && zip(x, y).allSatisfy { $0.id == $1.id && close($0.frame, $1.frame) }, "\(context): all elements")
        for _ in 0..<8 {
            let r = Rect(x: Double.random(in: -20...everything.width, using: &rng), y: Double.random(in: -20...everything.height, using: &rng),
                         width: Double.random(in: 1...300, using: &rng), height: Double.random(in: 1...300, using: &rng))
            let got = a.elements(in: r).map(\.id), want = y.filter { $0.frame.overlaps(r) }.map(\.id)
            #expect(Set(got) == Set(want) && got.count == want.count, "\(context): rect \(r)")
        }
    }

    @Test(arguments: 0..<120)
    func measuredEstimatesEqualExactSizes(seed: Int) throws {
        var rng = SeededGenerator(seed: UInt64(seed) &+ 4242)
        let scene = Self.randomScene(&rng)
        let count = [0, 1, 2, 7, 50, 400, 3000].randomElement(using: &rng)!
        var measured: [Int: Size] = [:]
        for _ in 0..<(count == 0 ? 0 : Int.random(in: 0...12, using: &rng)) {
            let i = Int.random(in: 0..<count, using: &rng)
            measured[i] = Bool.random(using: &rng) ? scene.estimate
                : Size(width: Double(Int.random(in: 0...200, using: &rng)), height: Double(Int.random(in: 0...120, using: &rng)))
        }
        let inlines = (0..<Int.random(in: 0...4, using: &rng)).map { _ in Int.random(in: 0...count, using: &rng) }.sorted()
            .map { InlineElement(kind: Kind.user(0), before: $0, extent: 3) }
        var unique: [InlineElement] = []
        for e in inlines where !unique.contains(where: { $0.before == e.before }) { unique.append(e) }
        let (estimated, reference) = try Self.pair(scene, count: count, measured: measured, inlines: unique)
        Self.expectSame(estimated, reference, "seed \(seed)", rng: &rng)
        // Every cell by identity, and the line starts that snapping aims at.
        for i in stride(from: 0, to: count, by: Swift.max(1, count / 40)) {
            #expect(close(try estimated.attributes(for: .cell(0, i)).frame, try reference.attributes(for: .cell(0, i)).frame), "seed \(seed) item \(i)")
        }
        for proposed in stride(from: 0.0, to: 2000, by: 137) {
            let a = try estimated.targetContentOffset(proposed: proposed, velocity: 0, snapping: .line)
            let b = try reference.targetContentOffset(proposed: proposed, velocity: 0, snapping: .line)
            #expect(abs(a - b) < 1e-6, "seed \(seed): line target for \(proposed): \(a) vs \(b)")
        }
    }

    @Test(arguments: 0..<40)
    func updatesCarryTheMeasuredSizes(seed: Int) throws {
        var rng = SeededGenerator(seed: UInt64(seed) &+ 99)
        let scene = Self.randomScene(&rng)
        let count = Int.random(in: 20...600, using: &rng)
        var m = scene.metrics
        m.estimatedItemSize = scene.estimate
        let source = ArraySource(sizes: [Array(repeating: .zero, count: count)], metrics: [m])
        let layout = try Layout(definition: scene.definition, dataSource: source)
        var exact = Array(repeating: scene.estimate, count: count)
        let picks = (0..<8).map { _ in Int.random(in: 0..<count, using: &rng) }
        try layout.setItemSizes(picks.map { (0, $0, Size(width: Double(10 + $0 % 90), height: Double(5 + $0 % 70))) })
        for i in picks { exact[i] = Size(width: Double(10 + i % 90), height: Double(5 + i % 70)) }
        // Delete two, insert one (estimated), move one.
        var u = BatchUpdate()
        let d1 = Int.random(in: 0..<(count / 2), using: &rng), d2 = d1 + 1 + Int.random(in: 0..<(count / 2 - 1), using: &rng)
        u.deleteItems = [ItemPath(0, d1), ItemPath(0, d2)]
        var after = exact
        after.remove(at: d2)
        after.remove(at: d1)
        let ins = Int.random(in: 0...after.count, using: &rng)
        after.insert(scene.estimate, at: ins)
        u.insertItems = [ItemPath(0, ins)]
        source.sizes[0] = Array(repeating: .zero, count: after.count)
        _ = try layout.performBatchUpdate(u, viewport: scene.definition.viewport)
        let reference = try Layout(definition: scene.definition, dataSource: ArraySource(sizes: [after], metrics: [scene.metrics]))
        Self.expectSame(layout, reference, "seed \(seed) after the update", rng: &rng)
    }

    @Test func tenMillionEstimatedItemsCostWhatIsMeasured() throws {
        var m = SectionMetrics()
        m.estimatedItemSize = Size(width: 390, height: 44)
        m.lineSpacing = 1
        let source = ArraySource(sizes: [[]], metrics: [m])
        final class Counted: LayoutDataSource {
            let inner: ArraySource
            init(_ inner: ArraySource) { self.inner = inner }
            func numberOfItems(inSection section: Int) throws -> Int { 10_000_000 }
            func metrics(forSection section: Int, defaults: SectionMetrics) throws -> SectionMetrics { try inner.metrics(forSection: section, defaults: defaults) }
            func sizes(inSection section: Int, items: Range<Int>, into sizes: UnsafeMutableBufferPointer<Size>) throws -> Bool {
                Issue.record("an estimated section's sizes were asked"); return false
            }
        }
        var d = LayoutDefinition()
        d.viewport = Rect(x: 0, y: 0, width: 390, height: 844)
        let layout = try Layout(definition: d, dataSource: Counted(source))
        #expect(layout.contentSize.height == 10_000_000 * 44 + 9_999_999)
        let middle = try layout.attributes(for: .cell(0, 5_000_000)).frame
        #expect(middle.y == 5_000_000 * 45)
        try layout.setViewport(Rect(x: 0, y: middle.y, width: 390, height: 844))
        let change = try layout.setItemSizes((0..<30).map { (0, 4_999_990 + $0, Size(width: 390, height: 100)) })
        #expect(change.contentSizeChange == 30 * 56)
        #expect(change.adjustment == 10 * 56)  // ten measured items above the anchor grew by 56
        #expect(layout.elements(in: layout.viewport).count == 9)  // 844 / 101 (the measured ones on screen)
    }
}
