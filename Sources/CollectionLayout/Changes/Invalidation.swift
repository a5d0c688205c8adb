/// Invalidation (SPEC §10.1): each change reads what it names from the data source, builds the
/// next state, and swaps it in only when everything was read and checked.
extension Layout {
    /// A change of the line-axis extent lays out again from the cached data; an origin-only
    /// change moves pinned elements and does no layout work.
    public func setViewport(_ viewport: Rect) throws(LayoutError) {
        try reader.checkNotAsking()
        try checkViewport(viewport)
        try state.setViewport(viewport)
    }

    /// Asks the data source for everything again.
    public func invalidateAll() throws(LayoutError) {
        try reader.checkNotAsking()
        let models = try reader.readAll(rules, lineExtent: state.lineExtent)
        state = try LayoutState(models, axes: state.axes, viewport: state.viewport, chrome: state.chrome, reusing: state)
    }

    /// The sizes (custom sections: the frames) of these items changed: asks only them, in one
    /// batch per run of consecutive items, and lets each section's style lay out again from the
    /// first affected place; later sections move by offset.
    public func invalidateItems(_ items: [(section: Int, item: Int)]) throws(LayoutError) {
        try reader.checkNotAsking()
        for (s, i) in items where !(state.sections.indices.contains(s) && i >= 0 && i < state.sections[s].model.itemCount) {
            try checkSection(s)
            throw LayoutError(.outOfRange, "item (\(s), \(i)) does not exist (section \(s) has \(state.sections[s].model.itemCount) items)")
        }
        let sorted = items.map { ($0.section, $0.item) }.sorted { $0 < $1 }
        var bodies: [(section: Int, body: any SectionBody)] = []
        var k = 0
        while k < sorted.count {
            let s = sorted[k].0
            var changed: [Int] = []
            while k < sorted.count && sorted[k].0 == s {
                if changed.last != sorted[k].1 { changed.append(sorted[k].1) }
                k += 1
            }
            var body = state.sections[s].body
            body.update(items: changed, model: try readItems(changed, section: s, into: body.model))
            bodies.append((s, body))
        }
        try state.replaceBodies(bodies)
    }

    /// The new sizes or frames of `items` (sorted, unique) of section `s`, written into `model`.
    private func readItems(_ items: [Int], section s: Int, into model: SectionModel) throws(LayoutError) -> SectionModel {
        var model = model
        let custom = bodyType(for: model.metrics.style).placesItemsItself
        var runStart = 0
        while runStart < items.count {
            var runEnd = runStart + 1
            while runEnd < items.count && items[runEnd] == items[runEnd - 1] + 1 { runEnd += 1 }
            let range = items[runStart]..<(items[runStart] + runEnd - runStart)
            if custom {
                let frames = try reader.frames(section: s, range: range, lineExtent: state.lineExtent, axes: state.axes)
                model.frames.replaceSubrange(range, with: frames)
            } else {
                let sizes = try reader.sizes(section: s, range: range, default: definition.itemSize)
                model.sizes.replaceSubrange(range, with: sizes)
            }
            runStart = runEnd
        }
        return model
    }

    /// The metrics or inline elements of these sections changed: asks them again (not the items).
    public func invalidateSections(_ list: [Int]) throws(LayoutError) {
        try reader.checkNotAsking()
        for s in list { try checkSection(s) }
        var budget = definition.elementLimit - state.sections.reduce(state.sections.count) { $0 + $1.model.itemCount + $1.model.inlines.count }
        var bodies: [(section: Int, body: any SectionBody)] = []
        for s in Array(Set(list)).sorted() {
            let old = state.sections[s].model
            budget += old.inlines.count
            let model = try reader.rereadOutline(s, keeping: old, rules, budget: budget)
            budget -= model.inlines.count
            bodies.append((s, bodyType(for: model.metrics.style).init(model, in: state.space)))
        }
        try state.replaceBodies(bodies)
    }
}
