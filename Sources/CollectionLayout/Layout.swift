/// A collection layout (SPEC §2): what the host said (the definition, kinds, decorations and the
/// data source, read through `SourceReader`) and the current computed state. A change builds a
/// new `LayoutState` from the data source's answers and the old state, and swaps it in only when
/// everything was read and checked, so a failure leaves the last good layout in place.
public final class Layout {
    /// The largest element limit (`CL_MAX_ITEMS` in C and Python): sections, items and inline
    /// elements together (SPEC §11), so that no count from a data source can make an allocation
    /// fail (which would end the process).
    public static let maxItems = 1 << 28

    public internal(set) var definition: LayoutDefinition
    let reader: SourceReader
    var kinds = Kinds()
    var state: LayoutState
    /// The answers of the last batch update, until the next change (SPEC §10.2).
    public internal(set) var lastUpdate: UpdateResult?
    /// The cell being moved interactively, if any (SPEC §10.7): queries answer its live layout.
    var movement: Movement?

    /// As the host sees it (physical, SPEC §15).
    public var viewport: Rect { liveState.presentedViewport }
    /// True while a data-source call is under way; every entry point refuses to run then.
    public var isInCallback: Bool { reader.isAsking || reader.isExecuting }

    /// The host's threads for the passes that can use them (State/Executor.swift); nil (the
    /// default): every pass on the calling thread. The answers are the same either way.
    public var executor: Executor? {
        didSet { state.executor = executor.map(reader.guarding) }
    }

    public init(definition: LayoutDefinition, dataSource: LayoutDataSource) throws(LayoutError) {
        self.definition = try definition.validated()
        try kinds.registerAll(definition.kinds)
        reader = SourceReader(dataSource)
        let rtl = definition.layoutDirection == .rightToLeft
        let chrome = Chrome(pinHeaders: definition.pinHeaders, pinFooters: definition.pinFooters,
                            contentInsets: rtl ? Mirror.insets(definition.contentInsets) : definition.contentInsets,
                            layoutDirection: definition.layoutDirection, pixelGrid: PixelGrid(scale: definition.displayScale),
                            layoutHeaderFooter: definition.layoutHeaderFooter)
        let axes = Axes(direction: definition.direction)
        let empty = try LayoutState(SectionModels(), axes: axes, viewport: definition.viewport, chrome: chrome)
        state = empty
        state = try LayoutState(reader.readAll(rules, lineExtent: empty.lineExtent), axes: axes, viewport: definition.viewport, chrome: chrome)
        state.resetFloatingShrink()  // as if the header had scrolled with the content (SPEC §18.3)
    }

    var rules: SourceReader.Rules {
        SourceReader.Rules(definition: definition, kinds: kinds, badges: state.chrome.badges)
    }

    // MARK: Kinds and decorations

    /// The one way into the layout for what changes it. Refused while a data-source call is under
    /// way (a callback calling back in) and, unless `whileMoving`, while a cell moves (SPEC
    /// §10.7). A change that succeeds ends the answers of the last batch update (SPEC §10.2),
    /// unless `keepsUpdate` (registering a kind changes no frame; an update sets its own); one
    /// that throws leaves the layout, and them, as they were.
    func change<R>(whileMoving: Bool = false, keepsUpdate: Bool = false,
                   _ body: () throws(LayoutError) -> R) throws(LayoutError) -> R {
        try reader.checkNotAsking()
        if !whileMoving { try checkNotMoving() }
        let result = try body()
        if !keepsUpdate { lastUpdate = nil }
        return result
    }

    /// Registers a user kind name and returns its id; the same name gives the same id.
    public func registerKind(_ name: String) throws(LayoutError) -> Kind {
        try change(whileMoving: true, keepsUpdate: true) { () throws(LayoutError) in try kinds.register(name) }
    }

    public func kindName(_ kind: Kind) -> String? { kinds.name(kind) }
    public func kind(named name: String) -> Kind? { kinds.kind(named: name) }

    /// Registers a decoration kind (SPEC §7). Its frames are derived on query; nothing is relaid.
    public func addDecoration(_ name: String, _ decoration: DecorationDefinition) throws(LayoutError) -> Kind {
        try change { () throws(LayoutError) in try addingDecoration(name, decoration) }
    }

    private func addingDecoration(_ name: String, _ decoration: DecorationDefinition) throws(LayoutError) -> Kind {
        let values = [decoration.insets.top, decoration.insets.left, decoration.insets.bottom, decoration.insets.right]
        guard values.allSatisfy(\.isFinite) else {
            throw LayoutError(.invalidArgument, "decoration \"\(name)\": insets must be finite")
        }
        guard kinds.kind(named: name).map({ state.chrome.decorations.entry($0) == nil }) ?? true else {
            throw LayoutError(.invalidArgument, "decoration \"\(name)\" is already registered")
        }
        guard kinds.kind(named: name).map({ state.chrome.badges.entry($0) == nil }) ?? true else {
            throw LayoutError(.invalidArgument, "\"\(name)\" is already a badge kind; kind names are unique")
        }
        var newKinds = kinds
        let kind = try newKinds.register(name)
        var chrome = state.chrome
        chrome.decorations.add(Decorations.Entry(kind: kind, definition: decoration))
        try state.setChrome(chrome)
        kinds = newKinds
        return kind
    }

    // MARK: Queries

    public var contentSize: Size { liveState.contentSize }
    public var numberOfSections: Int { state.sectionCount }

    public func numberOfItems(inSection section: Int) throws(LayoutError) -> Int {
        try checkSection(section)
        return liveState.sectionItemCount(section)
    }

    /// Visits every element whose frame overlaps `rect` with a positive area (SPEC §9), section by
    /// section in a fixed order, in O(log n + k).
    public func forEachElement(in rect: Rect, _ visit: (Attributes) -> Void) {
        if let movement { movement.forEachElement(in: rect, visit) } else { state.forEachElement(in: rect, visit) }
    }

    public func elements(in rect: Rect) -> [Attributes] {
        var result: [Attributes] = []
        forEachElement(in: rect) { result.append($0) }
        return result
    }

    /// The attributes of one element by identity, or `.outOfRange` / `.unknownKind`.
    public func attributes(for id: ElementID) throws(LayoutError) -> Attributes {
        if let movement { return try movement.attributes(for: id, kinds: kinds) }
        return try state.attributes(for: id, kinds: kinds)
    }

    func checkSection(_ s: Int) throws(LayoutError) {
        guard state.hasSection(s) else {
            throw LayoutError(.outOfRange, "section \(s) does not exist (\(counted(state.sectionCount, "section")))")
        }
    }
}

#if DEBUG
extension Layout {
    /// The first broken promise of the storage of the layout's state (and of a movement's live
    /// state), or nil: what the tests check after every change.
    func brokenStorageInvariant() -> String? {
        state.brokenStorageInvariant() ?? movement.flatMap { $0.live.brokenStorageInvariant() }
    }
}
#endif
