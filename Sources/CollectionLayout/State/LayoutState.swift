/// The computed layout at one viewport: an immutable snapshot (a value) of every section's body,
/// the sections' offsets along the scroll axis and the chrome's settings. A change builds a new
/// state from the old one (bodies it does not touch are shared) while the old one stays
/// readable: the layout object only swaps its current state.
struct LayoutState {
    let axes: Axes
    private(set) var viewport: Rect
    private(set) var chrome: Chrome
    private var sections = SectionRows()
    /// Scroll-axis start of each section, and the content's end last (sections.count + 1 values).
    private(set) var starts: [Double] = [0]
    /// Which cells carry which badges (SPEC §17.1): set by full loads, updates and invalidations.
    var badges = BadgeTable()

    /// Sections, items and inline elements: what counts against the element limit (SPEC §11).
    private(set) var elementCount = 0

    /// Section metrics, shared by the consecutive sections that have them alike (a feed's
    /// sections usually do): each section holds an index.
    private(set) var metricsTable: [SectionMetrics] = []
    /// The effects of `metricsTable`'s rows placed at the viewport's extent (SPEC §19), by row;
    /// empty when no row has one (State/Effects.swift).
    var placedEffects: [PlacedEffect?] = []
    /// A floating collapsing header's shrink (SPEC §18.3), kept in `[0, min(u, R)]` at the
    /// viewport; 0 otherwise.
    private(set) var floatingShrink = 0.0
    /// The host's threads for the passes that can use them (State/Executor.swift); nil: every
    /// pass on the calling thread. Carried to the states built from this one.
    var executor: Executor?

    struct SectionState {
        var body: any SectionBody
        /// The sideways offset of a section whose body is a strip (SPEC §4); 0 otherwise.
        var offset = 0.0
        /// What the state reads of the body, noted once whenever the body changes (the body's
        /// `model` is a copy through the protocol; queries and offsets read these in place).
        var noted = Noted()
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

    func metrics(_ s: Int) -> SectionMetrics { metricsTable[metricsIndex(s)] }

    // MARK: Per section (what queries and changes read of section s; a section of a run has no
    // row: the run and its entry answer)

    var sectionCount: Int { sections.count }
    func hasSection(_ s: Int) -> Bool { s >= 0 && s < sections.count }
    func sectionBody(_ s: Int) -> any SectionBody {
        sections.read(s, single: { $0.body }, packed: { _, run, k in PackedFlowSection(run: run, index: k) })
    }
    /// A copy of what the host said: for changes, not for queries.
    func sectionModel(_ s: Int) -> SectionModel { sections.read(s, single: { $0.body.model }, packed: { _, run, k in run.model(k) }) }
    /// The sideways offset of a section whose body is a strip (SPEC §4); 0 otherwise.
    func sectionOffset(_ s: Int) -> Double { sections.read(s, single: { $0.offset }, packed: { _, _, _ in 0 }) }
    func sectionItemCount(_ s: Int) -> Int { sections.read(s, single: { $0.noted.itemCount }, packed: { _, run, k in run.itemRange(k).count }) }
    func sectionInlineCount(_ s: Int) -> Int {
        sections.read(s, single: { $0.noted.elements - 1 - $0.noted.itemCount }, packed: { _, _, _ in 0 })
    }
    func sectionStrip(_ s: Int) -> Double? { sections.read(s, single: { $0.noted.stripExtent }, packed: { _, _, _ in nil }) }
    func sectionCells(_ s: Int) -> AxisRect? { sections.read(s, single: { $0.noted.cellBounds }, packed: { _, run, k in run.cellBounds(k) }) }
    func metricsIndex(_ s: Int) -> Int { sections.read(s, single: { Int($0.noted.metricsIndex) }, packed: { e, _, _ in Int(e.metricsIndex) }) }
    private func elements(_ s: Int) -> Int { sections.read(s, single: { $0.noted.elements }, packed: { _, run, k in 1 + run.itemRange(k).count }) }

