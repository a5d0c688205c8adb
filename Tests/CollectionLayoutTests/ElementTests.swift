import CollectionLayout
import Testing

/// Inline elements, decorations and pinning (SPEC §6–8), checked against frames derived from
/// other elements rather than from the engine's own arithmetic.
@Suite struct ElementTests {
    /// A random scene with headers and footers in every section and a section-coverage decoration
    /// of zero insets that marks each section's exact span.
    private func scene(seed: UInt64, pin: Bool) throws -> (Layout, ArraySource, Kind) {
        var rng = SeededGenerator(seed: seed)
        var def = LayoutDefinition()
        def.direction = Bool.random(using: &rng) ? .vertical : .horizontal
        def.viewport = Rect(x: 0, y: 0, width: .random(in: 150...400, using: &rng), height: .random(in: 150...400, using: &rng))
        def.pinHeaders = pin
        def.pinFooters = pin
        def.kinds = ["separator"]
        var sizes: [[Size]] = [], metrics: [SectionMetrics?] = [], inlines: [[InlineElement]] = []
        for _ in 0..<Int.random(in: 1...5, using: &rng) {
            let n = Int.random(in: 0...30, using: &rng)
            sizes.append((0..<n).map { _ in Size(width: .random(in: 10...120, using: &rng), height: .random(in: 10...90, using: &rng)) })
            var m = SectionMetrics()
            m.header = .random(in: 10...40, using: &rng)
            m.footer = .random(in: 10...30, using: &rng)
            m.insets = Insets(top: 5, left: 8, bottom: 7, right: 3)
            m.alignment = [.justified, .leading, .center, .trailing].randomElement(using: &rng)!
            metrics.append(m)
            inlines.append(Set((0..<3).map { _ in Int.random(in: 0...n, using: &rng) }).sorted().map {
                InlineElement(kind: Kind.user(0), before: $0, extent: .random(in: 0...6, using: &rng))
            })
        }
        let source = ArraySource(sizes: sizes, metrics: metrics, inlines: inlines)
        let layout = try Layout(definition: def, dataSource: source)
        let span = try layout.addDecoration("span", DecorationDefinition(scope: .section, coverage: .section))
        return (layout, source, span)
    }

    /// (start, end) along the scroll axis.
    private func scrollRange(_ r: Rect, _ layout: Layout) -> (Double, Double) {
        layout.definition.direction == .vertical ? (r.y, r.y + r.height) : (r.x, r.x + r.width)
    }

    @Test(arguments: 0..<100)
    func cellsAfterASeparatorMoveByExactlyItsChange(seed: Int) throws {
        let (layout, source, _) = try scene(seed: UInt64(seed), pin: false)
        guard let s = source.inlines.indices.first(where: { !source.inlines[$0].isEmpty }) else { return }
        let everything = Rect(x: -1e5, y: -1e5, width: 1e6, height: 1e6)
        let before = Dictionary(uniqueKeysWithValues: layout.elements(in: everything).map { ($0.id, $0.frame) })
        let grow = 7.5
        source.inlines[s][0].extent += grow
        let moved = source.inlines[s][0].before
        try layout.invalidateSections([s])
        for a in layout.elements(in: everything) where a.id.category == .cell {
            let old = try #require(before[a.id])
            let shift = scrollRange(a.frame, layout).0 - scrollRange(old, layout).0
            let expected = a.id.section > s || (a.id.section == s && a.id.item >= moved) ? grow : 0
            #expect(abs(shift - expected) < 1e-9, "seed \(seed): \(a.id) moved \(shift)")
        }
    }

