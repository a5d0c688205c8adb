/// The body of a flow section (SPEC §3, §6): items broken greedily into lines, inline elements as
/// lines of their own. Geometry is stored column-wise: per item its line-axis origin; per line
/// its start and thickness (in `LineStore`). An item's place inside its line is derived.
///
/// Scroll positions are relative to the start of the body (after header and leading inset);
/// line positions are content coordinates.
struct FlowBody: LineBody {
    static var takesInlineElements: Bool { true }

    private(set) var model: SectionModel
    private var space: BodySpace
    private var linePos = Column<Double>()
    private(set) var lines = LineStore()
    private var geometry: FlowGeometry
    /// The scroll-axis extent of the body.
    private(set) var extent: Double = 0

    private var inlines: [InlineElement] { model.inlines }

    init(_ model: SectionModel, in space: BodySpace) {
        self.model = model
        self.space = space
        self.geometry = FlowGeometry(metrics: model.metrics, space: space)
        layoutAll()
    }

    /// Lays the body out again for new data or a new space, re-using the arrays of the last pass.
    mutating func reload(_ model: SectionModel, in space: BodySpace) {
        self.model = model
        self.space = space
        geometry = FlowGeometry(metrics: model.metrics, space: space)
        layoutAll()
    }

    private mutating func layoutAll() {
        let n = model.itemCount
        // The pass writes every entry: keep the array of the last pass when it is one whole array
        // of the same count (taken out of the column, so that it is not copied on write).
        var positions = linePos.isOnePiece && linePos.count == n ? linePos.array : []
        linePos = Column()
        if positions.count != n {
            positions = [Double](unsafeUninitializedCapacity: n) { _, count in count = n }
        }
        var builder = LineStore.Builder(atMost: model.itemCount + model.inlines.count)
        var cursor = Cursor()
        withPass(&positions) { pass, inlines in
            while !pass.isAtEnd(cursor, inlines) { builder.append(pass.layLine(&cursor, inlines)) }
        }
        linePos = Column(positions)
        lines = builder.finish()
        extent = cursor.position
    }

    // MARK: Incremental change

    /// Re-flows from the first affected line of each changed item, until the lines meet the old
    /// ones again; the rest only moves.
    mutating func update(items changed: [Int], _ write: (inout SectionModel) -> Void) {
        // A re-flow costs about half a chunk of lines; past one change in 256 items one pass over
        // the section costs less (invalidating never costs more than laying out again).
        if changed.count * 256 >= model.itemCount {
            write(&model)
            layoutAll()
            return
        }
        let axes = geometry.axes, before = changed.map { model.sizes[$0].extents(axes).line }
        write(&model)
        // Breaks and places along a line depend on the items' line-axis extents only (SPEC §3):
        // items that keep theirs (a cell measured taller, not wider) change their lines'
        // thickness, nothing else.
        if zip(changed, before).allSatisfy({ model.sizes[$0].extents(axes).line == $1 }) {
            rethickLines(of: changed)
            return
        }
        var positions = linePos.array
        linePos = Column()
        var k = 0
        var newLines: [Line] = []  // each re-flow's, one buffer for all
        while k < changed.count {
            k = reflow(from: changed[k], changed: changed, next: k, positions: &positions, newLines: &newLines)
        }
        lines.foldBounds()
        linePos = Column(positions)
    }

    /// Gives each line that holds one of `changed` (sorted) the thickness of its thickest item
    /// again; the lines after it move by the difference.
    private mutating func rethickLines(of changed: [Int]) {
        let axes = geometry.axes
        var k = 0, last = lines.startIndex, thicknesses: [(line: LineStore.Index, thickness: Double)] = []
        while k < changed.count, let i = lines.lineIndex(containing: changed[k], from: last) {
            let line = lines[i], next = lines.index(after: i)
            let end = next == lines.endIndex ? model.itemCount : lines[next].firstItem
            var thickness = 0.0
            for item in line.firstItem..<end { thickness = Swift.max(thickness, model.sizes[item].extents(axes).scroll) }
            while k < changed.count && changed[k] < end { k += 1 }
            last = i
            guard thickness != line.thickness else { continue }
            extent += thickness - line.thickness
            thicknesses.append((i, thickness))
        }
        lines.setThicknesses(thicknesses)
    }

