/// The body of a section as laid out by its style (SPEC §3–5): one small protocol, one file per
/// style. Scroll positions are relative to the start of the body (after the header and the
/// leading inset); line positions are content coordinates.
protocol SectionBody {
    var sizes: [Size] { get }
    var inlines: [InlineElement] { get }
    var metrics: SectionMetrics { get }
    var itemCount: Int { get }
    /// The body's extent along the scroll axis.
    var extent: Double { get }

    /// Sideways scrolling: the strip's extent along the line axis, nil for styles that do not
    /// scroll sideways, and the offset (kept in [0, max(0, strip − viewport)] by the body).
    var stripExtent: Double? { get }
    var offset: Double { get }
    mutating func setOffset(_ offset: Double)

    /// Lays out again for a new line-axis extent (the viewport's).
    mutating func relayout(lineExtent: Double, axes: Axes)
    /// Takes new data, re-using storage where it can.
    mutating func reload(sizes: [Size], inlines: [InlineElement], metrics: SectionMetrics, lineExtent: Double, axes: Axes)
    /// Takes new sizes for the given items (sorted, unique, in range); returns the extent's change.
    mutating func updateSizes(_ changed: [(item: Int, size: Size)]) -> Double

    func cellFrame(_ item: Int) -> AxisRect?
    func inlineFrame(_ index: Int) -> AxisRect?
    /// Visits the cells and inline elements that may overlap `area` (body-relative) with their
    /// frames; the caller tests the frames. Must be O(log n + k).
    func forEachElement(in area: AxisRect, _ visit: (BodyElement, AxisRect) -> Void)
    /// The bounding box of the cells (nil without cells), as laid out at offset 0.
    var cellBounds: AxisRect? { get }
}

enum BodyElement: Equatable {
    case cell(Int)
    case inline(Int)
}

/// A body of the style the metrics name.
func makeBody(sizes: [Size], inlines: [InlineElement], metrics: SectionMetrics, lineExtent: Double, axes: Axes) -> any SectionBody {
    switch metrics.style {
    case .flow: FlowBody(sizes: sizes, inlines: inlines, metrics: metrics, lineExtent: lineExtent, axes: axes)
    case .orthogonal: OrthogonalBody(sizes: sizes, metrics: metrics, lineExtent: lineExtent, axes: axes)
    default: FlowBody(sizes: sizes, inlines: inlines, metrics: metrics, lineExtent: lineExtent, axes: axes)  // grid, waterfall, custom: coming in the state split
    }
}

extension Size {
    /// The extent along the line axis and along the scroll axis.
    func extents(_ axes: Axes) -> (line: Double, scroll: Double) {
        axes.direction == .vertical ? (width, height) : (height, width)
    }
}
