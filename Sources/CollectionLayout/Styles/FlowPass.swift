// The line-breaking pass of flow sections (SPEC §3): the numbers it needs (FlowGeometry), where
// it stands (Cursor) and the pass itself (FlowPass), shared by FlowBody, FlowRun and
// EstimatedFlowBody.

/// The numbers a flow pass needs for one section at one viewport extent.
struct FlowGeometry {
    var axes: Axes
    /// Line-axis origin of the lines (the leading inset) and the extent available to them.
    var leading: Double
    var available: Double
    var lineSpacing: Double
    var spacing: Double
    var alignment: Alignment
    var crossAlignment: CrossAlignment
    /// Where a size's line-axis and scroll-axis extents are (Axes.sizeOffsets), for raw reads.
    let sizeOffsets: (line: Int, scroll: Int)

    init(metrics m: SectionMetrics, space: BodySpace) {
        self.axes = space.axes
        sizeOffsets = space.axes.sizeOffsets
        let insets = axes.axisInsets(m.insets)
        leading = insets.left
        available = space.lineExtent - insets.left - insets.right
        lineSpacing = m.lineSpacing
        spacing = m.interitemSpacing
        alignment = m.alignment
        crossAlignment = m.crossAlignment
    }

    /// An item of `size` at line-axis position `at` on a line: placed inside it by the cross
    /// alignment (SPEC §3), derived rather than stored.
    func cellFrame(_ size: Size, at position: Double, lineStart: Double, thickness: Double) -> AxisRect {
        let e = size.extents(axes)
        return AxisRect(line: position, scroll: lineStart + (thickness - e.scroll) * crossAlignment.factor, lineExtent: e.line, scrollExtent: e.scroll)
    }

    /// An inline element's line spans the available line axis (SPEC §6).
    func inlineFrame(lineStart: Double, thickness: Double) -> AxisRect {
        AxisRect(line: leading, scroll: lineStart, lineExtent: Swift.max(0, available), scrollExtent: thickness)
    }
}

/// Where a flow pass stands: the next item, the next inline element, and the end of the last
/// line laid out (the body's extent when the pass is done).
struct Cursor {
    var item = 0
    var inline = 0
    var position = 0.0
    /// Whether a line was laid out before (line spacing goes between lines only).
    var hasLine = false

    var key: LineKey { LineKey(item: item, inline: inline) }

    /// Lays out the line at the cursor (an inline element's, or items' by `items`: the line from
    /// an item, of a run that ends at `runEnd`, at a start; it returns the line and its end) and
    /// moves past it. The position is the end of the previous line; spacing is added here.
    @inline(__always)
    mutating func layLine(_ g: FlowGeometry, _ inlines: [InlineElement], itemCount: Int,
                          items: (_ first: Int, _ runEnd: Int, _ start: Double, _ inline: Int) -> (Line, end: Int)) -> Line {
        let start = hasLine ? position + g.lineSpacing : position
        let line: Line
        if inline < inlines.count && inlines[inline].before <= item {
            line = Line(start: start, thickness: inlines[inline].extent, firstItem: item, inlineIndex: Int32(inline), isInline: true)
            inline += 1
        } else {
            let end: Int
            (line, end) = items(item, inline < inlines.count ? inlines[inline].before : itemCount, start, inline)
            item = end
        }
        position = start + line.thickness
        hasLine = true
        return line
    }
}

/// Lays out lines one by one over unsafe views of a body's columns: the hot loop of the engine.
/// (The section's inline elements are the caller's: a pass over a window of items has none.)
struct FlowPass {
    let geometry: FlowGeometry
    let sizes: UnsafeBufferPointer<Size>
    let linePos: UnsafeMutableBufferPointer<Double>

    func isAtEnd(_ c: Cursor, _ inlines: [InlineElement]) -> Bool { c.item >= sizes.count && c.inline >= inlines.count }

