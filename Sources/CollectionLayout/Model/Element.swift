/// A kind id: kinds are strings at registration and small integers after.
public struct Kind: Hashable, Sendable {
    public var rawValue: Int32
    public init(rawValue: Int32) { self.rawValue = rawValue }
    public static let cell = Kind(rawValue: 0)
    public static let header = Kind(rawValue: 1)
    public static let footer = Kind(rawValue: 2)
    /// The layout's own header and footer (SPEC §17.2).
    public static let globalHeader = Kind(rawValue: 3)
    public static let globalFooter = Kind(rawValue: 4)
    /// The id of the first user kind (`CL_KIND_FIRST_USER`): kinds listed in
    /// `LayoutDefinition.kinds` and registered later follow it in order.
    public static let firstUser = Kind(rawValue: 5)
    /// The id of the `index`-th user kind registered (the definition's kinds first).
    public static func user(_ index: Int32) -> Kind { Kind(rawValue: firstUser.rawValue + index) }
}

public enum ElementCategory: Sendable, CaseIterable {
    case cell, supplementary, decoration
}

/// The identity of an element (SPEC §1).
public struct ElementID: Hashable, Sendable {
    public var category: ElementCategory
    public var kind: Kind
    public var section: Int
    public var item: Int
    public init(_ category: ElementCategory, _ kind: Kind, section: Int, item: Int) {
        self.category = category; self.kind = kind; self.section = section; self.item = item
    }
    public static func cell(_ section: Int, _ item: Int) -> ElementID { ElementID(.cell, .cell, section: section, item: item) }
    public static func header(_ section: Int) -> ElementID { ElementID(.supplementary, .header, section: section, item: 0) }
    public static func footer(_ section: Int) -> ElementID { ElementID(.supplementary, .footer, section: section, item: 0) }
    /// The layout's own header and footer (SPEC §17.2): index path [0, 0], in no section.
    public static let globalHeader = ElementID(.supplementary, .globalHeader, section: 0, item: 0)
    public static let globalFooter = ElementID(.supplementary, .globalFooter, section: 0, item: 0)
    /// Whether this is the layout's own header or footer (of any index path: a look-up checks it).
    var isLayoutHeaderOrFooter: Bool { category == .supplementary && (kind == .globalHeader || kind == .globalFooter) }
}

public struct Attributes: Equatable, Sendable {
    public var id: ElementID
    public var frame: Rect
    public var z: Int32 = 0
    public var alpha: Double = 1
    public var hidden = false
    /// What a scroll effect gives a cell (SPEC §19): drawn scaled about its frame's centre; the
    /// frame itself is unchanged.
    public var scale: Double = 1
    public init(id: ElementID, frame: Rect, z: Int32 = 0, alpha: Double = 1, hidden: Bool = false, scale: Double = 1) {
        self.id = id; self.frame = frame; self.z = z; self.alpha = alpha; self.hidden = hidden; self.scale = scale
    }
}

/// z of pinned headers and footers (SPEC §8).
let pinnedZ: Int32 = 10
/// z of the layout's own header and footer when pinned (SPEC §17.2).
let pinnedLayoutZ: Int32 = 20

/// A decoration kind registered on the layout (SPEC §7).
public struct DecorationDefinition: Equatable, Sendable {
    public enum Scope: Sendable, CaseIterable { case section, item }
    public enum Coverage: Sendable, CaseIterable { case body, section, items }
    public var scope = Scope.section
    public var coverage = Coverage.body
    public var insets = Insets.zero
    public var z: Int32 = -1
    public init(scope: Scope = .section, coverage: Coverage = .body, insets: Insets = .zero, z: Int32 = -1) {
        self.scope = scope; self.coverage = coverage; self.insets = insets; self.z = z
    }
}
