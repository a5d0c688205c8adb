/// The body of a grid section whose items span columns (SPEC §16): each run is placed row by row
/// in item order, by the section's packing; a row is as thick as its thickest item. A grid whose
/// items all span 1 is a `GridBody` (its rows are runs of consecutive items); here a dense row
/// may take an item after later rows were opened, so each row lists its items.
///
/// Lines are the rows and the inline elements, in order along the scroll axis: their starts only
/// grow, so a rect query binary-searches them.
struct SpannedGridBody: SectionBody {
    static var takesInlineElements: Bool { true }

    private(set) var model: SectionModel
    private let space: BodySpace
    private let columns: ColumnGeometry
    /// Per line: its start and thickness; an inline element's line is marked in `lineInline`
    /// (its index in the section's list, -1 for a row of items).
    private var lineStart: [Double] = []
    private var lineThickness: [Double] = []
    private var lineInline: [Int32] = []
    /// A row's items are `lineItems[lineItemStart[l] ..< lineItemStart[l + 1]]`, in item order;
    /// with sparse packing a row's items follow each other and `lineItems` is empty (item
    /// `lineItemStart[l] + k`).
    private var lineItemStart: [Int] = []
    private var lineItems: [Int32] = []
    /// Per item: its line, first column and the columns it spans.
    private var places: [ItemPlace] = []
    /// Per inline element: its line.
    private var inlineLine: [Int32] = []
    private(set) var extent = 0.0
    private(set) var cellBounds: AxisRect?

    private struct ItemPlace {
        var line: Int32
        var column: Int32
        var width: Int32
    }

    init(_ model: SectionModel, in space: BodySpace) {
        self.model = model
        self.space = space
        columns = ColumnGeometry(model.metrics, space)
        let n = model.itemCount, inlines = model.inlines, dense = model.metrics.packing == .dense
        var thickness: [Double] = [], kinds: [Int32] = [], inlineLines: [Int32] = [], widest = 0
        var starts: [Int] = []  // sparse: each line's first item (an inline line's: the one it stands before)
        // One pass over the items, in place: each run's rows after the lines so far.
        places = model.spans.withUnsafeBufferPointer { spans in
            model.sizes.withUnsafeBufferPointer { sizes in
                [ItemPlace](unsafeUninitializedCapacity: n) { places, initialized in
                    var run = Placement(columns: columns.count, axes: space.axes, spans: spans, sizes: sizes, places: places)
                    var item = 0, inline = 0
                    while item < n || inline < inlines.count {
                        if inline < inlines.count && inlines[inline].before <= item {
                            inlineLines.append(Int32(thickness.count))
                            thickness.append(inlines[inline].extent)
                            kinds.append(Int32(inline))
                            starts.append(item)
                            inline += 1
                            continue
                        }
                        let end = inline < inlines.count ? inlines[inline].before : n
                        run.place(item..<end, dense: dense, firstLine: thickness.count)
                        thickness += run.thickness
                        kinds += repeatElement(-1, count: run.thickness.count)
                        starts += run.firstItems
                        item = end
                    }
                    widest = run.widest
                    initialized = n
                }
            }
        }
        (lineThickness, lineInline, inlineLine) = (thickness, kinds, inlineLines)
        // The lines' starts, and the scroll range of the rows (the cells' bounds), in one pass.
        var position = 0.0, low = Double.infinity, high = -Double.infinity, spacing = 0.0
        lineStart = thickness.indices.map { l in
            let start = position + spacing
            (position, spacing) = (start + thickness[l], model.metrics.lineSpacing)
            if kinds[l] < 0 { (low, high) = (Swift.min(low, start), Swift.max(high, position)) }
            return start
        }
        extent = position
        if dense {
            listItemsByLine()
        } else {
            lineItemStart = starts
            lineItemStart.append(n)
        }
        cellBounds = low <= high
            ? AxisRect(line: columns.start(0), scroll: low, lineExtent: columns.extent(spanning: widest), scrollExtent: high - low) : nil
    }

