/// Consecutive small flow sections alike (equal metrics, no inline elements, no estimate, a few
/// items each: a feed with a section per object), laid out as one run rather than a body each:
/// their sizes are one slice of the column they were read into, and per section the run keeps
/// where its items begin and its extent, measured when the run is built. A section of a run is a
/// `PackedFlowSection`, two words that allocate nothing; its lines are laid out again when a
/// query reaches it (a few items). The state keeps a run of sections as one entry
/// (`SectionRows`), not a row per section.
final class FlowRun {
    /// Sections of more items get a body of their own: a query lays a packed section out again.
    static let maxItems = 16

    let metrics: SectionMetrics
    let space: BodySpace
    private let geometry: FlowGeometry
    /// The items of every section of the run, in order.
    private let allSizes: ArraySlice<Size>
    /// Section k's items are `start(k) ..< start(k + 1)` of `allSizes`, counted from 0: where
    /// the sections' items begin in the column the run was cut from (shared with it), less the
    /// first's.
    private let itemStarts: ArraySlice<Int>
    private let itemBase: Int
    /// Each section's extent along the scroll axis.
    let extents: [Double]
    /// Whether every section's cells' bounds are finite (the state refuses a run whose are not).
    let cellsFinite: Bool

    /// `itemStarts`: where each section's items begin, and where the last one's end, counted in
    /// any way (from the first section's start, `sizes` holds them).
    init(metrics: SectionMetrics, space: BodySpace, sizes: ArraySlice<Size>, itemStarts: ArraySlice<Int>) {
        self.metrics = metrics
        self.space = space
        geometry = FlowGeometry(metrics: metrics, space: space)
        allSizes = sizes
        self.itemStarts = itemStarts
        itemBase = itemStarts.first ?? 0
        var extents: [Double] = [], finite = true, most = 1
        extents.reserveCapacity(itemStarts.count - 1)
        let starts = itemStarts.startIndex..<(itemStarts.endIndex - 1), base = itemBase
        for k in starts { most = Swift.max(most, itemStarts[k + 1] - itemStarts[k]) }
        let geometry = self.geometry
        sizes.withUnsafeBufferPointer { all in
            withUnsafeTemporaryAllocation(of: Double.self, capacity: most) { scratch in
                for k in starts {
                    let (extent, cells) = Self.measure((itemStarts[k] - base)..<(itemStarts[k + 1] - base), in: all, scratch: scratch, geometry)
                    extents.append(extent)
                    if let cells, !(cells.line.isFinite && cells.lineExtent.isFinite && cells.lineEnd.isFinite) { finite = false }
                }
            }
        }
        (self.extents, cellsFinite) = (extents, finite)
    }

    /// Whether a section goes into a run rather than a body of its own.
    static func takes(_ models: SectionModels, _ s: Int) -> Bool {
        models.itemCount(s) <= maxItems && models.style(s) == .flow && !models.hasOwnModel(s) && !models.hasInlines(s)
    }

    var count: Int { itemStarts.count - 1 }

    private func start(_ k: Int) -> Int { itemStarts[itemStarts.startIndex + k] - itemBase }

    func itemRange(_ k: Int) -> Range<Int> { start(k)..<start(k + 1) }

    /// The sizes of sections `range`, one slice.
    func sizes(of range: Range<Int>) -> ArraySlice<Size> {
        let base = allSizes.startIndex
        return allSizes[(base + start(range.lowerBound))..<(base + start(range.upperBound))]
    }

    /// Section k's model (its sizes share the run's storage).
    func model(_ k: Int) -> SectionModel {
        var model = SectionModel(metrics: metrics, itemCount: itemRange(k).count)
        model.sizes.append(contentsOf: sizes(of: k..<(k + 1)))
        return model
    }

    /// Lays section k out on the stack (a flow pass that keeps nothing), handing each line to
    /// `visit` with its items, the section's sizes and its items' line-axis positions so far.
    /// `all`: the run's sizes.
    private func forEachLine(_ k: Int, in all: UnsafeBufferPointer<Size>,
                             _ visit: (Line, Range<Int>, UnsafeBufferPointer<Size>, UnsafeMutableBufferPointer<Double>) -> Void) {
        let items = itemRange(k)
        guard !items.isEmpty else { return }
        let sizes = UnsafeBufferPointer(rebasing: all[items])
        withUnsafeTemporaryAllocation(of: Double.self, capacity: items.count) { positions in
            let pass = FlowPass(geometry: geometry, sizes: sizes, linePos: positions), inlines: [InlineElement] = []
            var cursor = Cursor()
            while !pass.isAtEnd(cursor, inlines) {
                let first = cursor.item, line = pass.layLine(&cursor, inlines)
                visit(line, first..<cursor.item, sizes, positions)
            }
        }
    }

