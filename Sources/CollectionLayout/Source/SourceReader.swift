/// Reads the data source and checks everything it says before the engine sees it: the only way
/// data comes in. Counts come first: every section's item count and inline elements are read
/// and checked against the element limit before any size is asked or anything in proportion to
/// a count is reserved (SPEC §11). While a call is under way the layout refuses to be entered.
final class SourceReader {
    let dataSource: LayoutDataSource
    /// True while a data-source call is under way.
    private(set) var isAsking = false

    init(_ dataSource: LayoutDataSource) { self.dataSource = dataSource }

    /// True while the host's executor runs a pass of this layout (its threads may be anywhere
    /// in it): the layout refuses calls then, as during a callback.
    private(set) var isExecuting = false

    func checkNotAsking() throws(LayoutError) {
        if isAsking { throw LayoutError(.reentrant, "the layout was called from inside one of its own data-source callbacks") }
        if isExecuting { throw LayoutError(.reentrant, "the layout was called from inside its executor's parallel_for (a pass of it is under way)") }
    }

    /// `executor` with its passes marked, so that a host's parallel_for that calls back into
    /// the layout gets `.reentrant` rather than a state half built.
    func guarding(_ executor: Executor) -> Executor {
        var guarded = executor
        let run = executor.parallelFor
        guarded.parallelFor = { count, task in  // (the reader holds no state: no cycle)
            self.isExecuting = true
            defer { self.isExecuting = false }
            run(count, task)
        }
        return guarded
    }

    /// What a section needs besides its items' sizes: read in the counting pass.
    struct Outline {
        var metrics: SectionMetrics
        var itemCount: Int
        var inlines: [InlineElement]
    }

    /// Which per-section calls a pass makes: a source that gives no metrics or no inline
    /// elements is not asked for them section by section.
    struct Asking {
        var metrics: Bool
        var inlines: Bool
        var spans: Bool
    }

    var asking: Asking {
        Asking(metrics: dataSource.givesSectionMetrics, inlines: dataSource.givesInlineElements, spans: dataSource.givesSpans)
    }

    /// What the reader checks the source's answers against.
    struct Rules {
        var definition: LayoutDefinition
        var kinds: Kinds
        /// The badge kinds (SPEC §17.1), which no inline element may have.
        var badges = BadgeKinds()
    }

    /// Every section's model, counts first (see the type's comment). The sizes of all sections
    /// go into one array, those of consecutive sections alike asked in one call into their place.
    func readAll(_ rules: Rules, lineExtent: Double) throws(LayoutError) -> SectionModels {
        var memory = MemoryEstimate(budget: rules.definition.memoryBudget)
        let counts = try readCounts(rules, memory: &memory)
        var total = counts.reduce(counts.count, +)
        let asking = self.asking, defaults = rules.definition.sectionDefaults
        // Every section has the defaults and no inline elements: nothing to ask or check.
        var models = asking.metrics || asking.inlines ? SectionModels() : SectionModels(alike: defaults, counts: counts)
        if asking.metrics || asking.inlines {
            models.reserveCapacity(counts.count)
            for (s, n) in counts.enumerated() {
                let outline = try readOutline(s, itemCount: n, rules, budget: rules.definition.elementLimit - total, memory: &memory, asking: asking)
                total += outline.inlines.count
                models.appendSection(metrics: outline.metrics, itemCount: n, inlines: outline.inlines, alike: s > 0 && !asking.metrics)
            }
        }
        let sizes = try fill(Size.self, count: models.sizeStarts[models.count]) { buffer throws(LayoutError) in
            // Consecutive sections whose items come by size and without an estimate are asked in
            // one call (a source may answer them in one loop); what a section's metrics say of
            // its sizes is read once per row of the metrics table.
            var row = -1, sized = false, estimate: Size?
            var s = 0
            while s < models.count {
                if models.metricsIndex(s) != row {
                    row = models.metricsIndex(s)
                    (sized, estimate) = (models.isSized(s), models.estimate(s))
                }
                guard sized else { s += 1; continue }
                if let estimate {
                    UnsafeMutableBufferPointer(rebasing: buffer[models.sizeRange(s)]).initialize(repeating: estimate)
                    s += 1
                    continue
                }
                var end = s + 1
                while end < models.count && models.metricsIndex(end) == row { end += 1 }
                let items = models.sizeStarts[s]..<models.sizeStarts[end]
                try writeSizes(sections: s..<end, of: models, default: rules.definition.itemSize,
                               into: UnsafeMutableBufferPointer(rebasing: buffer[items]))
                s = end
            }
        }
        models.setSizes(Column(sizes))
        // Spans come with the sizes (SPEC §16): only grid and waterfall sections are asked.
        for s in 0..<(asking.spans ? models.count : 0) where models.isSized(s) && models.style(s).takesSpans && models.itemCount(s) > 0 {
            models.setSpans(spanColumn(try spans(section: s, runs: [0..<models.itemCount(s)], style: models.style(s))), section: s)
        }
        for s in 0..<models.count where !models.isSized(s) {
            let model = models[s]
            let outline = Outline(metrics: model.metrics, itemCount: model.itemCount, inlines: model.inlines)
            models.setModel(try readItems(s, outline, rules, lineExtent: lineExtent), section: s)
        }
        return models
    }

