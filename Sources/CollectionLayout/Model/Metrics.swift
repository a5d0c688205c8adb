/// How a line's items are spread along the line axis (SPEC §3).
public enum Alignment: Sendable, CaseIterable {
    case justified, leading, center, trailing
}

/// Where an item sits inside its line along the scroll axis.
public enum CrossAlignment: Sendable, CaseIterable {
    case center, start, end

    /// Where an item sits in the room its line (or row) leaves it: start 0, centre 1/2, end 1.
    var factor: Double {
        switch self {
        case .start: 0
        case .center: 0.5
        case .end: 1
        }
    }
}

/// How a section lays out its body (SPEC §3–5).
public enum SectionStyle: Sendable, CaseIterable {
    /// Items broken into lines (UICollectionViewFlowLayout).
    case flow
    /// A strip of `rows` rows, filled column by column, that scrolls along the line axis.
    case orthogonal
    /// `columns` equal columns, rows as thick as their thickest item.
    case grid
    /// Masonry: each item to the shortest of `columns` columns.
    case waterfall
    /// The host places the items (`LayoutDataSource.customFrames`).
    case custom
}

/// How many columns an item of a grid or waterfall section spans (SPEC §16). A span above the
/// section's columns counts as all of them (so that it stays valid when the columns change).
public enum ItemSpan: Equatable, Sendable, CustomStringConvertible {
    /// k columns, k >= 1 (below 1 is bad input).
    case columns(Int)
    /// Every column.
    case full
    /// A grid: the free columns of the run's last row when it is partly filled, else a new full
    /// row. A waterfall: every column.
    case remaining

    public static let one = ItemSpan.columns(1)

    /// As a scene writes it: `3`, `full`, `remaining`.
    public var description: String {
        switch self {
        case .columns(let k): "\(k)"
        case .full: "full"
        case .remaining: "remaining"
        }
    }

    /// The columns it takes of `n` where it cannot depend on a row (`remaining` as `full`).
    func clamped(to n: Int) -> Int {
        switch self {
        case .columns(let k): Swift.min(k, n)
        case .full, .remaining: n
        }
    }
}

/// How a grid places items that span columns (SPEC §16).
public enum Packing: Sendable, CaseIterable {
    /// In item order, a new row when an item does not fit the current one (holes stay).
    case sparse
    /// Each item in the first row from the top of its run with room for it (CSS's `dense`).
    case dense
}

extension SectionStyle {
    /// Grid and waterfall items span columns (SPEC §16); the other styles never ask for spans.
    var takesSpans: Bool { self == .grid || self == .waterfall }
}

/// The metrics of one section (SPEC §2–3). A data source starts from the layout's defaults and
/// changes what differs.
public struct SectionMetrics: Equatable, Sendable {
    public var insets = Insets.zero
    public var lineSpacing: Double = 10
    public var interitemSpacing: Double = 10
    public var header: Double = 0
    public var footer: Double = 0
    public var alignment = Alignment.justified
    public var crossAlignment = CrossAlignment.center
    public var style = SectionStyle.flow
    /// Orthogonal sections: the rows of the strip (at least 1).
    public var rows = 1
    /// Grid and waterfall sections: the columns (at least 1).
    public var columns = 2
    /// Grid sections: how items that span columns are placed (SPEC §16); a waterfall ignores it.
    public var packing = Packing.sparse
    /// The decoration kinds this section shows (SPEC §7); nil shows every registered one.
    public var decorationKinds: [Kind]? = nil
    /// One size for every item until it is measured (SPEC §10.4, `Layout.setItemSizes`); the
    /// data source is then not asked for the section's sizes. nil: the sizes are asked.
    public var estimatedItemSize: Size? = nil
    /// Scale, alpha and z of the cells by where they are in the viewport (SPEC §19); nil: none.
    public var effect: ScrollEffect? = nil
    public init() {}

