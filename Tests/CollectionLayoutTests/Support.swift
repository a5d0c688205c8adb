import CollectionLayout
import Foundation
import Testing

/// An in-memory data source: sizes, metrics and inline elements per section.
final class ArraySource: LayoutDataSource {
    var sizes: [[Size]]
    var metrics: [SectionMetrics?]
    var inlines: [[InlineElement]]
    /// Custom sections: body-relative frames per item (SPEC §5).
    var frames: [Int: [Rect]] = [:]
    /// Spans per section (SPEC §16): items past a section's list span 1.
    var spans: [Int: [ItemSpan]] = [:]
    /// Badges per section (SPEC §17.1), any order.
    var badges: [Int: [ItemBadge]] = [:]
    private(set) var badgeCalls: [(section: Int, items: Range<Int>)] = []
    /// Answers every badge of the section, asked or not (a source that answers garbage).
    var badgesUnasked = false
    var onCall: (() throws -> Void)?
    private(set) var spanCalls: [(section: Int, items: Range<Int>)] = []
    private(set) var sizeCalls: [(section: Int, items: Range<Int>)] = []

    init(sizes: [[Size]], metrics: [SectionMetrics?]? = nil, inlines: [[InlineElement]]? = nil) {
        self.sizes = sizes
        self.metrics = metrics ?? Array(repeating: nil, count: sizes.count)
        self.inlines = inlines ?? Array(repeating: [], count: sizes.count)
    }

    func numberOfSections() throws -> Int { try onCall?(); return sizes.count }
    func numberOfItems(inSection section: Int) throws -> Int { try onCall?(); return frames[section]?.count ?? sizes[section].count }
    func sizes(inSection section: Int, items: Range<Int>, into out: UnsafeMutableBufferPointer<Size>) throws -> Bool {
        try onCall?()
        sizeCalls.append((section, items))
        for (k, i) in items.enumerated() { out[k] = sizes[section][i] }
        return true
    }
    func metrics(forSection section: Int, defaults: SectionMetrics) throws -> SectionMetrics { metrics[section] ?? defaults }
    func inlineElements(inSection section: Int) throws -> [InlineElement] { inlines[section] }
    func customFrames(inSection section: Int, items: Range<Int>, lineExtent: Double, into out: UnsafeMutableBufferPointer<Rect>) throws {
        try onCall?()
        for (k, i) in items.enumerated() { out[k] = frames[section]?[i] ?? .zero }
    }
    func spans(inSection section: Int, items: Range<Int>, into out: UnsafeMutableBufferPointer<ItemSpan>) throws -> Bool {
        try onCall?()
        spanCalls.append((section, items))
        guard let list = spans[section] else { return false }
        for (k, i) in items.enumerated() { out[k] = i < list.count ? list[i] : .one }
        return true
    }
    func badges(inSection section: Int, items: Range<Int>) throws -> [ItemBadge] {
        badgeCalls.append((section, items))
        return (badges[section] ?? []).filter { badgesUnasked || items.contains($0.item) }
    }
    func resetCalls() { sizeCalls = []; spanCalls = []; badgeCalls = [] }
}

extension SectionMetrics {
    /// Flow metrics with every alignment, some spacing and a leading inset, for property tests.
    static func randomFlow(_ rng: inout SeededGenerator) -> SectionMetrics {
        var m = SectionMetrics()
        m.alignment = [.justified, .leading, .center, .trailing].randomElement(using: &rng)!
        m.crossAlignment = [.start, .center, .end].randomElement(using: &rng)!
        m.interitemSpacing = Double(Int.random(in: 0...12, using: &rng))
        m.lineSpacing = Double(Int.random(in: 0...12, using: &rng))
        m.insets = Insets(top: 5, left: Double(Int.random(in: 0...20, using: &rng)), bottom: 7, right: 3)
        return m
    }
}