    /// The section count and every section's item count, checked against the element limit and
    /// the memory budget as they come.
    func readCounts(_ rules: Rules, memory: inout MemoryEstimate) throws(LayoutError) -> [Int] {
        let limit = rules.definition.elementLimit
        let count = try ask(.sectionCount, "the section count") { try dataSource.numberOfSections() }
        guard count >= 0 else { throw LayoutError(.badCallbackData, "the section count is \(count); it must be >= 0", about: .sectionCount) }
        guard count <= limit else {
            throw LayoutError(.limit, "the section count \(count) is over the element limit of \(limit)", about: .sectionCount)
        }
        try memory.add(sections: count, what: "the section count \(count)", about: .sectionCount)
        let given = try ask(.itemCount, "the item counts") { try dataSource.itemCounts(sections: count) }
        var counts: [Int] = []
        counts.reserveCapacity(count)
        var total = count
        for s in 0..<count {
            let n = if let given { given[s] } else { try ask(.itemCount, "the item count of section \(s)") { try dataSource.numberOfItems(inSection: s) } }
            guard n >= 0 else { throw LayoutError(.badCallbackData, "the item count of section \(s) is \(n); it must be >= 0", about: .itemCount) }
            guard n <= limit - total else {
                throw LayoutError(.limit, "section \(s): its item count \(n) takes the layout over its element limit of \(limit) (sections, items and inline elements together)", about: .itemCount)
            }
            total += n
            counts.append(n)
        }
        // The element limit first (the more precise answer), then what the items would cost.
        try memory.add(items: total - count, what: "\(counted(count, "section")) of \(counted(total - count, "item"))", about: .itemCount)
        return counts
    }

    /// A section's metrics and inline elements again, keeping its items (SPEC §10.1 sections).
    func rereadOutline(_ s: Int, keeping old: SectionModel, _ rules: Rules, budget: Int) throws(LayoutError) -> SectionModel {
        let asking = self.asking
        let metrics = try readMetrics(s, rules, asking)
        guard bodyType(for: metrics.style).placesItemsItself == bodyType(for: old.metrics.style).placesItemsItself else {
            throw LayoutError(.invalidArgument, "section \(s) changed between custom and another style; invalidate everything for that")
        }
        // A flow section's estimate lives in its model (EstimatedSizes): a new estimate keeps the
        // measured sizes; gaining or losing one needs the items read (an item invalidation).
        let estimate = metrics.style == .flow ? metrics.estimatedItemSize : nil
        guard (estimate == nil) == (old.estimated == nil) else {
            throw LayoutError(.invalidArgument, "section \(s) gained or lost its estimated item size; invalidate its items (or everything) for that")
        }
        var model = old
        if let estimate, estimate != old.estimated?.estimate { model.estimated = old.estimated?.reestimated(estimate) }
        // Items of a section that becomes a grid or a waterfall bring their spans (SPEC §16).
        if !metrics.style.takesSpans {
            model.spans = Column()
        } else if !old.metrics.style.takesSpans && old.itemCount > 0 {
            model.spans = spanColumn(try spans(section: s, runs: [0..<old.itemCount], style: metrics.style))
        }
        model.metrics = metrics
        model.inlines = try readInlines(s, itemCount: old.itemCount, style: metrics.style, rules, budget: budget, asking)
        return model
    }

