/// The body of a flow section whose items take an estimated size until measured (SPEC §10.4),
/// laid out without touching every item. A run of lines that hold estimated items only is one
/// piece (each of its lines holds the same items in the same places, one pitch further on);
/// the other lines (those with a measured item, inline elements, the last lines before a
/// measured item or the end of a run) are pieces of one line, whose items are placed again when
/// asked. A pass costs what the measured items and inline elements cost, not the item count,
/// and gives the frames FlowBody gives for the same sizes (its line breaking, on windows).
struct EstimatedFlowBody: SectionBody {
    static var takesInlineElements: Bool { true }

    /// `count` lines from `line`; in a run of estimated lines (`perLine` > 0) line j starts j
    /// pitches later and holds `perLine` items from `line.firstItem + j * perLine`. A piece of
    /// one laid-out line (`perLine` 0) holds the items up to the next piece's first.
    struct Piece {
        var line: Line
        var count = 1
        var perLine = 0
    }

    /// A full line of estimated items (not the last of its run): how many, and where they stand.
    private struct Template {
        var perLine: Int
        var positions: [Double]
        var line: Line
    }

    private(set) var model: SectionModel
    private let geometry: FlowGeometry
    private var template: Template?
    private var pieces: [Piece] = []
    private(set) var extent = 0.0
    private var bounds = (low: Double.infinity, high: -Double.infinity)

    /// A line holds at most this many estimated items as a template (a wider line is laid out
    /// line by line: it is one line per screen anyway).
    private static let templateLimit = 4096

    init(_ model: SectionModel, in space: BodySpace) {
        self.model = model
        geometry = FlowGeometry(metrics: model.metrics, space: space)
        template = Self.template(for: model.estimated?.estimate ?? .zero, geometry)
        layoutAll()
    }

    private static func template(for estimate: Size, _ g: FlowGeometry) -> Template? {
        let (w, _) = estimate.extents(g.axes)
        // The greedy break of FlowPass for equal items, in its arithmetic.
        var used = w, count = 1
        while count <= templateLimit && !(used + g.spacing + w > g.available + 1e-9) {
            used += g.spacing + w
            count += 1
        }
        guard count <= templateLimit else { return nil }
        var window = FlowWindow()
        let (line, end) = window.line(from: 0, runEnd: count + 1, start: 0, inline: 0, g) { _, sizes in
            sizes.update(repeating: estimate)
        }
        return Template(perLine: count, positions: Array(window.positions(upTo: end)), line: line)
    }

    /// The line that starts at `item` (of a run ending at `runEnd`), laid out by FlowPass.
    private func layLine(from item: Int, runEnd: Int, start: Double, inline: Int) -> (line: Line, end: Int, positions: ArraySlice<Double>) {
        var window = FlowWindow(at: item)
        let (line, end) = window.line(from: item, runEnd: runEnd, start: start, inline: inline, geometry) { range, sizes in
            for (k, i) in range.enumerated() { sizes[k] = model.size(i) }
        }
        return (line, end, window.positions(upTo: end))
    }

    // MARK: The pass

    /// Where a pass stands: the next item and inline element, the end of the last line.
    private struct Cursor {
        var item = 0
        var inline = 0
        var position = 0.0
        var hasLine = false
    }

    private mutating func layoutAll() {
        var cursor = Cursor()
        pieces = lay(from: &cursor) { _ in false }
        extent = cursor.position
        foldBounds()
    }

    private mutating func foldBounds() {
        bounds = (Double.infinity, -Double.infinity)
        for piece in pieces where !piece.line.isInline {
            bounds = (Swift.min(bounds.low, piece.line.low), Swift.max(bounds.high, piece.line.high))
        }
    }

    /// Lays pieces from `cursor` to the end, or until `stop` says the pass may stop (asked at
    /// every line start after a piece).
    private func lay(from cursor: inout Cursor, until stop: (Cursor) -> Bool) -> [Piece] {
        var laid: [Piece] = []
        let n = model.itemCount, inlines = model.inlines, spacing = geometry.lineSpacing
        while cursor.item < n || cursor.inline < inlines.count {
            let start = cursor.hasLine ? cursor.position + spacing : cursor.position
            let (item, inline) = (cursor.item, cursor.inline)
            if inline < inlines.count && inlines[inline].before <= item {
                let line = Line(start: start, thickness: inlines[inline].extent, firstItem: item, inlineIndex: Int32(inline), isInline: true)
                laid.append(Piece(line: line))
                cursor.inline += 1
                cursor.position = start + line.thickness
            } else {
                let runEnd = inline < inlines.count ? inlines[inline].before : n
                let free = Swift.min(runEnd, model.estimated?.firstMeasured(from: item) ?? runEnd) - item
                if let t = template, free >= 2 * t.perLine {
                    // Whole lines of estimated items, leaving at least one such line before
                    // whatever comes next (its break does not depend on what follows).
                    let count = free / t.perLine - 1
                    var line = t.line
                    (line.start, line.firstItem, line.inlineIndex) = (start, item, Int32(inline))
                    laid.append(Piece(line: line, count: count, perLine: t.perLine))
                    cursor.item += count * t.perLine
                    cursor.position = start + Double(count) * line.thickness + Double(count - 1) * spacing
                } else {
                    let line = layLine(from: item, runEnd: runEnd, start: start, inline: inline)
                    laid.append(Piece(line: line.line))
                    cursor.item = line.end
                    cursor.position = start + line.line.thickness
                }
            }
            cursor.hasLine = true
            if stop(cursor) { break }
        }
        return laid
    }

