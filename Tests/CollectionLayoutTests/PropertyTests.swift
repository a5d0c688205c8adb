@testable import CollectionLayout
import Testing

/// Random scenes: both directions, every style and alignment, inline elements, decorations, pinning.
private struct RandomScene {
    var layout: Layout
    var source: ArraySource
    var kinds: [Kind]
    var decorations: [Kind]

    init(seed: UInt64) throws {
        var rng = SeededGenerator(seed: seed)
        var def = LayoutDefinition()
        def.direction = Bool.random(using: &rng) ? .vertical : .horizontal
        def.viewport = Rect(x: 0, y: 0, width: Double.random(in: 80...400, using: &rng), height: Double.random(in: 80...400, using: &rng))
        def.pinHeaders = Bool.random(using: &rng)
        def.pinFooters = Bool.random(using: &rng)
        def.kinds = ["separator", "divider"]
        let sectionCount = Int.random(in: 1...4, using: &rng)
        var sizes: [[Size]] = [], metrics: [SectionMetrics?] = [], inlines: [[InlineElement]] = []
        var frames: [Int: [Rect]] = [:]
        for _ in 0..<sectionCount {
            let n = Int.random(in: 0...40, using: &rng)
            sizes.append((0..<n).map { _ in
                Size(width: Double(Int.random(in: 0...120, using: &rng)), height: Double(Int.random(in: 0...90, using: &rng)))
            })
            var m = SectionMetrics()
            m.insets = Insets(top: .random(in: 0...20, using: &rng), left: .random(in: 0...20, using: &rng),
                              bottom: .random(in: 0...20, using: &rng), right: .random(in: 0...20, using: &rng))
            m.lineSpacing = Double(Int.random(in: 0...12, using: &rng))
            m.interitemSpacing = Double(Int.random(in: 0...12, using: &rng))
            m.header = [0, 0, 30, 44].randomElement(using: &rng)!
            m.footer = [0, 20].randomElement(using: &rng)!
            m.alignment = [.justified, .leading, .center, .trailing].randomElement(using: &rng)!
            m.crossAlignment = [.center, .start, .end].randomElement(using: &rng)!
            m.style = [.flow, .flow, .orthogonal, .grid, .waterfall, .custom].randomElement(using: &rng)!
            m.rows = Int.random(in: 1...3, using: &rng)
            m.columns = Int.random(in: 1...4, using: &rng)
            if m.style == .custom {
                // Body-relative along the scroll axis (never negative), anywhere along the line axis.
                frames[sizes.count - 1] = sizes[sizes.count - 1].map { size in
                    let line = Double.random(in: -20...300, using: &rng), scroll = Double.random(in: 0...400, using: &rng)
                    return def.direction == .vertical ? Rect(x: line, y: scroll, width: size.width, height: size.height)
                                                      : Rect(x: scroll, y: line, width: size.width, height: size.height)
                }
            }
            metrics.append(m)
            var list: [InlineElement] = []
            for k in [Kind.user(0), Kind.user(1)] where [.flow, .grid, .waterfall].contains(m.style) && Bool.random(using: &rng) {
                for before in Set((0..<Int.random(in: 0...3, using: &rng)).map { _ in Int.random(in: 0...n, using: &rng) }) {
                    list.append(InlineElement(kind: k, before: before, extent: Double(Int.random(in: 0...8, using: &rng))))
                }
            }
            inlines.append(list.shuffled(using: &rng))
        }
        source = ArraySource(sizes: sizes, metrics: metrics, inlines: inlines)
        source.frames = frames
        layout = try Layout(definition: def, dataSource: source)
        kinds = [Kind.user(0), Kind.user(1)]
        decorations = []
        let coverages: [DecorationDefinition.Coverage] = [.body, .section, .items]
        for (i, coverage) in coverages.enumerated() where Bool.random(using: &rng) {
            let inset = Double.random(in: -6...6, using: &rng)
            decorations.append(try layout.addDecoration("background\(i)", DecorationDefinition(scope: .section, coverage: coverage, insets: Insets(top: inset, left: inset, bottom: inset, right: inset), z: -2)))
        }
        if Bool.random(using: &rng) {
            decorations.append(try layout.addDecoration("shadow", DecorationDefinition(scope: .item, insets: Insets(top: -3, left: 2, bottom: -5, right: 2))))
        }
        for s in 0..<sectionCount where metrics[s]?.style == .orthogonal {
            try layout.setSectionOffset(.random(in: -50...800, using: &rng), section: s)
        }
        let size = layout.contentSize
        try layout.setViewport(Rect(x: .random(in: -50...max(0, size.width), using: &rng), y: .random(in: -50...max(0, size.height), using: &rng),
                                    width: def.viewport.width, height: def.viewport.height))
    }