    /// A section's metrics and inline elements. `budget`: the elements the limit leaves for its
    /// inline elements; `memory`: what the layout read so far costs.
    func readOutline(_ s: Int, itemCount n: Int, _ rules: Rules, budget: Int, memory: inout MemoryEstimate,
                     asking: Asking? = nil) throws(LayoutError) -> Outline {
        let asking = asking ?? self.asking
        let metrics = try readMetrics(s, rules, asking)
        // Inline elements are copied as they are counted: they must fit what is left now.
        let inlineBudget = Swift.min(budget, memory.room(per: MemoryEstimate.perInline))
        let inlines = try readInlines(s, itemCount: n, style: metrics.style, rules, budget: inlineBudget, asking)
        try memory.add(inlines: inlines.count, what: "section \(s): \(counted(inlines.count, "inline element"))", about: .inlineElements)
        return Outline(metrics: metrics, itemCount: n, inlines: inlines)
    }

    func readItems(_ s: Int, _ outline: Outline, _ rules: Rules, lineExtent: Double) throws(LayoutError) -> SectionModel {
        var model = SectionModel(metrics: outline.metrics, itemCount: outline.itemCount, inlines: outline.inlines)
        if bodyType(for: outline.metrics.style).placesItemsItself {
            model.frames = try frames(section: s, range: 0..<outline.itemCount, lineExtent: lineExtent, axes: Axes(direction: rules.definition.direction))
        } else if let estimate = outline.metrics.estimatedItemSize, outline.metrics.style == .flow {
            model.estimated = EstimatedSizes(estimate: estimate)  // nothing per item until measured
        } else {
            model.sizes = Column(try sizes(section: s, range: 0..<outline.itemCount, estimate: outline.metrics.estimatedItemSize, default: rules.definition.itemSize))
            if outline.itemCount > 0 { model.spans = spanColumn(try spans(section: s, runs: [0..<outline.itemCount], style: outline.metrics.style)) }
        }
        return model
    }

    private func readMetrics(_ s: Int, _ rules: Rules, _ asking: Asking) throws(LayoutError) -> SectionMetrics {
        // (The defaults were checked with the definition.)
        guard asking.metrics else { return rules.definition.sectionDefaults }
        let m = try ask(.sectionMetrics, "the metrics of section \(s)") { try dataSource.metrics(forSection: s, defaults: rules.definition.sectionDefaults) }
        do {
            try m.validate(section: s)
        } catch {
            throw LayoutError(.badCallbackData, error.message, about: .sectionMetrics)
        }
        // A decoration registered after the first pass keeps the id of its kind name: the list
        // names registered user kinds, and a section shows the decorations among them.
        for kind in m.decorationKinds ?? [] where !rules.kinds.isUserKind(kind) {
            throw LayoutError(.unknownKind, "the metrics of section \(s) show decoration kind \(kind.rawValue), which is not a registered kind", about: .sectionMetrics)
        }
        return m
    }

    /// Asks the sizes of `range` in one batch and checks them. A section with an estimated size
    /// is not asked: its items take the estimate until measured (SPEC §10.4). A flow section
    /// keeps the measured sizes only (EstimatedFlowBody); for the other styles the estimate is
    /// written out per item here, so they see sizes as usual (a layout of every unmeasured item
    /// at the estimate, by construction).
    func sizes(section s: Int, range: Range<Int>, estimate: Size?, default size: Size) throws(LayoutError) -> [Size] {
        try sizes(section: s, runs: [range], estimate: estimate, default: size)
    }

