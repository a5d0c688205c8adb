/// Interactive movement (SPEC §10.7, UIKit's beginInteractiveMovementForItem): one cell lifted out
/// of the layout follows the host's positions while the others make room at its target.
///
/// The live layout is the layout "as if moved": the state a batch update with one move would
/// build (`LayoutState.moving`, through the update machinery), beside the state the movement began
/// from, which the layout keeps until commit. A step whose target changes derives that state once;
/// a step inside the same target only hit-tests and moves the lifted frame.
struct Movement {
    /// The moving cell's index path when the movement began, and the layout then.
    let origin: ItemPath
    let before: LayoutState
    private(set) var target: ItemPath
    /// The layout as if the moving cell were at `target`.
    private(set) var live: LayoutState
    /// The last position reported (nil: none yet; the cell stays where it is laid out).
    private(set) var position: (x: Double, y: Double)?

    /// z of the moving cell: above everything the engine places (SPEC §10.7).
    static let movingZ: Int32 = 100

    init(_ item: ItemPath, in state: LayoutState) throws(LayoutError) {
        guard state.hasSection(item.section), item.item >= 0, item.item < state.sectionItemCount(item.section) else {
            throw LayoutError(.outOfRange, "cell \(item) does not exist, so it cannot move")
        }
        (origin, before, target, live) = (item, state, item, state)
    }

    /// Reports a position: over another cell of the live layout (half-open, the first in
    /// index-path order), the target becomes that cell's index path. Returns the target.
    mutating func move(to x: Double, _ y: Double) throws(LayoutError) -> ItemPath {
        guard x.isFinite, y.isFinite else { throw LayoutError(.invalidArgument, "position (\(x), \(y)) must be finite") }
        position = (x, y)
        if let over = cell(at: x, y), over != target, let next = try? before.moving(origin, to: over) {
            (target, live) = (over, next)
        }
        return target
    }

    /// The first cell of the live layout other than the moving one whose frame holds the point.
    private func cell(at x: Double, _ y: Double) -> ItemPath? {
        var found: ItemPath?
        // A rect around the point (as hit-testing's: one of an ulp would vanish in the mirror's
        // arithmetic, SPEC §15): the query returns what overlaps it; the test is exact.
        let probe = Rect(x: x - 1, y: y - 1, width: 2, height: 2)
        live.forEachElement(in: probe) { a in
            let f = a.frame, p = ItemPath(a.id.section, a.id.item)
            guard a.id.category == .cell, p != target, f.x <= x, x < f.x + f.width, f.y <= y, y < f.y + f.height else { return }
            if found.map({ p < $0 }) ?? true { found = p }
        }
        return found
    }

    /// The moving cell's frame (logical): its laid-out size at the target, centred on the
    /// position (physical, SPEC §15).
    private var lifted: AxisRect? {
        guard let slot = try? live.exactAttributes(for: .cell(target.section, target.item), kinds: Kinds()) else { return nil }
        var f = slot.frame
        if let (x, y) = position { (f.x, f.y) = ((live.mirror?.x(x) ?? x) - f.width / 2, y - f.height / 2) }
        return live.axes.axisRect(f)
    }

    /// Whether an element of the live layout is the moving cell, one of its item decorations or
    /// one of its badges.
    private func isMoving(_ id: ElementID) -> Bool {
        id.section == target.section && id.item == target.item && (id.category == .cell || live.isCellBound(id))
    }

    /// The live layout's elements overlapping `rect` (SPEC §9), the moving cell at its lifted
    /// frame with z 100 and its item decorations around that frame.
    func forEachElement(in rect: Rect, _ visit: (Attributes) -> Void) {
        live.forEachElement(in: rect) { a in if !isMoving(a.id) { visit(a) } }
        for a in liftedElements() where a.frame.overlaps(rect) && rect.width > 0 && rect.height > 0 { visit(a) }
    }

    /// One element by identity in the live layout.
    func attributes(for id: ElementID, kinds: Kinds) throws(LayoutError) -> Attributes {
        guard isMoving(id) else { return try live.attributes(for: id, kinds: kinds) }
        _ = try live.attributes(for: id, kinds: kinds)  // a decoration the section does not show stays an error
        guard let a = liftedElements().first(where: { $0.id == id }) else { return try live.attributes(for: id, kinds: kinds) }
        return a
    }

    /// The moving cell, its item decorations (placed from its frame, keeping their z) and its
    /// badges, as reported (SPEC §15, §20.2).
    private func liftedElements() -> [Attributes] {
        guard let f = lifted else { return [] }
        // (The effect at the dragged frame, SPEC §19.3: z 100 plus the effect's.)
        var result = [live.cellAttributes(target.section, target.item, frame: f, effect: live.effect(target.section), z: Self.movingZ)]
        for d in live.chrome.decorations.itemScope {
            if let a = live.itemDecoration(d, item: target.item, cell: f, section: target.section) { result.append(a) }
        }
        // Badges from the dragged frame, above it (SPEC §17.1: the moving cell's z + the badge's z).
        var start = 0
        live.badges(of: target.item, section: target.section, cell: live.axes.rect(f), cellZ: result[0].z,
                    in: live.badges.list(target.section), from: &start) { result.append($0) }
        return result.map(live.reported)
    }