    @Test(arguments: 0..<100)
    func decorationFramesFollowTheSpec(seed: Int) throws {
        let (layout, _, span) = try scene(seed: UInt64(seed), pin: false)
        let insets = Insets(top: 3, left: -4, bottom: 6, right: 2)
        let body = try layout.addDecoration("body", DecorationDefinition(scope: .section, coverage: .body))
        let items = try layout.addDecoration("items", DecorationDefinition(scope: .section, coverage: .items, insets: insets))
        let shadow = try layout.addDecoration("shadow", DecorationDefinition(scope: .item, insets: insets))
        let vertical = layout.definition.direction == .vertical
        let e = vertical ? layout.contentSize.width : layout.contentSize.height
        func axisInsets(_ r: Rect) -> Rect {  // insets applied in screen terms
            let w = max(0, r.width - insets.left - insets.right), h = max(0, r.height - insets.top - insets.bottom)
            return Rect(x: r.x + insets.left, y: r.y + insets.top, width: w, height: h)
        }
        for s in 0..<layout.numberOfSections {
            let header = try layout.attributes(for: .header(s)).frame, footer = try layout.attributes(for: .footer(s)).frame
            let whole = try layout.attributes(for: ElementID(.decoration, span, section: s, item: 0)).frame
            let (hs, he) = scrollRange(header, layout), (fs, fe) = scrollRange(footer, layout)
            let (ws, we) = scrollRange(whole, layout)
            #expect(abs(ws - hs) < 1e-9 && abs(we - fe) < 1e-9, "section coverage spans header to footer")
            let b = try layout.attributes(for: ElementID(.decoration, body, section: s, item: 0)).frame
            let (bs, be) = scrollRange(b, layout)
            #expect(abs(bs - he) < 1e-9 && abs(be - fs) < 1e-9 && (vertical ? b.width : b.height) == e, "body coverage")
            let n = try layout.numberOfItems(inSection: s)
            let cells = try (0..<n).map { try layout.attributes(for: .cell(s, $0)).frame }
            if cells.isEmpty {
                #expect(throws: LayoutError.self) { try layout.attributes(for: ElementID(.decoration, items, section: s, item: 0)) }
            } else {
                let x0 = cells.map(\.x).min()!, y0 = cells.map(\.y).min()!
                let box = Rect(x: x0, y: y0, width: cells.map { $0.x + $0.width }.max()! - x0, height: cells.map { $0.y + $0.height }.max()! - y0)
                let d = try layout.attributes(for: ElementID(.decoration, items, section: s, item: 0))
                #expect(close(d.frame, axisInsets(box)), "seed \(seed) items coverage \(d.frame) vs \(box)")
            }
            for (i, cell) in cells.enumerated() {
                #expect(close(try layout.attributes(for: ElementID(.decoration, shadow, section: s, item: i)).frame, axisInsets(cell)))
            }
        }
        // Each decoration exists once: two queries give the same single element.
        let all = Rect(x: -1e5, y: -1e5, width: 1e6, height: 1e6)
        let first = layout.elements(in: all), second = layout.elements(in: all)
        #expect(first == second && Set(first.map(\.id)).count == first.count)
    }

    @Test(arguments: 0..<100)
    func pinnedFramesFollowTheSpec(seed: Int) throws {
        let (plain, _, span) = try scene(seed: UInt64(seed), pin: false)
        let (pinned, _, _) = try scene(seed: UInt64(seed), pin: true)
        var rng = SeededGenerator(seed: UInt64(seed) ^ 0x5EED)
        let vertical = plain.definition.direction == .vertical
        let total = vertical ? plain.contentSize.height : plain.contentSize.width
        for _ in 0..<10 {
            var viewport = plain.viewport
            let origin = Double.random(in: -100...total + 100, using: &rng)
            if vertical { viewport.y = origin } else { viewport.x = origin }
            try pinned.setViewport(viewport)
            let extent = vertical ? viewport.height : viewport.width
            for s in 0..<plain.numberOfSections {
                let (start, end) = scrollRange(try plain.attributes(for: ElementID(.decoration, span, section: s, item: 0)).frame, plain)
                let header = try plain.attributes(for: .header(s)).frame, footer = try plain.attributes(for: .footer(s)).frame
                let (h0, h1) = scrollRange(header, plain), (f0, f1) = scrollRange(footer, plain)
                let headerOrigin = min(max(origin, h0), end - (h1 - h0))
                let footerOrigin = min(max(origin + extent - (f1 - f0), start + (h1 - h0)), f0)
                let ph = try pinned.attributes(for: .header(s)), pf = try pinned.attributes(for: .footer(s))
                #expect(abs(scrollRange(ph.frame, pinned).0 - headerOrigin) < 1e-9 && ph.z == 10, "seed \(seed) header \(s)")
                #expect(abs(scrollRange(pf.frame, pinned).0 - footerOrigin) < 1e-9 && pf.z == 10, "seed \(seed) footer \(s)")
                // Rect queries return a pinned element wherever it currently is.
                #expect(pinned.elements(in: viewport).contains(ph) == ph.frame.overlaps(viewport))
            }
        }
    }
}