    var all: [Attributes] { allElementsByIdentity(layout, kinds: kinds, decorations: decorations) }
}

@Suite struct PropertyTests {
    @Test(arguments: 0..<300)
    func rectQueryReturnsExactlyTheOverlappingElements(seed: Int) throws {
        let scene = try RandomScene(seed: UInt64(seed))
        var rng = SeededGenerator(seed: UInt64(seed) ^ 0xABCDEF)
        let all = scene.all
        let size = scene.layout.contentSize
        for _ in 0..<8 {
            let rect = Rect(x: .random(in: -20...size.width + 20, using: &rng), y: .random(in: -20...size.height + 20, using: &rng),
                            width: .random(in: 0...300, using: &rng), height: .random(in: 0...300, using: &rng))
            let found = scene.layout.elements(in: rect)
            let ids = found.map(\.id)
            #expect(Set(ids).count == ids.count, "nothing twice")
            let expected = all.filter { $0.frame.overlaps(rect) }
            #expect(Set(ids) == Set(expected.map(\.id)), "seed \(seed) rect \(rect)")
            for a in found { #expect(all.first { $0.id == a.id } == a) }
        }
    }

    @Test(arguments: 0..<200)
    func cellsNeverOverlapAndContentBoundsEveryFrame(seed: Int) throws {
        let scene = try RandomScene(seed: UInt64(seed))
        let all = scene.all
        let size = scene.layout.contentSize
        let bounds = Rect(x: 0, y: 0, width: size.width, height: size.height)
        for a in all where a.id.category != .decoration {
            let f = a.frame
            let inside = f.width == 0 || f.height == 0 || (f.x >= bounds.x - 1e-9 && f.y >= bounds.y - 1e-9 && f.x + f.width <= bounds.width + 1e-9 && f.y + f.height <= bounds.height + 1e-9)
            // An oversized item may stick out along the line axis, as in UIKit, and so do the cells
            // of a sideways strip; the scroll axis always bounds.
            let oversized = a.id.category == .cell
            #expect(inside || oversized, "seed \(seed): \(a.id) at \(f) outside \(size)")
        }
        let cells = all.filter { $0.id.category == .cell }
        for s in 0..<scene.layout.numberOfSections where scene.source.frames[s] == nil {  // custom frames may overlap
            let section = cells.filter { $0.id.section == s }
            for i in section.indices { for j in section.indices where j > i {
                let a = section[i].frame, b = section[j].frame
                let shrunk = Rect(x: a.x + 1e-9, y: a.y + 1e-9, width: max(0, a.width - 2e-9), height: max(0, a.height - 2e-9))
                #expect(!shrunk.overlaps(b), "seed \(seed): \(section[i].id) overlaps \(section[j].id)")
            } }
        }
    }

    @Test(arguments: 0..<200)
    func incrementalInvalidationEqualsAFreshLayout(seed: Int) throws {
        let scene = try RandomScene(seed: UInt64(seed))
        var rng = SeededGenerator(seed: UInt64(seed) &* 31)
        var changed: [(section: Int, item: Int)] = []
        for s in scene.source.sizes.indices where !scene.source.sizes[s].isEmpty {
            for _ in 0..<Int.random(in: 0...4, using: &rng) {
                let i = Int.random(in: 0..<scene.source.sizes[s].count, using: &rng)
                let old = scene.source.sizes[s][i]
                scene.source.sizes[s][i] = Bool.random(using: &rng)
                    ? Size(width: old.width, height: Double(Int.random(in: 0...120, using: &rng)))
                    : Size(width: Double(Int.random(in: 0...200, using: &rng)), height: Double(Int.random(in: 0...120, using: &rng)))
                changed.append((s, i))
            }
        }
        for (s, list) in scene.source.frames where !list.isEmpty {
            let i = Int.random(in: 0..<list.count, using: &rng)
            let scroll = Double.random(in: 0...500, using: &rng)
            if scene.layout.definition.direction == .vertical { scene.source.frames[s]?[i].y = scroll } else { scene.source.frames[s]?[i].x = scroll }
            changed.append((s, i))
        }
        try scene.layout.invalidateItems(changed.shuffled(using: &rng))
        #expect(scene.layout.brokenStorageInvariant() == nil, "seed \(seed): \(scene.layout.brokenStorageInvariant() ?? "")")
        let fresh = try Layout(definition: scene.layout.definition, dataSource: scene.source)
        try fresh.setViewport(scene.layout.viewport)
        for s in 0..<fresh.numberOfSections {
            if let scroll = try? scene.layout.sectionScroll(s) { try fresh.setSectionOffset(scroll.offset, section: s) }
        }
        let everything = Rect(x: -1e5, y: -1e5, width: 1e6, height: 1e6)
        #expect(abs(fresh.contentSize.width - scene.layout.contentSize.width) < 1e-6
                    && abs(fresh.contentSize.height - scene.layout.contentSize.height) < 1e-6, "seed \(seed)")
        let a = scene.layout.elements(in: everything).filter { $0.id.category != .decoration }
        let b = fresh.elements(in: everything)
        #expect(a.count == b.count && zip(a, b).allSatisfy { $0.id == $1.id && close($0.frame, $1.frame) }, "seed \(seed)")
    }
}

