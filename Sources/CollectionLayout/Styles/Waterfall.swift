/// The body of a waterfall (masonry) section (SPEC §5): each item goes to the column that ends
/// first (ties: the lowest index), found with a heap so that an item costs O(log columns); an
/// inline element spans all columns after the longest one, and every column restarts after it.
///
/// Per item its column and scroll-axis start; per column its items in order (their starts only
/// grow), so a rect query binary-searches each column. An item that spans columns (SPEC §16) is
/// listed in its first column only: that column's items still start and end in order.
struct WaterfallBody: SectionBody {
    static var takesInlineElements: Bool { true }

    private(set) var model: SectionModel
    private let space: BodySpace
    private let columns: ColumnGeometry
    private var itemStart: [Double] = []
    private var itemColumn: [Int32] = []
    /// Per item the columns it spans; empty when every item spans 1.
    private var itemWidth: [Int32] = []
    private var columnItems: [[Int32]] = []
    private var inlineStart: [Double] = []
    private(set) var extent = 0.0

    init(_ model: SectionModel, in space: BodySpace) {
        self.model = model
        self.space = space
        let columns = ColumnGeometry(model.metrics, space)
        self.columns = columns
        let inlines = model.inlines, spacing = model.metrics.lineSpacing, n = model.sizes.count, axes = space.axes
        inlineStart.reserveCapacity(inlines.count)
        guard model.spans.isEmpty else {
            var spanned = SpannedColumns(model, columns.count)
            let placed = spanned.place(model, axes) { inlineStart.append($0) }
            (itemStart, itemColumn, itemWidth, extent) = (placed.starts, placed.columns, placed.widths, spanned.largestEnd)
            columnItems = Self.lists(placed.columns, count: spanned.tracked)
            return
        }
        let columnCount = Swift.min(columns.count, Swift.max(n, 1))
        // Columns beyond the item count never get an item: leave them out of the heap.
        var heap = ColumnHeap(count: columnCount)
        var holdsItem = false, inline = 0
        var starts = [Double](repeating: 0, count: n), placed = [Int32](repeating: 0, count: n)
        // Each item's column and start, written over unsafe views (this loop is the layout);
        // then each column's items, counted first so that every list is allocated once.
        model.sizes.withUnsafeBufferPointer { sizes in
            starts.withUnsafeMutableBufferPointer { starts in
                placed.withUnsafeMutableBufferPointer { placed in
                    for item in 0...n {
                        while inline < inlines.count && inlines[inline].before == item {
                            let start = heap.largestEnd + (holdsItem ? spacing : 0)
                            inlineStart.append(start)
                            heap.restartAll(at: start + inlines[inline].extent)
                            holdsItem = true
                            inline += 1
                        }
                        guard item < n else { break }
                        let (column, end, holds) = heap.first
                        let start = holds ? end + spacing : end
                        starts[item] = start
                        placed[item] = Int32(column)
                        heap.replaceFirst(end: start + sizes[item].extents(axes).scroll)
                        holdsItem = true
                    }
                }
            }
        }
        (itemStart, itemColumn, columnItems) = (starts, placed, Self.lists(placed, count: columnCount))
        extent = heap.largestEnd
    }

    /// Each column's items in order (counted first, so that every list is allocated once).
    private static func lists(_ placed: [Int32], count columnCount: Int) -> [[Int32]] {
        var counts = [Int](repeating: 0, count: columnCount)
        for column in placed { counts[Int(column)] += 1 }
        var lists = counts.map { count -> [Int32] in
            var list: [Int32] = []
            list.reserveCapacity(count)
            return list
        }
        for (item, column) in placed.enumerated() { lists[Int(column)].append(Int32(item)) }
        return lists
    }

    /// The columns item i spans.
    private func width(_ item: Int) -> Int { itemWidth.isEmpty ? 1 : Int(itemWidth[item]) }

    mutating func update(items: [Int], _ write: (inout SectionModel) -> Void) {
        write(&model)
        self = Self(model, in: space)
    }

    func cellFrame(_ item: Int) -> AxisRect? {
        guard item >= 0, item < model.itemCount else { return nil }
        return AxisRect(line: columns.start(Int(itemColumn[item])), scroll: itemStart[item],
                        lineExtent: columns.extent(spanning: width(item)), scrollExtent: model.sizes[item].extents(space.axes).scroll)
    }