    /// Re-flows from the line before the one holding `first` (its first item may now fit on the
    /// previous line). Returns the index in `changed` of the first item this pass did not reach.
    private mutating func reflow(from first: Int, changed: [Int], next: Int, positions: inout [Double],
                                 newLines: inout [Line]) -> Int {
        guard let line = lines.lineIndex(containing: first) else { return changed.count }
        let (start, from) = Self.restart(at: line, in: lines, changing: first)
        var cursor = from
        newLines.removeAll(keepingCapacity: true)
        var resume = lines.endIndex
        do {
            let oldLines = lines  // read while the pass writes the item columns
            withPass(&positions) { pass, inlines in
                var old = LineStore.Seeker(at: start, in: oldLines)
                while !pass.isAtEnd(cursor, inlines) {
                    // The old lines from a line with the same key on are the same lines, moved.
                    if cursor.item > first && old.seek(cursor.key, in: oldLines) {
                        resume = old.index
                        break
                    }
                    newLines.append(pass.layLine(&cursor, inlines))
                }
            }
        }
        var k = next
        while k < changed.count && changed[k] < cursor.item { k += 1 }
        if resume != lines.endIndex {
            let delta = cursor.position + geometry.lineSpacing - lines.start(resume)
            lines.replace(from: start, upTo: resume, with: newLines, shiftingRestBy: delta)
            extent += delta
        } else {
            lines.replace(from: start, upTo: resume, with: newLines, shiftingRestBy: 0)
            extent = cursor.position
        }
        return k
    }

    /// Where a pass that changes the items of `line` from `first` on starts again: the line
    /// before it when `first` is the line's first item (which may now fit on the previous line)
    /// and that line is not an inline element's; else `line` itself (the lines before it end as
    /// they did). And the cursor there.
    private static func restart(at line: LineStore.Index, in lines: LineStore, changing first: Int) -> (LineStore.Index, Cursor) {
        var start = line
        if lines[line].firstItem >= first, let previous = lines.index(before: start), !lines[previous].isInline { start = previous }
        let startLine = lines[start]
        var cursor = Cursor(item: startLine.firstItem, inline: Int(startLine.inlineIndex))
        if let previous = lines.index(before: start) {
            cursor.position = lines.end(previous)
            cursor.hasLine = true
        }
        return (start, cursor)
    }

    /// Runs a pass over the model's sizes (made one buffer first) and `positions`, with the
    /// section's inline elements.
    private mutating func withPass(_ positions: inout [Double], _ body: (inout FlowPass, [InlineElement]) -> Void) {
        if !model.sizes.isOnePiece { model.sizes = Column(model.sizes.array) }
        let geometry = self.geometry, inlines = self.inlines
        model.sizes.withUnsafeBufferPointer { sizes in
            positions.withUnsafeMutableBufferPointer { linePos in
                var pass = FlowPass(geometry: geometry, sizes: sizes, linePos: linePos)
                body(&pass, inlines)
            }
        }
    }

    // MARK: Edits (batch updates)

    /// The body of `model`, which is `old`'s model with the items of each hunk replaced (new
    /// items `hunk.new` for old items `hunk.old`; sorted, apart): `old`'s lines and positions
    /// shared, and only the lines from the one before each hunk laid out again, until they meet
    /// the old ones. Nil when a whole layout costs about as much, or the inline elements do not
    /// stand where the old ones did.
    func edited(to model: SectionModel, hunks: [ItemHunk]) -> (any SectionBody)? {
        FlowBody(editing: self, to: model, hunks: hunks)
    }

