import CollectionLayout
import Foundation
import Testing

/// Transitions (SPEC §10.5) and interactive movement (§10.7): the shared vectors 18 and 19 and
/// hand-checked cases.
@Suite struct MotionTests {
    private func load(_ name: String) throws -> [String: Any] {
        let data = try Data(contentsOf: vectorsDirectory().appendingPathComponent("changes/\(name).json"))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// Records as comparable strings: category:kind:section:item frame z alpha hidden.
    private func keys(_ list: [Attributes], _ name: (Kind) -> String?) -> Set<String> {
        Set(list.map { a in
            let f = a.frame
            return "\(a.id.category):\(name(a.id.kind) ?? "?"):\(a.id.section):\(a.id.item) "
                + String(format: "%.6f %.6f %.6f %.6f %d %.6f %d", f.x, f.y, f.width, f.height, a.z, a.alpha, a.hidden ? 1 : 0)
        })
    }

    private func expectedKeys(_ v: Any?) -> Set<String> {
        return Set((v as? [[String: Any]] ?? []).map { e in
            let f = (e["frame"] as? [NSNumber] ?? []).map(\.doubleValue)
            return "\(e["category"] as? String ?? "?"):\(e["kind"] as? String ?? ""):\(e["section"] as? Int ?? -1):\(e["item"] as? Int ?? -1) "
                + String(format: "%.6f %.6f %.6f %.6f %d %.6f %d", f[0], f[1], f[2], f[3], e["z"] as? Int ?? 0,
                         (e["alpha"] as? NSNumber)?.doubleValue ?? 1, (e["hidden"] as? Bool ?? false) ? 1 : 0)
        })
    }

    private func layout(_ json: [String: Any]) throws -> Layout { try Scene(json: json).makeLayout() }

    private func flow(_ n: Int, size: Size = Size(width: 150, height: 100), viewport: Rect = Rect(x: 0, y: 0, width: 320, height: 500),
                      header: Double = 0) throws -> Layout {
        var m = SectionMetrics()
        (m.interitemSpacing, m.lineSpacing, m.header) = (10, 10, header)
        var def = LayoutDefinition()
        def.viewport = viewport
        return try Layout(definition: def, dataSource: ArraySource(sizes: [Array(repeating: size, count: n)], metrics: [m]))
    }

    // MARK: Transitions

    @Test func transitionVector() throws {
        let json = try load("18-transition")
        let a = try layout(try #require(json["scene_a"] as? [String: Any]))
        let b = try layout(try #require(json["scene_b"] as? [String: Any]))
        let t = try Transition(from: a, to: b)
        let expected = try #require(json["expected"] as? [String: Any])
        let got = try t.elements(in: a.viewport, progress: (json["progress"] as? NSNumber)?.doubleValue ?? 0)
        #expect(keys(got, t.kindName) == expectedKeys(expected["elements"]))
        let vp = (expected["viewport"] as? [NSNumber] ?? []).map(\.doubleValue)
        #expect(close(t.targetViewport, Rect(x: vp[0], y: vp[1], width: vp[2], height: vp[3])))
    }

    @Test func transitionEndsAndMiddle() throws {
        let a = try flow(4, header: 30), b = try flow(4, size: Size(width: 320, height: 50))
        let t = try Transition(from: a, to: b)
        let rect = Rect(x: 0, y: 0, width: 320, height: 1000)
        #expect(try t.elements(in: rect, progress: 0) == a.elements(in: rect))
        // At 1 the header (from only) is there with alpha 0; the cells are b's.
        let end = try t.elements(in: rect, progress: 1)
        #expect(end.filter { $0.id.category == .cell } == b.elements(in: rect))
        #expect(end.first { $0.id == .header(0) }?.alpha == 0)
        let half = try t.elements(in: rect, progress: 0.5)
        let cell1 = try #require(half.first { $0.id == .cell(0, 1) })
        // a: (170, 30, 150, 100); b: (0, 60, 320, 50)
        #expect(close(cell1.frame, Rect(x: 85, y: 45, width: 235, height: 75)))
        #expect(half.first { $0.id == .header(0) }?.alpha == 0.5)
    }

    @Test func transitionZAndHiddenSwitchAtHalf() throws {
        var def = LayoutDefinition()
        def.viewport = Rect(x: 0, y: 0, width: 320, height: 500)
        var m = SectionMetrics()
        m.header = 40
        let a = try Layout(definition: def, dataSource: ArraySource(sizes: [[Size(width: 50, height: 50)]], metrics: [m]))
        def.pinHeaders = true
        let b = try Layout(definition: def, dataSource: ArraySource(sizes: [[Size(width: 50, height: 50)]], metrics: [m]))
        let t = try Transition(from: a, to: b)
        let z = { (p: Double) in try t.elements(in: def.viewport, progress: p).first { $0.id == .header(0) }?.z }
        #expect(try z(0.49) == 0)
        #expect(try z(0.5) == 10)
        #expect(try z(1) == 10)
    }

    @Test func transitionOneSideOnly() throws {
        let a = try flow(3, header: 30), b = try flow(3)
        let t = try Transition(from: b, to: a)  // the header exists in the to-layout only
        let header = try #require(try t.elements(in: a.viewport, progress: 0.25).first { $0.id == .header(0) })
        #expect(header.frame == Rect(x: 0, y: 0, width: 320, height: 30))
        #expect(header.alpha == 0.25)
    }

    @Test func transitionBadInput() throws {
        let a = try flow(3), b = try flow(4)
        #expect(throws: LayoutError.self) { try Transition(from: a, to: b) }
        let t = try Transition(from: a, to: a)
        for p in [-0.1, 1.5, Double.nan] {
            #expect(throws: LayoutError.self) { try t.elements(in: a.viewport, progress: p) }
        }
    }

    // MARK: Movement

    @Test func moveVector() throws {
        let json = try load("19-move")
        let scene = try #require(json["scene"] as? [String: Any])
        let item = (json["item"] as? [Int]) ?? []
        let positions = (json["positions"] as? [[NSNumber]] ?? []).map { $0.map(\.doubleValue) }
        let expected = try #require(json["expected"] as? [String: Any])
        for mode in ["moving", "commit"] {
            let layout = try layout(scene)
            try layout.beginMovement(of: ItemPath(item[0], item[1]))
            var targets: [[Int]] = []
            for p in positions {
                let t = try layout.updateMovement(x: p[0], y: p[1])
                targets.append([t.section, t.item])
            }
            if mode == "commit" { try layout.commitMovement() }
            let want = try #require(expected[mode] as? [String: Any])
            #expect(targets == (want["targets"] as? [[Int]]))
            #expect(keys(layout.elements(in: layout.viewport), layout.kindName) == expectedKeys(want["elements"]))
        }
    }

    @Test func halfOpenHitTest() throws {
        let layout = try flow(6)  // rows at y 0, 110, 220; columns at x 0, 170
        try layout.beginMovement(of: ItemPath(0, 0))
        #expect(try layout.updateMovement(x: 170, y: 110) == ItemPath(0, 3))  // the leading edges are inside
        try layout.cancelMovement()
        try layout.beginMovement(of: ItemPath(0, 0))
        #expect(try layout.updateMovement(x: 320, y: 50) == ItemPath(0, 0))  // the trailing edge is not
        #expect(try layout.updateMovement(x: 160, y: 50) == ItemPath(0, 0))  // nor the gap
        #expect(try layout.updateMovement(x: 150, y: 100) == ItemPath(0, 0))
    }

    @Test func cancelRestoresEveryFrame() throws {
        let layout = try flow(20, header: 30)
        let all = Rect(x: -10, y: -10, width: 400, height: 5000)
        let before = layout.elements(in: all)
        try layout.beginMovement(of: ItemPath(0, 2))
        try layout.updateMovement(x: 200, y: 700)
        #expect(layout.elements(in: all) != before)
        try layout.cancelMovement()
        #expect(layout.elements(in: all) == before)
    }

    @Test func commitEqualsTheBatchUpdate() throws {
        let moved = try flow(12, header: 30), updated = try flow(12, header: 30)
        try moved.beginMovement(of: ItemPath(0, 1))
        let target = try moved.updateMovement(x: 100, y: 400)
        #expect(target == ItemPath(0, 6))
        let committed = try moved.commitMovement()
        var u = BatchUpdate()
        u.moveItems = [Move(ItemPath(0, 1), target)]
        let expected = try updated.performBatchUpdate(u)
        let all = Rect(x: -10, y: -10, width: 400, height: 5000)
        #expect(moved.elements(in: all) == updated.elements(in: all))
        #expect(committed.elements == expected.elements)
        #expect(committed.viewport == expected.viewport)
    }

    @Test func acrossSectionsAndOverSupplementaries() throws {
        var def = LayoutDefinition()
        def.viewport = Rect(x: 0, y: 0, width: 320, height: 800)
        var flow = SectionMetrics(), grid = SectionMetrics()
        flow.header = 40
        (grid.style, grid.columns, grid.header) = (.grid, 3, 40)
        let size = Size(width: 100, height: 100)
        let source = ArraySource(sizes: [Array(repeating: size, count: 3), Array(repeating: size, count: 6)], metrics: [flow, grid])
        let layout = try Layout(definition: def, dataSource: source)
        try layout.beginMovement(of: ItemPath(0, 0))
        // Over section 1's header: no cell there, the target stays.
        let header = try layout.attributes(for: .header(1)).frame
        #expect(try layout.updateMovement(x: header.x + 5, y: header.y + 5) == ItemPath(0, 0))
        let cell = try layout.attributes(for: .cell(1, 4)).frame
        #expect(try layout.updateMovement(x: cell.x + 1, y: cell.y + 1) == ItemPath(1, 4))
        #expect(try layout.numberOfItems(inSection: 0) == 2)
        #expect(try layout.numberOfItems(inSection: 1) == 7)
        let lifted = try layout.attributes(for: .cell(1, 4))
        #expect(lifted.z == 100)
        #expect(close(lifted.frame, Rect(x: cell.x + 1 - lifted.frame.width / 2, y: cell.y + 1 - lifted.frame.height / 2,
                                          width: lifted.frame.width, height: lifted.frame.height)))
        let result = try layout.commitMovement()
        #expect(result.map.newItem(ItemPath(0, 0)) == ItemPath(1, 4))
        #expect(try layout.attributes(for: .cell(1, 4)).z == 0)
    }