    /// The sizes of several runs of a section's items in one array, each run asked in one batch.
    func sizes(section s: Int, runs: [Range<Int>], estimate: Size?, default size: Size) throws(LayoutError) -> [Size] {
        try fill(Size.self, count: runs.reduce(0) { $0 + $1.count }) { buffer throws(LayoutError) in
            var at = 0
            for range in runs {
                try writeSizes(section: s, range: range, estimate: estimate, default: size,
                               into: UnsafeMutableBufferPointer(rebasing: buffer[at..<(at + range.count)]))
                at += range.count
            }
        }
    }

    /// The same, written into `sizes` (sizes.count == range.count).
    func writeSizes(section s: Int, range: Range<Int>, estimate: Size?, default size: Size,
                    into sizes: UnsafeMutableBufferPointer<Size>) throws(LayoutError) {
        if let estimate {
            sizes.initialize(repeating: estimate)
            return
        }
        let provided = try ask(.itemSizes, "the sizes of section \(s), items \(range.lowerBound)..<\(range.upperBound)") {
            try dataSource.sizes(inSection: s, items: range, into: sizes)
        }
        guard provided else {
            sizes.initialize(repeating: size)
            return
        }
        if let k = Self.firstInvalid(sizes) { throw Self.invalid(sizes[k], item: (s, range.lowerBound + k)) }
    }

    /// The sizes of the items of consecutive `sections` (sized, without an estimate) of
    /// `models`, asked in one call and checked, into `sizes`.
    private func writeSizes(sections: Range<Int>, of models: SectionModels, default size: Size,
                            into sizes: UnsafeMutableBufferPointer<Size>) throws(LayoutError) {
        let provided = try ask(.itemSizes, "the sizes of sections \(sections.lowerBound)..<\(sections.upperBound)") {
            try dataSource.sizes(ofSections: sections, counts: models.itemCount, into: sizes)
        }
        guard provided else {
            sizes.initialize(repeating: size)
            return
        }
        if let k = Self.firstInvalid(sizes) {
            let first = models.sizeStarts[sections.lowerBound]
            let s = partition(sections) { models.sizeStarts[$0 + 1] <= first + k }
            throw Self.invalid(sizes[k], item: (s, first + k - models.sizeStarts[s]))
        }
    }

    /// The first size that is not finite and >= 0: one pass without early exit (NaN fails
    /// every comparison), the culprit found after.
    @inline(__always)
    private static func firstInvalid(_ sizes: UnsafeMutableBufferPointer<Size>) -> Int? {
        let limit = Double.greatestFiniteMagnitude
        let valid = sizes.reduce(true) { ok, s in ok && s.width >= 0 && s.height >= 0 && s.width <= limit && s.height <= limit }
        guard !valid else { return nil }
        return sizes.firstIndex { !($0.width >= 0 && $0.height >= 0 && $0.width <= limit && $0.height <= limit) }
    }

    private static func invalid(_ size: Size, item: (section: Int, item: Int)) -> LayoutError {
        LayoutError(.badCallbackData, "the size of item (\(item.section), \(item.item)) is \(size.width)x\(size.height); sizes must be finite and >= 0", about: .itemSizes)
    }

