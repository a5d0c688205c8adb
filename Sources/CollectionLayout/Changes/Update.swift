/// What one element does in a batch update (SPEC §10.2): its identity before and after, how it
/// changes, and UIKit's initial (`from`) and final (`to`) layout attributes.
public struct ElementChange: Equatable, Sendable {
    public enum Change: String, Sendable { case kept, moved, inserted, deleted, reloaded }
    public var change: Change
    public var old: ElementID?
    public var new: ElementID?
    public var from: Attributes
    public var to: Attributes
}

/// The answers of a batch update; they stay readable from the layout until its next change.
public struct UpdateResult: Sendable {
    /// Old <-> new index paths of every section and item.
    public var map: UpdateMap
    /// The viewport after the update (given, or anchored and clamped) and what its scroll-axis
    /// origin moved by; the content's change along the scroll axis.
    public var viewport: Rect
    public var adjustment: Double
    public var contentSizeChange: Double
    /// A record for every element of the old layout overlapping the old viewport and of the new
    /// layout overlapping the new viewport.
    public var elements: [ElementChange]
    /// Supplementary and decoration elements of the whole layout with no counterpart: inserted
    /// ones with their attributes in the new layout, deleted ones in the old.
    public var inserted: [Attributes]
    public var deleted: [Attributes]
}

extension Layout {
    /// Performs a batch update (SPEC §10.2, UIKit's performBatchUpdates): checks it against the
    /// data source's new counts, asks only what it names (the items inserted or reloaded, every
    /// item of inserted and reloaded sections, the metrics and inline elements of inserted and reloaded
    /// sections and of sections whose items changed), lays out the new state beside the old one and answers
    /// with both. `viewport`: the new viewport as given; nil keeps the old one, anchored.
    @discardableResult
    public func performBatchUpdate(_ update: BatchUpdate, viewport given: Rect? = nil) throws(LayoutError) -> UpdateResult {
        try change(keepsUpdate: true) { () throws(LayoutError) in try performing(update, viewport: given) }
    }

    private func performing(_ update: BatchUpdate, viewport given: Rect?) throws(LayoutError) -> UpdateResult {
        if let given { try checkRect(given, "viewport") }
        let old = state
        var memory = MemoryEstimate(budget: definition.memoryBudget)
        let counts = try reader.readCounts(rules, memory: &memory)
        let map = try UpdateMap(update, old: old.itemCounts, new: counts)
        let changed = try changedModels(update, map, counts, old, memory: &memory)
        var next = try LayoutState(rearranging: old, origins: map.oldSection, changed: changed)
        next.badges = try carriedBadges(from: old, to: next, update, map, asking: true)
        if let given {
            try next.setScrollView(given, next.chrome)
        } else {
            // The anchor is a cell the update neither deletes nor moves (nor its section).
            let movedItems = Set(update.moveItems.map(\.from)), movedSections = Set(update.moveSections.map(\.from))
            let origin = next.anchoredOrigin(from: old, anchoring: definition.anchoring) { p in
                movedItems.contains(p) || movedSections.contains(p.section) ? nil : map.newItem(p)
            }
            try next.setViewport(next.viewport(atOrigin: origin))
        }
        return finishUpdate(update, map, from: old, to: next)
    }

    /// Answers an update from `old` to `next` (laid out at its final viewport) and swaps `next` in.
    func finishUpdate(_ update: BatchUpdate, _ map: UpdateMap, from old: LayoutState, to next: LayoutState) -> UpdateResult {
        let answers = UpdateAnswers(old: old, new: next, update: update, map: map, kinds: kinds)
        let result = UpdateResult(map: map, viewport: next.presentedViewport, adjustment: next.presentedLeading - old.presentedLeading,
                                  contentSizeChange: next.starts[next.starts.count - 1] - old.starts[old.starts.count - 1],
                                  elements: answers.records(), inserted: answers.inserted, deleted: answers.deleted)
        state = next
        lastUpdate = result
        return result
    }

    /// The models of the new sections that the update changes, by section: the others are old
    /// sections as they were. A changed section is asked what the update names.
    private func changedModels(_ update: BatchUpdate, _ map: UpdateMap, _ counts: [Int], _ old: LayoutState,
                               memory: inout MemoryEstimate) throws(LayoutError) -> [LayoutState.ChangedSection] {
        let reloaded = Set(update.reloadItems)
        let changed = map.changedSections(old: false)
        // The element limit counts the new sections and items, and the inline elements of the
        // sections kept as they were (the old ones' minus those of the changed ones); a changed
        // section's are read below.
        var elements = counts.reduce(counts.count, +) + old.elementCount - old.sectionCount - map.oldCounts.reduce(0, +)
        for s in map.changedSections(old: true) { elements -= old.sectionInlineCount(s) }
        var models: [LayoutState.ChangedSection] = []
        var oldModels: [Int: SectionModel] = [:]  // read once per section (a copy through the body)
        func oldModel(_ s: Int) -> SectionModel {
            if let known = oldModels[s] { return known }
            let model = old.sectionModel(s)
            oldModels[s] = model
            return model
        }
        for t in changed {
            let n = counts[t]
            let outline = try reader.readOutline(t, itemCount: n, rules, budget: definition.elementLimit - elements, memory: &memory)
            elements += outline.inlines.count
            guard map.oldSection[t] != nil, !map.isReloaded(newSection: t), !bodyType(for: outline.metrics.style).placesItemsItself else {
                // Inserted and reloaded sections are asked everything; custom frames are the host's to place again.
                models.append(LayoutState.ChangedSection(section: t, model: try reader.readItems(t, outline, rules, lineExtent: old.lineExtent)))
                continue
            }
            var hunks: [ItemHunk]?
            let model = try SectionModel(carrying: t, count: n, metrics: outline.metrics, inlines: outline.inlines, map: map,
                                         moves: update.moveItems, reloaded: reloaded, old: oldModel, hunks: &hunks) { runs throws(LayoutError) in
                (try reader.sizes(section: t, runs: runs, estimate: outline.metrics.estimatedItemSize, default: definition.itemSize),
                 try reader.spans(section: t, runs: runs, style: outline.metrics.style))
            }
            models.append(LayoutState.ChangedSection(section: t, model: model, hunks: hunks))
        }
        return models
    }
}
