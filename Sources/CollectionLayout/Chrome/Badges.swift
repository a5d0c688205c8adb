/// Badges (SPEC §17.1): supplementary elements anchored to a cell. Their kinds are registered on
/// the layout like decorations (`BadgeKinds`, in the chrome); which cells carry which badges is
/// per-item data asked with sizes (`BadgeTable`, in the state). Frames are derived on query from
/// the cell's presented frame: badges never change any other frame or the content size.

/// A set of screen edges: an anchor (SPEC §17.1). One edge is its midpoint, two adjacent edges a
/// corner, none the centre.
public struct Edges: OptionSet, Hashable, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let top = Edges(rawValue: 1)
    public static let bottom = Edges(rawValue: 2)
    public static let leading = Edges(rawValue: 4)
    public static let trailing = Edges(rawValue: 8)
    public static let names: [(String, Edges)] = [("top", .top), ("bottom", .bottom), ("leading", .leading), ("trailing", .trailing)]

    /// The anchor's unit point: x 0 leading, 1 trailing, 0.5 neither; y 0 top, 1 bottom, 0.5 neither.
    var unitPoint: (x: Double, y: Double) {
        (contains(.leading) ? 0 : contains(.trailing) ? 1 : 0.5, contains(.top) ? 0 : contains(.bottom) ? 1 : 0.5)
    }

    /// Only the four edges, and no two opposite ones.
    func check(_ what: String) throws(LayoutError) {
        guard rawValue & ~UInt32(15) == 0 else {
            throw LayoutError(.invalidArgument, "\(what): edges \(rawValue) name bits other than top (1), bottom (2), leading (4) and trailing (8)")
        }
        guard !isSuperset(of: [.top, .bottom]), !isSuperset(of: [.leading, .trailing]) else {
            throw LayoutError(.invalidArgument, "\(what): an anchor has no two opposite edges (\(description))")
        }
    }

    var description: String { Self.names.filter { contains($0.1) }.map(\.0).joined(separator: ", ") }
}

/// A badge kind registered on the layout (SPEC §17.1).
public struct BadgeDefinition: Equatable, Sendable {
    /// Where on the cell the badge is pinned.
    public var anchor: Edges = [.top, .trailing]
    /// Which point of the badge is pinned there; nil: the anchor's edges.
    public var badgeAnchor: Edges?
    /// Points, or with `fractional`, fractions of the badge's size.
    public var offset = (dx: 0.0, dy: 0.0)
    public var fractional = false
    /// The kind's size; an item may give its badge its own.
    public var size = Size(width: 0, height: 0)
    /// Added to the cell's z.
    public var z: Int32 = 1
    public init(anchor: Edges = [.top, .trailing], badgeAnchor: Edges? = nil, offset: (dx: Double, dy: Double) = (0, 0),
                fractional: Bool = false, size: Size = Size(width: 0, height: 0), z: Int32 = 1) {
        (self.anchor, self.badgeAnchor, self.offset, self.fractional, self.size, self.z) = (anchor, badgeAnchor, offset, fractional, size, z)
    }

    public static func == (a: BadgeDefinition, b: BadgeDefinition) -> Bool {
        a.anchor == b.anchor && a.badgeAnchor == b.badgeAnchor && a.offset == b.offset && a.fractional == b.fractional
            && a.size == b.size && a.z == b.z
    }

    func check(_ name: String) throws(LayoutError) {
        try anchor.check("badge \"\(name)\" anchor")
        try badgeAnchor?.check("badge \"\(name)\" badge_anchor")
        guard offset.dx.isFinite, offset.dy.isFinite else {
            throw LayoutError(.invalidArgument, "badge \"\(name)\": offset (\(offset.dx), \(offset.dy)) must be finite")
        }
        try ItemBadge.checkSize(size, "badge \"\(name)\": size")
    }
}

/// A badge a cell carries (SPEC §17.1): at most one of each kind per item.
public struct ItemBadge: Equatable, Sendable {
    public var item: Int
    public var kind: Kind
    /// nil: the kind's size.
    public var size: Size?
    public init(item: Int, kind: Kind, size: Size? = nil) { (self.item, self.kind, self.size) = (item, kind, size) }

    static func checkSize(_ size: Size, _ what: @autoclosure () -> String) throws(LayoutError) {
        guard size.width.isFinite, size.height.isFinite, size.width >= 0, size.height >= 0 else {
            throw LayoutError(.invalidArgument, "\(what()) \(size.width)x\(size.height) must be finite and >= 0")
        }
    }
}