/// A small deterministic generator (SplitMix64) so that failures reproduce.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Every element of a layout, found by identity (not by a rect query), for brute-force checks.
func allElementsByIdentity(_ layout: Layout, kinds: [Kind], decorations: [Kind]) -> [Attributes] {
    var result: [Attributes] = []
    for s in 0..<layout.numberOfSections {
        let n = (try? layout.numberOfItems(inSection: s)) ?? 0
        var ids: [ElementID] = [.header(s), .footer(s)]
        for i in 0..<n { ids.append(.cell(s, i)) }
        for k in kinds { for i in 0...n { ids.append(ElementID(.supplementary, k, section: s, item: i)) } }
        for k in decorations { for i in 0..<Swift.max(n, 1) { ids.append(ElementID(.decoration, k, section: s, item: i)) } }
        for id in ids { if let a = try? layout.attributes(for: id) { result.append(a) } }
    }
    return result
}

func close(_ a: Rect, _ b: Rect, _ tolerance: Double = 1e-6) -> Bool {
    abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance && abs(a.width - b.width) <= tolerance && abs(a.height - b.height) <= tolerance
}

// MARK: Scenes (SPEC §12) and the shared vectors

struct Scene {
    /// Badge kinds (SPEC §17.1) and, per section, which items carry them (kind by name): registered
    /// after the first pass, then asked for with an invalidation (as a C host does).
    var badgeKinds: [(String, BadgeDefinition)] = []
    var itemBadges: [Int: [(item: Int, kind: String, size: Size?)]] = [:]
    var definition = LayoutDefinition()
    var source: ArraySource
    var decorations: [(String, DecorationDefinition)] = []
    var offsets: [(section: Int, offset: Double)] = []

