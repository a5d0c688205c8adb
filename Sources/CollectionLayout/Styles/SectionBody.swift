/// The body of a section as laid out by its style (SPEC §3–5): one small protocol that every
/// style meets, one file per style, and `bodyType(for:)` as the registry. A body is a value: the
/// state that holds it is an immutable snapshot, and a change builds a new body (arrays it does
/// not touch are shared).
///
/// Scroll positions are relative to the start of the body (after the header and the leading
/// inset); line positions are content coordinates.
protocol SectionBody {
    /// Custom sections are given frames instead of sizes (SPEC §5).
    static var placesItemsItself: Bool { get }
    /// Whether the style lays out inline elements (SPEC §6); for the others they are bad data.
    static var takesInlineElements: Bool { get }

    /// Lays out `model` for the line-axis extent of `space`.
    init(_ model: SectionModel, in space: BodySpace)
    var model: SectionModel { get }
    /// The body's extent along the scroll axis.
    var extent: Double { get }

    /// Lays out new data or in a new space (a full invalidation, a new viewport extent); a style
    /// may re-use its storage.
    mutating func reload(_ model: SectionModel, in space: BodySpace)
    /// Lets `write` change the sizes (or frames) of `items` (sorted, unique, in range) in the
    /// model, in place, and lays out what they change: a style may do less than a whole
    /// relayout, never more.
    mutating func update(items: [Int], _ write: (inout SectionModel) -> Void)
    /// This body after a batch update that turned its items into `model`'s through `hunks`, laid
    /// out only around them; nil where the style cannot (the caller lays `model` out whole).
    func edited(to model: SectionModel, hunks: [ItemHunk]) -> (any SectionBody)?

    func cellFrame(_ item: Int) -> AxisRect?
    /// The frames of `items` (sorted ascending) in order: many look-ups at once (a transition's
    /// frame), which a style may answer faster than one by one.
    func cellFrames(_ items: [Int]) -> [AxisRect?]
    func inlineFrame(_ index: Int) -> AxisRect?
    /// Visits the cells and inline elements that may overlap `area` (body-relative) with their
    /// frames, at sideways offset 0; the caller tests the frames. Must be O(log n + k).
    func forEachElement(in area: AxisRect, _ visit: (BodyElement, AxisRect) -> Void)
    /// The bounding box of the cells (nil without cells), at sideways offset 0.
    var cellBounds: AxisRect? { get }
    /// Bodies that scroll along the line axis on their own (orthogonal) describe their strip.
    var strip: Strip? { get }
    /// The body's line starts for line snapping (SPEC §10.6: flow lines, inline elements, grid
    /// rows, the strip, waterfall and custom cells), body-relative: the last start for which
    /// `isBefore` holds and the first for which it does not (`isBefore` holds for a prefix of
    /// the starts in increasing order). Binary search: O(log n).
    func lineStarts(around isBefore: (Double) -> Bool) -> Neighbours
    /// The same lines with their scroll-axis ranges (start, extent), body-relative, for centred
    /// and end snapping (SPEC §10.6): at least every line that overlaps `area`'s scroll-axis
    /// range. O(log n + k). The default takes each element's frame (waterfall and custom cells,
    /// inline elements); styles whose lines are thicker than their cells say so.
    func forEachLineRange(in area: AxisRect, _ visit: (_ start: Double, _ extent: Double) -> Void)
    #if DEBUG
    /// The first broken promise of the storage the body holds (Storage/), or nil: for the tests.
    func brokenStorageInvariant() -> String?
    #endif
}

extension SectionBody {
    static var placesItemsItself: Bool { false }
    static var takesInlineElements: Bool { false }
    var strip: Strip? { nil }
    mutating func reload(_ model: SectionModel, in space: BodySpace) { self = Self(model, in: space) }
    func inlineFrame(_ index: Int) -> AxisRect? { nil }
    func cellFrames(_ items: [Int]) -> [AxisRect?] { items.map(cellFrame) }
    func edited(to model: SectionModel, hunks: [ItemHunk]) -> (any SectionBody)? { nil }
    func forEachLineRange(in area: AxisRect, _ visit: (_ start: Double, _ extent: Double) -> Void) {
        forEachElement(in: area) { _, frame in visit(frame.scroll, frame.scrollExtent) }
    }
    #if DEBUG
    func brokenStorageInvariant() -> String? { nil }
    #endif
}

/// The registry of styles: a new style is one file plus its line here.
func bodyType(for style: SectionStyle) -> any SectionBody.Type {
    switch style {
    case .flow: FlowBody.self
    case .orthogonal: OrthogonalBody.self
    case .grid: GridBody.self
    case .waterfall: WaterfallBody.self
    case .custom: CustomBody.self
    }
}

/// The body that lays out `model`: its style's, or for a flow section whose items take an
/// estimate until measured, the body that stores only what was measured, or for a grid whose
/// items span columns, the body that places them by row (SPEC §16).
func bodyType(for model: SectionModel) -> any SectionBody.Type {
    if model.estimated != nil { return EstimatedFlowBody.self }
    if model.metrics.style == .grid && !model.spans.isEmpty { return SpannedGridBody.self }
    return bodyType(for: model.metrics.style)
}

/// Where a body is laid out: the scroll direction and the line axis's extent (the viewport's).
struct BodySpace {
    var axes: Axes
    var lineExtent: Double
}

enum BodyElement: Equatable {
    case cell(Int)
    case inline(Int)
}

/// A body that scrolls along the line axis (SPEC §4): its extent there and its columns, whose
/// leading edges and widths are what snapping aims at.
struct Strip {
    var extent: Double
    var leadingInset: Double
    var columnStarts: [Double]
    var columnWidths: [Double]
}

extension Size {
    /// The extent along the line axis and along the scroll axis.
    func extents(_ axes: Axes) -> (line: Double, scroll: Double) {
        axes.direction == .vertical ? (width, height) : (height, width)
    }
}
