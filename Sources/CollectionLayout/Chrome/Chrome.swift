/// What every section gets whatever its style: headers and footers, pinned or not (SPEC §8), and
/// the registered decorations (SPEC §7). Frames are derived from the state on query.
struct Chrome {
    var pinHeaders = false
    var pinFooters = false
    var decorations = Decorations()
    /// The registered badge kinds (SPEC §17.1).
    var badges = BadgeKinds()
    /// The bars over the content (SPEC §20.1), as the logical layout has them: in a
    /// right-to-left layout the left and right ones swap (SPEC §15).
    var contentInsets = Insets.zero
    /// Right-to-left: what the state reports is mirrored (SPEC §15, State/Mirroring.swift).
    var layoutDirection = LayoutDirection.leftToRight
    /// The grid reported frames are rounded to, if any (SPEC §20.2).
    var pixelGrid: PixelGrid?
    /// The layout's own header and footer (SPEC §17.2).
    var layoutHeaderFooter = LayoutHeaderFooter()
}

extension LayoutState {
    func header(_ s: Int) -> Attributes? {
        let extent = metrics(s).header
        guard extent > 0 else { return nil }
        var origin = starts[s]
        // Never above its natural place: section_end - extent is at least the natural origin in
        // exact arithmetic, but may round below it when the extent dwarfs what precedes it (a
        // header of 1e308 after a section of 50 points: (50 + 1e308) - 1e308 is 0), and a header
        // pinned there would lie outside its section, where rect queries do not look (found by
        // fuzz_abi; Tests/c/test_limits.c keeps the case).
        if chrome.pinHeaders { origin = Swift.max(origin, Swift.min(Swift.max(sectionPinLeading, origin), starts[s + 1] - extent)) }
        return Attributes(id: .header(s), frame: axes.rect(AxisRect(line: 0, scroll: origin, lineExtent: lineExtent, scrollExtent: extent)),
                          z: chrome.pinHeaders ? pinnedZ : 0)
    }

    func footer(_ s: Int) -> Attributes? {
        let extent = metrics(s).footer
        guard extent > 0 else { return nil }
        // Never above the end of its header: section_end - extent rounds below the footer's natural
        // place when the extent dwarfs what precedes it (a footer of 1e308 after 170 points:
        // (170 + 1e308) - 1e308 is 0), and there it would lie outside its section, where rect
        // queries do not look (found by fuzz_abi; Tests/c/test_limits.c keeps the case).
        var origin = naturalFooterStart(s)
        if chrome.pinFooters {
            origin = Swift.min(Swift.max(sectionPinTrailing - extent, starts[s] + metrics(s).header), origin)
        }
        return Attributes(id: .footer(s), frame: axes.rect(AxisRect(line: 0, scroll: origin, lineExtent: lineExtent, scrollExtent: extent)),
                          z: chrome.pinFooters ? pinnedZ : 0)
    }

    /// Where the footer of section `s` stands unpinned.
    func naturalFooterStart(_ s: Int) -> Double { Swift.max(starts[s + 1] - metrics(s).footer, starts[s] + metrics(s).header) }

    /// A section-scope decoration of section `s`, if the section shows it (SPEC §7).
    func sectionDecoration(_ d: Decorations.Entry, section s: Int) -> Attributes? {
        guard shows(d, section: s) else { return nil }
        let m = metrics(s)
        let area: AxisRect
        switch d.definition.coverage {
        case .body:
            area = AxisRect(line: 0, scroll: starts[s] + m.header, lineExtent: lineExtent,
                            scrollExtent: starts[s + 1] - m.footer - starts[s] - m.header)
        case .section:
            area = AxisRect(line: 0, scroll: starts[s], lineExtent: lineExtent, scrollExtent: starts[s + 1] - starts[s])
        case .items:
            guard let bounds = sectionCells(s) else { return nil }
            var placed = place(bounds, section: s)
            placed.line = bounds.line  // the cells' bounding box at offset 0 (SPEC §4)
            area = placed
        }
        return decoration(d, area: area, section: s, item: 0)
    }

    /// An item-scope decoration of a cell placed at `cell` (content coordinates), if its section shows it.
    func itemDecoration(_ d: Decorations.Entry, item: Int, cell: AxisRect, section s: Int) -> Attributes? {
        shows(d, section: s) ? decoration(d, area: cell, section: s, item: item) : nil
    }

    private func decoration(_ d: Decorations.Entry, area: AxisRect, section s: Int, item: Int) -> Attributes {
        Attributes(id: ElementID(.decoration, d.kind, section: s, item: item),
                   frame: axes.rect(area.inset(by: axes.axisInsets(d.definition.insets))), z: d.definition.z)
    }

    private func shows(_ d: Decorations.Entry, section s: Int) -> Bool {
        metrics(s).decorationKinds.map { $0.contains(d.kind) } ?? true
    }
}

/// The registered decoration kinds, with what the rect query derives from them once.
struct Decorations {
    struct Entry {
        var kind: Kind
        var definition: DecorationDefinition
    }

    private(set) var all: [Entry] = []
    private(set) var sectionScope: [Entry] = []
    private(set) var itemScope: [Entry] = []
    /// How far decorations stand out of what they decorate, on any side (negative insets).
    private(set) var reach = 0.0
    private(set) var itemReach = 0.0

    func entry(_ kind: Kind) -> Entry? { all.first { $0.kind == kind } }

    mutating func add(_ entry: Entry) {
        all.append(entry)
        sectionScope = all.filter { $0.definition.scope == .section }
        itemScope = all.filter { $0.definition.scope == .item }
        reach = Self.reach(of: all)
        itemReach = Self.reach(of: itemScope)
    }

    private static func reach(of list: [Entry]) -> Double {
        list.reduce(0) { reach, d in
            let i = d.definition.insets
            return Swift.max(reach, -i.top, -i.left, -i.bottom, -i.right)
        }
    }
}
