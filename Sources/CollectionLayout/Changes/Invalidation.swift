/// Invalidation (SPEC §10.1): each change reads what it names from the data source, builds the
/// next state, and swaps it in only when everything was read and checked.
extension Layout {
    /// A change of the line-axis extent lays out again from the cached data; an origin-only
    /// change moves pinned elements and does no layout work.
    public func setViewport(_ viewport: Rect) throws(LayoutError) {
        try change { () throws(LayoutError) in
            try checkRect(viewport, "viewport")
            // A viewport change the host asks for steps a floating header (SPEC §18.3).
            let (start, shrink) = (Swift.max(state.visibleLeading, 0), state.floatingShrink)
            try state.setScrollView(viewport, state.chrome)
            state.setFloatingShrink(shrink + Swift.max(state.visibleLeading, 0) - start)
        }
    }

    /// New content insets (SPEC §20.1): new line-axis insets lay out again from the cached data,
    /// as a new viewport width does; the scroll range, pinning and targets follow them.
    public func setContentInsets(_ insets: Insets) throws(LayoutError) {
        try change { () throws(LayoutError) in
            try checkContentInsets(insets)
            var chrome = state.chrome
            chrome.contentInsets = state.mirror == nil ? insets : Mirror.insets(insets)
            try state.setScrollView(state.presentedViewport, chrome)
            definition.contentInsets = insets
        }
    }

    /// A new display scale (SPEC §20.2): only what is reported changes, nothing is laid out.
    public func setDisplayScale(_ scale: Double) throws(LayoutError) {
        try change { () throws(LayoutError) in
            try checkDisplayScale(scale)
            var chrome = state.chrome
            chrome.pixelGrid = PixelGrid(scale: scale)
            try state.setChrome(chrome)
            definition.displayScale = scale
        }
    }

    /// A new layout direction (SPEC §15): the same logical layout, mirrored or not, nothing laid
    /// out again. The viewport keeps its place on the line axis (physical) and its distance from
    /// the start of the scroll range (as a transition between the two does), clamped.
    public func setLayoutDirection(_ direction: LayoutDirection) throws(LayoutError) {
        try change { () throws(LayoutError) in
            guard direction != state.chrome.layoutDirection else { return }
            var next = state
            var chrome = next.chrome
            chrome.layoutDirection = direction
            chrome.contentInsets = Mirror.insets(chrome.contentInsets)
            try next.setScrollView(state.presentedViewport, chrome)
            try next.setViewport(next.viewport(atOrigin: next.clampedOrigin(state.viewportLeading)))
            state = next
            definition.layoutDirection = direction
        }
    }

    /// Asks the data source for everything again.
    public func invalidateAll() throws(LayoutError) {
        try change { () throws(LayoutError) in
            let models = try reader.readAll(rules, lineExtent: state.lineExtent), before = state
            try state.reload(models)
            try loadBadges(restoring: before)
        }
    }

    /// The sizes (custom sections: the frames) of these items changed: asks only them, in one
    /// batch per run of consecutive items, and lets each section's style lay out again from the
    /// first affected place; later sections move by offset. A long section in which many items
    /// changed is asked and laid out whole, which then costs less.
    public func invalidateItems(_ items: [(section: Int, item: Int)]) throws(LayoutError) {
        try change { () throws(LayoutError) in
            let before = state
            var named: [Int: [Int]] = [:]  // their badges are asked with their sizes (SPEC §17.1)
            try changeItems(items) { s, changed, model throws(LayoutError) in
                named[s] = changed
                // Many changes in a long section: it is asked in one batch and laid out whole, which
                // costs less than many small batches. Custom frames are the host's own work: only
                // the named ones are asked again (SPEC §5).
                // (Estimated items forget their measured sizes one by one: nothing is read.)
                let whole = changed.count * 16 >= model.itemCount && model.itemCount >= 1024
                    && !bodyType(for: model.metrics.style).placesItemsItself && model.estimated == nil
                return (try readItems(changed, whole: whole, section: s, metrics: model.metrics),
                        ItemValues.current(changed, whole: whole, in: model))
            }
            try reloadBadges(of: named, restoring: before)
        }
    }