    /// Places runs of items in rows (SPEC §16 grid placement), writing each item's place; a run's
    /// rows are `thickness` (each its thickest item's extent) until the next run.
    private struct Placement {
        let columns: Int
        let axes: Axes
        let spans: UnsafeBufferPointer<ItemSpan>
        let sizes: UnsafeBufferPointer<Size>
        let places: UnsafeMutableBufferPointer<ItemPlace>
        private(set) var thickness: [Double] = []
        /// Sparse: the first item of each of the run's rows (a dense row's items need not follow).
        private(set) var firstItems: [Int] = []
        /// The most columns any row fills (the cells' bounds).
        private(set) var widest = 0

        init(columns: Int, axes: Axes, spans: UnsafeBufferPointer<ItemSpan>, sizes: UnsafeBufferPointer<Size>,
             places: UnsafeMutableBufferPointer<ItemPlace>) {
            (self.columns, self.axes, self.spans, self.sizes, self.places) = (columns, axes, spans, sizes, places)
        }

        mutating func place(_ run: Range<Int>, dense: Bool, firstLine: Int) {
            if dense { placeDense(run, firstLine: firstLine) } else { placeSparse(run, firstLine: firstLine) }
        }

        /// Sparse: only the last row takes items, so it is a few numbers until the next opens.
        private mutating func placeSparse(_ run: Range<Int>, firstLine: Int) {
            let n = columns, vertical = axes.direction == .vertical
            var thick: [Double] = [], firsts: [Int] = [], widest = self.widest
            var rows = 0, used = 0, rowThickness = 0.0  // the last row's columns used and thickness
            for i in run {
                let (k, remaining) = spans[i].columns(of: n)
                // `remaining` takes the free columns of a partly filled row, else a new full row.
                if rows == 0 || (remaining ? used == 0 || used == n : used + k > n) {
                    if rows > 0 { thick.append(rowThickness) }
                    firsts.append(i)
                    (rows, used, rowThickness) = (rows + 1, 0, 0)
                }
                let width = remaining ? n - used : k
                places[i] = ItemPlace(line: Int32(firstLine + rows - 1), column: Int32(clamping: used), width: Int32(clamping: width))
                used += width
                widest = Swift.max(widest, used)
                rowThickness = Swift.max(rowThickness, vertical ? sizes[i].height : sizes[i].width)
            }
            if rows > 0 { thick.append(rowThickness) }
            (thickness, firstItems, self.widest) = (thick, firsts, widest)
        }

        /// Dense: an item goes to the first row of the run with room for it (`FreeRows`).
        private mutating func placeDense(_ run: Range<Int>, firstLine: Int) {
            let n = columns
            // Per row of the run: the columns it uses (rows fill from column 0) and its thickness;
            // locals, so that the loop writes them without checks.
            var used: [Int] = [], thick: [Double] = [], widest = self.widest
            var free = FreeRows(capacity: run.count)
            for i in run {
                let (k, remaining) = spans[i].columns(of: n), rows = used.count
                var r = rows - 1
                if remaining {
                    // The free columns of the last row when it is partly filled, else a new full row.
                    if rows == 0 || used[r] == 0 || used[r] == n { r = rows }
                } else {
                    r = free.first(atLeast: k) ?? rows
                }
                if r == rows {
                    used.append(0)
                    thick.append(0)
                }
                let column = used[r], width = remaining ? n - column : k
                places[i] = ItemPlace(line: Int32(firstLine + r), column: Int32(clamping: column), width: Int32(clamping: width))
                used[r] = column + width
                widest = Swift.max(widest, column + width)
                thick[r] = Swift.max(thick[r], sizes[i].extents(axes).scroll)
                free.set(r, free: n - column - width)
            }
            (thickness, self.widest) = (thick, widest)
        }
    }

