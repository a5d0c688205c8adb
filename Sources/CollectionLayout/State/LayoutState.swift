/// The computed layout at one viewport: an immutable snapshot (a value) of every section's body,
/// the sections' offsets along the scroll axis and the chrome's settings. A change builds a new
/// state from the old one (bodies it does not touch are shared) while the old one stays
/// readable: the layout object only swaps its current state.
struct LayoutState {
    let axes: Axes
    private(set) var viewport: Rect
    private(set) var chrome: Chrome
    private var sections = Rows<SectionState>()
    /// Scroll-axis start of each section, and the content's end last (sections.count + 1 values).
    private(set) var starts: [Double] = [0]

    /// Sections, items and inline elements: what counts against the element limit (SPEC §11).
    private(set) var elementCount = 0

    /// Section metrics, shared by the consecutive sections that have them alike (a feed's
    /// sections usually do): each section holds an index.
    private(set) var metricsTable: [SectionMetrics] = []

    struct SectionState {
        var body: any SectionBody
        /// The sideways offset of a section whose body is a strip (SPEC §4); 0 otherwise.
        var offset = 0.0
        /// What the state reads of the body, noted once whenever the body changes (the body's
        /// `model` is a copy through the protocol; queries and offsets read these in place).
        fileprivate(set) var noted = Noted()

        /// A copy of what the host said: for changes, not for queries.
        var model: SectionModel { body.model }
        var extent: Double { noted.extent }
        var stripExtent: Double? { noted.stripExtent }
        var cellBounds: AxisRect? { noted.cellBounds }
        var itemCount: Int { noted.itemCount }
    }

    struct Noted {
        /// Where the body's metrics stand in `metricsTable`.
        var metricsIndex: Int32 = -1
        var extent = 0.0
        var stripExtent: Double?
        var cellBounds: AxisRect?
        var itemCount = 0
        /// From the section's start to its body's: the header and the leading inset (read on
        /// every placement of a frame, so not through the metrics table).
        var bodyOffset = 0.0
        /// The section, its items and its inline elements (the element limit counts them).
        var elements = 0
        /// Header, insets, body and footer along the scroll axis.
        var length = 0.0
    }

    func metrics(_ s: Int) -> SectionMetrics { metricsTable[Int(sections[s].noted.metricsIndex)] }

    // MARK: Per section (what queries and changes read of section s)

    var sectionCount: Int { sections.count }
    func hasSection(_ s: Int) -> Bool { s >= 0 && s < sections.count }
    func sectionBody(_ s: Int) -> any SectionBody { sections[s].body }
    /// A copy of what the host said: for changes, not for queries.
    func sectionModel(_ s: Int) -> SectionModel { sections[s].body.model }
    /// The sideways offset of a section whose body is a strip (SPEC §4); 0 otherwise.
    func sectionOffset(_ s: Int) -> Double { sections[s].offset }
    func sectionItemCount(_ s: Int) -> Int { sections[s].noted.itemCount }
    func sectionInlineCount(_ s: Int) -> Int { sections[s].noted.elements - 1 - sections[s].noted.itemCount }
    func sectionStrip(_ s: Int) -> Double? { sections[s].noted.stripExtent }
    func sectionCells(_ s: Int) -> AxisRect? { sections[s].noted.cellBounds }

    /// Every section's item count, in order.
    var itemCounts: [Int] {
        var counts: [Int] = []
        counts.reserveCapacity(sections.count)
        sections.forEachChunk { rows in
            for k in rows.indices { counts.append(rows[k].noted.itemCount) }
        }
        return counts
    }

    /// Reads what the state keeps of section s's body, after the body changed.
    private mutating func noteBody(_ s: Int) {
        let model = sections[s].body.model
        var index = Int(sections[s].noted.metricsIndex)
        if !(metricsTable.indices.contains(index) && metricsTable[index] == model.metrics) {
            if metricsTable.last != model.metrics { metricsTable.append(model.metrics) }
            index = metricsTable.count - 1
        }
        noteBody(s, of: model, metricsIndex: index)
    }

    /// The same, for a body laid out from `model`, whose metrics are `metricsTable[metricsIndex]`.
    private mutating func noteBody(_ s: Int, of model: SectionModel, metricsIndex: Int) {
        let body = sections[s].body
        let noted = self.noted(metricsIndex: metricsIndex, itemCount: model.itemCount, inlines: model.inlines.count, extent: body.extent,
                               strip: body.strip?.extent, cells: body.cellBounds)
        elementCount += noted.elements - sections[s].noted.elements
        sections[s].noted = noted
    }