    /// `kinds`: user kind names to register first, in this order (a later scene of the same
    /// layout must give its kinds the same ids).
    init(json: [String: Any], kinds: [String] = []) {
        func doubles(_ v: Any?) -> [Double] { (v as? [Any] ?? []).map { ($0 as? NSNumber)?.doubleValue ?? 0 } }
        func insets(_ v: Any?) -> Insets? { let d = doubles(v); return d.count == 4 ? Insets(top: d[0], left: d[1], bottom: d[2], right: d[3]) : nil }
        let vp = doubles(json["viewport"])
        definition.viewport = Rect(x: vp[0], y: vp[1], width: vp[2], height: vp[3])
        let layout = json["layout"] as? [String: Any] ?? [:]
        definition.direction = layout["direction"] as? String == "horizontal" ? .horizontal : .vertical
        definition.pinHeaders = layout["pin_headers"] as? Bool ?? false
        definition.pinFooters = layout["pin_footers"] as? Bool ?? false
        definition.anchoring = layout["anchoring"] as? Bool ?? true
        definition.contentInsets = insets(layout["content_insets"]) ?? .zero
        definition.displayScale = (layout["display_scale"] as? NSNumber)?.doubleValue ?? 0
        definition.layoutDirection = layout["layout_direction"] as? String == "rtl" ? .rightToLeft : .leftToRight
        var own = LayoutHeaderFooter(header: (layout["global_header"] as? NSNumber)?.doubleValue ?? 0,
                                     footer: (layout["global_footer"] as? NSNumber)?.doubleValue ?? 0,
                                     pinHeader: layout["pin_global_header"] as? Bool ?? false,
                                     pinFooter: layout["pin_global_footer"] as? Bool ?? false)
        if let c = layout["collapse"] as? [String: Any] {
            let modes: [String: CollapsingHeader.Mode] = ["scroll": .scroll, "pinned": .pinned, "floating": .floating, "floating-pinned": .floatingPinned]
            own.collapse = CollapsingHeader(min: (c["min"] as? NSNumber)?.doubleValue ?? 0, mode: modes[c["mode"] as? String ?? "scroll"] ?? .scroll,
                                            snap: c["snap"] as? Bool ?? false, stretch: c["stretch"] as? Bool ?? false, fill: c["fill"] as? Bool ?? false)
        }
        definition.layoutHeaderFooter = own
        for b in layout["badges"] as? [[String: Any]] ?? [] {
            func edges(_ v: Any?) -> Edges? {
                (v as? [String]).map { names in Edges(names.compactMap { n in Edges.names.first { $0.0 == n }?.1 }) }
            }
            let offset = doubles(b["offset"]), size = doubles(b["size"])
            badgeKinds.append((b["kind"] as? String ?? "",
                               BadgeDefinition(anchor: edges(b["anchor"]) ?? [.top, .trailing], badgeAnchor: edges(b["badge_anchor"]),
                                               offset: offset.count == 2 ? (offset[0], offset[1]) : (0, 0),
                                               fractional: b["fractional"] as? Bool ?? false,
                                               size: size.count == 2 ? Size(width: size[0], height: size[1]) : .zero,
                                               z: Int32((b["z"] as? NSNumber)?.intValue ?? 1))))
        }
        for d in layout["decorations"] as? [[String: Any]] ?? [] {
            var def = DecorationDefinition()
            def.scope = d["scope"] as? String == "item" ? .item : .section
            def.coverage = ["body": .body, "section": .section, "items": .items][d["coverage"] as? String ?? "body"] ?? .body
            def.insets = insets(d["insets"]) ?? .zero
            def.z = Int32((d["z"] as? NSNumber)?.intValue ?? -1)
            decorations.append((d["kind"] as? String ?? "", def))
        }
        var defaults = SectionMetrics()
        defaults.lineSpacing = 0
        defaults.interitemSpacing = 0
        var sizes: [[Size]] = [], metrics: [SectionMetrics?] = [], rawInlines: [[(String, Int, Double)]] = []
        var frames: [Int: [Rect]] = [:], shown: [Int: [String]] = [:], spans: [Int: [ItemSpan]] = [:]
        for (index, section) in (json["sections"] as? [[String: Any]] ?? []).enumerated() {
            if let offset = (section["offset"] as? NSNumber)?.doubleValue { offsets.append((index, offset)) }
            if let list = section["frames"] as? [Any] {
                frames[index] = list.map { let d = doubles($0); return Rect(x: d[0], y: d[1], width: d[2], height: d[3]) }
                sizes.append([])
            } else if let items = section["items"] as? [Any] {
                sizes.append(items.map { let d = doubles($0); return Size(width: d[0], height: d[1]) })
            } else {
                let n = (section["item_count"] as? NSNumber)?.intValue ?? 0
                let d = doubles(section["item_size"])
                sizes.append(Array(repeating: Size(width: d[0], height: d[1]), count: n))
            }
            var m = defaults
            m.insets = insets(section["insets"]) ?? .zero
            m.lineSpacing = (section["line_spacing"] as? NSNumber)?.doubleValue ?? 0
            m.interitemSpacing = (section["interitem_spacing"] as? NSNumber)?.doubleValue ?? 0
            m.header = (section["header"] as? NSNumber)?.doubleValue ?? 0
            m.footer = (section["footer"] as? NSNumber)?.doubleValue ?? 0
            m.alignment = ["justified": .justified, "leading": .leading, "center": .center, "trailing": .trailing][section["alignment"] as? String ?? "justified"] ?? .justified
            m.crossAlignment = ["center": .center, "start": .start, "end": .end][section["cross_alignment"] as? String ?? "center"] ?? .center
            let styles: [String: SectionStyle] = ["flow": .flow, "orthogonal": .orthogonal, "grid": .grid, "waterfall": .waterfall, "custom": .custom]
            m.style = styles[section["style"] as? String ?? "flow"] ?? .flow
            m.rows = (section["rows"] as? NSNumber)?.intValue ?? 1
            m.columns = (section["columns"] as? NSNumber)?.intValue ?? 2
            m.packing = section["packing"] as? String == "dense" ? .dense : .sparse
            if let list = section["spans"] as? [Any] {
                spans[index] = list.map { ["full": .full, "remaining": .remaining][$0 as? String ?? ""] ?? .columns(($0 as? NSNumber)?.intValue ?? 0) }
            }
            if let list = section["decorations"] as? [String] { shown[index] = list }
            let estimate = doubles(section["estimated_item_size"])
            if estimate.count == 2 { m.estimatedItemSize = Size(width: estimate[0], height: estimate[1]) }
            if let effect = section["effect"] as? [String: Any] {
                let lines = (effect["keylines"] as? [[String: Any]] ?? []).map { k in
                    func v(_ key: String, _ d: Double) -> Double { (k[key] as? NSNumber)?.doubleValue ?? d }
                    return ScrollEffect.Keyline(fraction: v("fraction", 0), offset: v("offset", 0), scale: v("scale", 1), alpha: v("alpha", 1), z: Int32(v("z", 0)))
                }
                m.effect = ScrollEffect(keylines: lines, curve: effect["curve"] as? String == "ease-in-out" ? .easeInOut : .linear)
            }
            metrics.append(m)
            for b in section["badges"] as? [[String: Any]] ?? [] {
                let size = doubles(b["size"])
                itemBadges[index, default: []].append(((b["item"] as? NSNumber)?.intValue ?? 0, b["kind"] as? String ?? "",
                                                       size.count == 2 ? Size(width: size[0], height: size[1]) : nil))
            }
            rawInlines.append((section["inline"] as? [[String: Any]] ?? []).map {
                ($0["kind"] as? String ?? "", ($0["before"] as? NSNumber)?.intValue ?? 0, ($0["extent"] as? NSNumber)?.doubleValue ?? 0)
            })
        }
        // Kinds that the first pass refers to (inline elements, sections' decoration lists) are
        // named in the definition; decorations registered later by those names keep their ids.
        var kindNames: [String] = kinds
        for list in rawInlines { for (k, _, _) in list where !kindNames.contains(k) { kindNames.append(k) } }
        for list in shown.values { for k in list where !kindNames.contains(k) { kindNames.append(k) } }
        definition.kinds = kindNames
        for (index, list) in shown {
            metrics[index]?.decorationKinds = list.map { name in Kind.user(Int32(kindNames.firstIndex(of: name)!)) }
        }
        let inlines = rawInlines.map { list in
            list.map { InlineElement(kind: Kind.user(Int32(kindNames.firstIndex(of: $0.0)!)), before: $0.1, extent: $0.2) }
        }
        source = ArraySource(sizes: sizes, metrics: metrics, inlines: inlines)
        source.frames = frames
        source.spans = spans
    }