    /// Lays out the line at the cursor, writes its items' positions and moves the cursor past it.
    func layLine(_ c: inout Cursor, _ inlines: [InlineElement]) -> Line {
        c.layLine(geometry, inlines, itemCount: sizes.count) { layItems(from: $0, runEnd: $1, start: $2, inlineIndex: $3) }
    }

    /// Lays out every line of a section without inline elements and keeps nothing: its extent and
    /// the line-axis bounds of its cells (what a run notes of each of its sections). The lines
    /// are `layLine`'s, without a cursor's inline elements to look at.
    func measure() -> (extent: Double, low: Double, high: Double) {
        var item = 0, position = 0.0, low = Double.infinity, high = -Double.infinity
        while item < sizes.count {
            let start = item == 0 ? 0 : position + geometry.lineSpacing
            let (line, end) = layItems(from: item, runEnd: sizes.count, start: start, inlineIndex: 0)
            (low, high) = (Swift.min(low, line.low), Swift.max(high, line.high))
            (position, item) = (start + line.thickness, end)
        }
        return (position, low, high)
    }

    /// Item i's extents along each axis, read at the offsets the geometry took from Size's
    /// layout (no branch on the direction). (Wrapping arithmetic: i < CL_MAX_ITEMS, so the
    /// offsets cannot overflow.)
    @inline(__always) private func lineExtent(_ i: Int) -> Double {
        UnsafeRawBufferPointer(sizes).load(fromByteOffset: i &* MemoryLayout<Size>.stride &+ geometry.sizeOffsets.line, as: Double.self)
    }
    @inline(__always) private func scrollExtent(_ i: Int) -> Double {
        UnsafeRawBufferPointer(sizes).load(fromByteOffset: i &* MemoryLayout<Size>.stride &+ geometry.sizeOffsets.scroll, as: Double.self)
    }

    /// Greedy line breaking, then alignment along the line and inside it (SPEC §3).
    func layItems(from first: Int, runEnd: Int, start: Double, inlineIndex: Int) -> (Line, end: Int) {
        let a = geometry.available, s = geometry.spacing
        var used = lineExtent(first)
        var thickness = scrollExtent(first)
        var end = first + 1
        while end < runEnd {
            let w = lineExtent(end)
            if used + s + w > a + 1e-9 { break }
            used += s + w
            thickness = Swift.max(thickness, scrollExtent(end))
            end += 1
        }
        let n = end - first
        var x = geometry.leading, gap = s
        if n == 1 && used > a {
            // Oversized: alone at the leading inset, not centred.
        } else {
            switch geometry.alignment {
            case .justified:
                if end == runEnd {
                    // Last line of a run: spaced as if copies of its last item went on (SPEC §3).
                    let last = lineExtent(end - 1) + s
                    if last == 0 {
                        gap = s
                    } else if n == 1 {
                        // One item: it is centred when no copy fits (the count below is 1), and
                        // the gap does not matter. (room < last ⟺ room / last < 1 for room > 0.)
                        if a - used + 1e-9 < last { x += (a - used) / 2 }
                    } else {
                        let copies = Swift.max(0, ((a - used + 1e-9) / last).rounded(.down))
                        let count = Double(n) + copies
                        if count == 1 {
                            x += (a - used) / 2
                        } else if copies.isFinite {
                            gap = s + (a - used - copies * last) / (count - 1)
                        }  // (else copies of a last item of almost no extent without end: the gap tends to the spacing)
                    }
                } else if n == 1 {
                    x += (a - used) / 2
                } else {
                    gap = s + (a - used) / Double(n - 1)
                }
            case .leading: break
            case .center: x += (a - used) / 2
            case .trailing: x += a - used
            }
        }
        let low = x
        for i in first..<end {
            linePos[i] = x
            x += lineExtent(i) + gap
        }
        let high = linePos[end - 1] + lineExtent(end - 1)
        return (Line(start: start, thickness: thickness, firstItem: first, inlineIndex: Int32(inlineIndex), isInline: false,
                     low: low, high: high), end)
    }
}