    /// What the state keeps of a section whose metrics are `metricsTable[metricsIndex]`.
    /// `edges`: the metrics' `edges` (read once for a run of sections).
    private func noted(metricsIndex: Int, edges: (lead: Double, trail: Double)? = nil, itemCount: Int, inlines: Int,
                       extent: Double, strip: Double?, cells: AxisRect?) -> Noted {
        let (lead, trail) = edges ?? self.edges(metricsIndex)
        var noted = Noted(metricsIndex: Int32(metricsIndex), extent: extent, stripExtent: strip, cellBounds: cells,
                          itemCount: itemCount, elements: 1 + itemCount + inlines)
        noted.bodyOffset = lead
        noted.length = lead + extent + trail
        return noted
    }

    /// Along the scroll axis, before a section's body (header and leading inset) and after it.
    private func edges(_ metricsIndex: Int) -> (lead: Double, trail: Double) {
        let m = metricsTable[metricsIndex], insets = axes.axisInsets(m.insets)
        return (m.header + insets.top, insets.bottom + m.footer)
    }

    /// Lays out `models`; strips keep the `offsets` they had (clamped again).
    init(_ models: SectionModels, axes: Axes, viewport: Rect, chrome: Chrome, offsets: [Double] = []) throws(LayoutError) {
        self.axes = axes
        self.viewport = viewport
        self.chrome = chrome
        layOut(models, offsets: offsets)
        try recomputeStarts(from: 0)
    }

    /// Every section's model (runs give theirs as slices of their storage): what a full pass
    /// lays out again.
    var models: SectionModels {
        var models = SectionModels()
        models.reserveCapacity(sections.count)
        var s = 0
        while s < sections.count {
            guard let packed = sections[s].body as? PackedFlowSection else {
                models.append(sections[s].model)
                s += 1
                continue
            }
            // The sections that follow in the same run: one slice.
            var end = s + 1
            while end < sections.count, let next = sections[end].body as? PackedFlowSection, next.run === packed.run,
                  next.index == packed.index + (end - s) { end += 1 }
            models.append(run: packed.run, sections: packed.index..<(packed.index + end - s))
            s = end
        }
        return models
    }

    /// Lays `models` out into the rows (without the starts): small flow sections alike go into
    /// runs (`FlowRun`); a body of the style a section needs re-uses its storage; strips take
    /// `offsets`.
    private mutating func layOut(_ models: SectionModels, offsets: [Double]) {
        let space = self.space
        for s in models.count..<Swift.max(models.count, sections.count) { elementCount -= sections[s].noted.elements }
        sections.removeLast(Swift.max(0, sections.count - models.count))
        sections.reserveCapacity(models.count)
        metricsTable = models.metricsTable
        var runStart: Int?
        func flushRun(upTo end: Int) {
            guard let first = runStart else { return }
            runStart = nil
            let items = models.sizeStarts[first]..<models.sizeStarts[end]
            let run = FlowRun(metrics: models.metrics(first), space: space, sizes: models.sizes.slice(items),
                              itemStarts: models.sizeStarts[first...end].map { $0 - items.lowerBound })
            let metricsIndex = models.metricsIndex(first), edges = self.edges(metricsIndex)
            run.measureAll { k, extent, cells in
                let noted = self.noted(metricsIndex: metricsIndex, edges: edges, itemCount: run.itemRange(k).count, inlines: 0,
                                       extent: extent, strip: nil, cells: cells)
                let s = first + k
                if s < sections.count {
                    elementCount += noted.elements - sections[s].noted.elements
                    sections[s] = SectionState(body: PackedFlowSection(run: run, index: k), noted: noted)
                } else {
                    elementCount += noted.elements
                    sections.append(SectionState(body: PackedFlowSection(run: run, index: k), noted: noted))
                }
            }
        }
        for s in 0..<models.count {
            if FlowRun.takes(models, s) {
                if let first = runStart, models.metricsIndex(first) == models.metricsIndex(s) { continue }
                flushRun(upTo: s)
                runStart = s
                continue
            }
            flushRun(upTo: s)
            let model = models[s], offset = s < offsets.count ? offsets[s] : 0
            if s < sections.count && type(of: sections[s].body) == bodyType(for: model) {
                sections[s].body.reload(model, in: space)
            } else if s < sections.count {
                sections[s].body = bodyType(for: model).init(model, in: space)
            } else {
                sections.append(SectionState(body: bodyType(for: model).init(model, in: space)))
            }
            sections[s].offset = offset
            noteBody(s, of: model, metricsIndex: models.metricsIndex(s))
        }
        flushRun(upTo: models.count)
    }

