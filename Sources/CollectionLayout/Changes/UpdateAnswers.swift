/// The answers of a batch update about elements (SPEC §10.2): which element of the old layout
/// corresponds to which of the new one, how it changes, and its from/to attributes.
///
/// Cells correspond by the update's map; headers, footers and section decorations by their
/// section; the k-th inline element of a kind by its rank among that kind in its section;
/// item decorations by their cell. A reloaded section keeps only its header, footer and section
/// decorations (`reloaded`): its cells, inline elements and item decorations are new.
struct UpdateAnswers {
    let old: LayoutState
    let new: LayoutState
    let update: BatchUpdate
    let map: UpdateMap
    let kinds: Kinds
    private let movedSections: Set<Int>
    private let movedItems: Set<ItemPath>
    private let reloaded: Set<ItemPath>

    init(old: LayoutState, new: LayoutState, update: BatchUpdate, map: UpdateMap, kinds: Kinds) {
        (self.old, self.new, self.update, self.map, self.kinds) = (old, new, update, map, kinds)
        movedSections = Set(update.moveSections.map(\.from))
        movedItems = Set(update.moveItems.map(\.from))
        reloaded = Set(update.reloadItems)
    }

    /// One record per element overlapping the old viewport (old layout) or the new one (new layout).
    func records() -> [ElementChange] {
        var result: [ElementChange] = []
        var before: [Attributes] = [], after: [Attributes] = []
        old.forEachElement(in: old.presentedViewport) { before.append($0) }
        new.forEachElement(in: new.presentedViewport) { after.append($0) }
        let seen = Set(before.map(\.id))
        for (a, b) in zip(before, new.attributes(of: before.map { counterpart(ofOld: $0.id) }, kinds: kinds)) {
            result.append(record(old: a, new: b))
        }
        // A new element whose old one was recorded above is not recorded again.
        let ids = after.map { counterpart(ofNew: $0.id) }
        let unseen = ids.map { id in id.map { seen.contains($0) ? nil : $0 } ?? nil }
        for (k, a) in old.attributes(of: unseen, kinds: kinds).enumerated() where ids[k].map({ !seen.contains($0) }) ?? true {
            result.append(record(new: after[k], old: a))
        }
        return result
    }

    /// The record of an old element and its counterpart, if it has one.
    private func record(old a: Attributes, new b: Attributes?) -> ElementChange {
        guard let b else {
            var faded = a
            faded.alpha = 0
            return ElementChange(change: .deleted, old: a.id, new: nil, from: a, to: faded)
        }
        return ElementChange(change: change(ofOld: a.id), old: a.id, new: b.id, from: a, to: b)
    }

    /// The record of a new element and its counterpart, if it has one.
    private func record(new b: Attributes, old a: Attributes?) -> ElementChange {
        guard let a else {
            var faded = b
            faded.alpha = 0
            return ElementChange(change: .inserted, old: nil, new: b.id, from: faded, to: b)
        }
        return record(old: a, new: b)
    }

    /// A cell's change, or that of its section (supplementaries, section decorations) or its
    /// cell (item decorations), for an element that exists on both sides.
    private func change(ofOld id: ElementID) -> ElementChange.Change {
        if id.isLayoutHeaderOrFooter { return .kept }
        let cellPath: ItemPath? = id.category == .cell || old.isCellBound(id) ? ItemPath(id.section, id.item) : nil
        if let p = cellPath {
            if reloaded.contains(p) { return .reloaded }
            if movedItems.contains(p) || movedSections.contains(p.section) { return .moved }
            return .kept
        }
        if map.isReloaded(oldSection: id.section) { return .reloaded }
        return movedSections.contains(id.section) ? .moved : .kept
    }

    // MARK: Identities on the other side

    func counterpart(ofOld id: ElementID) -> ElementID? {
        counterpart(id, from: old, to: new, section: { map.newSection[$0] }, item: { map.newItem($0) },
                    reloaded: { map.isReloaded(oldSection: $0) })
    }

    func counterpart(ofNew id: ElementID) -> ElementID? {
        counterpart(id, from: new, to: old, section: { map.oldSection[$0] }, item: { map.oldItem($0) },
                    reloaded: { map.isReloaded(newSection: $0) })
    }