/// The registered badge kinds, with how far any badge may stand out of its cell.
struct BadgeKinds {
    struct Entry {
        var kind: Kind
        var definition: BadgeDefinition
        /// The kind's name: several badges of a cell follow it in focus order by name (SPEC §13).
        var name = ""
    }

    /// What a frame needs of a kind, read per badge on the query path (no copy of a name).
    struct Placement {
        var anchor: (x: Double, y: Double)
        var badgeAnchor: (x: Double, y: Double)
        var offset: (dx: Double, dy: Double)
        var fractional: Bool
        var size: Size
        var z: Int32
    }

    private(set) var all: [Entry] = []
    /// By kind id (nil: not a badge kind).
    private(set) var placements: [Placement?] = []
    var isEmpty: Bool { all.isEmpty }

    func entry(_ kind: Kind) -> Entry? { all.isEmpty ? nil : all.first { $0.kind == kind } }

    @inline(__always)
    func placement(_ kind: Kind) -> Placement? {
        let k = Int(kind.rawValue)
        return k >= 0 && k < placements.count ? placements[k] : nil
    }

    mutating func add(_ entry: Entry) {
        all.append(entry)
        let d = entry.definition, k = Int(entry.kind.rawValue)
        if placements.count <= k { placements += Array(repeating: nil, count: k + 1 - placements.count) }
        placements[k] = Placement(anchor: d.anchor.unitPoint, badgeAnchor: (d.badgeAnchor ?? d.anchor).unitPoint, offset: d.offset,
                                  fractional: d.fractional, size: d.size, z: d.z)
    }

    /// How far a badge of any kind, of at most `largest` (an item's own size) or its kind's size,
    /// may stand out of its cell on any side: the rect query widens its search by this. Along x
    /// the badge spans [ax·w − bx·bw + dx, … + bw] from the cell's origin, with 0 ≤ ax·w ≤ w: it
    /// stands out by at most bx·bw − dx on the leading side and (1 − bx)·bw + dx on the trailing
    /// one (likewise along y).
    func reach(largest: Size) -> Double {
        placements.reduce(0) { reach, p in
            guard let p else { return reach }
            let w = Swift.max(p.size.width, largest.width), h = Swift.max(p.size.height, largest.height)
            // (An own size may be smaller than the kind's: a fractional offset is largest at 0 or w.)
            func out(_ b: Double, _ d: Double, _ extent: Double) -> Double {
                guard p.fractional else { return Swift.max(b * extent - d, (1 - b) * extent + d) }
                return Swift.max(0, (b - d) * extent, (1 - b + d) * extent)
            }
            let x = out(p.badgeAnchor.x, p.offset.dx, w), y = out(p.badgeAnchor.y, p.offset.dy, h)
            return Swift.max(reach, x, y)
        }
    }
}

/// Which cells carry which badges: per section, sorted by item (then in the order given).
struct BadgeTable {
    private(set) var sections: [Int: [ItemBadge]] = [:]
    /// The largest own size any badge was given (never shrinks: it only widens searches).
    private(set) var largest = Size(width: 0, height: 0)

    var isEmpty: Bool { sections.isEmpty }

    func list(_ s: Int) -> [ItemBadge] { sections.isEmpty ? [] : sections[s] ?? [] }

    /// Sets section s's badges (any order: sorted here, stably).
    mutating func set(_ list: [ItemBadge], section s: Int) {
        guard !list.isEmpty else { sections[s] = nil; return }
        var sorted = list
        if zip(list, list.dropFirst()).contains(where: { $0.item > $1.item }) {
            sorted = list.enumerated().sorted { ($0.element.item, $0.offset) < ($1.element.item, $1.offset) }.map(\.element)
        }
        for b in list { if let size = b.size { largest = Size(width: Swift.max(largest.width, size.width), height: Swift.max(largest.height, size.height)) } }
        sections[s] = sorted
    }

    /// Replaces the badges of `items` (sorted) of section s by `given` (theirs only).
    mutating func replace(items: [Int], section s: Int, with given: [ItemBadge]) {
        let named = Set(items)
        set(list(s).filter { !named.contains($0.item) } + given, section: s)
    }

    /// The indices in `list` of item i's badges, searched from `start` (everything before it is
    /// of earlier items) or, from 0 in a section of `items` cells, around where i's would be if the
    /// badges were spread evenly: a screen's first cell costs a few probes near its place, not a
    /// binary search of a million badges that misses the cache at every step.
    @inline(__always)
    static func range(of i: Int, in list: [ItemBadge], from start: Int = 0, items: Int = 0) -> Range<Int> {
        let first: Int
        if start < list.count && list[start].item >= i {
            first = start  // (cells come in item order: usually the badge at `start` is next)
        } else if start == 0 && items > 0 {
            let guess = Int((Double(i) / Double(items) * Double(list.count)).rounded(.down))
            first = partition(0..<list.count, around: guess) { list[$0].item < i }
        } else {
            first = partition(0..<list.count, from: start) { list[$0].item < i }
        }
        var end = first
        while end < list.count && list[end].item == i { end += 1 }
        return first..<end
    }
}

