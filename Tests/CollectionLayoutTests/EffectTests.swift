import CollectionLayout
import Foundation
import Testing

/// Scroll effects (SPEC §19): scale, alpha and z of cells by their place in the viewport;
/// frames and rect queries exactly as without them.
@Suite struct EffectTests {
    @Test func sharedVector() throws {
        let data = try Data(contentsOf: vectorsDirectory().appendingPathComponent("changes/29-effects.json"))
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let layout = try Scene(json: try #require(json["scene"] as? [String: Any])).makeLayout()
        for c in json["cases"] as? [[String: Any]] ?? [] {
            #expect((c["args"] as? [String: Any])?.isEmpty ?? true, "a dump of everything")
            try expectVectorElements(layout, try #require(c["expected"] as? [String: Any]))
        }
    }

    /// §19.2's centred card row: V = 400, D = 400, S₁ = 0.8, A₁ = 0.5; a card centred at 300.
    private func cardRow(origin: Double = 0, curve: ScrollEffect.Curve = .linear) throws -> (Layout, ArraySource) {
        var def = LayoutDefinition()
        def.direction = .horizontal
        def.viewport = Rect(x: origin, y: 0, width: 400, height: 200)
        var m = SectionMetrics()
        m.interitemSpacing = 0
        m.lineSpacing = 0
        m.effect = ScrollEffect(keylines: [ScrollEffect.Keyline(fraction: 0.5, z: 10),
                                           ScrollEffect.Keyline(fraction: 0.5, offset: -400, scale: 0.8, alpha: 0.5),
                                           ScrollEffect.Keyline(fraction: 0.5, offset: 400, scale: 0.8, alpha: 0.5)], curve: curve)
        let source = ArraySource(sizes: [Array(repeating: Size(width: 100, height: 200), count: 20)], metrics: [m])
        return (try Layout(definition: def, dataSource: source), source)
    }

    @Test func theSpecsCentredCardRow() throws {
        let (layout, _) = try cardRow()
        let card = try layout.attributes(for: .cell(0, 2))  // centred at 250: 50 left of the centre
        #expect(card.frame == Rect(x: 200, y: 0, width: 100, height: 200))
        #expect(abs(card.scale - 0.975) < 1e-12 && abs(card.alpha - 0.9375) < 1e-12 && card.z == 9)
        let right = try layout.attributes(for: .cell(0, 2))
        #expect(right == card)
        // Moved so that the card is centred at 300: t = 0.25 from the centre keyline.
        try layout.setViewport(Rect(x: -50, y: 0, width: 400, height: 200))
        let moved = try layout.attributes(for: .cell(0, 2))
        #expect(abs(moved.scale - 0.95) < 1e-12 && abs(moved.alpha - 0.875) < 1e-12 && moved.z == 8)
        // Far away: the last keyline's values.
        let far = try layout.attributes(for: .cell(0, 19))
        #expect(far.scale == 0.8 && far.alpha == 0.5 && far.z == 0)
        // ease-in-out at t = 0.25: w = 0.15625.
        let (eased, _) = try cardRow(origin: -50, curve: .easeInOut)
        #expect(abs(try eased.attributes(for: .cell(0, 2)).scale - (1 - 0.2 * 0.15625)) < 1e-12)
    }

    /// A rect query's elements and frames are exactly those of the same layout without effects.
    @Test(arguments: 0..<20)
    func effectsChangeNoFrame(seed: Int) throws {
        var rng = SeededGenerator(seed: UInt64(seed) &+ 1919)
        var def = LayoutDefinition()
        def.direction = Bool.random(using: &rng) ? .vertical : .horizontal
        def.viewport = Rect(x: Double.random(in: 0...300, using: &rng), y: Double.random(in: 0...300, using: &rng), width: 320, height: 480)
        def.pinHeaders = Bool.random(using: &rng)
        let sections = (0..<3).map { _ in (0..<Int.random(in: 0...40, using: &rng)).map { _ in
            Size(width: Double.random(in: 10...120, using: &rng), height: Double.random(in: 10...90, using: &rng)) } }
        var plain: [SectionMetrics?] = [], effected: [SectionMetrics?] = []
        for s in 0..<3 {
            var m = SectionMetrics.randomFlow(&rng)
            m.header = 20
            if s == 1 { m.style = .orthogonal }
            if s == 2 { m.style = .grid; m.columns = 3 }
            plain.append(m)
            m.effect = ScrollEffect(keylines: (0..<Int.random(in: 1...4, using: &rng)).map { _ in
                ScrollEffect.Keyline(fraction: Double.random(in: 0...1, using: &rng), offset: Double.random(in: -50...50, using: &rng),
                                     scale: Double.random(in: 0...2, using: &rng), alpha: Double.random(in: 0...1, using: &rng),
                                     z: Int32.random(in: -5...5, using: &rng)) }, curve: Bool.random(using: &rng) ? .linear : .easeInOut)
            effected.append(m)
        }
        let a = try Layout(definition: def, dataSource: ArraySource(sizes: sections, metrics: plain))
        let b = try Layout(definition: def, dataSource: ArraySource(sizes: sections, metrics: effected))
        #expect(a.contentSize == b.contentSize)
        for _ in 0..<5 {
            let rect = Rect(x: Double.random(in: -50...600, using: &rng), y: Double.random(in: -50...900, using: &rng), width: 200, height: 300)
            let x = a.elements(in: rect), y = b.elements(in: rect)
            #expect(x.map(\.id) == y.map(\.id))
            #expect(x.map(\.frame) == y.map(\.frame))
            for e in y {
                if e.id.category == .cell {
                    #expect(e.scale >= 0 && e.alpha >= 0 && e.alpha <= 1)
                } else {
                    #expect(e.scale == 1, "only cells take effects: \(e.id)")
                }
                #expect(try b.attributes(for: e.id) == e)
            }
        }
    }

    @Test func transitionsInterpolateScaleAndMovementTakesTheEffect() throws {
        let (a, _) = try cardRow()
        let (b, _) = try cardRow(origin: -50)
        let t = try Transition(from: a, to: b)
        let mid = try #require(try t.elements(in: Rect(x: 200, y: 0, width: 100, height: 200), progress: 0.5).first { $0.id == .cell(0, 2) })
        #expect(abs(mid.scale - (0.975 + 0.95) / 2) < 1e-12)
        // A dragged card takes the effect at its dragged frame: centred at the viewport's centre.
        try a.beginMovement(of: ItemPath(0, 0))
        let target = try a.updateMovement(x: 200, y: 100)
        let lifted = try a.attributes(for: .cell(target.section, target.item))
        #expect(lifted.frame == Rect(x: 150, y: 0, width: 100, height: 200))
        #expect(lifted.scale == 1 && lifted.z == 110, "\(lifted)")
        try a.cancelMovement()
    }

    @Test func badEffectsAreRefused() throws {
        let (layout, source) = try cardRow()
        let before = layout.elements(in: Rect(x: 0, y: 0, width: 400, height: 200))
        let bad: [[ScrollEffect.Keyline]] = [[], [ScrollEffect.Keyline(scale: -1)], [ScrollEffect.Keyline(alpha: 1.5)],
                                             [ScrollEffect.Keyline(offset: .nan)], [ScrollEffect.Keyline(z: 1_000_001)]]
        for lines in bad {
            var m = SectionMetrics()
            m.effect = ScrollEffect(keylines: lines)
            source.metrics = [m]
            #expect(throws: LayoutError.self) { try layout.invalidateAll() }
            #expect(layout.elements(in: Rect(x: 0, y: 0, width: 400, height: 200)) == before)
        }
        // Positions that are not finite at the viewport are a limit, found when it is set.
        var m = SectionMetrics()
        m.effect = ScrollEffect(keylines: [ScrollEffect.Keyline(fraction: 1e306)])
        source.metrics = [m]
        try layout.setViewport(Rect(x: 0, y: 0, width: 1, height: 200))
        try layout.invalidateAll()
        do {
            try layout.setViewport(Rect(x: 0, y: 0, width: 400, height: 200))
            Issue.record("a viewport that places a keyline at infinity was taken")
        } catch {
            #expect(error.code == .limit)
        }
        #expect(layout.viewport.width == 1)
    }
}