    func makeLayout() throws -> Layout {
        let layout = try Layout(definition: definition, dataSource: source)
        for (name, d) in decorations { _ = try layout.addDecoration(name, d) }
        for (section, offset) in offsets { try layout.setSectionOffset(offset, section: section) }
        if !badgeKinds.isEmpty {
            var ids: [String: Kind] = [:]
            for (name, d) in badgeKinds { ids[name] = try layout.addBadge(name, d) }
            source.badges = itemBadges.mapValues { list in list.map { ItemBadge(item: $0.item, kind: ids[$0.kind] ?? Kind(rawValue: -1), size: $0.size) } }
            try layout.invalidateAll()
        }
        return layout
    }
}

private let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// The test vectors: Tests/vectors (a copy of ../shared/vectors), or $COLLECTIONLAYOUT_VECTORS.
func vectorsDirectory() -> URL {
    if let path = ProcessInfo.processInfo.environment["COLLECTIONLAYOUT_VECTORS"] { return URL(fileURLWithPath: path) }
    return repositoryRoot.appendingPathComponent("Tests/vectors")
}

/// Tests/pending_vectors.txt: the vectors (paths under the vectors folder) whose feature the
/// engine lacks yet, with the feature each waits for.
func pendingVectors() -> [String: String] {
    let text = (try? String(contentsOf: repositoryRoot.appendingPathComponent("Tests/pending_vectors.txt"), encoding: .utf8)) ?? ""
    var pending: [String: String] = [:]
    for line in text.split(separator: "\n") where !line.hasPrefix("#") {
        let words = line.split(separator: " ", maxSplits: 1)
        if let name = words.first { pending[String(name)] = words.count > 1 ? words[1].trimmingCharacters(in: .whitespaces) : "" }
    }
    return pending
}