    init?(editing old: FlowBody, to model: SectionModel, hunks: [ItemHunk]) {
        guard old.model.metrics == model.metrics, hunks.count * 256 < model.itemCount,
              old.model.itemCount > 0, Self.inlinesCorrespond(old.model.inlines, model.inlines, hunks) else { return nil }
        self.model = model
        (space, geometry, lines, linePos, extent) = (old.space, old.geometry, old.lines, old.linePos, old.extent)
        // Lines and positions after the hunks done are in the old numbering moved by them: the
        // item count in that numbering is the new one less what the hunks to do will change.
        let total = hunks.reduce(0) { $0 + $1.new.count - $1.old.count }
        var toDo = total, h = 0
        // Lines need not meet the old ones again (equal items, one of another width inserted:
        // every later break moves by one item). Past this many items laid out again, laying
        // out the whole section costs less.
        var budget = (hunks.count + 32) * 64 + model.itemCount / 512, hint = lines.startIndex
        // The positions laid out again, all passes' in one array, each pass's with the old items
        // it replaces (put together with the old positions once, at the end).
        var laid: [Double] = [], relaid: [(old: Range<Int>, first: Int, at: Int)] = []
        var scratch = RelayScratch()
        // The next hunk's lines and sizes are fetched while this one is laid out (a cold update
        // spends much of its time waiting for them); the chunk found makes the next search's hint.
        var sizesHint = 0, nextHint = hint
        while h < hunks.count {
            if nextHint.chunk > hint.chunk { hint = nextHint }
            if h + 1 < hunks.count {
                // (Before this hunk is done, the lines after it are numbered without its change.)
                let next = hunks[h + 1].new.lowerBound
                model.sizes.prefetch(Swift.max(0, next - 8)..<(next + 16), hint: &sizesHint)
                nextHint = lines.prefetchLines(containing: next - (hunks[h].new.count - hunks[h].old.count), from: hint)
            }
            let shift = total - toDo
            guard let (next, range, end) = relay(hunks, from: h, count: model.itemCount - toDo, toDo: &toDo, budget: &budget,
                                            hint: &hint, scratch: &scratch) else {
                return nil
            }
            if let last = relaid.last, range.lowerBound < last.first + (laid.count - last.at) {
                // This pass began among the items the last one laid out: one replacement of both.
                laid.removeSubrange((last.at + range.lowerBound - last.first)...)
                relaid[relaid.count - 1].old = last.old.lowerBound..<(range.upperBound - shift)
            } else {
                relaid.append(((range.lowerBound - shift)..<(range.upperBound - shift), range.lowerBound, laid.count))
            }
            laid += scratch.window.positions(upTo: end)
            h = next
        }
        lines.foldBounds()
        var positions = Column<Double>(), at = 0
        positions.reservePieces(2 * relaid.count + 1)
        for (k, (range, _, from)) in relaid.enumerated() {
            positions.append(contentsOf: old.linePos, range: at..<range.lowerBound)
            positions.append(contentsOf: laid[from..<(k + 1 < relaid.count ? relaid[k + 1].at : laid.count)])
            at = range.upperBound
        }
        positions.append(contentsOf: old.linePos, range: at..<old.linePos.count)
        linePos = positions.compactedIfFragmented()
    }

    /// Whether `new` is `old` with each element's place moved by the hunks (none in a hunk).
    private static func inlinesCorrespond(_ old: [InlineElement], _ new: [InlineElement], _ hunks: [ItemHunk]) -> Bool {
        guard old.count == new.count else { return false }
        var h = 0, shift = 0
        for (a, b) in zip(old, new) {
            while h < hunks.count && hunks[h].old.upperBound <= a.before && !(hunks[h].old.isEmpty && hunks[h].old.lowerBound == a.before) {
                shift += hunks[h].new.count - hunks[h].old.count
                h += 1
            }
            if h < hunks.count && hunks[h].old.lowerBound <= a.before && a.before <= hunks[h].old.upperBound { return false }
            guard b.kind == a.kind, b.extent == a.extent, b.before == a.before + shift else { return false }
        }
        return true
    }

    /// What the passes of an edit reuse: the lines a pass lays out and the window of sizes and
    /// positions it lays them out on (one allocation each for all the hunks, not two per line),
    /// and where in the sizes' column the last read began (passes go forward).
    struct RelayScratch {
        var lines: [Line] = []
        var window = FlowWindow()
        var sizePiece = 0
    }

