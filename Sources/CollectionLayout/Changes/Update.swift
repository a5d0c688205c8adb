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
    /// item of inserted sections, the metrics and inline elements of inserted sections and of
    /// sections whose items changed), lays out the new state beside the old one and answers
    /// with both. `viewport`: the new viewport as given; nil keeps the old one, anchored.
    @discardableResult
    public func performBatchUpdate(_ update: BatchUpdate, viewport given: Rect? = nil) throws(LayoutError) -> UpdateResult {
        try reader.checkNotAsking()
        try checkNotMoving()
        if let given { try checkViewport(given) }
        let old = state
        var memory = MemoryEstimate(budget: definition.memoryBudget)
        let counts = try reader.readCounts(rules, memory: &memory)
        let map = try UpdateMap(update, old: old.sections.map(\.model.itemCount), new: counts)
        let models = try newModels(update, map, counts, old, memory: &memory)
        var next = try old.updated(map, models, viewport: given ?? old.viewport)
        if given == nil {
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
        let result = UpdateResult(map: map, viewport: next.viewport, adjustment: next.viewportLeading - old.viewportLeading,
                                  contentSizeChange: next.starts[next.starts.count - 1] - old.starts[old.starts.count - 1],
                                  elements: answers.records(), inserted: answers.inserted, deleted: answers.deleted)
        state = next
        lastUpdate = result
        return result
    }

    /// The new sections' models, and for a section the update leaves alone the old section it is:
    /// unchanged sections keep theirs; the others are asked what the update names.
    private func newModels(_ update: BatchUpdate, _ map: UpdateMap, _ counts: [Int], _ old: LayoutState,
                           memory: inout MemoryEstimate) throws(LayoutError) -> [(model: SectionModel, unchanged: Int?)] {
        let oldModels = old.sections.map(\.model)
        let changedOld = Set(update.deleteItems.map(\.section) + update.reloadItems.map(\.section) + update.moveItems.map(\.from.section))
        let changedNew = Set(update.insertItems.map(\.section) + update.moveItems.map(\.to.section))
        let reloaded = Set(update.reloadItems)
        var elements = counts.reduce(counts.count, +)
        for (t, s) in map.oldSection.enumerated() {
            if let s, !changedOld.contains(s), !changedNew.contains(t) { elements += oldModels[s].inlines.count }
        }
        var models: [(model: SectionModel, unchanged: Int?)] = []
        for (t, n) in counts.enumerated() {
            if let s = map.oldSection[t], !changedOld.contains(s), !changedNew.contains(t) {
                models.append((oldModels[s], s))
                continue
            }
            let outline = try reader.readOutline(t, itemCount: n, rules, budget: definition.elementLimit - elements, memory: &memory)
            elements += outline.inlines.count
            guard map.oldSection[t] != nil, !bodyType(for: outline.metrics.style).placesItemsItself else {
                // Inserted sections are asked everything; custom frames are the host's to place again.
                models.append((try reader.readItems(t, outline, rules, lineExtent: old.lineExtent), nil))
                continue
            }
            let model = try SectionModel(carrying: t, count: n, metrics: outline.metrics, inlines: outline.inlines, map: map,
                                         old: oldModels, reloaded: reloaded) { range throws(LayoutError) in
                try reader.sizes(section: t, range: range, default: definition.itemSize)
            }
            models.append((model, nil))
        }
        return models
    }
}

extension SectionModel {
    /// New section t's model after an update: sizes of carried items come along (moved ones from
    /// their old section); only the others (inserted, reloaded) are asked, one batch per run.
    init(carrying t: Int, count n: Int, metrics: SectionMetrics, inlines: [InlineElement], map: UpdateMap, old oldModels: [SectionModel],
         reloaded: Set<ItemPath>, ask: (Range<Int>) throws(LayoutError) -> [Size]) throws(LayoutError) {
        self.init(metrics: metrics, itemCount: n, inlines: inlines)
        sizes.reserveCapacity(n)
        // (Most updates reload nothing: then no item is looked up in the set.)
        let origins = map.oldItems(ofNewSection: t)
        func carried(_ k: Int) -> ItemPath? {
            guard let p = origins.oldItem(k), !oldModels[p.section].sizes.isEmpty,
                  reloaded.isEmpty || !reloaded.contains(p) else { return nil }
            return p
        }
        var k = 0
        while k < n {
            if let p = carried(k) {
                sizes.append(oldModels[p.section].sizes[p.item])
                k += 1
                continue
            }
            var end = k + 1
            while end < n && carried(end) == nil { end += 1 }
            sizes += try ask(k..<end)
            k = end
        }
    }
}

extension LayoutState {
    /// The state after an update with these new models, at `viewport`: sections the update
    /// leaves alone (`unchanged`) keep their bodies unless the line axis changed, strips their offsets.
    func updated(_ map: UpdateMap, _ models: [(model: SectionModel, unchanged: Int?)], viewport: Rect) throws(LayoutError) -> LayoutState {
        let offsets = models.indices.map { t in map.oldSection[t].map { sections[$0].offset } ?? 0 }
        let sameSpace = axes.lineExtent(of: viewport) == lineExtent
        let laidOut = models.map { $0.unchanged.flatMap { s in sameSpace ? sections[s].body : nil } }
        return try LayoutState(models.map(\.model), axes: axes, viewport: viewport, chrome: chrome, offsets: offsets, laidOut: laidOut)
    }
}
