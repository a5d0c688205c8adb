import CollectionLayout
import Testing

/// Right-to-left layouts (SPEC §15): one mirror of the logical layout; the host's coordinates
/// physical; scroll-axis rules computed on the logical layout and mapped back.
@Suite struct RightToLeftTests {
    private func layout(_ def: LayoutDefinition, _ source: ArraySource, _ direction: LayoutDirection) throws -> Layout {
        var def = def
        def.layoutDirection = direction
        return try Layout(definition: def, dataSource: source)
    }

    /// Every element of random vertical layouts, at random viewports and display scales, is
    /// its left-to-right frame mirrored in the line extent (then rounded); a physical rect
    /// query returns exactly what the left-to-right query of the mirrored rect returns.
    @Test func aVerticalLayoutIsItsLeftToRightLayoutMirrored() throws {
        var rng = SeededGenerator(seed: 15)
        for _ in 0..<40 {
            var def = LayoutDefinition()
            let width = Double.random(in: 100...400, using: &rng)
            def.viewport = Rect(x: 0, y: Double.random(in: 0...300, using: &rng), width: width, height: 300)
            def.contentInsets = Insets(top: 0, left: Double(Int.random(in: 0...20, using: &rng)), bottom: 0, right: Double(Int.random(in: 0...20, using: &rng)))
            def.pinHeaders = Bool.random(using: &rng)
            def.sectionDefaults.header = 20
            let sections = (0..<3).map { _ in (0..<Int.random(in: 0...30, using: &rng)).map { _ in
                Size(width: Double.random(in: 10...120, using: &rng), height: Double.random(in: 10...60, using: &rng)) } }
            let metrics: [SectionMetrics?] = sections.indices.map { s in
                var m = SectionMetrics.randomFlow(&rng)
                m.header = 20
                if s == 1 { m.style = .grid; m.columns = 3 }
                if s == 2 && Bool.random(using: &rng) { m.style = .orthogonal }
                return m
            }
            let source = ArraySource(sizes: sections, metrics: metrics)
            let ltr = try layout(def, source, .leftToRight), rtl = try layout(def, source, .rightToLeft)
            let w = ltr.contentSize.width
            #expect(rtl.contentSize == ltr.contentSize)
            // The host's viewport is physical: with the content insets swapped it is the same rect.
            #expect(rtl.viewport == def.viewport)
            for scale in [0.0, 2.0] {
                try ltr.setDisplayScale(scale)
                try rtl.setDisplayScale(scale)
                let rect = Rect(x: Double.random(in: -20...width, using: &rng), y: Double.random(in: 0...600, using: &rng), width: 80, height: 200)
                let mirrored = Rect(x: w - rect.x - rect.width, y: rect.y, width: rect.width, height: rect.height)
                let exact = try ltr.elements(in: mirrored), found = try rtl.elements(in: rect)
                #expect(Set(exact.map(\.id)) == Set(found.map(\.id)))
                for a in found {
                    try ltr.setDisplayScale(0)
                    let e = try ltr.attributes(for: a.id).frame
                    try ltr.setDisplayScale(scale)
                    var expected = Rect(x: w - e.x - e.width, y: e.y, width: e.width, height: e.height)
                    if scale > 0 {
                        func round(_ v: Double) -> Double { (v * scale + 0.5).rounded(.down) / scale }
                        expected = Rect(x: round(expected.x), y: round(expected.y), width: round(expected.x + expected.width) - round(expected.x),
                                        height: round(expected.y + expected.height) - round(expected.y))
                    }
                    #expect(close(a.frame, expected), "\(a.id): \(a.frame) vs \(expected)")
                    #expect(try rtl.attributes(for: a.id) == a)
                }
            }
        }
    }

    /// A horizontal strip of ten 100-point cells in a 300-point viewport.
    private func strip(origin: Double, count: Int = 10, pinHeaders: Bool = false) throws -> Layout {
        var def = LayoutDefinition()
        def.direction = .horizontal
        def.viewport = Rect(x: origin, y: 0, width: 300, height: 200)
        def.sectionDefaults.interitemSpacing = 0
        def.sectionDefaults.lineSpacing = 0
        def.pinHeaders = pinHeaders
        let source = ArraySource(sizes: [Array(repeating: Size(width: 100, height: 200), count: count)])
        return try layout(def, source, .rightToLeft)
    }