    /// Every section's item count, in order (entry by entry: no search per section).
    var itemCounts: [Int] {
        var counts: [Int] = []
        counts.reserveCapacity(sections.count)
        for e in sections.entries {
            if let run = e.run {
                for k in e.runFirst..<(e.runFirst + e.count) { counts.append(run.itemRange(k).count) }
            } else {
                for k in 0..<e.count { counts.append(sections[entry: e, k: k].noted.itemCount) }
            }
        }
        return counts
    }

    /// Reads what the state keeps of section s's body, after the body changed.
    private mutating func noteBody(_ s: Int) {
        let model = sectionModel(s)
        var index = metricsIndex(s)
        if !(metricsTable.indices.contains(index) && metricsTable[index] == model.metrics) {
            if metricsTable.last != model.metrics { metricsTable.append(model.metrics) }
            index = metricsTable.count - 1
        }
        noteBody(s, of: model, metricsIndex: index)
    }

    /// The same, for a body laid out from `model`, whose metrics are `metricsTable[metricsIndex]`.
    private mutating func noteBody(_ s: Int, of model: SectionModel, metricsIndex: Int) {
        let noted = self.noted(sectionBody(s), of: model, metricsIndex: metricsIndex)
        elementCount += noted.elements - elements(s)
        modifyRow(s) { $0.noted = noted }
    }

    /// What the state keeps of `body`, laid out from `model` whose metrics are
    /// `metricsTable[metricsIndex]`.
    private func noted(_ body: any SectionBody, of model: SectionModel, metricsIndex: Int) -> Noted {
        Self.noted(body, of: model, metricsIndex: metricsIndex, edges: edges(metricsIndex))
    }

    /// The same, given the metrics' `edges`.
    private static func noted(_ body: any SectionBody, of model: SectionModel, metricsIndex: Int,
                              edges: (lead: Double, trail: Double)) -> Noted {
        let (lead, trail) = edges, extent = body.extent
        var noted = Noted(metricsIndex: Int32(metricsIndex), extent: extent, stripExtent: body.strip?.extent, cellBounds: body.cellBounds,
                          itemCount: model.itemCount, elements: 1 + model.itemCount + model.inlines.count)
        noted.bodyOffset = lead
        noted.length = lead + extent + trail
        return noted
    }

    /// Section s's row changed in place (a section of a run first gets a row of its own).
    /// (Nothing of the state may be captured here: a copy of it would share the row, which the
    /// change would then copy, with its body's storage.)
    private mutating func modifyRow<R>(_ s: Int, _ change: (inout SectionState) -> R) -> R {
        sections.modify(s, packed: { e, run, k in
            let body = PackedFlowSection(run: run, index: k)
            return SectionState(body: body, noted: Self.noted(body, of: body.model, metricsIndex: Int(e.metricsIndex), edges: (e.lead, e.trail)))
        }, change)
    }

    /// Along the scroll axis, before a section's body (header and leading inset) and after it.
    private func edges(_ metricsIndex: Int) -> (lead: Double, trail: Double) {
        Self.edges(metricsTable[metricsIndex], axes)
    }

    static func edges(_ m: SectionMetrics, _ axes: Axes) -> (lead: Double, trail: Double) {
        let insets = axes.axisInsets(m.insets)
        return (m.header + insets.top, insets.bottom + m.footer)
    }

    /// Lays out `models` at the host's (physical) `viewport`; strips keep the `offsets` they had
    /// (clamped again).
    init(_ models: SectionModels, axes: Axes, viewport: Rect, chrome: Chrome, offsets: [Int: Double] = [:],
         executor: Executor? = nil) throws(LayoutError) {
        self.axes = axes
        self.viewport = viewport
        self.chrome = chrome
        self.executor = executor
        try layOut(models, offsets: offsets)
        try recomputeStarts(from: 0)
        if let mirror { self.viewport = mirror.rect(viewport) }
    }

    /// Every section's model (runs give theirs as slices of their storage): what a full pass
    /// lays out again.
    var models: SectionModels {
        var models = SectionModels()
        models.reserveCapacity(sections.count)
        for e in sections.entries {
            if let run = e.run {
                models.append(run: run, sections: e.runFirst..<(e.runFirst + e.count))
            } else {
                for k in 0..<e.count { models.append(sections[entry: e, k: k].body.model) }
            }
        }
        return models
    }

