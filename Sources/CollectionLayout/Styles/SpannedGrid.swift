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
    /// A row's items are `lineItems[lineItemStart[l] ..< lineItemStart[l + 1]]`, in item order.
    private var lineItemStart: [Int] = []
    private var lineItems: [Int32] = []
    /// Per item: its line, first column and the columns it spans.
    private var itemLine: [Int32] = []
    private var itemColumn: [Int32] = []
    private var itemWidth: [Int32] = []
    /// Per inline element: its line.
    private var inlineLine: [Int32] = []
    private(set) var extent = 0.0
    private(set) var cellBounds: AxisRect?

    init(_ model: SectionModel, in space: BodySpace) {
        self.model = model
        self.space = space
        columns = ColumnGeometry(model.metrics, space)
        let n = model.itemCount, inlines = model.inlines, axes = space.axes
        itemLine.reserveCapacity(n)
        itemColumn.reserveCapacity(n)
        itemWidth.reserveCapacity(n)
        var item = 0, inline = 0
        while item < n || inline < inlines.count {
            if inline < inlines.count && inlines[inline].before <= item {
                inlineLine.append(Int32(lineThickness.count))
                lineThickness.append(inlines[inline].extent)
                lineInline.append(Int32(inline))
                inline += 1
                continue
            }
            let end = inline < inlines.count ? inlines[inline].before : n
            placeRun(item..<end)
            item = end
        }
        // Thickness: the thickest item of each row (a dense row's late items too).
        for i in 0..<n {
            let l = Int(itemLine[i])
            lineThickness[l] = Swift.max(lineThickness[l], model.sizes[i].extents(axes).scroll)
        }
        var position = 0.0
        lineStart.reserveCapacity(lineThickness.count)
        for (l, thickness) in lineThickness.enumerated() {
            let start = l == 0 ? 0 : position + model.metrics.lineSpacing
            lineStart.append(start)
            position = start + thickness
        }
        extent = position
        listItemsByLine()
        cellBounds = itemsBounds()
    }

    /// Places the items of one run in new rows after the lines so far (SPEC §16 grid placement).
    private mutating func placeRun(_ run: Range<Int>) {
        let n = columns.count, firstRow = lineThickness.count
        // Per row of the run: the columns it uses (rows fill from column 0).
        var used: [Int] = []
        var free = model.metrics.packing == .dense ? FreeRows(capacity: run.count) : nil
        for i in run {
            let span = model.span(i), k = span.clamped(to: n)
            var row: Int?
            if span == .remaining {
                // The free columns of the last row when it is partly filled, else a new full row.
                if let last = used.indices.last, used[last] > 0, used[last] < n { row = last }
            } else if free != nil {
                row = free?.first(atLeast: k)
            } else if let last = used.indices.last, used[last] + k <= n {
                row = last
            }
            let r = row ?? used.count
            if row == nil {
                used.append(0)
                lineThickness.append(0)
                lineInline.append(-1)
            }
            let width = span == .remaining ? n - used[r] : k
            itemLine.append(Int32(firstRow + r))
            itemColumn.append(Int32(clamping: used[r]))
            itemWidth.append(Int32(clamping: width))
            used[r] += width
            free?.set(r, free: n - used[r])
        }
    }

    /// Each row's items in item order (counted first, so that the list is allocated once).
    private mutating func listItemsByLine() {
        var starts = [Int](repeating: 0, count: lineThickness.count + 1)
        for l in itemLine { starts[Int(l) + 1] += 1 }
        for l in 0..<lineThickness.count { starts[l + 1] += starts[l] }
        var next = starts, items = [Int32](repeating: 0, count: itemLine.count)
        for (i, l) in itemLine.enumerated() {
            items[next[Int(l)]] = Int32(i)
            next[Int(l)] += 1
        }
        (lineItemStart, lineItems) = (starts, items)
    }

    private func itemsBounds() -> AxisRect? {
        var low = Double.infinity, high = -Double.infinity, lineEnd = -Double.infinity
        for (l, inline) in lineInline.enumerated() where inline < 0 {
            low = Swift.min(low, lineStart[l])
            high = Swift.max(high, lineStart[l] + lineThickness[l])
        }
        for i in itemLine.indices { lineEnd = Swift.max(lineEnd, columns.start(Int(itemColumn[i])) + columns.extent(spanning: Int(itemWidth[i]))) }
        guard low <= high else { return nil }
        return AxisRect(line: columns.start(0), scroll: low, lineExtent: lineEnd - columns.start(0), scrollExtent: high - low)
    }

    mutating func update(items: [Int], _ write: (inout SectionModel) -> Void) {
        write(&model)
        self = Self(model, in: space)
    }

    func cellFrame(_ item: Int) -> AxisRect? {
        guard item >= 0, item < model.itemCount else { return nil }
        let l = Int(itemLine[item]), h = model.sizes[item].extents(space.axes).scroll
        return AxisRect(line: columns.start(Int(itemColumn[item])),
                        scroll: lineStart[l] + (lineThickness[l] - h) * model.metrics.crossAlignment.factor,
                        lineExtent: columns.extent(spanning: Int(itemWidth[item])), scrollExtent: h)
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
                    let item = Int(lineItems[k])
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