/// The sizes and positions of items from `first` on, for passes over sizes that are not one
/// buffer (a column of pieces, estimated sizes): read into the window as the lines need them
/// (it grows until a line ends inside it), laid out there by FlowPass. A re-flow keeps one
/// window for all its lines (laid out inside one `withPass` until the window must grow), and an
/// edit one for all its re-flows.
struct FlowWindow {
    private(set) var first = 0
    /// Items first ..< first + count are read (the arrays may hold more, kept from earlier
    /// windows: a window starts again without freeing or clearing them).
    private var count = 0
    private var sizes: [Size] = []
    private var positions: [Double] = []

    init(at first: Int = 0) { self.first = first }

    /// Where the window ends (exclusive).
    var end: Int { first + count }

    /// Starts again at item `first`, keeping the buffers.
    mutating func reset(at first: Int) { (self.first, count) = (first, 0) }

    /// The positions laid out for items `first ..< end`.
    func positions(upTo end: Int) -> ArraySlice<Double> { positions[..<(end - first)] }

    /// Reads more sizes (at least 64, and as many as the window holds; not past `limit`) through
    /// `read`, which writes the sizes of items `range` into the buffer.
    mutating func grow(upTo limit: Int, read: (_ range: Range<Int>, _ sizes: UnsafeMutableBufferPointer<Size>) -> Void) {
        let more = Swift.min(limit, end + Swift.max(16, count)) - end
        if sizes.count < count + more {
            let added = count + more - sizes.count
            sizes.append(contentsOf: repeatElement(.zero, count: added))
            positions.append(contentsOf: repeatElement(0, count: added))
        }
        let (range, at) = (end..<(end + more), count)
        sizes.withUnsafeMutableBufferPointer { read(range, UnsafeMutableBufferPointer(rebasing: $0[at..<(at + more)])) }
        count += more
    }

    /// A pass over the window's views (its index 0 is item `first`).
    mutating func withPass<R>(_ g: FlowGeometry, _ body: (FlowPass) -> R) -> R {
        let count = self.count
        // (Both views mutable: disjoint accesses to the window, no copy of the sizes.)
        return positions.withUnsafeMutableBufferPointer { p in
            sizes.withUnsafeMutableBufferPointer { s in
                body(FlowPass(geometry: g, sizes: UnsafeBufferPointer(rebasing: s[..<count]), linePos: UnsafeMutableBufferPointer(rebasing: p[..<count])))
            }
        }
    }

    /// The item line that starts at `item` (at or after `first`), of a run that ends at `runEnd`:
    /// its line and where it ends, laid out on the window grown as far as the line needs.
    mutating func line(from item: Int, runEnd: Int, start: Double, inline: Int, _ g: FlowGeometry,
                       read: (_ range: Range<Int>, _ sizes: UnsafeMutableBufferPointer<Size>) -> Void) -> (line: Line, end: Int) {
        let first = self.first
        while true {
            if let laid = withPass(g, { $0.line(from: item, runEnd: runEnd, base: first, start: start, inline: inline) }) { return laid }
            grow(upTo: runEnd, read: read)
        }
    }
}

extension FlowPass {
    /// The item line from `item` of a run that ends at `runEnd`, on a pass over a window whose
    /// index 0 is item `base`: its line and where it ends, or nil when the window ends before
    /// the line may (a line that ends inside it broke where it would on the whole run).
    func line(from item: Int, runEnd: Int, base: Int, start: Double, inline: Int) -> (line: Line, end: Int)? {
        let upper = Swift.min(runEnd, base + sizes.count)
        guard upper > item else { return nil }
        var (line, end) = layItems(from: item - base, runEnd: upper - base, start: start, inlineIndex: inline)
        guard base + end < upper || upper == runEnd else { return nil }
        line.firstItem = item
        return (line, base + end)
    }
}