    /// Lays `models` out into the rows (without the starts): small flow sections alike go into
    /// runs (`FlowRun`), an entry each; a body of the style a section needs re-uses the storage
    /// of the body the section had; strips take their `offsets` (by section).
    /// With an executor and enough work, the sections are laid out on the host's threads
    /// (`layOutInParallel`); `serially` keeps them on this one (a failed pass laying the old
    /// models out again does not trust the executor that failed).
    private mutating func layOut(_ models: SectionModels, offsets: [Int: Double], serially: Bool = false) throws(LayoutError) {
        if !serially, let executor, executor.concurrency > 1 {
            let cost = models.count + models.totalItems
            if executor.takes(cost: cost) {
                try layOutInParallel(models, offsets: offsets, executor: executor, cost: cost)
                return
            }
        }
        let space = self.space
        // The old rows, whose bodies are taken out (so that their storage is theirs alone).
        var old = SectionRows()
        swap(&old, &sections)
        var vacated: SectionState?
        elementCount = 0
        sections.reserveCapacity(models.count)
        metricsTable = models.metricsTable
        var runStart: Int?
        func flushRun(upTo end: Int) {
            guard let first = runStart else { return }
            runStart = nil
            let items = models.sizeStarts[first]..<models.sizeStarts[end]
            let run = FlowRun(metrics: models.metrics(first), space: space, sizes: models.sizes.slice(items),
                              itemStarts: models.sizeStarts[first...end])
            let metricsIndex = models.metricsIndex(first)
            sections.append(run: run, sections: 0..<run.count, metricsIndex: Int32(metricsIndex), edges: edges(metricsIndex))
            elementCount += run.count + run.itemCount(of: 0..<run.count)
        }
        for s in 0..<models.count {
            if FlowRun.takes(models, s) {
                if let first = runStart, models.metricsIndex(first) == models.metricsIndex(s) { continue }
                flushRun(upTo: s)
                runStart = s
                continue
            }
            flushRun(upTo: s)
            let model = models[s]
            if vacated == nil, s < old.count {
                vacated = SectionState(body: PackedFlowSection(SectionModel(metrics: model.metrics, itemCount: 0), in: space))
            }
            var state: SectionState
            if let vacated, var taken = old.take(s, leaving: vacated), type(of: taken.body) == bodyType(for: model) {
                taken.body.reload(model, in: space)
                state = taken
            } else {
                state = SectionState(body: bodyType(for: model).init(model, in: space))
            }
            state.offset = offsets[s] ?? 0
            state.noted = noted(state.body, of: model, metricsIndex: models.metricsIndex(s))
            elementCount += state.noted.elements
            sections.append(state)
        }
        flushRun(upTo: models.count)
    }

