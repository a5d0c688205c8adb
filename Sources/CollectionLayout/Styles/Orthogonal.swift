/// The body of an orthogonal section (SPEC §4): a strip of `rows` rows that scrolls along the
/// line axis by the section's own offset (kept by the state; frames here are at offset 0). Item
/// `i` is in column `i / rows`, row `i % rows`; a column is as wide as its widest item, a row as
/// thick as its thickest item across the strip.
struct OrthogonalBody: SectionBody {
    private(set) var model: SectionModel
    private let axes: Axes
    /// Per column its line-axis start (content coordinates) and width.
    private var columnStart: [Double] = []
    private var columnWidth: [Double] = []
    /// Per row its scroll-axis start (relative to the body) and thickness.
    private var rowStart: [Double] = []
    private var rowThickness: [Double] = []
    private(set) var extent = 0.0
    private var stripExtent = 0.0

    private var rows: Int { Swift.max(1, Swift.min(model.metrics.rows, model.itemCount)) }

    init(_ model: SectionModel, in space: BodySpace) {
        self.model = model
        self.axes = space.axes
        layOut()
    }

    /// New data, laid out in the arrays of the last pass.
    mutating func reload(_ model: SectionModel, in space: BodySpace) {
        self.model = model
        layOut()
    }

    private mutating func layOut() {
        // One pass over the sizes as one buffer (not a look-up per item in the column).
        let sizes = model.sizes
        sizes.withUnsafeBufferPointer { layOut($0) }
    }

    private mutating func layOut(_ sizes: UnsafeBufferPointer<Size>) {
        let m = model.metrics, n = sizes.count, rows = self.rows
        let columns = (n + rows - 1) / rows
        let insets = axes.axisInsets(m.insets)
        columnStart.removeAll(keepingCapacity: true)
        columnWidth.removeAll(keepingCapacity: true)
        rowStart.removeAll(keepingCapacity: true)
        columnStart.reserveCapacity(columns)
        columnWidth.reserveCapacity(columns)
        rowThickness = [Double](repeating: 0, count: n == 0 ? 0 : rows)
        var x = insets.left
        for c in 0..<columns {
            var width = 0.0
            for i in (c * rows)..<Swift.min((c + 1) * rows, n) {
                let e = sizes[i].extents(axes)
                width = Swift.max(width, e.line)
                rowThickness[i % rows] = Swift.max(rowThickness[i % rows], e.scroll)
            }
            if c > 0 { x += m.interitemSpacing }
            columnStart.append(x)
            columnWidth.append(width)
            x += width
        }
        stripExtent = x + insets.right
        var y = 0.0
        for (r, thickness) in rowThickness.enumerated() {
            if r > 0 { y += m.lineSpacing }
            rowStart.append(y)
            y += thickness
        }
        extent = y
    }

    /// A size change can widen a column or thicken a row of the whole strip: the default lays the
    /// section out again (O(items of this section); other sections only move).
    mutating func update(items: [Int], _ write: (inout SectionModel) -> Void) {
        write(&model)
        layOut()
    }

    var strip: Strip? {
        Strip(extent: stripExtent, leadingInset: axes.axisInsets(model.metrics.insets).left,
              columnStarts: columnStart, columnWidths: columnWidth)
    }

    func cellFrame(_ item: Int) -> AxisRect? {
        guard item >= 0, item < model.itemCount else { return nil }
        let e = model.sizes[item].extents(axes)
        let row = item % rows
        return AxisRect(line: columnStart[item / rows],
                        scroll: rowStart[row] + (rowThickness[row] - e.scroll) * model.metrics.crossAlignment.factor,
                        lineExtent: e.line, scrollExtent: e.scroll)
    }

    /// The first column that ends after the area's line start (columns never overlap), then
    /// columns until one starts after its end.
    func forEachElement(in area: AxisRect, _ visit: (BodyElement, AxisRect) -> Void) {
        guard area.scroll < extent, area.scrollEnd > 0 else { return }
        let rows = self.rows, n = model.itemCount
        var c = partition(0..<columnStart.count) { columnStart[$0] + columnWidth[$0] <= area.line }
        while c < columnStart.count && columnStart[c] < area.lineEnd {
            for item in (c * rows)..<Swift.min((c + 1) * rows, n) {
                if let frame = cellFrame(item) { visit(.cell(item), frame) }
            }
            c += 1
        }
    }

    /// One strip start at the body's start, even without items (SPEC §10.6).
    func lineStarts(around isBefore: (Double) -> Bool) -> Neighbours {
        isBefore(0) ? Neighbours(last: 0) : Neighbours(first: 0)
    }

    /// The strip is one line, from its start to the end of its last row (0 when empty).
    func forEachLineRange(in area: AxisRect, _ visit: (_ start: Double, _ extent: Double) -> Void) { visit(0, extent) }

    /// Items start at their column's leading edge and the thickest item of a row spans it, so
    /// the cells span from the first column to the end of the last, and all rows.
    var cellBounds: AxisRect? {
        guard let start = columnStart.first, let lastStart = columnStart.last, let lastWidth = columnWidth.last else { return nil }
        return AxisRect(line: start, scroll: 0, lineExtent: lastStart + lastWidth - start, scrollExtent: extent)
    }
}