    /// Throws unless every value is finite and not negative.
    func validate(section: Int) throws(LayoutError) {
        // Checked without building names or arrays: this runs once per section.
        func check(_ value: Double, _ name: @autoclosure () -> String) throws(LayoutError) {
            guard value.isFinite && value >= 0 else {
                throw LayoutError(.invalidArgument, "section \(section): \(name()) is \(value); it must be finite and >= 0")
            }
        }
        try check(insets.top, "insets.top")
        try check(insets.left, "insets.left")
        try check(insets.bottom, "insets.bottom")
        try check(insets.right, "insets.right")
        try check(lineSpacing, "line_spacing")
        try check(interitemSpacing, "interitem_spacing")
        try check(header, "header")
        try check(footer, "footer")
        guard rows >= 1, rows <= Layout.maxItems else {
            throw LayoutError(.invalidArgument, "section \(section): rows is \(rows); it must be 1...\(Layout.maxItems)")
        }
        guard columns >= 1, columns <= Layout.maxItems else {
            throw LayoutError(.invalidArgument, "section \(section): columns is \(columns); it must be 1...\(Layout.maxItems)")
        }
        if let estimate = estimatedItemSize { try checkSize(estimate, what: "section \(section): estimated_item_size") }
        try effect?.validate(section: section)
    }
}

/// What the host said about one section (the model): its metrics, its items' sizes (or, for a
/// custom section, their frames) and its inline elements, validated.
struct SectionModel {
    var metrics: SectionMetrics
    var itemCount: Int
    /// Styles that lay items out from their sizes: one per item; empty for custom sections and
    /// for flow sections with an estimate (`estimated`).
    var sizes = Column<Size>()
    /// Custom sections: one body-relative frame per item (SPEC §5); empty otherwise.
    var frames: [Rect] = []
    /// Sorted by `before` (declaration order at one place).
    var inlines: [InlineElement] = []
    /// Grid and waterfall sections whose items span columns (SPEC §16): one per item; empty when
    /// every item spans 1 (the usual case, which costs nothing).
    var spans = Column<ItemSpan>()
    /// Flow sections with an estimated item size (SPEC §10.4): the measured sizes only, so that
    /// ten million estimated items cost what their measured ones cost.
    var estimated: EstimatedSizes?

    /// Item i's size (not for custom sections).
    func size(_ i: Int) -> Size { estimated?[i] ?? sizes[i] }

    /// Item i's span (SPEC §16).
    func span(_ i: Int) -> ItemSpan { spans.isEmpty ? .one : spans[i] }

    /// Sets the spans of `items` (sorted) to `values`; a section that had none keeps none while
    /// every value is 1.
    mutating func setSpans(_ values: Column<ItemSpan>, at items: [Int]) {
        if spans.isEmpty {
            guard values.contains(where: { $0 != .one }) else { return }
            spans = Column(Array(repeating: .one, count: itemCount))
        }
        for (k, i) in items.enumerated() { spans[i] = values[k] }
    }

    mutating func setSize(_ size: Size, at i: Int) {
        if estimated != nil { estimated![i] = size } else { sizes[i] = size }
    }
}

/// A section's spans as its model keeps them: none when every item spans 1 (SPEC §16).
func spanColumn(_ spans: [ItemSpan]?) -> Column<ItemSpan> {
    guard let spans, spans.contains(where: { $0 != .one }) else { return Column() }
    return Column(spans)
}

/// The sizes of a section's items when they take an estimate until measured: the estimate and
/// the measured items (sorted), nothing per unmeasured item.
struct EstimatedSizes {
    let estimate: Size
    private(set) var items: [Int] = []
    private(set) var sizes: [Size] = []

    init(estimate: Size) { self.estimate = estimate }

    /// Setting the estimate itself forgets a measurement (an invalidated item takes it again).
    subscript(i: Int) -> Size {
        get {
            let k = partition(0..<items.count) { items[$0] < i }
            return k < items.count && items[k] == i ? sizes[k] : estimate
        }
        set {
            let k = partition(0..<items.count) { items[$0] < i }
            let found = k < items.count && items[k] == i
            switch (found, newValue == estimate) {
            case (true, true): items.remove(at: k); sizes.remove(at: k)
            case (true, false): sizes[k] = newValue
            case (false, false): items.insert(i, at: k); sizes.insert(newValue, at: k)
            case (false, true): break
            }
        }
    }

    /// The first measured item at or after `i` (nil: none).
    func firstMeasured(from i: Int) -> Int? {
        let k = partition(0..<items.count) { items[$0] < i }
        return k < items.count ? items[k] : nil
    }

    /// The same measurements under another estimate.
    func reestimated(_ estimate: Size) -> EstimatedSizes {
        var copy = EstimatedSizes(estimate: estimate)
        for (i, size) in measured { copy[i] = size }
        return copy
    }

    /// The measured items as they are, in order.
    var measured: Zip2Sequence<[Int], [Size]> { zip(items, sizes) }
}