    /// Lays out again from where hunk `h` may change the lines (`restart`) until they meet the
    /// old ones past it (taking in the hunks it reaches). `current`: the item count of the lines as they are.
    /// Returns the first hunk not done, the items the new positions (`scratch.window`'s up to
    /// `end`) replace (in the numbering of the lines as they were), or nil past `budget` items laid
    /// out in all. `hint`: a line at or before hunk `h`'s (where the last pass began), made this
    /// pass's.
    private mutating func relay(_ hunks: [ItemHunk], from h: Int, count current: Int, toDo: inout Int, budget: inout Int,
                                hint: inout LineStore.Index, scratch: inout RelayScratch) -> (next: Int, replaced: Range<Int>, end: Int)? {
        // Items before `first` are numbered as they will be; from `first` on, the old items of
        // the hunk stand where its new ones will.
        let first = hunks[h].new.lowerBound, n = model.itemCount
        var taken = h, delta = 0  // hunks taken in, and the item change they make
        var start = hint, cursor = Cursor(), oldFirst = 0
        // Where the lines meet the old ones again (nil: at the end), its first item and start.
        var resume: (index: LineStore.Index, item: Int, start: Double)?
        let endIndex: LineStore.Index
        do {
            // The lines as they are, read while the pass lays out new ones (a copy bound here, not
            // one per look-up; gone before the lines change).
            let oldLines = lines, sizes = model.sizes, geometry = self.geometry, inlines = self.inlines
            (start, cursor) = Self.restart(at: oldLines.lineIndex(containing: Swift.min(first, current - 1), from: hint) ?? oldLines.startIndex,
                                           in: oldLines, changing: first)
            (hint, oldFirst, endIndex) = (start, cursor.item, oldLines.endIndex)
            scratch.lines.removeAll(keepingCapacity: true)
            scratch.window.reset(at: oldFirst)
            var old = LineStore.Seeker(at: start, in: oldLines), piece = scratch.sizePiece, done = false
            defer { scratch.sizePiece = piece }
            // Lines are laid out on the window until it ends before one may: then it grows.
            while !done {
                let base = scratch.window.first
                let passed: Bool? = scratch.window.withPass(geometry) { pass in
                    while cursor.item < n || cursor.inline < inlines.count {
                        guard cursor.item - oldFirst <= budget else { return nil }
                        // Take in the hunks the pass has reached.
                        while taken < hunks.count && hunks[taken].new.lowerBound <= cursor.item {
                            delta += hunks[taken].new.count - hunks[taken].old.count
                            taken += 1
                        }
                        if taken > h && cursor.item >= hunks[taken - 1].new.upperBound {
                            // Past the hunks: an old line with this key (in the old numbering) is where
                            // the old lines go on, moved.
                            if old.seek(LineKey(item: cursor.item - delta, inline: cursor.inline), in: oldLines) {
                                resume = (old.index, cursor.item - delta, oldLines.start(old.index))
                                return true
                            }
                        }
                        // A line that may go on past the window's end is laid out again once the
                        // window has grown (the cursor goes back to before it).
                        let before = cursor
                        var short = false
                        let line = cursor.layLine(geometry, inlines, itemCount: n) { item, runEnd, start, inline in
                            if let laid = pass.line(from: item, runEnd: runEnd, base: base, start: start, inline: inline) { return laid }
                            short = true
                            return (Line(start: start, thickness: 0, firstItem: item, inlineIndex: 0, isInline: false), item)
                        }
                        if short {
                            cursor = before
                            return false
                        }
                        scratch.lines.append(line)
                    }
                    return true
                }
                guard let passed else { return nil }
                done = passed
                if !done { scratch.window.grow(upTo: n) { range, values in sizes.copy(range, into: values, hint: &piece) } }
            }
        }
        if resume == nil {
            // At the end, every hunk was reached (one that deletes the last items stands there).
            delta += hunks[taken...].reduce(0) { $0 + $1.new.count - $1.old.count }
            taken = hunks.count
        }
        // Old items oldFirst ..< (the resume line's first) give way to the new positions.
        if let resume {
            let next = cursor.hasLine ? cursor.position + geometry.lineSpacing : cursor.position
            lines.replace(from: start, upTo: resume.index, with: scratch.lines, shiftingRestBy: next - resume.start, items: delta)
            extent += next - resume.start
        } else {
            lines.replace(from: start, upTo: endIndex, with: scratch.lines, shiftingRestBy: 0)
            extent = cursor.position
        }
        toDo -= delta
        budget -= cursor.item - oldFirst
        return (taken, oldFirst..<(resume?.item ?? current), cursor.item)
    }

    // MARK: Queries (the rest: LineBody)

    /// An item sits inside its line by the cross alignment (SPEC §3), derived here rather than stored.
    func cellFrame(_ item: Int, line: Line, start: Double) -> AxisRect {
        geometry.cellFrame(model.sizes[item], at: linePos[item], lineStart: start, thickness: line.thickness)
    }

    func inlineFrame(line: Line, start: Double) -> AxisRect { geometry.inlineFrame(lineStart: start, thickness: line.thickness) }
}

/// Old items of a section replaced by new ones in a batch update: new items `new` stand where
/// old items `old` stood (either may be empty); the items between hunks keep their order.
struct ItemHunk: Equatable {
    var new: Range<Int>
    var old: Range<Int>
}

#if DEBUG
extension FlowBody {
    func brokenStorageInvariant() -> String? {
        lines.brokenInvariant() ?? linePos.brokenInvariant() ?? model.sizes.brokenInvariant()
    }
}
#endif
