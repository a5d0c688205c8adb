/// The body of a custom section (SPEC §5): the host computes every item's frame (asked in
/// batches through `LayoutDataSource.customFrames`, validated by the source reader). The body
/// indexes them for rect queries: items sorted by scroll-axis start, with a max-end tree over
/// that order, so a query visits O(log n + k) nodes whatever the frames' sizes.
struct CustomBody: SectionBody {
    static var placesItemsItself: Bool { true }

    private(set) var model: SectionModel
    private let space: BodySpace
    /// Items in order of their scroll-axis start; nil when that is the item order (the usual case).
    private var order: [Int32]? = nil
    /// A segment tree over `order`: node k holds the largest scroll-axis end below it.
    private var maxEnd: [Double] = []
    private var leaves = 0
    private(set) var extent = 0.0
    private(set) var cellBounds: AxisRect? = nil

    init(_ model: SectionModel, in space: BodySpace) {
        self.model = model
        self.space = space
        let axes = space.axes, frames = model.frames, n = frames.count
        func scroll(_ i: Int) -> Double { axes.axisRect(frames[i]).scroll }
        let inOrder = frames.withUnsafeBufferPointer { frames in
            (1..<Swift.max(n, 1)).allSatisfy { axes.axisRect(frames[$0 - 1]).scroll <= axes.axisRect(frames[$0]).scroll }
        }
        if !inOrder {
            // Keys next to their items. Hosts usually give frames nearly in order (a row's items
            // start at different places): insertion sort costs what is out of order, up to a
            // budget; past it, the library's (stable) sort.
            var keyed = (0..<n).map { (key: scroll($0), item: Int32($0)) }
            if !Self.insertionSort(&keyed, budget: 16 * n) { keyed.sort { $0.key < $1.key } }
            order = keyed.map(\.item)
        }
        leaves = 1
        while leaves < n { leaves *= 2 }
        // The leaves in scroll order, then the inner nodes (written once each, over unsafe views:
        // this pass is most of the cost of a custom section).
        var lo = (line: Double.infinity, scroll: Double.infinity), hi = (line: -Double.infinity, scroll: -Double.infinity)
        let leaves = self.leaves, order = self.order
        maxEnd = [Double](unsafeUninitializedCapacity: 2 * leaves) { tree, initialized in
            frames.withUnsafeBufferPointer { frames in
                for k in 0..<n {
                    let r = axes.axisRect(frames[order.map { Int($0[k]) } ?? k])
                    tree[leaves + k] = r.scrollEnd
                    lo = (Swift.min(lo.line, r.line), Swift.min(lo.scroll, r.scroll))
                    hi = (Swift.max(hi.line, r.lineEnd), Swift.max(hi.scroll, r.scrollEnd))
                }
            }
            for k in (leaves + n)..<(2 * leaves) { tree[k] = -Double.infinity }
            tree[0] = -Double.infinity
            for k in stride(from: leaves - 1, to: 0, by: -1) { tree[k] = Swift.max(tree[2 * k], tree[2 * k + 1]) }
            initialized = 2 * leaves
        }
        if n > 0 {
            extent = Swift.max(0, maxEnd[1])
            cellBounds = AxisRect(line: lo.line, scroll: lo.scroll, lineExtent: hi.line - lo.line, scrollExtent: hi.scroll - lo.scroll)
        }
    }

    private func item(at k: Int) -> Int { order.map { Int($0[k]) } ?? k }

    mutating func update(items: [Int], _ write: (inout SectionModel) -> Void) {
        write(&model)
        self = Self(model, in: space)
    }

    func cellFrame(_ item: Int) -> AxisRect? {
        guard item >= 0, item < model.frames.count else { return nil }
        return space.axes.axisRect(model.frames[item])
    }

    func forEachElement(in area: AxisRect, _ visit: (BodyElement, AxisRect) -> Void) {
        // Items that start before the area's end, of which the tree finds those ending after its start.
        let count = partition(0..<model.frames.count) { space.axes.axisRect(model.frames[item(at: $0)]).scroll < area.scrollEnd }
        visitNode(1, covering: 0..<leaves, below: count, endingAfter: area.scroll, visit)
    }

    /// Every cell's start is a snap target (SPEC §10.6); `order` sorts them.
    func lineStarts(around isBefore: (Double) -> Bool) -> Neighbours {
        Neighbours(model.frames.count, { space.axes.axisRect(model.frames[item(at: $0)]).scroll }, around: isBefore)
    }

    private func visitNode(_ node: Int, covering range: Range<Int>, below count: Int, endingAfter scroll: Double,
                           _ visit: (BodyElement, AxisRect) -> Void) {
        guard range.lowerBound < count, maxEnd[node] > scroll else { return }
        if range.count == 1 {
            let item = item(at: range.lowerBound)
            if let frame = cellFrame(item) { visit(.cell(item), frame) }
            return
        }
        let mid = range.lowerBound + range.count / 2
        visitNode(2 * node, covering: range.lowerBound..<mid, below: count, endingAfter: scroll, visit)
        visitNode(2 * node + 1, covering: mid..<range.upperBound, below: count, endingAfter: scroll, visit)
    }

    /// Sorts by key, stably, if that takes at most `budget` moves; false (order unspecified but
    /// complete) otherwise.
    private static func insertionSort(_ a: inout [(key: Double, item: Int32)], budget: Int) -> Bool {
        var moves = 0
        for i in a.indices.dropFirst() where a[i].key < a[i - 1].key {
            let x = a[i]
            var j = i
            while j > 0 && a[j - 1].key > x.key {
                a[j] = a[j - 1]
                j -= 1
            }
            a[j] = x
            moves += i - j
            if moves > budget { return false }
        }
        return true
    }
}