    /// The batch update that commits the movement.
    var update: BatchUpdate {
        var u = BatchUpdate()
        if target != origin { u.moveItems = [Move(origin, target)] }
        return u
    }
}

extension LayoutState {
    /// This state as if cell `from` were moved to `to` (SPEC §10.7): the new state of a batch
    /// update with that one move (§10.2), built from what this state holds, asking nothing.
    /// Inline elements keep their `before`; one past its section's new count is placed at the
    /// count, and of two of one kind that meet there the first stays.
    func moving(_ from: ItemPath, to: ItemPath) throws(LayoutError) -> LayoutState {
        var u = BatchUpdate()
        u.moveItems = [Move(from, to)]
        var counts = itemCounts
        counts[from.section] -= 1
        counts[to.section] += 1
        let map = try UpdateMap(u, old: itemCounts, new: counts)
        let fromModel = sectionModel(from.section), toModel = sectionModel(to.section)
        if from.section != to.section, !fromModel.frames.isEmpty || !toModel.frames.isEmpty {
            throw LayoutError(.invalidArgument, "a custom section places its items itself: a cell moves only within it")
        }
        var changed: [LayoutState.ChangedSection] = []
        for t in Set([from.section, to.section]).sorted() {
            let old = t == from.section ? fromModel : toModel
            guard old.frames.isEmpty else { changed.append(LayoutState.ChangedSection(section: t, model: old)); continue }  // custom: its places stay
            var inlines: [InlineElement] = []
            for var e in old.inlines {
                e.before = Swift.min(e.before, counts[t])
                if !inlines.contains(where: { $0.kind == e.kind && $0.before == e.before }) { inlines.append(e) }
            }
            var hunks: [ItemHunk]?
            let model = try SectionModel(carrying: t, count: counts[t], metrics: old.metrics, inlines: inlines, map: map, moves: u.moveItems,
                                         reloaded: [], old: { $0 == from.section ? fromModel : toModel }, hunks: &hunks) { runs throws(LayoutError) in
                throw LayoutError(.invalidArgument, "items \(runs[0]) of section \(t) have no size to carry")  // every item is carried
            }
            changed.append(LayoutState.ChangedSection(section: t, model: model, hunks: hunks))
        }
        var next = try LayoutState(rearranging: self, origins: map.oldSection, changed: changed)
        next.badges = BadgeTable(badges.carried(u, map))  // a moving cell's badges go with it (SPEC §17.1)
        return next
    }
}

extension Layout {
    /// The state queries answer: the live layout while a cell moves, else the current state.
    var liveState: LayoutState { movement?.live ?? state }

    /// The moving cell's index path when it began, and its current target (nil: not moving).
    public var movingItem: (origin: ItemPath, target: ItemPath)? { movement.map { ($0.origin, $0.target) } }

    /// Begins moving a cell (SPEC §10.7). Nested begins and cells that do not exist are errors.
    public func beginMovement(of item: ItemPath) throws(LayoutError) {
        try change(whileMoving: true) { () throws(LayoutError) in
            guard movement == nil else { throw LayoutError(.invalidArgument, "a cell is already moving (\(movement?.origin ?? item)): commit or cancel it first") }
            movement = try Movement(item, in: state)
        }
    }

    /// Reports a position of the moving cell (content coordinates); returns the target.
    @discardableResult
    public func updateMovement(x: Double, y: Double) throws(LayoutError) -> ItemPath {
        try change(whileMoving: true, keepsUpdate: true) { () throws(LayoutError) in
            // (Changed in place: a copy of the movement would retain both of its layouts.)
            guard let target = try movement?.move(to: x, y) else {
                throw LayoutError(.invalidArgument, "no cell is moving: begin a movement first")
            }
            return target
        }
    }

    /// Commits: a batch update with one move (SPEC §10.2 answers, against the layout before the
    /// movement began) that does not anchor: the viewport keeps its origin, clamped.
    @discardableResult
    public func commitMovement() throws(LayoutError) -> UpdateResult {
        try change(whileMoving: true, keepsUpdate: true) { () throws(LayoutError) in try committingMovement() }
    }

    private func committingMovement() throws(LayoutError) -> UpdateResult {
        guard let m = movement else { throw LayoutError(.invalidArgument, "no cell is moving: nothing to commit") }
        var next = m.live
        try next.setViewport(next.viewport(atOrigin: next.clampedOrigin(m.before.viewportLeading)))
        let map = try UpdateMap(m.update, old: m.before.itemCounts, new: next.itemCounts)
        movement = nil
        return finishUpdate(m.update, map, from: m.before, to: next)
    }

    /// Cancels: the layout is the one before the movement began.
    public func cancelMovement() throws(LayoutError) {
        try change(whileMoving: true, keepsUpdate: true) { () throws(LayoutError) in
            guard movement != nil else { throw LayoutError(.invalidArgument, "no cell is moving: nothing to cancel") }
            movement = nil
        }
    }

    /// Other changes while a cell moves are errors; the movement stays as it was.
    func checkNotMoving() throws(LayoutError) {
        if let m = movement {
            throw LayoutError(.invalidArgument, "cell \(m.origin) is moving: commit or cancel the movement before changing the layout")
        }
    }
}