    /// Measured sizes changed: lays out again from the line before the first changed item's
    /// until the pass, past the last changed item, starts a line where an old line started (from
    /// there on everything is as before, moved); a piece of estimated lines it meets is split.
    /// The cost is that of the lines between, not of the section.
    mutating func update(items changed: [Int], _ write: (inout SectionModel) -> Void) {
        write(&model)
        guard let first = changed.first, let last = changed.last, let p0 = piece(holding: first) else { return layoutAll() }
        // The line that holds `first`, then the one before it (the item may now fit there).
        var (p, j) = (p0, pieces[p0].perLine > 0 ? (first - pieces[p0].line.firstItem) / pieces[p0].perLine : 0)
        if j > 0 { j -= 1 } else if p > 0 { p -= 1; j = pieces[p].count - 1 }
        let old = pieces, spacing = geometry.lineSpacing
        var cursor = Cursor(item: old[p].line.firstItem + j * old[p].perLine, inline: Int(old[p].line.inlineIndex))
        if p > 0 || j > 0 {
            cursor.position = lineStart(p, j) - spacing
            cursor.hasLine = true
        }
        // Old line starts from piece `q` on, searched forward as the pass goes.
        var q = p, resume: (piece: Int, line: Int, delta: Double)?
        let laid = lay(from: &cursor) { c in
            guard c.item > last else { return false }
            while q < old.count && (old[q].line.firstItem + (old[q].count - 1) * old[q].perLine < c.item
                    || (old[q].line.firstItem == c.item && Int(old[q].line.inlineIndex) < c.inline)) { q += 1 }
            guard q < old.count, Int(old[q].line.inlineIndex) == c.inline else { return false }
            let offset = c.item - old[q].line.firstItem
            guard offset >= 0, old[q].perLine > 0 ? offset % old[q].perLine == 0 : offset == 0 else { return false }
            let k = old[q].perLine > 0 ? offset / old[q].perLine : 0
            guard !old[q].line.isInline || k == 0 else { return false }
            resume = (q, k, c.position + spacing - (old[q].line.start + Double(k) * (old[q].line.thickness + spacing)))
            return true
        }
        var next: [Piece] = []
        next.reserveCapacity(p + 1 + laid.count + (resume.map { old.count - $0.piece } ?? 0))  // exactly: memory per measured item
        next += old[..<p]
        if j > 0 {  // the lines of piece p before the one laid again
            var head = old[p]
            head.count = j
            next.append(head)
        }
        next += laid
        if let (q, k, delta) = resume {
            for (index, var piece) in old[q...].enumerated() {
                if index == 0 && k > 0 {  // the rest of a run of estimated lines
                    piece.line.start += Double(k) * (piece.line.thickness + spacing)
                    piece.line.firstItem += k * piece.perLine
                    piece.count -= k
                }
                piece.line.start += delta
                next.append(piece)
            }
            extent += delta
        } else {
            extent = cursor.position
        }
        pieces = next
        foldBounds()
    }
}

// MARK: Queries

extension EstimatedFlowBody {
    /// Line j of piece p: its start and its first item.
    private func lineStart(_ p: Int, _ j: Int) -> Double {
        let piece = pieces[p]
        return j == 0 ? piece.line.start : piece.line.start + Double(j) * (piece.line.thickness + geometry.lineSpacing)
    }

    private func pieceEnd(_ p: Int) -> Double { lineStart(p, pieces[p].count - 1) + pieces[p].line.thickness }

    /// The piece whose lines hold `item` (the last that starts at or before it: an inline line
    /// before the item comes before the item's line).
    private func piece(holding item: Int) -> Int? {
        let p = partition(0..<pieces.count) { pieces[$0].line.firstItem <= item } - 1
        return p >= 0 && !pieces[p].line.isInline ? p : nil
    }