    /// The state after a batch update (SPEC §10.2), at the old viewport: new section t is old
    /// section `origins[t]` as it was (body, offset and what was noted, all shared with `old`)
    /// unless `changed` (sorted by section) gives it a new model, which is laid out here (only
    /// around its hunks, where the style can). Only what changed is laid out and noted; the
    /// rest costs a copy of its row.
    init(rearranging old: LayoutState, origins: [Int?], changed: [ChangedSection]) throws(LayoutError) {
        (axes, viewport, chrome, metricsTable) = (old.axes, old.viewport, old.chrome, old.metricsTable)
        let space = self.space
        // The sections before the first that changed or moved start where they did.
        let moved = origins.indices.first { origins[$0] != $0 } ?? origins.count
        let same = Swift.min(changed.first?.section ?? origins.count, moved)
        func body(_ change: ChangedSection, from origin: Int?) -> any SectionBody {
            let model = change.model
            if let hunks = change.hunks, let origin, let body = old.sections[origin].body as? FlowBody, bodyType(for: model) == FlowBody.self,
               let edited = FlowBody(editing: body, to: model, hunks: hunks) {
                return edited
            }
            return bodyType(for: model).init(model, in: space)
        }
        if moved == origins.count && origins.count == old.sections.count {
            // No section comes or goes: the old rows are shared, and the changed ones replaced.
            (sections, elementCount) = (old.sections, old.elementCount)
            for change in changed {
                let t = change.section
                elementCount -= sections[t].noted.elements
                sections[t] = SectionState(body: body(change, from: t), offset: old.sections[t].offset)
                noteBody(t)
            }
            try finishRearranging(old, same: same)
            return
        }
        sections.reserveCapacity(origins.count)
        var next = changed.makeIterator(), pending = next.next()
        for (t, origin) in origins.enumerated() {
            if let change = pending, change.section == t {
                sections.append(SectionState(body: body(change, from: origin), offset: origin.map { old.sections[$0].offset } ?? 0))
                noteBody(t)
                pending = next.next()
            } else if let origin {
                sections.append(old.sections[origin])
                elementCount += old.sections[origin].noted.elements
            } else {
                throw LayoutError(.invalidArgument, "internal: inserted section \(t) comes without its model")
            }
        }
        try finishRearranging(old, same: same)
    }

    /// The metrics table compacted when it has grown, and the starts from section `same` on.
    private mutating func finishRearranging(_ old: LayoutState, same: Int) throws(LayoutError) {
        // Each change may add rows to the shared metrics table: start afresh when it has grown
        // well past the sections.
        if metricsTable.count > 2 * sections.count + 64 {
            let table = metricsTable
            metricsTable = []
            for s in sections.indices {
                let m = table[Int(sections[s].noted.metricsIndex)]
                if metricsTable.last != m { metricsTable.append(m) }
                sections[s].noted.metricsIndex = Int32(metricsTable.count - 1)
            }
        }
        starts = Array(old.starts[...same])
        try recomputeStarts(from: same)
    }

    /// A section a batch update changes: its new model and, when its items come in runs from
    /// its old section, the hunks between the runs (where a flow body lays out again).
    struct ChangedSection {
        var section: Int
        var model: SectionModel
        var hunks: [ItemHunk]? = nil
    }

    var space: BodySpace { BodySpace(axes: axes, lineExtent: lineExtent) }
    var lineExtent: Double { axes.lineExtent(of: viewport) }

    var contentSize: Size {
        let total = starts[starts.count - 1]
        return axes.direction == .vertical ? Size(width: lineExtent, height: total) : Size(width: total, height: lineExtent)
    }

    // MARK: Changes (each leaves `self` as it was when it throws)

    // Changes work in place, so that a body's storage is re-used and never copied; when the
    // result would not be finite, `undo` restores what they changed.

    /// A new viewport: a new line-axis extent lays every body out again from its model; a new
    /// origin only moves pinned elements.
    mutating func setViewport(_ newViewport: Rect) throws(LayoutError) {
        let old = viewport
        viewport = newViewport
        guard lineExtent != axes.lineExtent(of: old) else { return }
        let models = self.models
        do {
            try reload(models, undo: models)
        } catch {
            viewport = old
            try? reload(models, undo: models)  // as before, which was finite
            throw error
        }
    }

