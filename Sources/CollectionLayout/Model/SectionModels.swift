/// Every section's model, column-wise: what a full pass reads and lays out (and what a state
/// gives back to lay out again). A million one-item sections cost a few numbers each here, not a
/// model each: the sections whose items come by size share one column of sizes, and consecutive
/// sections with equal metrics share a row of the metrics table. A section with custom frames or
/// with an estimated item size keeps a model of its own.
struct SectionModels {
    /// Consecutive sections with equal metrics share a row (a feed's sections usually do).
    private(set) var metricsTable: [SectionMetrics] = []
    private var metricsIndex: [Int32] = []
    /// Per row of the table: `isSized(metrics)` (read per section without copying the metrics).
    private var sizedRows: [Bool] = []
    private var itemCounts: [Int] = []
    /// The sizes of the sections without a model of their own, in section order: section s's
    /// are `sizeStarts[s] ..< sizeStarts[s + 1]` (empty for the others).
    private(set) var sizes = Column<Size>()
    private(set) var sizeStarts: [Int] = [0]
    /// Inline elements, for the sections that have them.
    private var inlines: [Int: [InlineElement]] = [:]
    /// Spans (SPEC §16), for the grid and waterfall sections whose items span more than 1.
    private var spans: [Int: Column<ItemSpan>] = [:]
    /// The sections that keep a model of their own (custom frames, estimated sizes).
    private var own: [Int: SectionModel] = [:]

    var count: Int { itemCounts.count }

    mutating func reserveCapacity(_ sections: Int) {
        metricsIndex.reserveCapacity(sections)
        itemCounts.reserveCapacity(sections)
        sizeStarts.reserveCapacity(sections + 1)
    }

    init() {}

    /// Sections that all have `metrics` and no inline elements, of `counts` items: the columns
    /// written in one go (a source that gives no per-section metrics or inline elements).
    init(alike metrics: SectionMetrics, counts: [Int]) {
        metricsTable = [metrics]
        sizedRows = [Self.isSized(metrics)]
        metricsIndex = Array(repeating: 0, count: counts.count)
        itemCounts = counts
        guard sizedRows[0] else {
            sizeStarts = Array(repeating: 0, count: counts.count + 1)
            return
        }
        sizeStarts = [Int](unsafeUninitializedCapacity: counts.count + 1) { starts, initialized in
            var total = 0
            starts[0] = 0
            for (s, n) in counts.enumerated() {
                total += n
                starts[s + 1] = total
            }
            initialized = counts.count + 1
        }
    }

    /// Whether a section of these metrics has its items' sizes in the shared column.
    static func isSized(_ metrics: SectionMetrics) -> Bool {
        !(bodyType(for: metrics.style).placesItemsItself || (metrics.style == .flow && metrics.estimatedItemSize != nil))
    }

    /// Adds a section; when `isSized(metrics)`, the column is to hold its items' sizes next
    /// (`setSizes`, or appended as the section is).
    /// `alike`: the caller knows the metrics equal the last section's (no comparison).
    mutating func appendSection(metrics: SectionMetrics, itemCount: Int, inlines list: [InlineElement], alike: Bool = false) {
        let s = count
        if !alike && (metricsTable.isEmpty || metricsTable[metricsTable.count - 1] != metrics) {
            metricsTable.append(metrics)
            sizedRows.append(Self.isSized(metrics))
        }
        let row = metricsTable.count - 1
        metricsIndex.append(Int32(row))
        itemCounts.append(itemCount)
        sizeStarts.append(sizeStarts[s] + (sizedRows[row] ? itemCount : 0))
        if !list.isEmpty { inlines[s] = list }
    }

    /// The sizes of every sized section at once, in order.
    mutating func setSizes(_ column: Column<Size>) { sizes = column }

    /// The spans of section s's items (none: every item spans 1).
    mutating func setSpans(_ column: Column<ItemSpan>, section s: Int) { spans[s] = column.isEmpty ? nil : column }

    /// The model of a section that keeps its own (not `isSized`).
    mutating func setModel(_ model: SectionModel, section s: Int) { own[s] = model }

    /// Adds a section as a model (a state giving back its sections).
    mutating func append(_ model: SectionModel) {
        appendSection(metrics: model.metrics, itemCount: model.itemCount, inlines: model.inlines)
        setSpans(model.spans, section: count - 1)
        if Self.isSized(model.metrics) {
            sizes.append(contentsOf: model.sizes, range: 0..<model.sizes.count)
        } else {
            own[count - 1] = model
        }
    }

    /// Adds the sections `range` of a run (their sizes one slice of the run's).
    mutating func append(run: FlowRun, sections range: Range<Int>) {
        for k in range { appendSection(metrics: run.metrics, itemCount: run.itemRange(k).count, inlines: [], alike: k > range.lowerBound) }
        sizes.append(contentsOf: run.sizes(of: range))
    }

    /// Every section's items and inline elements: what a full pass costs.
    var totalItems: Int { itemCounts.reduce(0, &+) + inlines.values.reduce(0) { $0 &+ $1.count } }

    func metricsIndex(_ s: Int) -> Int { Int(metricsIndex[s]) }
    func metrics(_ s: Int) -> SectionMetrics { metricsTable[Int(metricsIndex[s])] }
    func itemCount(_ s: Int) -> Int { itemCounts[s] }
    func isSized(_ s: Int) -> Bool { sizedRows[Int(metricsIndex[s])] }
    func style(_ s: Int) -> SectionStyle { metricsTable[Int(metricsIndex[s])].style }
    func estimate(_ s: Int) -> Size? { metricsTable[Int(metricsIndex[s])].estimatedItemSize }
    func hasInlines(_ s: Int) -> Bool { !inlines.isEmpty && inlines[s] != nil }
    func hasOwnModel(_ s: Int) -> Bool { !own.isEmpty && own[s] != nil }
    /// Where section s's sizes stand in `sizes`.
    func sizeRange(_ s: Int) -> Range<Int> { sizeStarts[s]..<sizeStarts[s + 1] }

    /// Section s's model (its sizes share this column's storage).
    subscript(s: Int) -> SectionModel {
        if let model = own[s] { return model }
        var model = SectionModel(metrics: metrics(s), itemCount: itemCounts[s], inlines: inlines[s] ?? [])
        model.sizes.append(contentsOf: sizes, range: sizeRange(s))
        if !spans.isEmpty, let column = spans[s] { model.spans = column }
        return model
    }
}