    /// Visits the cells of line j of piece p (starting at `start`) with their frames.
    private func forEachCell(_ p: Int, _ j: Int, start: Double, _ visit: (Int, AxisRect) -> Void) {
        let piece = pieces[p]
        if piece.perLine > 0, let t = template {
            let first = piece.line.firstItem + j * piece.perLine
            for k in 0..<piece.perLine { visit(first + k, cellFrame(first + k, position: t.positions[k], start: start, thickness: piece.line.thickness)) }
            return
        }
        let runEnd = Int(piece.line.inlineIndex) < model.inlines.count ? model.inlines[Int(piece.line.inlineIndex)].before : model.itemCount
        let laid = layLine(from: piece.line.firstItem, runEnd: runEnd, start: start, inline: Int(piece.line.inlineIndex))
        for (k, x) in laid.positions.enumerated() {
            let item = piece.line.firstItem + k
            visit(item, cellFrame(item, position: x, start: start, thickness: piece.line.thickness))
        }
    }

    private func cellFrame(_ item: Int, position: Double, start: Double, thickness: Double) -> AxisRect {
        geometry.cellFrame(model.size(item), at: position, lineStart: start, thickness: thickness)
    }

    private func inlineFrame(_ line: Line) -> AxisRect { geometry.inlineFrame(lineStart: line.start, thickness: line.thickness) }

    func cellFrame(_ item: Int) -> AxisRect? {
        guard item >= 0, item < model.itemCount, let p = piece(holding: item) else { return nil }
        let piece = pieces[p]
        let j = piece.perLine > 0 ? (item - piece.line.firstItem) / piece.perLine : 0
        var found: AxisRect?
        forEachCell(p, j, start: lineStart(p, j)) { i, frame in if i == item { found = frame } }
        return found
    }

    func inlineFrame(_ index: Int) -> AxisRect? {
        guard index >= 0, index < model.inlines.count else { return nil }
        let key = LineKey(item: model.inlines[index].before, inline: index)
        let p = partition(0..<pieces.count) { pieces[$0].line.key < key }
        guard p < pieces.count, pieces[p].line.isInline, Int(pieces[p].line.inlineIndex) == index else { return nil }
        return inlineFrame(pieces[p].line)
    }

    func forEachElement(in area: AxisRect, _ visit: (BodyElement, AxisRect) -> Void) {
        var p = partition(0..<pieces.count) { pieceEnd($0) <= area.scroll }
        while p < pieces.count && pieces[p].line.start < area.scrollEnd {
            let piece = pieces[p]
            if piece.line.isInline {
                visit(.inline(Int(piece.line.inlineIndex)), inlineFrame(piece.line))
            } else {
                // The first line that ends after the area's start, then those that start before its end.
                var j = partition(0..<piece.count) { lineStart(p, $0) + piece.line.thickness <= area.scroll }
                while j < piece.count {
                    let start = lineStart(p, j)
                    if start >= area.scrollEnd { break }
                    forEachCell(p, j, start: start) { item, frame in visit(.cell(item), frame) }
                    j += 1
                }
            }
            p += 1
        }
    }

    var cellBounds: AxisRect? {
        guard model.itemCount > 0, let first = piece(holding: 0), let last = piece(holding: model.itemCount - 1) else { return nil }
        let lastLine = pieces[last].perLine > 0 ? (model.itemCount - 1 - pieces[last].line.firstItem) / pieces[last].perLine : 0
        let top = pieces[first].line.start, bottom = lineStart(last, lastLine) + pieces[last].line.thickness
        return AxisRect(line: bounds.low, scroll: top, lineExtent: bounds.high - bounds.low, scrollExtent: bottom - top)
    }

    /// Each line with its thickness, each inline element with its extent (SPEC §10.6).
    func forEachLineRange(in area: AxisRect, _ visit: (_ start: Double, _ extent: Double) -> Void) {
        var p = partition(0..<pieces.count) { pieceEnd($0) <= area.scroll }
        while p < pieces.count && pieces[p].line.start < area.scrollEnd {
            let piece = pieces[p]
            if piece.line.isInline {
                let frame = inlineFrame(piece.line)
                visit(frame.scroll, frame.scrollExtent)
            } else {
                var j = partition(0..<piece.count) { lineStart(p, $0) + piece.line.thickness <= area.scroll }
                while j < piece.count && lineStart(p, j) < area.scrollEnd {
                    visit(lineStart(p, j), piece.line.thickness)
                    j += 1
                }
            }
            p += 1
        }
    }

    /// Every line is a snap target (SPEC §10.6): a binary search over the pieces, then inside one.
    func lineStarts(around isBefore: (Double) -> Bool) -> Neighbours {
        let p = partition(0..<pieces.count) { isBefore(pieces[$0].line.start) } - 1
        guard p >= 0 else { return Neighbours(first: pieces.first?.line.start) }
        let j = partition(0..<pieces[p].count) { isBefore(lineStart(p, $0)) } - 1
        let next = j + 1 < pieces[p].count ? lineStart(p, j + 1) : (p + 1 < pieces.count ? pieces[p + 1].line.start : nil)
        return Neighbours(last: lineStart(p, j), first: next)
    }
}