    /// Dense packing: where each row's items begin in `lineItems`, and the items of each row in
    /// item order (counted first, so that the list is allocated once).
    private mutating func listItemsByLine() {
        var starts = [Int](repeating: 0, count: lineThickness.count + 1)
        for p in places { starts[Int(p.line) + 1] += 1 }
        for l in 0..<lineThickness.count { starts[l + 1] += starts[l] }
        lineItemStart = starts
        var next = starts, items = [Int32](repeating: 0, count: places.count)
        for (i, p) in places.enumerated() {
            items[next[Int(p.line)]] = Int32(i)
            next[Int(p.line)] += 1
        }
        lineItems = items
    }

    mutating func update(items: [Int], _ write: (inout SectionModel) -> Void) {
        write(&model)
        self = Self(model, in: space)
    }

    func cellFrame(_ item: Int) -> AxisRect? {
        guard item >= 0, item < model.itemCount else { return nil }
        let p = places[item], l = Int(p.line), h = model.sizes[item].extents(space.axes).scroll
        return AxisRect(line: columns.start(Int(p.column)),
                        scroll: lineStart[l] + (lineThickness[l] - h) * model.metrics.crossAlignment.factor,
                        lineExtent: columns.extent(spanning: Int(p.width)), scrollExtent: h)
    }

    func inlineFrame(_ index: Int) -> AxisRect? {
        guard index >= 0, index < inlineLine.count else { return nil }
        let l = Int(inlineLine[index])
        return columns.inlineFrame(start: lineStart[l], thickness: lineThickness[l])
    }

    /// The lines that cross the area's scroll range (found by a binary search), their elements.
    func forEachElement(in area: AxisRect, _ visit: (BodyElement, AxisRect) -> Void) {
        var l = partition(0..<lineStart.count) { lineStart[$0] + lineThickness[$0] <= area.scroll }
        while l < lineStart.count && lineStart[l] < area.scrollEnd {
            if lineInline[l] >= 0 {
                let index = Int(lineInline[l])
                if let frame = inlineFrame(index) { visit(.inline(index), frame) }
            } else {
                for k in lineItemStart[l]..<lineItemStart[l + 1] {
                    let item = lineItems.isEmpty ? k : Int(lineItems[k])
                    if let frame = cellFrame(item) { visit(.cell(item), frame) }
                }
            }
            l += 1
        }
    }

    /// Every line, row or inline element, is a snap target (SPEC §10.6).
    func lineStarts(around isBefore: (Double) -> Bool) -> Neighbours {
        Neighbours(lineStart.count, { lineStart[$0] }, around: isBefore)
    }
}

/// The free columns of a dense run's rows as a max-tree, to find the first row from the top with
/// room for k columns in O(log rows) (a dense grid of a million items stays linear-logarithmic).
private struct FreeRows {
    /// Leaves at `leaves + row`; a node holds the most free columns of the rows below it. Rows
    /// not opened yet hold 0, so they are never found.
    private var tree: [Int]
    private let leaves: Int

    init(capacity: Int) {
        var leaves = 1
        while leaves < capacity { leaves *= 2 }
        self.leaves = leaves
        tree = Array(repeating: 0, count: 2 * leaves)
    }

    mutating func set(_ row: Int, free: Int) {
        var node = leaves + row
        tree[node] = free
        while node > 1 {
            node /= 2
            tree[node] = Swift.max(tree[2 * node], tree[2 * node + 1])
        }
    }

    /// The first row with at least `k` free columns, or nil.
    func first(atLeast k: Int) -> Int? {
        guard tree[1] >= k else { return nil }
        var node = 1
        while node < leaves { node = tree[2 * node] >= k ? 2 * node : 2 * node + 1 }
        return node - leaves
    }
}

private extension ItemSpan {
    /// The columns it takes of `n` (`remaining`: all, until a row says otherwise) and whether it
    /// is `remaining`, by one switch: comparing with `==` is a call per item.
    @inline(__always)
    func columns(of n: Int) -> (Int, remaining: Bool) {
        switch self {
        case .columns(let k): (Swift.min(k, n), false)
        case .full: (n, false)
        case .remaining: (n, true)
        }
    }
}