    /// Changes the bodies of `list` (sorted sections) and moves the sections after them.
    mutating func changeBodies(_ list: [Int], _ change: (Int, inout any SectionBody) -> Void,
                               undo: (Int, inout any SectionBody) -> Void) throws(LayoutError) {
        guard let first = list.first else { return }
        for s in list {
            change(s, &sections[s].body)
            noteBody(s)
        }
        do {
            try recomputeStarts(from: first)
        } catch {
            for s in list {
                undo(s, &sections[s].body)
                noteBody(s)
            }
            try? recomputeStarts(from: first)  // as before the change, which was finite
            throw error
        }
    }

    /// Lays out new models in place (a full invalidation): bodies of the same style re-use their
    /// storage, strips keep their offsets. If the new layout would not be finite, the old models
    /// (`undo`, when the caller has them) are laid out again.
    mutating func reload(_ models: SectionModels, undo: SectionModels? = nil) throws(LayoutError) {
        let oldModels = undo ?? self.models, offsets = sections.map(\.offset)
        layOut(models, offsets: offsets)
        do {
            try recomputeStarts(from: 0)
        } catch {
            layOut(oldModels, offsets: offsets)
            try? recomputeStarts(from: 0)  // as before, which was finite
            throw error
        }
    }

    mutating func setChrome(_ chrome: Chrome) throws(LayoutError) {
        var next = self
        next.chrome = chrome
        try next.checkFinite()
        self = next
    }

    /// Sets a strip's sideways offset, clamped to [0, max(0, strip − viewport)] (SPEC §4).
    mutating func setOffset(_ offset: Double, section s: Int) {
        guard let strip = sections[s].stripExtent else { return }
        sections[s].offset = Swift.min(Swift.max(offset, 0), Swift.max(0, strip - lineExtent))
    }

    /// Section starts from `first` on, checking that every extent stays finite (SPEC §11), and
    /// every strip's offset clamped again for the new data or viewport.
    private mutating func recomputeStarts(from first: Int) throws(LayoutError) {
        starts.removeSubrange((first + 1)...)
        for s in first..<sections.count {
            let length = sectionLength(s)
            let end = starts[s] + length
            let strip = sections[s].stripExtent, cells = sections[s].cellBounds
            // The cells' bounds hold every cell's line-axis end (columns, strips, custom frames).
            guard end.isFinite, strip?.isFinite ?? true,
                  cells.map({ $0.lineEnd.isFinite && $0.line.isFinite && $0.lineExtent.isFinite }) ?? true else {
                throw LayoutError(.limit, "section \(s): the content's extent is no longer finite (section length \(length) after \(starts[s]))")
            }
            starts.append(end)
            if strip != nil { setOffset(sections[s].offset, section: s) }
        }
        try checkFinite()
    }

    /// Decorations may stand out of the content by their negative insets: their frames must stay finite too.
    private func checkFinite() throws(LayoutError) {
        let reach = chrome.decorations.reach
        let total = starts[starts.count - 1]
        guard (total + 2 * reach).isFinite, (lineExtent + 2 * reach).isFinite else {
            throw LayoutError(.limit, "decorations standing \(reach) out of a content of \(total) x \(lineExtent) would not be finite")
        }
    }

    // MARK: Section geometry

    func sectionLength(_ s: Int) -> Double { sections[s].noted.length }

    func bodyStart(_ s: Int) -> Double { starts[s] + sections[s].noted.bodyOffset }

    /// A body-relative frame at the section's sideways offset, in content coordinates (axis form).
    func place(_ r: AxisRect, section s: Int) -> AxisRect { place(r, offset: sections[s].offset, bodyStart: bodyStart(s)) }

    func place(_ r: AxisRect, offset: Double, bodyStart: Double) -> AxisRect {
        AxisRect(line: r.line - offset, scroll: r.scroll + bodyStart, lineExtent: r.lineExtent, scrollExtent: r.scrollExtent)
    }

    /// The first section that ends after `scroll`.
    func firstSection(endingAfter scroll: Double) -> Int {
        partition(0..<sections.count) { starts[$0 + 1] <= scroll }
    }

    var viewportLeading: Double { axes.direction == .vertical ? viewport.y : viewport.x }
    var viewportTrailing: Double { viewportLeading + (axes.direction == .vertical ? viewport.height : viewport.width) }
}