/// Long flow sections with a few changes take the incremental path (re-flow from the first
/// affected line, lines overwritten in place or re-chunked), with many changes the whole one;
/// both must equal a fresh layout.
@Suite struct IncrementalFlowTests {
    /// A layout of one long flow section (3,000 to 6,000 items) and what it was made from.
    static func longSection(_ rng: inout SeededGenerator, seed: Int, metrics m: SectionMetrics,
                            inlines: (Int, inout SeededGenerator) -> [InlineElement]) -> (LayoutDefinition, ArraySource) {
        var def = LayoutDefinition()
        def.direction = seed % 2 == 0 ? .vertical : .horizontal
        def.viewport = Rect(x: 0, y: 0, width: 390, height: 390)
        def.kinds = ["separator"]
        let n = Int.random(in: 3000...6000, using: &rng)
        let sizes = (0..<n).map { _ in Size(width: Double(Int.random(in: 40...160, using: &rng)), height: Double(Int.random(in: 30...120, using: &rng))) }
        return (def, ArraySource(sizes: [sizes], metrics: [m], inlines: [inlines(n, &rng)]))
    }

    /// Every element of `layout` equals a fresh layout of the same data.
    static func expectFresh(_ layout: Layout, _ fresh: Layout, _ context: String) {
        #expect(layout.brokenStorageInvariant() == nil, "\(context): \(layout.brokenStorageInvariant() ?? "")")
        #expect(abs(fresh.contentSize.height - layout.contentSize.height) < 1e-6 && abs(fresh.contentSize.width - layout.contentSize.width) < 1e-6, "\(context)")
        let everything = Rect(x: -1e7, y: -1e7, width: 1e8, height: 1e8)
        let a = layout.elements(in: everything), b = fresh.elements(in: everything)
        #expect(a.count == b.count && zip(a, b).allSatisfy { $0.id == $1.id && close($0.frame, $1.frame) }, "\(context)")
    }