    private func counterpart(_ id: ElementID, from: LayoutState, to: LayoutState,
                             section: (Int) -> Int?, item: (ItemPath) -> ItemPath?, reloaded: (Int) -> Bool) -> ElementID? {
        // The layout's own header and footer are themselves on both sides (SPEC §17.2).
        if id.isLayoutHeaderOrFooter { return id }
        guard from.hasSection(id.section) else { return nil }
        // Item decorations and badges (SPEC §17.1) follow their cell.
        if id.category == .cell || from.isCellBound(id) {
            guard from.sectionItemCount(id.section) > id.item, id.item >= 0,
                  let p = item(ItemPath(id.section, id.item)) else { return nil }
            return ElementID(id.category, id.kind, section: p.section, item: p.item)
        }
        guard let t = section(id.section) else { return nil }
        guard id.category == .supplementary, id.kind != .header, id.kind != .footer else {
            return ElementID(id.category, id.kind, section: t, item: id.item)
        }
        // A reloaded section's inline elements are new content, like its cells.
        guard !reloaded(id.section) else { return nil }
        // The k-th inline element of its kind corresponds to the k-th of that kind.
        let mine = from.sectionModel(id.section).inlines.filter { $0.kind == id.kind }
        guard let rank = mine.firstIndex(where: { $0.before == id.item }) else { return nil }
        let theirs = to.sectionModel(t).inlines.filter { $0.kind == id.kind }
        return rank < theirs.count ? ElementID(id.category, id.kind, section: t, item: theirs[rank].before) : nil
    }

    // MARK: Inserted and deleted identities of the whole layout

    /// With their attributes in the new layout.
    var inserted: [Attributes] {
        Self.chrome(of: new, sections: map.changedSections(old: false)).filter { id in counterpart(ofNew: id).map { (try? old.attributes(for: $0, kinds: kinds)) == nil } ?? true }
            .compactMap { try? new.attributes(for: $0, kinds: kinds) }
    }

    /// With their attributes in the old layout.
    var deleted: [Attributes] {
        Self.chrome(of: old, sections: map.changedSections(old: true)).filter { id in counterpart(ofOld: id).map { (try? new.attributes(for: $0, kinds: kinds)) == nil } ?? true }
            .compactMap { try? old.attributes(for: $0, kinds: kinds) }
    }

    /// Every supplementary and decoration identity of `sections` of a state, zero-area ones
    /// included. (Sections an update leaves as they were keep theirs one to one.)
    static func chrome(of state: LayoutState, sections: [Int]) -> [ElementID] {
        var ids: [ElementID] = []
        let decorations = state.chrome.decorations
        for s in sections {
            let m = state.metrics(s), model = state.sectionModel(s)
            if m.header > 0 { ids.append(.header(s)) }
            if m.footer > 0 { ids.append(.footer(s)) }
            for e in model.inlines { ids.append(ElementID(.supplementary, e.kind, section: s, item: e.before)) }
            for b in state.badges.list(s) where state.chrome.badges.entry(b.kind) != nil && b.item < model.itemCount {
                ids.append(ElementID(.supplementary, b.kind, section: s, item: b.item))
            }
            let shown = m.decorationKinds.map(Set.init)
            for d in decorations.all where shown?.contains(d.kind) ?? true {
                switch (d.definition.scope, d.definition.coverage) {
                case (.item, _): for i in 0..<model.itemCount { ids.append(ElementID(.decoration, d.kind, section: s, item: i)) }
                case (.section, .items) where model.itemCount == 0: break
                case (.section, _): ids.append(ElementID(.decoration, d.kind, section: s, item: 0))
                }
            }
        }
        return ids
    }
}

extension LayoutState {
    /// Whether an element belongs to a cell: an item decoration or a badge (SPEC §17.1).
    func isCellBound(_ id: ElementID) -> Bool {
        switch id.category {
        case .cell: false
        case .decoration: chrome.decorations.entry(id.kind)?.definition.scope == .item
        case .supplementary: chrome.badges.entry(id.kind) != nil
        }
    }
}