extension LayoutState {
    /// How far badges may stand out of their cells (0 without badges).
    var badgeReach: Double { badges.isEmpty ? 0 : chrome.badges.reach(largest: badges.largest) }

    /// The badge `b`, placed as `p` says, on a cell presented at `cell` (screen coordinates,
    /// exact) with z `cellZ` (SPEC §17.1).
    @inline(__always)
    func badge(_ b: ItemBadge, _ p: BadgeKinds.Placement, section s: Int, cell: Rect, cellZ: Int32 = 0) -> Attributes {
        let size = b.size ?? p.size
        let dx = p.fractional ? p.offset.dx * size.width : p.offset.dx, dy = p.fractional ? p.offset.dy * size.height : p.offset.dy
        let frame = Rect(x: cell.x + p.anchor.x * cell.width - p.badgeAnchor.x * size.width + dx,
                         y: cell.y + p.anchor.y * cell.height - p.badgeAnchor.y * size.height + dy, width: size.width, height: size.height)
        return Attributes(id: ElementID(.supplementary, b.kind, section: s, item: b.item), frame: frame, z: cellZ &+ p.z)
    }

    /// The badges of item `i` of section s on a cell presented at `cell` (from `list`, the
    /// section's, searched from `start`, which the next search may start from).
    @inline(__always)
    func badges(of i: Int, section s: Int, cell: Rect, cellZ: Int32 = 0, in list: [ItemBadge], from start: inout Int,
                items: Int = 0, _ visit: (Attributes) -> Void) {
        let range = BadgeTable.range(of: i, in: list, from: start, items: items)
        start = range.upperBound
        for k in range { if let p = chrome.badges.placement(list[k].kind) { visit(badge(list[k], p, section: s, cell: cell, cellZ: cellZ)) } }
    }

    /// The badges cell i of section s carries, in focus order: by kind name, byte order (SPEC §13).
    func focusBadges(section s: Int, item i: Int) -> [ItemBadge] {
        let list = badges.list(s)
        guard !list.isEmpty else { return [] }
        let mine = BadgeTable.range(of: i, in: list).map { list[$0] }.filter { chrome.badges.entry($0.kind) != nil }
        guard mine.count > 1 else { return mine }
        return mine.sorted { (chrome.badges.entry($0.kind)?.name ?? "").utf8.lexicographicallyPrecedes((chrome.badges.entry($1.kind)?.name ?? "").utf8) }
    }

    /// The badge of kind `kind` of item i, if the cell exists and carries one (exact).
    func badge(kind: Kind, section s: Int, item i: Int) -> Attributes? {
        guard let p = chrome.badges.placement(kind), let frame = sectionBody(s).cellFrame(i) else { return nil }
        let list = badges.list(s)
        let range = BadgeTable.range(of: i, in: list, items: sectionItemCount(s))
        guard let b = range.lazy.map({ list[$0] }).first(where: { $0.kind == kind }) else { return nil }
        // (Above its cell's z after the cell's effect, SPEC §19.2.)
        let cell = cellAttributes(s, i, frame: place(frame, section: s), effect: effect(s))
        return badge(b, p, section: s, cell: cell.frame, cellZ: cell.z)
    }
}

extension Layout {
    /// Registers a badge kind (SPEC §17.1). Frames are derived on query: nothing is laid out
    /// again. Which cells carry badges of it is read with sizes: at the next full invalidation,
    /// and for the items an update or an invalidation names.
    public func addBadge(_ name: String, _ definition: BadgeDefinition) throws(LayoutError) -> Kind {
        try change { () throws(LayoutError) in
            try definition.check(name)
            if let kind = kinds.kind(named: name), state.chrome.decorations.entry(kind) != nil || state.chrome.badges.entry(kind) != nil {
                throw LayoutError(.invalidArgument, "\"\(name)\" is already a \(state.chrome.badges.entry(kind) != nil ? "badge" : "decoration") kind; kind names are unique")
            }
            var newKinds = kinds
            let kind = try newKinds.register(name)
            var chrome = state.chrome
            chrome.badges.add(BadgeKinds.Entry(kind: kind, definition: definition, name: name))
            try state.setChrome(chrome)
            kinds = newKinds
            return kind
        }
    }
}