    func inlineFrame(_ index: Int) -> AxisRect? {
        guard index >= 0, index < inlineStart.count else { return nil }
        return columns.inlineFrame(start: inlineStart[index], thickness: model.inlines[index].extent)
    }

    /// Per column: the first item that ends after the area starts, then items until one starts
    /// after it ends; inline elements likewise.
    func forEachElement(in area: AxisRect, _ visit: (BodyElement, AxisRect) -> Void) {
        let sizes = model.sizes
        for list in columnItems {
            var k = sizes.withUnsafeBufferPointer { sizes in
                partition(0..<list.count) { k in
                    let item = Int(list[k])
                    return itemStart[item] + sizes[item].extents(space.axes).scroll <= area.scroll
                }
            }
            while k < list.count, let frame = cellFrame(Int(list[k])), frame.scroll < area.scrollEnd {
                visit(.cell(Int(list[k])), frame)
                k += 1
            }
        }
        var i = partition(0..<inlineStart.count) { inlineStart[$0] + model.inlines[$0].extent <= area.scroll }
        while i < inlineStart.count && inlineStart[i] < area.scrollEnd {
            if let frame = inlineFrame(i) { visit(.inline(i), frame) }
            i += 1
        }
    }

    /// Every cell's start and every inline element's is a snap target (SPEC §10.6): a binary
    /// search per column (its starts only grow) and one over the inline elements.
    func lineStarts(around isBefore: (Double) -> Bool) -> Neighbours {
        var found = Neighbours(inlineStart.count, { inlineStart[$0] }, around: isBefore)
        for list in columnItems { found = found.union(Neighbours(list.count, { itemStart[Int(list[$0])] }, around: isBefore)) }
        return found
    }

    var cellBounds: AxisRect? {
        guard model.itemCount > 0 else { return nil }
        var low = Double.infinity, high = -Double.infinity, lineEnd = -Double.infinity
        for list in columnItems {
            guard let first = list.first, let last = list.last, let a = cellFrame(Int(first)), let b = cellFrame(Int(last)) else { continue }
            low = Swift.min(low, a.scroll)
            high = Swift.max(high, b.scrollEnd)
            lineEnd = Swift.max(lineEnd, a.lineEnd, b.lineEnd)
        }
        // (A column's widest item need not be its first or last.)
        for (item, w) in itemWidth.enumerated() where w > 1 { lineEnd = Swift.max(lineEnd, columns.start(Int(itemColumn[item])) + columns.extent(spanning: Int(w))) }
        return AxisRect(line: columns.start(0), scroll: low, lineExtent: lineEnd - columns.start(0), scrollExtent: high - low)
    }
}

/// The columns of a waterfall whose items span columns (SPEC §16, Masonry's column groups): an
/// item of span k goes to the group of k adjacent columns whose largest end is smallest (ties:
/// the lowest first column), at that end; the group then ends at the item's end.
///
/// Only the first `tracked` columns are kept one by one: k-column groups of narrower items never
/// reach past the spans of those items added up (each item takes the lowest group of columns
/// still at the common end, so the columns used since they last ended together are a prefix),
/// and an item as wide as all columns (or an inline element) ends them all together. The others
/// share `tailEnd`. So a waterfall of a million columns costs what its items use.
private struct SpannedColumns {
    let count: Int
    let tracked: Int
    private var ends: [Double]
    private var holds: [Bool]
    private var tailEnd = 0.0
    private var tailHolds = false
    private(set) var largestEnd = 0.0
    /// The sliding window's candidates (`group`), kept between items.
    private var window: [Int] = []

    init(_ model: SectionModel, _ count: Int) {
        self.count = count
        var narrow = 0
        for span in model.spans where span.clamped(to: count) < count { narrow = Swift.min(count, narrow + span.clamped(to: count)) }
        tracked = Swift.max(1, narrow)
        ends = Array(repeating: 0, count: tracked)
        holds = Array(repeating: false, count: tracked)
    }