    /// The spans of several runs of a section's items in one array (SPEC §16), each run asked in
    /// one batch (with the sizes) and checked; nil when the style takes none, the source gives
    /// none or every one is 1.
    func spans(section s: Int, runs: [Range<Int>], style: SectionStyle) throws(LayoutError) -> [ItemSpan]? {
        guard style.takesSpans, dataSource.givesSpans else { return nil }
        var spanned = false
        let spans = try fill(ItemSpan.self, count: runs.reduce(0) { $0 + $1.count }) { buffer throws(LayoutError) in
            var at = 0
            for range in runs {
                let out = UnsafeMutableBufferPointer(rebasing: buffer[at..<(at + range.count)])
                at += range.count
                let wrote = try ask(.itemSpans, "the spans of section \(s), items \(range.lowerBound)..<\(range.upperBound)") {
                    try dataSource.spans(inSection: s, items: range, into: out)
                }
                guard wrote else {
                    out.initialize(repeating: .one)  // a run the source leaves spans 1
                    continue
                }
                // One pass checks them and finds whether any spans more than 1 (a switch: no
                // call to ==, which costs as much as the rest of the pass).
                for k in out.indices {
                    switch out[k] {
                    case .columns(1): continue
                    case .columns(let n) where n < 1:
                        throw LayoutError(.badCallbackData, "the span of item (\(s), \(range.lowerBound + k)) is \(n); a span is an integer >= 1, full or remaining", about: .itemSpans)
                    default: spanned = true
                    }
                }
            }
        }
        return spanned ? spans : nil
    }

    /// Asks the frames of `range` of a custom section in one batch and checks them (SPEC §5).
    func frames(section s: Int, range: Range<Int>, lineExtent: Double, axes: Axes) throws(LayoutError) -> [Rect] {
        let frames = try fill(Rect.self, count: range.count) { buffer throws(LayoutError) in
            try ask(.customFrames, "the frames of section \(s), items \(range.lowerBound)..<\(range.upperBound)") {
                try dataSource.customFrames(inSection: s, items: range, lineExtent: lineExtent, into: buffer)
            }
        }
        // Finite with sizes >= 0 and a scroll-axis origin >= 0 (NaN fails every comparison): one
        // pass without early exit, the culprit found after.
        let limit = Double.greatestFiniteMagnitude
        func valid(_ f: Rect) -> Bool {
            let r = axes.axisRect(f)
            return f.x >= -limit && f.x <= limit && f.y >= -limit && f.y <= limit && f.width >= 0 && f.width <= limit
                && f.height >= 0 && f.height <= limit && r.scroll >= 0 && r.scrollEnd <= limit && r.lineEnd <= limit
        }
        if !frames.withUnsafeBufferPointer({ $0.reduce(true) { $0 && valid($1) } }), let k = frames.firstIndex(where: { !valid($0) }) {
            let f = frames[k]
            throw LayoutError(.badCallbackData, "the frame of item (\(s), \(range.lowerBound + k)) is (\(f.x), \(f.y), \(f.width), \(f.height)); frames must be finite with sizes >= 0 and a scroll-axis origin >= 0", about: .customFrames)
        }
        return frames
    }