    @Test func movementBadInput() throws {
        let layout = try flow(6)
        #expect(throws: LayoutError.self) { try layout.beginMovement(of: ItemPath(0, 6)) }
        #expect(throws: LayoutError.self) { try layout.beginMovement(of: ItemPath(1, 0)) }
        #expect(throws: LayoutError.self) { try layout.updateMovement(x: 1, y: 1) }
        try layout.beginMovement(of: ItemPath(0, 0))
        try layout.updateMovement(x: 240, y: 170)
        #expect(throws: LayoutError.self) { try layout.beginMovement(of: ItemPath(0, 1)) }
        #expect(throws: LayoutError.self) { try layout.setViewport(Rect(x: 0, y: 0, width: 300, height: 500)) }
        #expect(throws: LayoutError.self) { try layout.invalidateAll() }
        #expect(throws: LayoutError.self) { try layout.performBatchUpdate(BatchUpdate()) }
        #expect(throws: LayoutError.self) { try layout.updateMovement(x: .nan, y: 1) }
        #expect(layout.movingItem?.target == ItemPath(0, 3))  // the movement is intact
        try layout.commitMovement()
        #expect(throws: LayoutError.self) { try layout.cancelMovement() }
    }

    @Test func intoAnOrthogonalStripWithItemDecorations() throws {
        var def = LayoutDefinition()
        def.viewport = Rect(x: 0, y: 0, width: 320, height: 800)
        var flow = SectionMetrics(), strip = SectionMetrics()
        (flow.lineSpacing, flow.interitemSpacing) = (10, 10)
        (strip.style, strip.interitemSpacing) = (.orthogonal, 10)
        let size = Size(width: 100, height: 100)
        let source = ArraySource(sizes: [Array(repeating: size, count: 3), Array(repeating: size, count: 5)], metrics: [flow, strip])
        let layout = try Layout(definition: def, dataSource: source)
        let shadow = try layout.addDecoration("shadow", DecorationDefinition(scope: .item, insets: Insets(top: -2, left: -2, bottom: -2, right: -2)))
        try layout.setSectionOffset(50, section: 1)
        try layout.beginMovement(of: ItemPath(0, 2))
        let cell = try layout.attributes(for: .cell(1, 1)).frame  // shifted by the strip's offset
        #expect(try layout.updateMovement(x: cell.x + 10, y: cell.y + 10) == ItemPath(1, 1))
        let lifted = try layout.attributes(for: .cell(1, 1))
        #expect(close(lifted.frame, Rect(x: cell.x + 10 - 50, y: cell.y + 10 - 50, width: 100, height: 100)))
        let decoration = try layout.attributes(for: ElementID(.decoration, shadow, section: 1, item: 1))
        #expect(close(decoration.frame, Rect(x: lifted.frame.x - 2, y: lifted.frame.y - 2, width: 104, height: 104)))
        #expect(decoration.z == -1)
        // Both are returned by a rect query around the position, once.
        let found = layout.elements(in: Rect(x: cell.x + 9, y: cell.y + 9, width: 2, height: 2)).filter { $0.id.section == 1 && $0.id.item == 1 }
        #expect(found.count == 2)
        let result = try layout.commitMovement()
        #expect(result.map.newItem(ItemPath(0, 2)) == ItemPath(1, 1))
        #expect(try layout.numberOfItems(inSection: 1) == 6)
    }

