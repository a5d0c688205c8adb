import CollectionLayout
import Foundation
import Testing

/// Collapsing headers (SPEC §18): the layout's header shrinks, pins, floats, snaps and stretches
/// as the content scrolls; nothing else moves and the content size stays.
@Suite struct CollapseTests {
    /// The shared `dump` vectors: the viewport moved through `scroll` as the host would (stepping
    /// a floating header), then every element or those in `rect`, and the collapse record.
    @Test(arguments: ["changes/27-collapse-pinned", "changes/28-collapse-floating"])
    func sharedVector(name: String) throws {
        let data = try Data(contentsOf: vectorsDirectory().appendingPathComponent("\(name).json"))
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let scene = Scene(json: try #require(json["scene"] as? [String: Any]))
        for c in json["cases"] as? [[String: Any]] ?? [] {
            let layout = try scene.makeLayout()
            let args = c["args"] as? [String: Any] ?? [:], expected = try #require(c["expected"] as? [String: Any])
            for origin in (args["scroll"] as? [NSNumber] ?? []).map(\.doubleValue) {
                var v = layout.viewport
                v.y = origin
                try layout.setViewport(v)
            }
            let record = try #require(layout.collapse)
            let want = (expected["collapse"] as? [String: NSNumber] ?? [:]).mapValues(\.doubleValue)
            #expect([record.extent, record.progress, record.stretch, record.shrink] == [want["extent"], want["progress"], want["stretch"], want["shrink"]].map { $0 ?? -1 },
                    "\(args): \(record)")
            if let r = (args["rect"] as? [NSNumber])?.map(\.doubleValue) {
                let found = layout.elements(in: Rect(x: r[0], y: r[1], width: r[2], height: r[3]))
                let list = expected["elements"] as? [[String: Any]] ?? []
                #expect(found.count == list.count, "\(args)")
                for e in list {
                    let kind = try #require(layout.kind(named: e["kind"] as? String ?? ""))
                    let category: ElementCategory = e["category"] as? String == "cell" ? .cell : .supplementary
                    let id = ElementID(category, kind, section: (e["section"] as? NSNumber)?.intValue ?? 0, item: (e["item"] as? NSNumber)?.intValue ?? 0)
                    let f = (e["frame"] as? [NSNumber] ?? []).map(\.doubleValue)
                    let a = try #require(found.first { $0.id == id }, "\(args): missing \(id)")
                    #expect(a.frame == Rect(x: f[0], y: f[1], width: f[2], height: f[3]) && a.z == Int32((e["z"] as? NSNumber)?.intValue ?? 0), "\(args) \(id): \(a)")
                }
            } else {
                try expectVectorElements(layout, expected)
            }
        }
    }

    /// §18.2's example: M = 200, m = 60, pinned.
    private func feed(_ mode: CollapsingHeader.Mode = .pinned, min: Double = 60, snap: Bool = false, stretch: Bool = false,
                      fill: Bool = false, items: Int = 30, origin: Double = 0) throws -> Layout {
        var def = LayoutDefinition()
        def.viewport = Rect(x: 0, y: origin, width: 320, height: 400)
        def.sectionDefaults.lineSpacing = 0
        def.layoutHeaderFooter = LayoutHeaderFooter(header: 200, collapse: CollapsingHeader(min: min, mode: mode, snap: snap, stretch: stretch, fill: fill))
        return try Layout(definition: def, dataSource: ArraySource(sizes: [Array(repeating: Size(width: 320, height: 50), count: items)]))
    }

    private func header(_ l: Layout) throws -> Rect { try l.attributes(for: .globalHeader).frame }

