/// The body of a grid section (SPEC §5): `columns` equal columns; item `k` of a run goes to row
/// `k / columns`, column `k % columns`, and gets the column's width. A row is as thick as its
/// thickest item; items sit in it by the cross alignment. An inline element ends the run and is a
/// row of its own, as in flow. Rows are stored as lines (`LineStore`); an item's column is its
/// distance from its row's first item.
struct GridBody: LineBody {
    static var takesInlineElements: Bool { true }

    private(set) var model: SectionModel
    private let space: BodySpace
    private let columns: ColumnGeometry
    private(set) var lines = LineStore()
    private(set) var extent = 0.0

    init(_ model: SectionModel, in space: BodySpace) {
        self.model = model
        self.space = space
        self.columns = ColumnGeometry(model.metrics, space)
        var builder = LineStore.Builder(atMost: model.itemCount + model.inlines.count)
        let n = columns.count, inlines = model.inlines, spacing = model.metrics.lineSpacing
        let vertical = space.axes.direction == .vertical
        var item = 0, inline = 0, position = 0.0, hasLine = false
        model.sizes.withUnsafeBufferPointer { sizes in
            while item < sizes.count || inline < inlines.count {
                let start = hasLine ? position + spacing : position
                var line: Line
                if inline < inlines.count && inlines[inline].before <= item {
                    line = Line(start: start, thickness: inlines[inline].extent, firstItem: item, inlineIndex: Int32(inline), isInline: true)
                    inline += 1
                } else {
                    let runEnd = inline < inlines.count ? inlines[inline].before : sizes.count
                    let end = Swift.min(runEnd, item + n)
                    var thickness = 0.0
                    for i in item..<end { thickness = Swift.max(thickness, vertical ? sizes[i].height : sizes[i].width) }
                    line = Line(start: start, thickness: thickness, firstItem: item, inlineIndex: Int32(inline), isInline: false,
                                low: columns.start(0), high: columns.start(end - item - 1) + columns.width)
                    item = end
                }
                builder.append(line)
                position = start + line.thickness
                hasLine = true
            }
        }
        lines = builder.finish()
        extent = position
    }

    mutating func update(items: [Int], _ write: (inout SectionModel) -> Void) {
        write(&model)
        self = Self(model, in: space)
    }

    func cellFrame(_ item: Int, line: Line, start: Double) -> AxisRect {
        let h = model.sizes[item].extents(space.axes).scroll
        return AxisRect(line: columns.start(item - line.firstItem), scroll: start + (line.thickness - h) * model.metrics.crossAlignment.factor,
                        lineExtent: columns.width, scrollExtent: h)
    }

    func inlineFrame(line: Line, start: Double) -> AxisRect { columns.inlineFrame(start: start, thickness: line.thickness) }
}

/// The columns of a grid or waterfall section (SPEC §5): `count` columns of width
/// `(A − (count−1)·spacing) / count` (0 if negative), from the leading inset.
struct ColumnGeometry {
    let count: Int
    let width: Double
    let leading: Double
    let spacing: Double
    /// The extent available to the section's lines (inline elements span it).
    let available: Double

    init(_ m: SectionMetrics, _ space: BodySpace) {
        let insets = space.axes.axisInsets(m.insets)
        count = m.columns
        leading = insets.left
        spacing = m.interitemSpacing
        available = space.lineExtent - insets.left - insets.right
        width = Swift.max(0, (available - Double(count - 1) * spacing) / Double(count))
    }

    func start(_ column: Int) -> Double { leading + Double(column) * (width + spacing) }

    /// The line-axis extent of an item spanning `k` columns: from its first column's leading
    /// edge to its last one's trailing edge (SPEC §16).
    func extent(spanning k: Int) -> Double { Double(k) * width + Double(k - 1) * spacing }

    /// An inline element spans the available extent from the leading inset, as in flow (SPEC §6).
    func inlineFrame(start: Double, thickness: Double) -> AxisRect {
        AxisRect(line: leading, scroll: start, lineExtent: Swift.max(0, available), scrollExtent: thickness)
    }
}