    @Test func aHorizontalLayoutStartsAtItsRightEndAndPagesCountFromThere() throws {
        let l = try strip(origin: 700)
        #expect(l.contentSize.width == 1000)
        #expect(try l.attributes(for: .cell(0, 0)).frame.x == 900)
        #expect(try l.attributes(for: .cell(0, 9)).frame.x == 0)
        #expect(Set(try l.elements(in: l.viewport).map(\.id)) == [.cell(0, 0), .cell(0, 1), .cell(0, 2)])
        // §15's example: the pages are the physical origins 700, 400, 100 and 0.
        for (proposed, page) in [(690.0, 700.0), (450, 400), (120, 100), (-100, 0), (5000, 700)] {
            #expect(try l.targetContentOffset(proposed: proposed, velocity: 0, snapping: .page) == page, "\(proposed)")
        }
        // A velocity towards the content's end (left) projects to the left.
        #expect(try l.targetContentOffset(proposed: 700, velocity: -1000, snapping: .line) < 700)
        // Scroll-to start puts the cell's right edge at the viewport's right edge.
        let v = try l.scrollToElement(.cell(0, 4), position: .start)
        #expect(v.x + v.width == 600)
        #expect(try l.scrollToElement(.cell(0, 4), position: .end).x == 500)
    }

    @Test func contentNarrowerThanTheViewportLiesAtItsRight() throws {
        let l = try strip(origin: 0, count: 2)
        #expect(l.contentSize.width == 200)
        #expect(try l.attributes(for: .cell(0, 0)).frame.x == 200)
        #expect(try l.attributes(for: .cell(0, 1)).frame.x == 100)
        #expect(l.viewport.x == 0)
        #expect(try l.targetContentOffset(proposed: 50, velocity: 0, snapping: .none) == 0)
    }

    @Test func pinnedHeadersPinAtTheViewportsRightEdge() throws {
        var def = LayoutDefinition()
        def.direction = .horizontal
        def.viewport = Rect(x: 400, y: 0, width: 300, height: 200)
        def.pinHeaders = true
        def.sectionDefaults.header = 50
        def.sectionDefaults.interitemSpacing = 0
        def.sectionDefaults.lineSpacing = 0
        let source = ArraySource(sizes: [Array(repeating: Size(width: 100, height: 200), count: 10)])
        let l = try layout(def, source, .rightToLeft)
        #expect(l.contentSize.width == 1050)
        let header = try l.attributes(for: .header(0)).frame
        #expect(header.x + header.width == 700)
        #expect(header.width == 50)
    }

    @Test func flingsAndTheRubberBandMapToTheRightEnd() throws {
        let l = try strip(origin: 700)
        let fling = try l.fling(velocity: -2000, snapping: .line)
        #expect(fling.start == 700)
        #expect(fling.target < 700 && fling.target >= 0)
        #expect(fling.target.truncatingRemainder(dividingBy: 100) == 0)
        let s0 = try fling.sample(at: 0), rest = try fling.sample(at: fling.restTime)
        #expect(s0.offset == 700 && s0.velocity < 0)
        #expect(rest.offset == fling.target && rest.velocity == 0)
        // Released past the start (right of 700): springs back to 700.
        let back = try l.fling(velocity: 0, snapping: .none, from: 760)
        #expect(back.curve == .spring && back.target == 700)
        let pulled = try l.rubberBand(800)
        #expect(pulled > 700 && pulled < 800)
        #expect(try l.rubberBand(300) == 300)
    }