    /// Changes the sizes or frames of `items` to what `values` gives per section (new and old
    /// values of its sorted, unique changed items), after checking every index path, and lets
    /// each style lay out again from the first affected place; later sections move by offset.
    /// The one path of item changes: invalidation and self-sizing (SPEC §10.1, §10.4).
    func changeItems(_ items: [(section: Int, item: Int)],
                     _ values: (Int, [Int], SectionModel) throws(LayoutError) -> (new: ItemValues, old: ItemValues)) throws(LayoutError) {
        // One pass groups the items by section (sorting first if they came out of order).
        let (items, groups) = Self.grouped(items) ?? Self.grouped(items.sorted { $0 < $1 })!
        // Everything is read and checked before the layout changes.
        var changes: [(section: Int, items: [Int], new: ItemValues, old: ItemValues)] = []
        for (s, range) in groups {
            try checkSection(s)
            let count = state.sectionItemCount(s)
            // (Sorted: the group's first and last item bound them all.)
            for i in [items[range.lowerBound], items[range.upperBound - 1]] where i < 0 || i >= count {
                throw LayoutError(.outOfRange, "item (\(s), \(i)) does not exist (section \(s) has \(counted(count, "item")))")
            }
            let changed = groups.count == 1 ? items : Array(items[range])
            let (new, old) = try values(s, changed, state.sectionModel(s))
            changes.append((s, changed, new, old))
        }
        // (The changes come by increasing section: found by a binary search, no table built.)
        func change(of s: Int) -> (section: Int, items: [Int], new: ItemValues, old: ItemValues)? {
            let k = partition(0..<changes.count) { changes[$0].section < s }
            return k < changes.count && changes[k].section == s ? changes[k] : nil
        }
        let space = state.space
        try state.changeBodies(changes.map(\.section)) { s, body in
            guard let change = change(of: s) else { return }
            Self.update(&body, items: change.items, to: change.new, in: space)
        } undo: { s, body in
            guard let change = change(of: s) else { return }
            Self.update(&body, items: change.items, to: change.old, in: space)
        }
    }

    /// Writes `values` into a body's model and lays out what they change; a grid whose items
    /// gain spans (SPEC §16) takes the body that places them.
    private static func update(_ body: inout any SectionBody, items: [Int], to values: ItemValues, in space: BodySpace) {
        // Only grid and waterfall items carry spans; the others change in place (a copy of a
        // long flow section's model would cost what a relayout does).
        guard values.spans != nil else { return body.update(items: items) { values.write(into: &$0) } }
        var model = body.model
        values.write(into: &model)
        if type(of: body) != bodyType(for: model) {
            body = bodyType(for: model).init(model, in: space)
        } else {
            body.update(items: items) { values.write(into: &$0) }
        }
    }

    /// The items of index paths in increasing order, each once, grouped by section (a range of
    /// the items per section), in one pass; nil if the paths are not in order.
    private static func grouped(_ paths: [(section: Int, item: Int)]) -> (items: [Int], groups: [(section: Int, range: Range<Int>)])? {
        var groups: [(section: Int, range: Range<Int>)] = []
        var ordered = true
        let items = paths.withUnsafeBufferPointer { p in
            [Int](unsafeUninitializedCapacity: p.count) { items, count in
                var n = 0, k = 0
                while k < p.count {
                    let s = p[k].section, first = n
                    var last = p[k].item
                    items[n] = last
                    (n, k) = (n + 1, k + 1)
                    while k < p.count && p[k].section == s {
                        let i = p[k].item
                        if i != last {
                            if i < last { ordered = false; break }
                            items[n] = i
                            (n, last) = (n + 1, i)
                        }
                        k += 1
                    }
                    if !ordered || (k < p.count && p[k].section < s) { ordered = false; break }
                    groups.append((s, first..<n))
                }
                count = n
            }
        }
        return ordered ? (items, groups) : nil
    }