    @Test func inlineElementsPastTheCountAreClampedAndMeet() throws {
        var def = LayoutDefinition()
        def.viewport = Rect(x: 0, y: 0, width: 100, height: 800)
        def.kinds = ["separator"]
        let separator = Kind.user(0)
        let size = Size(width: 100, height: 50)
        let inlines = [[InlineElement(kind: separator, before: 2, extent: 1), InlineElement(kind: separator, before: 3, extent: 2)], []]
        let layout = try Layout(definition: def, dataSource: ArraySource(sizes: [Array(repeating: size, count: 3), [size]], inlines: inlines))
        try layout.beginMovement(of: ItemPath(0, 0))
        let target = try layout.attributes(for: .cell(1, 0)).frame
        #expect(try layout.updateMovement(x: target.x + target.width / 2, y: target.y + target.height / 2) == ItemPath(1, 0))
        // Section 0 has 2 items: the separator before 3 meets the one before 2; the first stays.
        let separators = layout.elements(in: Rect(x: 0, y: 0, width: 100, height: 800)).filter { $0.id.kind == separator }
        #expect(separators.map(\.id.item) == [2])
        #expect(separators.first?.frame.height == 1)
        try layout.commitMovement()
        #expect(layout.elements(in: Rect(x: 0, y: 0, width: 100, height: 800)).filter { $0.id.kind == separator }.count == 1)
    }