    private func readInlines(_ s: Int, itemCount: Int, style: SectionStyle, _ rules: Rules, budget: Int,
                             _ asking: Asking) throws(LayoutError) -> [InlineElement] {
        guard asking.inlines else { return [] }
        func overLimit() -> LayoutError { LayoutError(.limit, "section \(s): its inline elements take the layout over its element limit of \(rules.definition.elementLimit) (sections, items and inline elements together) or over the memory it may use", about: .inlineElements) }
        let list: [InlineElement]
        do {
            list = try ask(.inlineElements, "the inline elements of section \(s)") { try dataSource.inlineElements(inSection: s, atMost: budget) }
        } catch where error.code == .limit {
            throw overLimit()
        }
        guard list.count <= budget else { throw overLimit() }
        if list.isEmpty { return list }
        guard bodyType(for: style).takesInlineElements || list.isEmpty else {
            throw LayoutError(.badCallbackData, "section \(s) is \(style); it takes no inline elements", about: .inlineElements)
        }
        for e in list {
            guard rules.kinds.isUserKind(e.kind) else {
                throw LayoutError(.unknownKind, "an inline element of section \(s) has kind \(e.kind.rawValue), which is not a registered user kind", about: .inlineElements)
            }
            guard rules.badges.placement(e.kind) == nil else {
                throw LayoutError(.badCallbackData, "an inline element of section \(s) has kind \(e.kind.rawValue), a badge kind (SPEC §17.1)", about: .inlineElements)
            }
            guard e.before >= 0, e.before <= itemCount else {
                throw LayoutError(.badCallbackData, "an inline element of section \(s) stands before item \(e.before), out of 0...\(itemCount)", about: .inlineElements)
            }
            guard e.extent.isFinite, e.extent >= 0 else {
                throw LayoutError(.badCallbackData, "an inline element of section \(s) has extent \(e.extent); it must be finite and >= 0", about: .inlineElements)
            }
        }
        // Stable sort by position (several at one place keep their declaration order); most
        // sources give them in order already.
        var sorted = list
        if zip(list, list.dropFirst()).contains(where: { $0.before > $1.before }) {
            sorted = list.enumerated().sorted { ($0.element.before, $0.offset) < ($1.element.before, $1.offset) }.map(\.element)
        }
        // Identities (kind, before) must be unique: compare within each run of one position.
        var runStart = 0
        for k in sorted.indices {
            if sorted[k].before != sorted[runStart].before { runStart = k }
            if sorted[runStart..<k].contains(where: { $0.kind == sorted[k].kind }) {
                throw LayoutError(.badCallbackData, "section \(s) has two inline elements of kind \"\(rules.kinds.name(sorted[k].kind) ?? "")\" before item \(sorted[k].before); identities must be unique", about: .inlineElements)
            }
        }
        return sorted
    }

    /// Runs one data-source call; any error it throws becomes `.callbackFailed` naming the call.
    /// Asks the data source `question` (`what` says what of it, for a message); a failure the
    /// source reports as a LayoutError stays as it is, any other comes back about that question.
    func ask<T>(_ question: LayoutError.Question, _ what: @autoclosure () -> String,
                        _ call: () throws -> T) throws(LayoutError) -> T {
        isAsking = true
        defer { isAsking = false }
        do {
            return try call()
        } catch let error as LayoutError {
            throw error  // (a source's own error, in its own words)
        } catch {
            throw LayoutError(.callbackFailed, "asking \(what()) failed: \(error)", about: question)
        }
    }

    /// An array of `count` values that `write` fills in place (the callbacks write straight into
    /// the engine's storage).
    @inline(__always)
    private func fill<T>(_ type: T.Type, count: Int, _ write: (UnsafeMutableBufferPointer<T>) throws(LayoutError) -> Void) throws(LayoutError) -> [T] {
        var failure: LayoutError?
        let values = [T](unsafeUninitializedCapacity: count) { buffer, initialized in
            do throws(LayoutError) {
                try write(buffer)
                initialized = count
            } catch {
                failure = error
                initialized = 0
            }
        }
        if let failure { throw failure }
        return values
    }
}

/// What a layout of given counts may cost in memory, counted generously (a section's body and
/// row, an item's size and geometry, during a full invalidation the old layout beside the new),
/// against the definition's budget.
struct MemoryEstimate {
    static let perSection = 1024
    static let perItem = 64
    static let perInline = 128
    let budget: Int
    private(set) var bytes = 0

    init(budget: Int) { self.budget = budget }

    /// How many more of something costing `cost` bytes fit.
    func room(per cost: Int) -> Int { Swift.max(0, budget - bytes) / cost }

    mutating func add(sections: Int = 0, items: Int = 0, inlines: Int = 0, what: @autoclosure () -> String,
                      about question: LayoutError.Question? = nil) throws(LayoutError) {
        // Counts are at most 2^28 each here, so the products stay far below Int.max.
        bytes += sections * Self.perSection + items * Self.perItem + inlines * Self.perInline
        guard bytes <= budget else {
            throw LayoutError(.limit, "\(what()): the layout would need about \(bytes >> 20) MiB, more than the \(budget >> 20) MiB this process may use", about: question)
        }
    }
}
