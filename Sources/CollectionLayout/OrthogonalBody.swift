/// The body of an orthogonal section (SPEC §4): a strip of `rows` rows that scrolls along the
/// line axis by the section's own offset. Item `i` is in column `i / rows`, row `i % rows`; a
/// column is as wide as its widest item, a row as thick as its thickest item across the strip.
///
/// Frames are reported shifted by `-offset`; changing the offset does no layout work.
struct OrthogonalBody: SectionBody {
    private(set) var sizes: [Size]
    private(set) var metrics: SectionMetrics
    var inlines: [InlineElement] { [] }
    private(set) var offset = 0.0

    private var axes: Axes
    private var lineExtent: Double
    /// Per column its line-axis start (content coordinates, at offset 0) and width.
    private var columnStart: [Double] = []
    private var columnWidth: [Double] = []
    /// Per row its scroll-axis start (relative to the body) and thickness.
    private var rowStart: [Double] = []
    private var rowThickness: [Double] = []
    private(set) var extent = 0.0
    private(set) var stripLength = 0.0

    var itemCount: Int { sizes.count }
    var stripExtent: Double? { stripLength }
    private var rows: Int { Swift.max(1, Swift.min(metrics.rows, sizes.count)) }
    private var maxOffset: Double { Swift.max(0, stripLength - lineExtent) }

    init(sizes: [Size], metrics: SectionMetrics, lineExtent: Double, axes: Axes) {
        self.sizes = sizes
        self.metrics = metrics
        self.axes = axes
        self.lineExtent = lineExtent
        layoutAll()
    }

    mutating func setOffset(_ newOffset: Double) { offset = Swift.min(Swift.max(newOffset, 0), maxOffset) }

    mutating func relayout(lineExtent: Double, axes: Axes) {
        self.lineExtent = lineExtent
        self.axes = axes
        layoutAll()
    }

    mutating func reload(sizes: [Size], inlines: [InlineElement], metrics: SectionMetrics, lineExtent: Double, axes: Axes) {
        self.sizes = sizes
        self.metrics = metrics
        relayout(lineExtent: lineExtent, axes: axes)
    }

    /// A size change can widen a column or thicken a row of the whole strip: lay it out again
    /// (O(items of this section); other sections only move).
    mutating func updateSizes(_ changed: [(item: Int, size: Size)]) -> Double {
        for (item, size) in changed { sizes[item] = size }
        let before = extent
        layoutAll()
        return extent - before
    }

    private mutating func layoutAll() {
        let n = sizes.count, rows = self.rows
        let columns = (n + rows - 1) / rows
        let insets = axes.axisInsets(metrics.insets)
        columnStart = []
        columnWidth = []
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
            if c > 0 { x += metrics.interitemSpacing }
            columnStart.append(x)
            columnWidth.append(width)
            x += width
        }
        stripLength = x + insets.right
        rowStart = []
        var y = 0.0
        for (r, thickness) in rowThickness.enumerated() {
            if r > 0 { y += metrics.lineSpacing }
            rowStart.append(y)
            y += thickness
        }
        extent = y
        setOffset(offset)  // clamped again for the new data or viewport
    }

    // MARK: Queries

    func cellFrame(_ item: Int) -> AxisRect? {
        guard item >= 0, item < sizes.count else { return nil }
        let frame = unshiftedFrame(item)
        return AxisRect(line: frame.line - offset, scroll: frame.scroll, lineExtent: frame.lineExtent, scrollExtent: frame.scrollExtent)
    }

    private func unshiftedFrame(_ item: Int) -> AxisRect {
        let e = sizes[item].extents(axes)
        let row = item % rows
        return AxisRect(line: columnStart[item / rows], scroll: rowStart[row] + (rowThickness[row] - e.scroll) * metrics.crossAlignment.factor,
                        lineExtent: e.line, scrollExtent: e.scroll)
    }

    func inlineFrame(_ index: Int) -> AxisRect? { nil }

    /// Binary-searches the first column that ends after the area's line start (columns never
    /// overlap), then walks columns until one starts after its end.
    func forEachElement(in area: AxisRect, _ visit: (BodyElement, AxisRect) -> Void) {
        guard area.scroll < extent, area.scrollEnd > 0 else { return }
        let lo = area.line + offset, hi = area.lineEnd + offset
        var first = 0, last = columnStart.count
        while first < last {
            let mid = (first + last) / 2
            if columnStart[mid] + columnWidth[mid] <= lo { first = mid + 1 } else { last = mid }
        }
        let rows = self.rows
        var c = first
        while c < columnStart.count && columnStart[c] < hi {
            for item in (c * rows)..<Swift.min((c + 1) * rows, sizes.count) {
                var frame = unshiftedFrame(item)
                frame.line -= offset
                visit(.cell(item), frame)
            }
            c += 1
        }
    }

    // MARK: Snapping (Snapping.swift)

    var axesInsets: Insets { axes.axisInsets(metrics.insets) }
    var columnCount: Int { columnStart.count }
    func columnOffset(_ c: Int) -> Double { columnStart[c] }

    /// The column whose snap offset (`candidate(start, width)`, increasing with the column) is
    /// nearest to `target`, found by binary search; column -1 and offset `target` without columns.
    func nearestColumn(to target: Double, _ candidate: (Double, Double) -> Double) -> (column: Int, offset: Double) {
        guard !columnStart.isEmpty else { return (-1, target) }
        var lo = 0, hi = columnStart.count - 1
        while lo < hi {
            let mid = (lo + hi) / 2
            if candidate(columnStart[mid], columnWidth[mid]) < target { lo = mid + 1 } else { hi = mid }
        }
        var best = lo
        if lo > 0 && abs(candidate(columnStart[lo - 1], columnWidth[lo - 1]) - target) <= abs(candidate(columnStart[lo], columnWidth[lo]) - target) {
            best = lo - 1
        }
        return (best, candidate(columnStart[best], columnWidth[best]))
    }

    /// Items start at their column's leading edge and the thickest item of a row spans it, so
    /// the cells span from the first column to the end of the last, and all rows.
    var cellBounds: AxisRect? {
        guard let start = columnStart.first, let lastStart = columnStart.last, let lastWidth = columnWidth.last else { return nil }
        return AxisRect(line: start, scroll: 0, lineExtent: lastStart + lastWidth - start, scrollExtent: extent)
    }
}