    @Test func transitionViewportAcrossDirections() throws {
        var def = LayoutDefinition()
        def.viewport = Rect(x: 0, y: 300, width: 320, height: 400)
        let size = Size(width: 100, height: 100)
        let a = try Layout(definition: def, dataSource: ArraySource(sizes: [Array(repeating: size, count: 30)]))
        def.direction = .horizontal
        def.viewport = Rect(x: 0, y: 0, width: 320, height: 400)
        let b = try Layout(definition: def, dataSource: ArraySource(sizes: [Array(repeating: size, count: 30)]))
        // The anchor: the first cell overlapping the from-viewport (rows of 3, 110 apart: item 6
        // at y 220); the to-viewport starts at its x in the horizontal layout.
        let first = a.elements(in: a.viewport).filter { $0.id.category == .cell }.map(\.id.item).min()
        #expect(first == 6)
        let anchor = try b.attributes(for: .cell(0, 6)).frame.x
        #expect(anchor > 0 && anchor < b.contentSize.width - 320)
        #expect(try Transition(from: a, to: b).targetViewport == Rect(x: anchor, y: 0, width: 320, height: 400))
    }

    @Test func transitionKindsCorrespondByName() throws {
        var def = LayoutDefinition()
        def.viewport = Rect(x: 0, y: 0, width: 100, height: 500)
        let size = [Size(width: 100, height: 50), Size(width: 100, height: 50)]
        def.kinds = ["line", "gap"]  // "gap" is the second user kind here
        let a = try Layout(definition: def, dataSource: ArraySource(sizes: [size], inlines: [[InlineElement(kind: Kind.user(1), before: 1, extent: 2)]]))
        def.kinds = ["gap", "dot"]   // and the first here; "dot" only here
        let b = try Layout(definition: def, dataSource: ArraySource(sizes: [size], inlines: [[
            InlineElement(kind: Kind.user(0), before: 1, extent: 4), InlineElement(kind: Kind.user(1), before: 2, extent: 6)]]))
        let t = try Transition(from: a, to: b)
        let half = try t.elements(in: Rect(x: 0, y: 0, width: 100, height: 500), progress: 0.5)
        let gap = try #require(half.first { t.kindName($0.id.kind) == "gap" })
        #expect(gap.alpha == 1 && gap.frame.height == 3)  // on both sides: interpolated, not faded
        let dot = try #require(half.first { t.kindName($0.id.kind) == "dot" })
        #expect(dot.alpha == 0.5 && dot.id.kind == Kind.user(2))  // to only: an id after the from-layout's
    }
}

