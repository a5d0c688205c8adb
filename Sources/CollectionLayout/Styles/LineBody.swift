/// A body whose cells and inline elements stand on lines (flow, grid): its lines and how an
/// element sits on its line are the style's; finding them is this protocol's.
protocol LineBody: SectionBody {
    var lines: LineStore { get }
    func cellFrame(_ item: Int, line: Line, start: Double) -> AxisRect
    func inlineFrame(line: Line, start: Double) -> AxisRect
}

extension LineBody {
    func cellFrame(_ item: Int) -> AxisRect? {
        guard item >= 0, item < model.itemCount, let i = lines.lineIndex(containing: item) else { return nil }
        return cellFrame(item, line: lines[i], start: lines.start(i))
    }

    /// Walks the lines forward from the first item's: items near each other cost one step, not
    /// a binary search each, and items of one line read it once.
    func cellFrames(_ items: [Int]) -> [AxisRect?] {
        let lines = self.lines
        var frames: [AxisRect?] = []
        frames.reserveCapacity(items.count)
        var i: LineStore.Index?, read: (index: LineStore.Index, line: Line, start: Double)?
        for item in items {
            guard item >= 0, item < model.itemCount else { frames.append(nil); continue }
            if var at = i {
                // A few lines on, else search (the next item may be far).
                var steps = 0
                while steps < 8, case let next = lines.index(after: at), next != lines.endIndex, lines[next].firstItem <= item {
                    at = next
                    steps += 1
                }
                i = steps == 8 ? lines.lineIndex(containing: item) : at
            } else {
                i = lines.lineIndex(containing: item)
            }
            guard let at = i else { frames.append(nil); continue }
            if read?.index != at { read = (at, lines[at], lines.start(at)) }
            frames.append(cellFrame(item, line: read!.line, start: read!.start))
        }
        return frames
    }

    /// The frame of the inline element `index` of the section's list.
    func inlineFrame(_ index: Int) -> AxisRect? {
        let inlines = model.inlines
        guard index >= 0, index < inlines.count, let i = lines.index(of: LineKey(item: inlines[index].before, inline: index)) else { return nil }
        return inlineFrame(line: lines[i], start: lines.start(i))
    }

    /// Every element of the lines that cross the scroll range of `area`.
    func forEachElement(in area: AxisRect, _ visit: (BodyElement, AxisRect) -> Void) {
        for (line, start, items) in lines.lines(crossing: area, itemCount: model.itemCount) {
            if line.isInline {
                visit(.inline(Int(line.inlineIndex)), inlineFrame(line: line, start: start))
            } else {
                for item in items { visit(.cell(item), cellFrame(item, line: line, start: start)) }
            }
        }
    }

    var cellBounds: AxisRect? { lines.cellBounds(itemCount: model.itemCount) }

    /// Every line, item row or inline element, is a snap target (SPEC §10.6).
    func lineStarts(around isBefore: (Double) -> Bool) -> Neighbours {
        let last = lines.lastIndex { line, base in isBefore(base + line.start) }
        let next = last.map { lines.index(after: $0) } ?? lines.startIndex
        return Neighbours(last: last.map { lines.start($0) }, first: next == lines.endIndex ? nil : lines.start(next))
    }

    /// A line's range is its thickness, whatever its cells' alignment (SPEC §10.6).
    func forEachLineRange(in area: AxisRect, _ visit: (_ start: Double, _ extent: Double) -> Void) {
        for (line, start, _) in lines.lines(crossing: area, itemCount: model.itemCount) { visit(start, line.thickness) }
    }
}

/// One line of a flow body: a row of items (vertical layout) or an inline element (SPEC §6).
struct Line {
    /// Scroll-axis start, relative to the base of the chunk that holds the line.
    var start: Double
    var thickness: Double
    /// The first item of an item line; for an inline line the item it stands before.
    var firstItem: Int
    /// For an inline line its index in the section's inline list; for an item line the number of
    /// inline elements before it. With `firstItem` this orders lines strictly (see `key`).
    var inlineIndex: Int32
    var isInline: Bool
    /// Line-axis extent of the line's items (min origin, max end); empty (+inf, -inf) for an
    /// inline line. Chunks fold these into the cells' bounds (decorations of coverage `items`).
    var low = Double.infinity
    var high = -Double.infinity

    var key: LineKey { LineKey(item: firstItem, inline: Int(inlineIndex)) }
}

/// Where a flow pass stands: the next item and the next inline element. Lines are laid out in
/// strictly increasing key order, which lets a re-flow find where it meets the old lines again.
struct LineKey: Comparable {
    var item: Int
    var inline: Int
    static func < (a: LineKey, b: LineKey) -> Bool { (a.item, a.inline) < (b.item, b.inline) }
}

#if DEBUG
extension LineBody {
    /// Its lines and its items' sizes keep their promises (FlowBody adds its positions).
    func brokenStorageInvariant() -> String? { lines.brokenInvariant() ?? model.sizes.brokenInvariant() }
}
#endif