/// A supplementary element between items (SPEC §6): a line of its own before item `before`.
public struct InlineElement: Equatable, Sendable {
    public var kind: Kind
    public var before: Int
    public var extent: Double
    public init(kind: Kind, before: Int, extent: Double) {
        self.kind = kind; self.before = before; self.extent = extent
    }
}

/// The layout-wide definition: scroll direction, the initial viewport, pinning and the defaults
/// of every section.
public struct LayoutDefinition: Equatable, Sendable {
    public var direction = ScrollDirection.vertical
    public var viewport = Rect.zero
    /// The size of every item when the data source gives no sizes.
    public var itemSize = Size(width: 50, height: 50)
    public var sectionDefaults = SectionMetrics()
    public var pinHeaders = false
    public var pinFooters = false
    /// Whether changes keep the first visible cell where it is on screen (SPEC §10.4).
    public var anchoring = true
    /// User supplementary kinds known before the first pass: ids 3, 4, ... in this order.
    public var kinds: [String] = []
    /// Sections, items and inline elements together (SPEC §11 Limits); at most `Layout.maxItems`.
    public var elementLimit = Layout.maxItems
    /// The bytes a layout may take. Counts whose layout would need more (by `MemoryEstimate`) are
    /// refused before anything in proportion to them is reserved: an allocation that fails would
    /// end the process. The C library sets it from the machine's memory and the process's limits.
    public var memoryBudget = Int.max
    /// The scroll view's content insets: bars drawn over the content (SPEC §20.1).
    public var contentInsets = Insets.zero
    /// Display pixels per point: reported frames are rounded to that grid; 0 is off (SPEC §20.2).
    public var displayScale = 0.0
    /// Right-to-left mirrors the whole layout along x (SPEC §15).
    public var layoutDirection = LayoutDirection.leftToRight
    /// The layout's own header and footer (SPEC §17.2); none by default.
    public var layoutHeaderFooter = LayoutHeaderFooter()
    public init() {}

    func validated() throws(LayoutError) -> LayoutDefinition {
        guard memoryBudget >= 0 else { throw LayoutError(.invalidArgument, "memory budget \(memoryBudget) is negative") }
        guard elementLimit >= 0, elementLimit <= Layout.maxItems else {
            throw LayoutError(.invalidArgument, "the element limit is \(elementLimit); it must be 0...\(Layout.maxItems)")
        }
        try checkRect(viewport, "viewport")
        try checkSize(itemSize, what: "item_size")
        try sectionDefaults.validate(section: 0)
        try checkContentInsets(contentInsets)
        try checkDisplayScale(displayScale)
        try layoutHeaderFooter.validate()
        return self
    }
}

func checkContentInsets(_ i: Insets) throws(LayoutError) {
    guard i.top.isFinite, i.left.isFinite, i.bottom.isFinite, i.right.isFinite else {
        throw LayoutError(.invalidArgument, "content insets (\(i.top), \(i.left), \(i.bottom), \(i.right)) must be finite")
    }
}

func checkDisplayScale(_ scale: Double) throws(LayoutError) {
    guard scale.isFinite, scale >= 0 else {
        throw LayoutError(.invalidArgument, "display scale \(scale) must be a finite number >= 0 (0: no pixel rounding)")
    }
    // (A subnormal scale would make one pixel an infinite number of points.)
    guard scale == 0 || (1 / scale).isFinite else {
        throw LayoutError(.invalidArgument, "display scale \(scale) is too small: one pixel would be \(1 / scale) points")
    }
}

/// The one check of a rect a caller gives (a viewport, a query's rect): finite, with a size >= 0.
public func checkRect(_ r: Rect, _ what: String) throws(LayoutError) {
    guard r.x.isFinite, r.y.isFinite, r.width.isFinite, r.height.isFinite, r.width >= 0, r.height >= 0 else {
        throw LayoutError(.invalidArgument, "\(what) (\(r.x), \(r.y), \(r.width), \(r.height)) must be finite with a size >= 0")
    }
}

func checkSize(_ s: Size, what: @autoclosure () -> String) throws(LayoutError) {
    guard s.width.isFinite, s.height.isFinite, s.width >= 0, s.height >= 0 else {
        throw LayoutError(.invalidArgument, "\(what()) is \(s.width)x\(s.height); sizes must be finite and >= 0")
    }
}