/// A transition frame looks up the other side's cells of a section together; it must give what
/// the rule of SPEC §10.5 gives element by element, whatever the styles (waterfall and custom
/// rect queries return cells out of item order).
@Suite struct TransitionPropertyTests {
    @Test(arguments: 0..<40)
    func framesFollowTheRuleElementByElement(seed: Int) throws {
        var rng = SeededGenerator(seed: UInt64(seed) &+ 5150)
        let counts = (0..<Int.random(in: 1...3, using: &rng)).map { _ in Int.random(in: 0...300, using: &rng) }
        let sizes = counts.map { n in (0..<n).map { _ in Size(width: Double(Int.random(in: 20...150, using: &rng)), height: Double(Int.random(in: 10...120, using: &rng))) } }
        func make(_ style: SectionStyle) throws -> Layout {
            var m = SectionMetrics()
            (m.style, m.columns, m.header, m.lineSpacing, m.interitemSpacing) = (style, 3, 20, 6, 4)
            var d = LayoutDefinition()
            d.viewport = Rect(x: 0, y: 0, width: 360, height: 700)
            let source = ArraySource(sizes: sizes, metrics: Array(repeating: m, count: sizes.count))
            if style == .custom {
                for (s, list) in sizes.enumerated() {
                    source.frames[s] = list.enumerated().map { k, size in Rect(x: Double(k % 3) * 110, y: Double((k * 37) % 500), width: size.width, height: size.height) }
                }
            }
            return try Layout(definition: d, dataSource: source)
        }
        let styles: [SectionStyle] = [.flow, .grid, .waterfall, .custom]
        let a = try make(styles[seed % 4]), b = try make(styles[(seed / 4 + 1) % 4])
        let transition = try Transition(from: a, to: b)
        for _ in 0..<6 {
            let rect = Rect(x: Double.random(in: -50...200, using: &rng), y: Double.random(in: -50...3000, using: &rng),
                            width: Double.random(in: 1...400, using: &rng), height: Double.random(in: 1...900, using: &rng))
            let t = Double.random(in: 0...1, using: &rng)
            var want: [ElementID: Attributes] = [:]
            func mix(_ x: Double, _ y: Double) -> Double { x + (y - x) * t }
            for x in a.elements(in: rect) {
                var r = x
                if let y = try? b.attributes(for: x.id) {
                    r.frame = Rect(x: mix(x.frame.x, y.frame.x), y: mix(x.frame.y, y.frame.y), width: mix(x.frame.width, y.frame.width), height: mix(x.frame.height, y.frame.height))
                } else {
                    r.alpha = x.alpha * (1 - t)
                }
                want[x.id] = r
            }
            for y in b.elements(in: rect) where want[y.id] == nil {
                guard let x = try? a.attributes(for: y.id) else { var r = y; r.alpha = y.alpha * t; want[y.id] = r; continue }
                var r = x
                r.frame = Rect(x: mix(x.frame.x, y.frame.x), y: mix(x.frame.y, y.frame.y), width: mix(x.frame.width, y.frame.width), height: mix(x.frame.height, y.frame.height))
                want[y.id] = r
            }
            let got = try transition.elements(in: rect, progress: t)
            #expect(got.count == want.count, "seed \(seed): \(got.count) elements, \(want.count) by the rule")
            for g in got {
                guard let w = want[g.id] else { Issue.record("seed \(seed): \(g.id) is not in the rule's answer"); continue }
                #expect(close(g.frame, w.frame) && abs(g.alpha - w.alpha) < 1e-9, "seed \(seed): \(g.id) \(g.frame) vs \(w.frame)")
            }
        }
    }
}