    /// Every item's start, first column and columns spanned, in item order; inline elements
    /// between them (their starts given to `inline`) end every column.
    mutating func place(_ model: SectionModel, _ axes: Axes, inline: (Double) -> Void) -> (starts: [Double], columns: [Int32], widths: [Int32]) {
        let n = model.itemCount, inlines = model.inlines, spacing = model.metrics.lineSpacing
        var starts: [Double] = [], columns: [Int32] = [], widths: [Int32] = []
        starts.reserveCapacity(n)
        columns.reserveCapacity(n)
        widths.reserveCapacity(n)
        var next = 0
        for item in 0...n {
            while next < inlines.count && inlines[next].before == item {
                let start = largestEnd + (holdsAny ? spacing : 0)
                inline(start)
                restartAll(at: start + inlines[next].extent)
                next += 1
            }
            guard item < n else { break }
            let k = model.span(item).clamped(to: count), h = model.sizes[item].extents(axes).scroll
            var (first, start) = (0, largestEnd + (holdsAny ? spacing : 0))
            if k == count {
                restartAll(at: start + h)
            } else {
                let end: Double
                (first, end) = group(of: k)
                start = end + (holds[first..<(first + k)].contains(true) ? spacing : 0)
                for c in first..<(first + k) { (ends[c], holds[c]) = (start + h, true) }
                largestEnd = Swift.max(largestEnd, start + h)
            }
            starts.append(start)
            columns.append(Int32(first))
            widths.append(Int32(clamping: k))
        }
        return (starts, columns, widths)
    }

    private var holdsAny: Bool { holds.contains(true) || (tracked < count && tailHolds) }

    /// The group of k adjacent tracked columns whose largest end is smallest (ties: the lowest
    /// first column), and that end: a sliding window's maximum (a deque of candidates).
    private mutating func group(of k: Int) -> (first: Int, end: Double) {
        window.removeAll(keepingCapacity: true)
        var head = 0
        var best = (first: 0, end: Double.infinity)
        for c in 0..<tracked {
            while window.count > head, let last = window.last, ends[last] <= ends[c] { window.removeLast() }
            window.append(c)
            if window[head] <= c - k { head += 1 }
            if c >= k - 1, ends[window[head]] < best.end { best = (c - k + 1, ends[window[head]]) }
        }
        return best
    }

    /// Every column ends at `position` and holds an item.
    private mutating func restartAll(at position: Double) {
        for c in 0..<tracked { (ends[c], holds[c]) = (position, true) }
        (tailEnd, tailHolds) = (position, true)
        largestEnd = Swift.max(largestEnd, position)
    }
}

/// The columns of a waterfall as a binary min-heap on (end, index): the column an item goes to is
/// at the top.
private struct ColumnHeap {
    /// The columns by end (ties: the lower index), the one that ends first on top; each entry
    /// carries its end, so that a sift compares entries and writes one array.
    private var heap: [(end: Double, column: Int)]
    private var holds: [Bool]
    private(set) var largestEnd = 0.0

    init(count: Int) {
        heap = (0..<count).map { (0, $0) }
        holds = Array(repeating: false, count: count)
    }

    var first: (column: Int, end: Double, holds: Bool) { (heap[0].column, heap[0].end, holds[heap[0].column]) }

    private static func isBefore(_ a: (end: Double, column: Int), _ b: (end: Double, column: Int)) -> Bool {
        a.end < b.end || (a.end == b.end && a.column < b.column)
    }

    /// Gives the top column a new end and sifts it down.
    mutating func replaceFirst(end newEnd: Double) {
        holds[heap[0].column] = true
        largestEnd = Swift.max(largestEnd, newEnd)
        heap.withUnsafeMutableBufferPointer { heap in
            heap[0].end = newEnd
            var i = 0
            while true {
                let l = 2 * i + 1, r = l + 1
                var smallest = i
                if l < heap.count && Self.isBefore(heap[l], heap[smallest]) { smallest = l }
                if r < heap.count && Self.isBefore(heap[r], heap[smallest]) { smallest = r }
                if smallest == i { return }
                heap.swapAt(i, smallest)
                i = smallest
            }
        }
    }

    /// Every column ends at `position` and counts as holding an item (after an inline element).
    mutating func restartAll(at position: Double) {
        for c in holds.indices { holds[c] = true }
        heap = (0..<holds.count).map { (position, $0) }  // equal ends: index order is a valid heap
        largestEnd = position
    }
}