/// The vectors of a folder under the vectors folder ("" for the folder itself), as paths without
/// ".json" ("styles/07-grid"), in name order; `pending` says whether to list the pending ones or
/// the others.
func vectorNames(in folder: String, pending: Bool = false) -> [String] {
    let directory = folder.isEmpty ? vectorsDirectory() : vectorsDirectory().appendingPathComponent(folder)
    let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    let listed = pendingVectors()
    return files.filter { $0.hasSuffix(".json") }.sorted().map { folder.isEmpty ? $0 : "\(folder)/\($0)" }
        .filter { (listed[$0] != nil) == pending }.map { String($0.dropLast(5)) }
}

/// Checks a layout against a vector's `expected` (SPEC §12 records): the content size, and every
/// element's frame, z, alpha and scale, by a rect query of everything and by identity.
func expectVectorElements(_ layout: Layout, _ expected: [String: Any]) throws {
    let size = (expected["content_size"] as? [NSNumber] ?? []).map(\.doubleValue)
    #expect(abs(layout.contentSize.width - size[0]) < 1e-6 && abs(layout.contentSize.height - size[1]) < 1e-6, "\(layout.contentSize)")
    let all = layout.elements(in: Rect(x: -1e6, y: -1e6, width: 3e6, height: 3e6))
    let categories = ["cell": ElementCategory.cell, "supplementary": .supplementary, "decoration": .decoration]
    var byID: [ElementID: Attributes] = [:]
    for a in all { #expect(byID.updateValue(a, forKey: a.id) == nil, "returned twice: \(a.id)") }
    let list = expected["elements"] as? [[String: Any]] ?? []
    // Elements of no area exist though no rect query returns them (SPEC §9, §20.2).
    let noArea = list.filter { e in (e["frame"] as? [NSNumber] ?? []).dropFirst(2).contains { $0.doubleValue == 0 } }
    #expect(list.count == all.count + noArea.count)
    for e in list {
        let kindName = e["kind"] as? String ?? ""
        let kind = try #require(layout.kind(named: kindName), "kind \(kindName)")
        let id = ElementID(categories[e["category"] as? String ?? ""]!, kind,
                           section: (e["section"] as? NSNumber)?.intValue ?? 0, item: (e["item"] as? NSNumber)?.intValue ?? 0)
        let f = (e["frame"] as? [NSNumber] ?? []).map(\.doubleValue)
        let a = try #require(byID[id] ?? (noArea.contains { $0 as NSDictionary == e as NSDictionary } ? try? layout.attributes(for: id) : nil),
                             "missing \(id)")
        #expect(close(a.frame, Rect(x: f[0], y: f[1], width: f[2], height: f[3])), "\(id): \(a.frame)")
        #expect(a.z == Int32((e["z"] as? NSNumber)?.intValue ?? 0), "\(id) z")
        #expect(abs(a.alpha - ((e["alpha"] as? NSNumber)?.doubleValue ?? 1)) < 1e-9, "\(id) alpha \(a.alpha)")
        #expect(abs(a.scale - ((e["scale"] as? NSNumber)?.doubleValue ?? 1)) < 1e-9, "\(id) scale \(a.scale)")
        #expect(try layout.attributes(for: id) == a)
    }
}