    /// The extent along the scroll axis and the cells' bounds of the section whose items are
    /// `items` of `all` (as `LineStore.cellBounds` folds a body's lines: nil only without items,
    /// and not finite when no line's bounds are, which the state refuses).
    private static func measure(_ items: Range<Int>, in all: UnsafeBufferPointer<Size>, scratch: UnsafeMutableBufferPointer<Double>,
                                _ geometry: FlowGeometry) -> (extent: Double, cells: AxisRect?) {
        guard !items.isEmpty else { return (0, nil) }
        let pass = FlowPass(geometry: geometry, sizes: UnsafeBufferPointer(rebasing: all[items]),
                            linePos: UnsafeMutableBufferPointer(rebasing: scratch[..<items.count]))
        let (extent, low, high) = pass.measure()
        return (extent, AxisRect(line: low, scroll: 0, lineExtent: high - low, scrollExtent: extent))
    }

    /// Section k's cells' bounds (laid out again: a few items).
    func cellBounds(_ k: Int) -> AxisRect? {
        allSizes.withUnsafeBufferPointer { all in
            withUnsafeTemporaryAllocation(of: Double.self, capacity: Swift.max(1, itemRange(k).count)) {
                Self.measure(itemRange(k), in: all, scratch: $0, geometry).cells
            }
        }
    }

    /// The number of items of sections `range`.
    func itemCount(of range: Range<Int>) -> Int { start(range.upperBound) - start(range.lowerBound) }

    /// Visits section k's cells in order with their body-relative frames (FlowBody's).
    func forEachCell(_ k: Int, _ visit: (Int, AxisRect) -> Void) {
        allSizes.withUnsafeBufferPointer { all in
            forEachLine(k, in: all) { line, items, sizes, positions in
                for i in items {
                    visit(i, geometry.cellFrame(sizes[i], at: positions[i], lineStart: line.start, thickness: line.thickness))
                }
            }
        }
    }
}

/// Section `index` of a run: queries lay its few items out again on the stack, in the run's
/// space (`FlowRun.forEachCell`); line snapping, rare, builds the section's `FlowBody`.
struct PackedFlowSection: SectionBody {
    let run: FlowRun
    let index: Int

    init(run: FlowRun, index: Int) {
        self.run = run
        self.index = index
    }

    /// A run of one (how a changed section comes back: a new body of the same type).
    init(_ model: SectionModel, in space: BodySpace) {
        run = FlowRun(metrics: model.metrics, space: space, sizes: model.sizes.array[...], itemStarts: [0, model.itemCount][...])
        index = 0
    }

    var model: SectionModel { run.model(index) }
    var extent: Double { run.extents[index] }
    var cellBounds: AxisRect? { run.cellBounds(index) }

    /// The section laid out as a body of its own.
    private var body: FlowBody { FlowBody(model, in: run.space) }

    mutating func update(items: [Int], _ write: (inout SectionModel) -> Void) {
        var changed = model
        write(&changed)
        self = Self(changed, in: run.space)
    }

    func cellFrame(_ item: Int) -> AxisRect? {
        var found: AxisRect?
        run.forEachCell(index) { i, frame in if i == item { found = frame } }
        return found
    }

    func cellFrames(_ items: [Int]) -> [AxisRect?] {
        var frames = [AxisRect?](repeating: nil, count: run.itemRange(index).count)
        run.forEachCell(index) { i, frame in frames[i] = frame }
        return items.map { $0 >= 0 && $0 < frames.count ? frames[$0] : nil }
    }

    /// Every cell: a packed section has a few.
    func forEachElement(in area: AxisRect, _ visit: (BodyElement, AxisRect) -> Void) {
        run.forEachCell(index) { i, frame in visit(.cell(i), frame) }
    }

    func lineStarts(around isBefore: (Double) -> Bool) -> Neighbours { body.lineStarts(around: isBefore) }
    func forEachLineRange(in area: AxisRect, _ visit: (_ start: Double, _ extent: Double) -> Void) {
        body.forEachLineRange(in: area, visit)
    }
}