    /// The state after a batch update (SPEC §10.2), at the old viewport: new section t is old
    /// section `origins[t]` as it was (body, offset and what was noted, all shared with `old`)
    /// unless `changed` (sorted by section) gives it a new model, which is laid out here (only
    /// around its hunks, where the style can). Only what changed is laid out and noted; the
    /// rest costs a copy of its row.
    init(rearranging old: LayoutState, origins: [Int?], changed: [ChangedSection]) throws(LayoutError) {
        (axes, viewport, chrome, metricsTable, executor) = (old.axes, old.viewport, old.chrome, old.metricsTable, old.executor)
        let space = self.space
        // The sections before the first that changed or moved start where they did.
        let moved = origins.indices.first { origins[$0] != $0 } ?? origins.count
        let same = Swift.min(changed.first?.section ?? origins.count, moved)
        func body(_ change: ChangedSection, from origin: Int?) -> any SectionBody {
            let model = change.model
            if let hunks = change.hunks, let origin {
                let body = old.sectionBody(origin)
                if bodyType(for: model) == type(of: body), let edited = body.edited(to: model, hunks: hunks) { return edited }
            }
            return bodyType(for: model).init(model, in: space)
        }
        if moved == origins.count && origins.count == old.sections.count {
            // No section comes or goes: the old rows are shared, and the changed ones replaced.
            (sections, elementCount) = (old.sections, old.elementCount)
            for change in changed {
                let t = change.section
                elementCount -= elements(t)
                let state = SectionState(body: body(change, from: t), offset: old.sectionOffset(t))
                modifyRow(t) { $0 = state }
                noteBody(t)
            }
            try finishRearranging(old, same: same)
            return
        }
        sections.reserveCapacity(origins.count)
        var next = changed.makeIterator(), pending = next.next()
        for (t, origin) in origins.enumerated() {
            if let change = pending, change.section == t {
                sections.append(SectionState(body: body(change, from: origin), offset: origin.map(old.sectionOffset) ?? 0))
                noteBody(t)
                pending = next.next()
            } else if let origin {
                sections.append(origin, of: old.sections)
                elementCount += old.elements(origin)
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
            var compacted: [SectionMetrics] = []
            sections.updateMetricsIndices { index in
                let m = table[Int(index)]
                if compacted.last != m { compacted.append(m) }
                index = Int32(compacted.count - 1)
            }
            metricsTable = compacted
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
    var contentSize: Size {
        let total = contentEnd
        return axes.direction == .vertical ? Size(width: lineExtent, height: total) : Size(width: total, height: lineExtent)
    }

    // MARK: Changes (each leaves `self` as it was when it throws)

    // Changes work in place, so that a body's storage is re-used and never copied; when the
    // result would not be finite, `undo` restores what they changed.

    /// A new viewport in the layout's own (logical) coordinates, as the rules compute it: a new
    /// line-axis extent lays every body out again from its model; a new origin only moves pinned
    /// elements.
    mutating func setViewport(_ newViewport: Rect) throws(LayoutError) {
        try setLogicalScrollView(newViewport, chrome)
    }

    /// A viewport as the host gives it (physical, SPEC §15) and content insets (SPEC §20.1).
    mutating func setScrollView(_ presented: Rect, _ newChrome: Chrome) throws(LayoutError) {
        let shrink = floatingShrink
        try setLogicalScrollView(presented, newChrome)
        // (The mirror's width is known once the content is laid out at the new extent.)
        if let mirror {
            viewport = mirror.rect(presented)
            floatingShrink = clampedFloatingShrink(shrink)
        }
    }

    /// Sets a floating collapsing header's shrink, clamped (SPEC §18.3).
    mutating func setFloatingShrink(_ shrink: Double) { floatingShrink = clampedFloatingShrink(shrink) }

    /// The floating state as if the header had scrolled with the content: `min(u, R)` (§18.3).
    mutating func resetFloatingShrink() { floatingShrink = clampedFloatingShrink(.infinity) }

    private mutating func setLogicalScrollView(_ newViewport: Rect, _ newChrome: Chrome) throws(LayoutError) {
        let (oldViewport, oldChrome, oldExtent, oldShrink) = (viewport, chrome, lineExtent, floatingShrink)
        (viewport, chrome) = (newViewport, newChrome)
        do {
            // Effects' keylines are placed in the viewport's extent (SPEC §19.4).
            if newViewport.width != oldViewport.width || newViewport.height != oldViewport.height { try placeEffects() }
            try checkMirror()
        } catch {
            (viewport, chrome) = (oldViewport, oldChrome)
            throw error
        }
        floatingShrink = clampedFloatingShrink(floatingShrink)
        guard lineExtent != oldExtent else { return }
        // (A failure lays the same models out again at the old extent: twice in all.)
        let models = self.models
        try reload(models, undo: models) { ($0.viewport, $0.chrome, $0.floatingShrink) = (oldViewport, oldChrome, oldShrink) }
    }

    /// Changes the bodies of `list` (sorted sections) and moves the sections after them.
    mutating func changeBodies(_ list: [Int], _ change: (Int, inout any SectionBody) -> Void,
                               undo: (Int, inout any SectionBody) -> Void) throws(LayoutError) {
        guard let first = list.first else { return }
        for s in list {
            modifyRow(s) { change(s, &$0.body) }
            noteBody(s)
        }
        do {
            try recomputeStarts(from: first)
        } catch {
            for s in list {
                modifyRow(s) { undo(s, &$0.body) }
                noteBody(s)
            }
            try? recomputeStarts(from: first)  // as before the change, which was finite
            throw error
        }
    }

    /// Lays out new models in place (a full invalidation): bodies of the same style re-use their
    /// storage, strips keep their offsets. If the new layout would not be finite, `restore` puts
    /// back what the caller changed and the old models (`undo`, when the caller has them) are
    /// laid out again.
    mutating func reload(_ models: SectionModels, undo: SectionModels? = nil,
                         restoring restore: (inout LayoutState) -> Void = { _ in }) throws(LayoutError) {
        let oldModels = undo ?? self.models, offsets = stripOffsets
        do {
            try layOut(models, offsets: offsets)
            try recomputeStarts(from: 0)
        } catch {
            // (A pass that failed on the executor may have left the rows half built: all of them
            // are laid out again, on this thread.)
            restore(&self)
            try? layOut(oldModels, offsets: offsets, serially: true)
            try? recomputeStarts(from: 0)  // as before, which was finite
            throw error
        }
    }

    /// The sideways offsets of the strips that have one, by section.
    private var stripOffsets: [Int: Double] {
        var offsets: [Int: Double] = [:]
        for e in sections.entries where e.run == nil {
            for k in 0..<e.count where sections[entry: e, k: k].offset != 0 { offsets[e.first + k] = sections[entry: e, k: k].offset }
        }
        return offsets
    }

    /// New chrome; a new layout header extent moves every section (their starts only, SPEC §17.2).
    mutating func setChrome(_ chrome: Chrome) throws(LayoutError) {
        var next = self
        next.chrome = chrome
        if chrome.layoutHeaderFooter.header != self.chrome.layoutHeaderFooter.header { try next.recomputeStarts(from: 0) }
        try next.checkFinite()
        self = next
    }

    /// Sets a strip's sideways offset, clamped to [0, max(0, strip − viewport)] (SPEC §4).
    mutating func setSectionOffset(_ offset: Double, section s: Int) {
        guard let strip = sectionStrip(s) else { return }
        let clamped = Swift.min(Swift.max(offset, 0), Swift.max(0, strip - lineExtent))
        modifyRow(s) { $0.offset = clamped }
    }

    /// Section starts from `first` on, checking that every extent stays finite (SPEC §11), and
    /// every strip's offset clamped again for the new data or viewport. A run's sections are
    /// summed from its extents.
    private mutating func recomputeStarts(from first: Int) throws(LayoutError) {
        starts.removeSubrange((first + 1)...)
        if first == 0 { starts[0] = chrome.layoutHeaderFooter.header }  // the sections follow the layout's header
        starts.reserveCapacity(sections.count + 1)
        func notFinite(_ s: Int, _ length: Double) -> LayoutError {
            LayoutError(.limit, "section \(s): the content's extent is no longer finite (section length \(length) after \(starts[s]))")
        }
        var s = first, e = first < sections.count ? sections.place(first).entry : sections.entries.count
        while e < sections.entries.count {
            let entry = sections.entries[e], end = entry.first + entry.count
            if let run = entry.run {
                var start = starts[s], failed: (section: Int, length: Double)?
                run.extents.withUnsafeBufferPointer { extents in
                    for k in (s - entry.first)..<entry.count {
                        let index = entry.runFirst + k, length = entry.lead + extents[index] + entry.trail
                        guard (start + length).isFinite, run.cellsFinite || Self.isFinite(run.cellBounds(index)) else {
                            failed = (entry.first + k, length)
                            return
                        }
                        start += length
                        starts.append(start)
                    }
                }
                if let failed { throw notFinite(failed.section, failed.length) }
            } else {
                for t in s..<end {
                    // (What is noted holds no reference: read without retaining the row's body.)
                    let noted = sections[entry: entry, k: t - entry.first].noted, length = noted.length
                    // The cells' bounds hold every cell's line-axis end (columns, strips, custom frames).
                    guard (starts[t] + length).isFinite, noted.stripExtent?.isFinite ?? true, Self.isFinite(noted.cellBounds) else {
                        throw notFinite(t, length)
                    }
                    starts.append(starts[t] + length)
                    if noted.stripExtent != nil { setSectionOffset(sections[entry: entry, k: t - entry.first].offset, section: t) }
                }
            }
            (s, e) = (end, e + 1)
        }
        try checkFinite()
        try checkMirror()
        try placeEffects()
    }

    private static func isFinite(_ cells: AxisRect?) -> Bool {
        cells.map { $0.lineEnd.isFinite && $0.line.isFinite && $0.lineExtent.isFinite } ?? true
    }

    /// Decorations may stand out of the content by their negative insets: their frames must stay finite too.
    private func checkFinite() throws(LayoutError) {
        let reach = chrome.decorations.reach
        let total = contentEnd
        guard total.isFinite else {
            throw LayoutError(.limit, "the content's extent is no longer finite: sections ending at \(sectionsEnd), a layout footer of \(chrome.layoutHeaderFooter.footer)")
        }
        guard (total + 2 * reach).isFinite, (lineExtent + 2 * reach).isFinite else {
            throw LayoutError(.limit, "decorations standing \(reach) out of a content of \(total) x \(lineExtent) would not be finite")
        }

    }

    // MARK: Section geometry

    func bodyStart(_ s: Int) -> Double { starts[s] + sections.read(s, single: { $0.noted.bodyOffset }, packed: { e, _, _ in e.lead }) }

    /// A body-relative frame at the section's sideways offset, in content coordinates (axis form).
    func place(_ r: AxisRect, section s: Int) -> AxisRect { place(r, offset: sectionOffset(s), bodyStart: bodyStart(s)) }

    func place(_ r: AxisRect, offset: Double, bodyStart: Double) -> AxisRect {
        AxisRect(line: r.line - offset, scroll: r.scroll + bodyStart, lineExtent: r.lineExtent, scrollExtent: r.scrollExtent)
    }

    /// The first section that ends after `scroll`.
    func firstSection(endingAfter scroll: Double) -> Int {
        partition(0..<sections.count) { starts[$0 + 1] <= scroll }
    }
}

// MARK: A full layout on the host's threads

extension LayoutState {
    /// One entry of a parallel pass: a run of small flow sections (`first ..< end`) or one
    /// section, and what its task writes (its slot alone).
    private struct Piece {
        var first: Int
        var end: Int
        var isRun: Bool
        /// A section's old row whose body's storage its task re-uses, taken on this thread.
        var taken: SectionState?
        var state: SectionState?
        var run: FlowRun?
    }

    /// The pieces' slots, written by the tasks: each task writes the pieces of its own range, and
    /// the calling thread reads them all only after the executor returned.
    private struct Slots: @unchecked Sendable {
        let pieces: UnsafeMutableBufferPointer<Piece>
    }

    /// `layOut` on the executor's threads, with the same answers: the entries (which sections
    /// form runs, which old rows are re-used) are decided here, in section order; the tasks lay
    /// out contiguous ranges of entries of about equal cost (items and sections); the rows are
    /// then appended here in order. Long runs are cut where the cost says (a run's sections
    /// answer alike whichever run holds them).
    fileprivate mutating func layOutInParallel(_ models: SectionModels, offsets: [Int: Double], executor: Executor, cost: Int) throws(LayoutError) {
        let space = self.space, axes = self.axes
        var old = SectionRows()
        swap(&old, &sections)
        elementCount = 0
        metricsTable = models.metricsTable
        let table = metricsTable
        let tasks = executor.pieces(cost: cost), share = Swift.max(1, (cost + tasks - 1) / tasks)
        var pieces: [Piece] = []
        var vacated: SectionState?
        var runStart: Int?, runCost = 0
        func flushRun(upTo end: Int) {
            guard let first = runStart else { return }
            runStart = nil
            pieces.append(Piece(first: first, end: end, isRun: true))
        }
        for s in 0..<models.count {
            let sectionCost = 1 + models.itemCount(s)
            if FlowRun.takes(models, s) {
                if let first = runStart, models.metricsIndex(first) == models.metricsIndex(s), runCost < share {
                    runCost += sectionCost
                    continue
                }
                flushRun(upTo: s)
                (runStart, runCost) = (s, sectionCost)
                continue
            }
            flushRun(upTo: s)
            var piece = Piece(first: s, end: s + 1, isRun: false)
            if s < old.count {
                if vacated == nil {
                    vacated = SectionState(body: PackedFlowSection(SectionModel(metrics: models.metrics(s), itemCount: 0), in: space))
                }
                if let vacated { piece.taken = old.take(s, leaving: vacated) }
            }
            pieces.append(piece)
        }
        flushRun(upTo: models.count)
        // The tasks' ranges of pieces, cut by cost.
        var bounds = [0], acc = 0
        bounds.reserveCapacity(tasks + 1)
        for (k, piece) in pieces.enumerated() {
            acc += piece.isRun ? piece.end - piece.first + models.sizeStarts[piece.end] - models.sizeStarts[piece.first]
                               : 1 + models.itemCount(piece.first)
            if acc >= share && k + 1 < pieces.count {
                bounds.append(k + 1)
                acc = 0
            }
        }
        bounds.append(pieces.count)
        var failure: LayoutError?
        pieces.withUnsafeMutableBufferPointer { buffer in
            let slots = Slots(pieces: buffer)
            do throws(LayoutError) {
                try executor.run(bounds.count - 1, "a full layout of \(counted(models.count, "section"))") { task in
                    for k in bounds[task]..<bounds[task + 1] {
                        let (first, end) = (slots.pieces[k].first, slots.pieces[k].end)
                        if slots.pieces[k].isRun {
                            let items = models.sizeStarts[first]..<models.sizeStarts[end]
                            slots.pieces[k].run = FlowRun(metrics: models.metrics(first), space: space, sizes: models.sizes.slice(items),
                                                          itemStarts: models.sizeStarts[first...end])
                            continue
                        }
                        let s = first, model = models[s]
                        var state: SectionState
                        // (Moved out of the slot: the body's storage is the task's alone, re-used in place.)
                        if var taken = slots.pieces[k].taken.take(), type(of: taken.body) == bodyType(for: model) {
                            taken.body.reload(model, in: space)
                            state = taken
                        } else {
                            state = SectionState(body: bodyType(for: model).init(model, in: space))
                        }
                        state.offset = offsets[s] ?? 0
                        let index = models.metricsIndex(s)
                        state.noted = Self.noted(state.body, of: model, metricsIndex: index, edges: Self.edges(table[index], axes))
                        slots.pieces[k].state = state
                    }
                }
            } catch {
                failure = error
            }
        }
        if let failure { throw failure }
        sections.reserveCapacity(models.count)
        for k in pieces.indices {
            if let run = pieces[k].run {
                let metricsIndex = models.metricsIndex(pieces[k].first)
                sections.append(run: run, sections: 0..<run.count, metricsIndex: Int32(metricsIndex), edges: Self.edges(table[metricsIndex], axes))
                elementCount += run.count + run.itemCount(of: 0..<run.count)
            } else if let state = pieces[k].state.take() {
                elementCount += state.noted.elements
                sections.append(state)
            } else {
                throw LayoutError(.callbackFailed, "executor: section \(pieces[k].first) was not laid out (a task returned early)")
            }
        }
    }
}

#if DEBUG
extension LayoutState {
    /// The first broken promise of the storage this state holds (its rows, its bodies'), or nil.
    func brokenStorageInvariant() -> String? {
        sections.brokenInvariant() ?? (0..<sectionCount).lazy.compactMap { s in
            self.sectionBody(s).brokenStorageInvariant().map { "section \(s): \($0)" }
        }.first
    }
}
#endif