    @Test(arguments: 0..<40)
    func fewChangesInALongSectionEqualAFreshLayout(seed: Int) throws {
        var rng = SeededGenerator(seed: UInt64(seed) &+ 777)
        var m = SectionMetrics()
        m.alignment = [.justified, .leading, .center, .trailing][seed % 4]
        let (def, source) = Self.longSection(&rng, seed: seed, metrics: m) { n, rng in
            let inlines = (0..<20).map { _ in Int.random(in: 0...n, using: &rng) }.sorted().enumerated()
                .map { InlineElement(kind: Kind.user(0), before: $0.element, extent: 1) }
            var unique: [InlineElement] = []
            for e in inlines where unique.last?.before != e.before { unique.append(e) }
            return unique
        }
        let n = source.sizes[0].count
        // A second, short section after the long one.
        source.sizes.append(Array(source.sizes[0].prefix(50)))
        source.metrics.append(m)
        source.inlines.append([])
        let layout = try Layout(definition: def, dataSource: source)
        _ = try layout.addDecoration("card", DecorationDefinition(coverage: .items))
        var changed: [(section: Int, item: Int)] = []
        // A third of the seeds name many items: the section is then asked and laid out whole.
        for _ in 0..<(seed % 3 == 0 ? n / 8 : Int.random(in: 1...8, using: &rng)) {
            let i = Int.random(in: 0..<n, using: &rng)
            let old = source.sizes[0][i]
            source.sizes[0][i] = Bool.random(using: &rng) ? Size(width: old.width, height: Double(Int.random(in: 0...200, using: &rng)))
                                                          : Size(width: Double(Int.random(in: 0...390, using: &rng)), height: old.height)
            changed.append((0, i))
        }
        try layout.invalidateItems(changed)
        let fresh = try Layout(definition: def, dataSource: source)
        _ = try fresh.addDecoration("card", DecorationDefinition(coverage: .items))
        Self.expectFresh(layout, fresh, "seed \(seed)")
    }

    /// Items measured taller or shorter, never wider, keep their lines (FlowBody's thickness
    /// path): round after round, scattered over a section of several chunks, every frame must
    /// equal a fresh layout.
    @Test(arguments: 0..<12)
    func scrollAxisOnlyChangesEqualAFreshLayout(seed: Int) throws {
        var rng = SeededGenerator(seed: UInt64(seed) &+ 4242)
        var m = SectionMetrics()
        m.alignment = [.justified, .leading, .center, .trailing][seed % 4]
        m.crossAlignment = [.start, .center, .end][seed % 3]
        let (def, source) = Self.longSection(&rng, seed: seed, metrics: m) { n, _ in [InlineElement(kind: Kind.user(0), before: n / 2, extent: 4)] }
        let n = source.sizes[0].count
        let layout = try Layout(definition: def, dataSource: source)
        for round in 0..<4 {
            var changed: [(section: Int, item: Int)] = []
            for _ in 0..<Int.random(in: 1...12, using: &rng) {
                let i = Int.random(in: 0..<n, using: &rng)
                let old = source.sizes[0][i]
                // (Along the scroll axis: height when vertical, width when horizontal.)
                let extent = Double(Int.random(in: 0...200, using: &rng))
                source.sizes[0][i] = def.direction == .vertical ? Size(width: old.width, height: extent) : Size(width: extent, height: old.height)
                changed.append((0, i))
            }
            try layout.invalidateItems(changed)
            Self.expectFresh(layout, try Layout(definition: def, dataSource: source), "seed \(seed) round \(round)")
        }
    }
}