    @Test func hitTestsAndMovementUseThePhysicalFrames() throws {
        var def = LayoutDefinition()
        def.viewport = Rect(x: 0, y: 0, width: 300, height: 400)
        def.sectionDefaults.interitemSpacing = 0
        def.sectionDefaults.lineSpacing = 0
        def.sectionDefaults.alignment = .leading
        let source = ArraySource(sizes: [Array(repeating: Size(width: 100, height: 100), count: 6)])
        let l = try layout(def, source, .rightToLeft)
        // Item 0 at the right, [200, 300); half-open on its physical frame.
        #expect(try l.element(at: 200, 50)?.id == .cell(0, 0))
        #expect(try l.element(at: 199.5, 50)?.id == .cell(0, 1))
        // Dragged over item 2 (physical [0, 100)), item 0 takes its place and is centred on the point.
        try l.beginMovement(of: ItemPath(0, 0))
        #expect(try l.updateMovement(x: 50, y: 50) == ItemPath(0, 2))
        #expect(try l.attributes(for: .cell(0, 2)).frame == Rect(x: 0, y: 0, width: 100, height: 100))
        #expect(try l.attributes(for: .cell(0, 0)).frame.x == 200)  // the old item 1, now item 0, in the leading slot
        try l.updateMovement(x: 60, y: 70)
        #expect(try l.attributes(for: .cell(0, 2)).frame == Rect(x: 10, y: 20, width: 100, height: 100))
        try l.cancelMovement()
        // Focus directions stay physical: right of item 1 is item 0.
        let answer = try l.focus(FocusRequest(source: .cell(0, 1), direction: .right))
        #expect(answer.target == .cell(0, 0))
        #expect(try l.focus(FocusRequest(source: .cell(0, 1), direction: .left)).target == .cell(0, 2))
    }

    @Test func insertingAtTheStartOfAHorizontalLayoutKeepsThePhysicalOrigin() throws {
        var def = LayoutDefinition()
        def.direction = .horizontal
        def.viewport = Rect(x: 300, y: 0, width: 300, height: 200)
        def.sectionDefaults.interitemSpacing = 0
        def.sectionDefaults.lineSpacing = 0
        let source = ArraySource(sizes: [Array(repeating: Size(width: 100, height: 200), count: 10)])
        let l = try layout(def, source, .rightToLeft)
        let before = try l.attributes(for: .cell(0, 5)).frame
        source.sizes[0].insert(Size(width: 100, height: 200), at: 0)
        var u = BatchUpdate()
        u.insertItems = [ItemPath(0, 0)]
        let result = try l.performBatchUpdate(u)
        // The content grows by a cell at its start (the right end); what was on screen stays.
        #expect(result.adjustment == 0)
        #expect(result.viewport.x == 300)
        #expect(try l.attributes(for: .cell(0, 6)).frame == before)
        #expect(try l.attributes(for: .cell(0, 0)).frame.x == 1000)
    }

    @Test func switchingTheDirectionMirrorsAndKeepsTheDistanceFromTheStart() throws {
        let l = try strip(origin: 700)
        try l.setLayoutDirection(.leftToRight)
        #expect(l.viewport.x == 0)
        #expect(try l.attributes(for: .cell(0, 0)).frame.x == 0)
        try l.setViewport(Rect(x: 100, y: 0, width: 300, height: 200))
        try l.setLayoutDirection(.rightToLeft)
        #expect(l.viewport.x == 600)
        #expect(l.definition.layoutDirection == .rightToLeft)
    }

    @Test func contentInsetsStayPhysical() throws {
        var def = LayoutDefinition()
        def.viewport = Rect(x: -20, y: 0, width: 320, height: 400)
        def.contentInsets = Insets(top: 0, left: 20, bottom: 0, right: 0)
        def.sectionDefaults.interitemSpacing = 0
        def.sectionDefaults.alignment = .leading
        let source = ArraySource(sizes: [[Size(width: 100, height: 100)]])
        let l = try layout(def, source, .rightToLeft)
        #expect(l.contentSize.width == 300)
        // The bar is on the left in either direction; the first cell is at the right.
        #expect(try l.attributes(for: .cell(0, 0)).frame.x == 200)
        #expect(l.viewport == def.viewport)
        #expect(l.definition.contentInsets == def.contentInsets)
    }

    @Test func aTransitionBetweenTheDirectionsBlendsPhysicalFrames() throws {
        var def = LayoutDefinition()
        def.viewport = Rect(x: 0, y: 0, width: 300, height: 400)
        def.sectionDefaults.alignment = .leading
        def.sectionDefaults.interitemSpacing = 0
        let source = ArraySource(sizes: [[Size(width: 100, height: 100)]])
        let ltr = try layout(def, source, .leftToRight), rtl = try layout(def, source, .rightToLeft)
        let t = try Transition(from: ltr, to: rtl)
        let mid = try t.elements(in: def.viewport, progress: 0.5)
        #expect(mid.first { $0.id == .cell(0, 0) }?.frame.x == 100)
        #expect(try t.elements(in: def.viewport, progress: 1).first?.frame.x == 200)
    }
}