    @Test func theSpecsExample() throws {
        let l = try feed()
        #expect(l.contentSize.height == 200 + 30 * 50)
        for (o, y, e, p) in [(0.0, 0.0, 200.0, 0.0), (70, 70, 130, 0.5), (140, 140, 60, 1), (500, 500, 60, 1), (-50, 0, 200, 0)] {
            try l.setViewport(Rect(x: 0, y: o, width: 320, height: 400))
            #expect(try header(l) == Rect(x: 0, y: y, width: 320, height: e), "origin \(o)")
            #expect(l.collapse?.progress == p)
            #expect(l.contentSize.height == 1700, "collapsing changes no content size")
        }
        let stretched = try feed(stretch: true, origin: -50)
        #expect(try header(stretched) == Rect(x: 0, y: -50, width: 320, height: 250))
        #expect(stretched.collapse?.stretch == 50)
        let scrolling = try feed(.scroll, origin: 170)
        #expect(try header(scrolling) == Rect(x: 0, y: 140, width: 320, height: 60) && scrolling.collapse?.shrink == 170)
    }

    @Test func theFloatingStateStepsWithTheHostsViewportsAndIsClampedByTheEngines() throws {
        let l = try feed(.floating, min: 100)
        for (o, f) in [(400.0, 200.0), (380, 180), (500, 200)] {
            try l.setViewport(Rect(x: 0, y: o, width: 320, height: 400))
            #expect(l.collapse?.shrink == f, "origin \(o)")
        }
        #expect(try header(l) == Rect(x: 0, y: 400, width: 320, height: 100))  // hidden just above the viewport
        try l.setCollapseShrink(0)  // shown from code
        #expect(try header(l) == Rect(x: 0, y: 500, width: 320, height: 200))
        try l.setCollapseShrink(1e9)
        #expect(l.collapse?.shrink == 200, "clamped to min(u, R)")
        // Moving back by 30 reveals 30 of it at once.
        try l.setViewport(Rect(x: 0, y: 470, width: 320, height: 400))
        #expect(l.collapse?.shrink == 170)
        #expect(try header(l) == Rect(x: 0, y: 400, width: 320, height: 100))
        #expect(throws: LayoutError.self) { try feed().setCollapseShrink(10) }  // no floating state in pinned mode
    }

    @Test func snapFillAndTargets() throws {
        // §18.5: R = 140; a projection of 70 answers 0 and one of 71 answers 140.
        let l = try feed(snap: true)
        #expect(try l.targetContentOffset(proposed: 70, velocity: 0, snapping: .none) == 0)
        #expect(try l.targetContentOffset(proposed: 71, velocity: 0, snapping: .none) == 140)
        #expect(try l.targetContentOffset(proposed: 400, velocity: 0, snapping: .none) == 400)
        // Line targets land below the collapsed header (reduced by m in pinned mode).
        #expect(try l.targetContentOffset(proposed: 251, velocity: 0, snapping: .line) == 300 - 60)
        // Fill: a short content grows to V + M − m so the header can collapse fully.
        let short = try feed(fill: true, items: 2)
        #expect(short.contentSize.height == 400 + 200 - 60)
        let floating = try feed(.floating, min: 100, snap: true)
        try floating.setViewport(Rect(x: 0, y: 400, width: 320, height: 400))
        let target = try floating.targetContentOffset(proposed: 330, velocity: 0, snapping: .none)
        #expect(target == 330)
        // Stepped from 400 to 330: f = 130, snapped to F = 200 (more than half of it).
        #expect(try floating.collapse(atTarget: target)?.shrink == 200)
    }

    @Test func badCollapsesAreRefused() throws {
        for c in [LayoutHeaderFooter(header: 0, collapse: CollapsingHeader()),
                  LayoutHeaderFooter(header: 100, collapse: CollapsingHeader(min: 150)),
                  LayoutHeaderFooter(header: 100, collapse: CollapsingHeader(min: .nan)),
                  LayoutHeaderFooter(header: 100, pinHeader: true, collapse: CollapsingHeader())] {
            var def = LayoutDefinition()
            def.layoutHeaderFooter = c
            #expect(throws: LayoutError.self) { try Layout(definition: def, dataSource: ArraySource(sizes: [[]])) }
        }
        let l = try feed()
        let before = l.elements(in: Rect(x: 0, y: 0, width: 320, height: 400))
        #expect(throws: LayoutError.self) { try l.setLayoutHeaderFooter(LayoutHeaderFooter(header: 100, collapse: CollapsingHeader(min: -1))) }
        #expect(l.elements(in: Rect(x: 0, y: 0, width: 320, height: 400)) == before)
    }
}
