/// Consecutive small flow sections alike (equal metrics, no inline elements, no estimate, a few
/// items each: a feed with a section per object), laid out as one run rather than a body each:
/// their sizes are one slice of the column they were read into, and per section the run keeps
/// where its items begin. A section of a run is a `PackedFlowSection`, two words that allocate
/// nothing; its lines are laid out again when a query reaches it (a few items), and the state
/// notes its extent and cells' bounds when the run is built (`measure`).
final class FlowRun {
    /// Sections of more items get a body of their own: a query lays a packed section out again.
    static let maxItems = 16

    let metrics: SectionMetrics
    let space: BodySpace
    private let geometry: FlowGeometry
    /// The items of every section of the run, in order.
    private let allSizes: ArraySlice<Size>
    /// Section k's items are `itemStarts[k] ..< itemStarts[k + 1]` of `allSizes`, counted from 0.
    private let itemStarts: [Int]

    init(metrics: SectionMetrics, space: BodySpace, sizes: ArraySlice<Size>, itemStarts: [Int]) {
        self.metrics = metrics
        self.space = space
        geometry = FlowGeometry(metrics: metrics, space: space)
        allSizes = sizes
        self.itemStarts = itemStarts
    }

    /// Whether a section goes into a run rather than a body of its own.
    static func takes(_ models: SectionModels, _ s: Int) -> Bool {
        models.itemCount(s) <= maxItems && models.style(s) == .flow && !models.hasOwnModel(s) && !models.hasInlines(s)
    }

    var count: Int { itemStarts.count - 1 }

    func itemRange(_ k: Int) -> Range<Int> { itemStarts[k]..<itemStarts[k + 1] }

    /// The sizes of sections `range`, one slice.
    func sizes(of range: Range<Int>) -> ArraySlice<Size> {
        let base = allSizes.startIndex
        return allSizes[(base + itemStarts[range.lowerBound])..<(base + itemStarts[range.upperBound])]
    }

    /// Section k's model (its sizes share the run's storage).
    func model(_ k: Int) -> SectionModel {
        var model = SectionModel(metrics: metrics, itemCount: itemRange(k).count)
        model.sizes.append(contentsOf: sizes(of: k..<(k + 1)))
        return model
    }

    /// Section k's extent along the scroll axis and its cells' bounds, by a flow pass that
    /// keeps nothing (the lines of `FlowBody`, folded as `LineStore.cellBounds` folds them).
    func measure(_ k: Int) -> (extent: Double, cells: AxisRect?) {
        let items = sizes(of: k..<(k + 1))
        guard !items.isEmpty else { return (0, nil) }
        return items.withUnsafeBufferPointer { sizes in
            withUnsafeTemporaryAllocation(of: Double.self, capacity: sizes.count) { positions in
                let pass = FlowPass(geometry: geometry, inlines: [], sizes: sizes, linePos: positions)
                var cursor = Cursor()
                var (low, high) = (Double.infinity, -Double.infinity)
                while !pass.isAtEnd(cursor) {
                    let line = pass.layLine(&cursor)
                    (low, high) = (Swift.min(low, line.low), Swift.max(high, line.high))
                }
                return (cursor.position, AxisRect(line: low, scroll: 0, lineExtent: high - low, scrollExtent: cursor.position))
            }
        }
    }

    /// The same sections laid out in another space (a new viewport extent): the storage is shared.
    func relaid(in space: BodySpace) -> FlowRun {
        FlowRun(metrics: metrics, space: space, sizes: allSizes, itemStarts: itemStarts)
    }
}

/// Section `index` of a run: queries lay its few items out again (`body`), in the run's space.
struct PackedFlowSection: SectionBody {
    let run: FlowRun
    let index: Int

    init(run: FlowRun, index: Int) {
        self.run = run
        self.index = index
    }

    /// A run of one (how a changed section comes back: a new body of the same type).
    init(_ model: SectionModel, in space: BodySpace) {
        run = FlowRun(metrics: model.metrics, space: space, sizes: model.sizes.array[...], itemStarts: [0, model.itemCount])
        index = 0
    }

    var model: SectionModel { run.model(index) }
    var extent: Double { run.measure(index).extent }
    var cellBounds: AxisRect? { run.measure(index).cells }

    /// The section laid out as a body of its own.
    private var body: FlowBody { FlowBody(model, in: run.space) }

    mutating func update(items: [Int], _ write: (inout SectionModel) -> Void) {
        var changed = model
        write(&changed)
        self = Self(changed, in: run.space)
    }

    func cellFrame(_ item: Int) -> AxisRect? { body.cellFrame(item) }
    func cellFrames(_ items: [Int]) -> [AxisRect?] { body.cellFrames(items) }
    func forEachElement(in area: AxisRect, _ visit: (BodyElement, AxisRect) -> Void) { body.forEachElement(in: area, visit) }
    func lineStarts(around isBefore: (Double) -> Bool) -> Neighbours { body.lineStarts(around: isBefore) }
}