    /// The new sizes or frames of `items` (sorted, unique) of section `s`, asked in one batch
    /// per run of consecutive items, or of all its items in one batch.
    private func readItems(_ items: [Int], whole: Bool, section s: Int, metrics: SectionMetrics) throws(LayoutError) -> ItemValues {
        let count = state.sectionItemCount(s)
        var runs: [Range<Int>] = whole ? [0..<count] : []
        var runStart = 0
        while !whole && runStart < items.count {
            var runEnd = runStart + 1
            while runEnd < items.count && items[runEnd] == items[runEnd - 1] + 1 { runEnd += 1 }
            runs.append(items[runStart]..<(items[runStart] + runEnd - runStart))
            runStart = runEnd
        }
        var values = ItemValues(items: items, whole: whole)
        if bodyType(for: metrics.style).placesItemsItself {
            for range in runs {
                // (One run, the usual case for many items, takes the array as it is.)
                let frames = try reader.frames(section: s, range: range, lineExtent: state.lineExtent, axes: state.axes)
                if values.frames.isEmpty { values.frames = frames } else { values.frames += frames }
            }
            return values
        }
        let sizes = try reader.sizes(section: s, runs: runs, estimate: metrics.estimatedItemSize, default: definition.itemSize)
        values.sizes = Column(sizes)
        // Spans come with the sizes (SPEC §16); a source that gives none: every item spans 1.
        if metrics.style.takesSpans { values.spans = Column(try reader.spans(section: s, runs: runs, style: metrics.style) ?? Array(repeating: .one, count: items.count)) }
        return values
    }

    /// The metrics or inline elements of these sections changed: asks them again (not the items).
    public func invalidateSections(_ list: [Int]) throws(LayoutError) {
        try change { () throws(LayoutError) in try rereadSections(list) }
    }

    private func rereadSections(_ list: [Int]) throws(LayoutError) {
        for s in list { try checkSection(s) }
        var budget = definition.elementLimit - state.elementCount
        var memory = MemoryEstimate(budget: definition.memoryBudget)
        try memory.add(sections: state.sectionCount, items: state.elementCount, what: "the layout")
        var bodies: [(section: Int, new: any SectionBody, old: any SectionBody)] = []
        for s in Array(Set(list)).sorted() {
            let old = state.sectionModel(s)
            budget += old.inlines.count
            let room = Swift.min(budget, memory.room(per: MemoryEstimate.perInline) + old.inlines.count)
            let model = try reader.rereadOutline(s, keeping: old, rules, budget: room)
            budget -= model.inlines.count
            bodies.append((s, bodyType(for: model).init(model, in: state.space), state.sectionBody(s)))
        }
        var index: [Int: Int] = [:]
        for (k, entry) in bodies.enumerated() { index[entry.section] = k }
        try state.changeBodies(bodies.map(\.section)) { s, body in
            if let k = index[s] { body = bodies[k].new }
        } undo: { s, body in
            if let k = index[s] { body = bodies[k].old }
        }
    }
}

/// New or old sizes (or custom frames) of some items of a section in item order, or of all.
struct ItemValues {
    var items: [Int]
    var whole: Bool
    var sizes = Column<Size>()
    var frames: [Rect] = []
    /// Grid and waterfall sections (SPEC §16): the items' spans; nil leaves them as they are.
    var spans: Column<ItemSpan>?

    /// The values the items have in `model` now (all of them: the model's arrays, shared).
    static func current(_ items: [Int], whole: Bool, in model: SectionModel) -> ItemValues {
        var values = ItemValues(items: items, whole: whole)
        if whole {
            (values.sizes, values.frames) = (model.sizes, model.frames)
        } else if model.frames.isEmpty {
            values.sizes = Column(items.map(model.size))
        } else {
            values.frames = items.map { model.frames[$0] }
        }
        if model.metrics.style.takesSpans { values.spans = whole ? model.spans : Column(items.map(model.span)) }
        return values
    }

    func write(into model: inout SectionModel) {
        if whole {
            (model.sizes, model.frames) = (sizes, frames)
            if let spans { model.spans = spanColumn(spans.array) }
            return
        }
        for (k, item) in items.enumerated() {
            if sizes.isEmpty { model.frames[item] = frames[k] } else { model.setSize(sizes[k], at: item) }
        }
        if let spans { model.setSpans(spans, at: items) }
    }
}
