/// A collection layout: a stack of sections along the scroll axis (SPEC §2), each section a header,
/// insets, a body laid out by its style and a footer. The stack owns what sections share: their
/// offsets, headers and footers, pinning, decorations, rect queries and invalidation.
///
/// Every change asks the data source first and checks what it got, and only then changes the
/// layout, so a failure leaves the last good layout in place.
public final class Layout {
    /// At most this many items in all sections together, so that no count from a data source
    /// can make an allocation fail (which would end the process).
    public static let maxElements = 1 << 28

    public private(set) var definition: LayoutDefinition
    public private(set) var viewport: Rect
    private let dataSource: LayoutDataSource
    private var axes: Axes
    private var sections: [Section] = []
    /// Scroll-axis start of each section, and the content's end last (sections.count + 1 values).
    private var starts: [Double] = [0]
    private var kinds = Kinds()
    private var decorations: [(kind: Kind, definition: DecorationDefinition)] = [] {
        didSet {
            sectionDecorations = decorations.filter { $0.definition.scope == .section }
            itemDecorations = decorations.filter { $0.definition.scope == .item }
            decorationReach = Self.reach(of: decorations)
            itemDecorationReach = Self.reach(of: itemDecorations)
        }
    }
    // Derived from `decorations` once, for the rect query.
    private var sectionDecorations: [(kind: Kind, definition: DecorationDefinition)] = []
    private var itemDecorations: [(kind: Kind, definition: DecorationDefinition)] = []
    private var decorationReach = 0.0
    private var itemDecorationReach = 0.0

    /// True while a data-source call is under way; every entry point refuses to run then.
    public private(set) var isInCallback = false

    public init(definition: LayoutDefinition, dataSource: LayoutDataSource) throws(LayoutError) {
        self.definition = try definition.validated()
        self.viewport = definition.viewport
        self.dataSource = dataSource
        self.axes = Axes(direction: definition.direction)
        for name in definition.kinds { _ = try kinds.register(name) }
        try invalidateAll()
    }

    // MARK: Kinds and decorations

    /// Registers a user kind name and returns its id; the same name gives the same id.
    public func registerKind(_ name: String) throws(LayoutError) -> Kind {
        try checkNotInCallback()
        return try kinds.register(name)
    }

    public func kindName(_ kind: Kind) -> String? { kinds.name(kind) }
    public func kind(named name: String) -> Kind? { kinds.kind(named: name) }

    /// Registers a decoration kind (SPEC §7). Its frames are derived on query; nothing is relaid.
    public func addDecoration(_ name: String, _ decoration: DecorationDefinition) throws(LayoutError) -> Kind {
        try checkNotInCallback()
        let values = [decoration.insets.top, decoration.insets.left, decoration.insets.bottom, decoration.insets.right]
        guard values.allSatisfy(\.isFinite) else {
            throw LayoutError(.invalidArgument, "decoration \"\(name)\": insets must be finite")
        }
        let kind = try kinds.register(name)
        guard !decorations.contains(where: { $0.kind == kind }) else {
            throw LayoutError(.invalidArgument, "decoration \"\(name)\" is already registered")
        }
        decorations.append((kind, decoration))
        return kind
    }

    // MARK: Viewport and changes

    /// A change of the line-axis extent relays out from the cached sizes; an origin-only change
    /// moves pinned elements and does no layout work (SPEC §10).
    public func setViewport(_ newViewport: Rect) throws(LayoutError) {
        try checkNotInCallback()
        try checkViewport(newViewport)
        let oldExtent = lineExtent
        viewport = newViewport
        if lineExtent != oldExtent {
            for s in sections.indices { sections[s].body.relayout(lineExtent: lineExtent, axes: axes) }
            recomputeStarts(from: 0)
        }
    }

    /// Asks the data source for everything again.
    public func invalidateAll() throws(LayoutError) {
        try checkNotInCallback()
        let count = try ask("section_count") { try dataSource.numberOfSections() }
        guard count >= 0, count <= Self.maxElements else {
            throw LayoutError(count < 0 ? .badCallbackData : .limit, "section_count returned \(count); it must be 0...\(Self.maxElements)")
        }
        var loaded: [(sizes: [Size], inlines: [InlineElement], metrics: SectionMetrics)] = []
        loaded.reserveCapacity(count)
        var total = 0
        for s in 0..<count {
            let n = try itemCount(s)
            total += n
            guard total <= Self.maxElements else {
                throw LayoutError(.limit, "more than \(Self.maxElements) items in all (section \(s) brings the total to \(total))")
            }
            let metrics = try sectionMetrics(s)
            loaded.append((try fetchSizes(section: s, count: n), try inlineElements(s, itemCount: n, style: metrics.style), metrics))
        }
        // Everything is fetched and checked: lay out, re-using the old sections' storage.
        sections.removeLast(Swift.max(0, sections.count - count))
        for (s, data) in loaded.enumerated() {
            if s < sections.count && sections[s].body.metrics.style == data.metrics.style {
                sections[s].body.reload(sizes: data.sizes, inlines: data.inlines, metrics: data.metrics, lineExtent: lineExtent, axes: axes)
            } else {
                let body = makeBody(sizes: data.sizes, inlines: data.inlines, metrics: data.metrics, lineExtent: lineExtent, axes: axes)
                if s < sections.count { sections[s].body = body } else { sections.append(Section(body: body)) }
            }
        }
        recomputeStarts(from: 0)
    }

    /// The sizes of these items changed: asks only them and re-flows from the first affected line
    /// of each section; later sections move by offset.
    public func invalidateItems(_ items: [(section: Int, item: Int)]) throws(LayoutError) {
        try checkNotInCallback()
        for (s, i) in items where !(sections.indices.contains(s) && i >= 0 && i < sections[s].body.itemCount) {
            throw LayoutError(.outOfRange, "item (\(s), \(i)) does not exist (\(sectionDescription(s)))")
        }
        // Ask for every new size first (consecutive items in one batch), then change the layout.
        var bySection: [Int: [Int]] = [:]
        for (s, i) in items { bySection[s, default: []].append(i) }
        var changes: [(section: Int, sizes: [(item: Int, size: Size)])] = []
        for s in bySection.keys.sorted() {
            let wanted = Array(Set(bySection[s] ?? [])).sorted()
            var fetched: [(item: Int, size: Size)] = []
            var runStart = 0
            while runStart < wanted.count {
                var runEnd = runStart + 1
                while runEnd < wanted.count && wanted[runEnd] == wanted[runEnd - 1] + 1 { runEnd += 1 }
                let first = wanted[runStart]
                let sizes = try fetchSizes(section: s, range: first..<(first + runEnd - runStart))
                for (k, size) in sizes.enumerated() { fetched.append((first + k, size)) }
                runStart = runEnd
            }
            changes.append((s, fetched))
        }
        for (s, sizes) in changes {
            let delta = sections[s].body.updateSizes(sizes)
            shiftStarts(after: s, by: delta)
        }
    }

    /// The metrics or inline elements of these sections changed: asks them again (not the sizes).
    public func invalidateSections(_ list: [Int]) throws(LayoutError) {
        try checkNotInCallback()
        for s in list where !sections.indices.contains(s) {
            throw LayoutError(.outOfRange, "section \(s) does not exist (\(sections.count) sections)")
        }
        var rebuilt: [(Int, any SectionBody)] = []
        for s in Array(Set(list)).sorted() {
            let sizes = sections[s].body.sizes
            let metrics = try sectionMetrics(s)
            let inlines = try inlineElements(s, itemCount: sizes.count, style: metrics.style)
            var body = makeBody(sizes: sizes, inlines: inlines, metrics: metrics, lineExtent: lineExtent, axes: axes)
            body.setOffset(sections[s].body.offset)
            rebuilt.append((s, body))
        }
        for (s, body) in rebuilt { sections[s].body = body }
        if let first = rebuilt.first { recomputeStarts(from: first.0) }
    }

    // MARK: Sideways scrolling (orthogonal sections, SPEC §4)

    /// Sets an orthogonal section's offset, clamped; only that section's frames shift.
    public func setOffset(_ offset: Double, section s: Int) throws(LayoutError) {
        try checkNotInCallback()
        try checkOrthogonal(s)
        guard offset.isFinite else { throw LayoutError(.invalidArgument, "section \(s): offset \(offset) must be finite") }
        sections[s].body.setOffset(offset)
    }

    /// An orthogonal section's offset, the strip's extent and the largest offset.
    public func scroll(section s: Int) throws(LayoutError) -> (offset: Double, contentExtent: Double, maxOffset: Double) {
        let strip = try checkOrthogonal(s)
        return (sections[s].body.offset, strip, Swift.max(0, strip - lineExtent))
    }

    /// Where an orthogonal section's offset comes to rest after a gesture (SPEC §10).
    public func targetOffset(section s: Int, proposed: Double, velocity: Double, snapping: Snapping,
                             decelerationRate rate: Double = Snapping.normalDeceleration) throws(LayoutError) -> Double {
        try checkOrthogonal(s)
        guard proposed.isFinite, velocity.isFinite else {
            throw LayoutError(.invalidArgument, "proposed offset \(proposed) and velocity \(velocity) must be finite")
        }
        guard rate > 0, rate < 1 else { throw LayoutError(.invalidArgument, "deceleration rate \(rate) must be in (0, 1)") }
        guard let body = sections[s].body as? OrthogonalBody else { return 0 }
        return body.targetOffset(proposed: proposed, velocity: velocity, snapping: snapping, rate: rate, viewportExtent: lineExtent)
    }

    /// The strip extent of an orthogonal section, or an error naming what is wrong.
    @discardableResult
    private func checkOrthogonal(_ s: Int) throws(LayoutError) -> Double {
        guard sections.indices.contains(s) else {
            throw LayoutError(.outOfRange, "section \(s) does not exist (\(sections.count) sections)")
        }
        guard let strip = sections[s].body.stripExtent else {
            throw LayoutError(.invalidArgument, "section \(s) is a flow section; only orthogonal sections scroll sideways")
        }
        return strip
    }

    // MARK: Queries

    public var contentSize: Size {
        let total = starts[starts.count - 1]
        return axes.direction == .vertical ? Size(width: lineExtent, height: total) : Size(width: total, height: lineExtent)
    }

    public var numberOfSections: Int { sections.count }

    public func numberOfItems(inSection section: Int) throws(LayoutError) -> Int {
        guard sections.indices.contains(section) else {
            throw LayoutError(.outOfRange, "section \(section) does not exist (\(sections.count) sections)")
        }
        return sections[section].body.itemCount
    }

    /// Visits every element whose frame overlaps `rect` with a positive area (SPEC §9), section by
    /// section in a fixed order, in O(log n + k).
    public func forEachElement(in rect: Rect, _ visit: (Attributes) -> Void) {
        guard rect.x.isFinite, rect.y.isFinite, rect.width.isFinite, rect.height.isFinite,
              rect.width > 0, rect.height > 0 else { return }
        let r = axes.axisRect(rect)
        // Decorations with negative insets reach out of their section: widen the search by that.
        let reach = decorationReach
        var s = firstSection(endingAfter: r.scroll - reach)
        while s < sections.count && starts[s] < r.scrollEnd + reach {
            visitSection(s, in: r, visit)
            s += 1
        }
    }

    public func elements(in rect: Rect) -> [Attributes] {
        var result: [Attributes] = []
        forEachElement(in: rect) { result.append($0) }
        return result
    }

    /// The attributes of one element by identity, or `.outOfRange` / `.unknownKind`.
    public func attributes(for id: ElementID) throws(LayoutError) -> Attributes {
        guard sections.indices.contains(id.section) else {
            throw LayoutError(.outOfRange, "\(describe(id)): section \(id.section) does not exist (\(sections.count) sections)")
        }
        let s = id.section
        switch id.category {
        case .cell:
            guard id.kind == .cell else { throw LayoutError(.unknownKind, "\(describe(id)): cells have kind 0") }
            guard let frame = sections[s].body.cellFrame(id.item) else {
                throw LayoutError(.outOfRange, "\(describe(id)) does not exist (\(sectionDescription(s)))")
            }
            return Attributes(id: id, frame: screen(frame, section: s))
        case .supplementary:
            if id.kind == .header || id.kind == .footer {
                let found = id.item == 0 ? (id.kind == .header ? header(s) : footer(s)) : nil
                guard let found else { throw LayoutError(.outOfRange, "\(describe(id)) does not exist") }
                return found
            }
            guard kinds.name(id.kind) != nil else { throw LayoutError(.unknownKind, "\(describe(id)): kind \(id.kind.rawValue) is not registered") }
            let body = sections[s].body
            guard let index = inlineIndex(body.inlines, kind: id.kind, before: id.item), let frame = body.inlineFrame(index) else {
                throw LayoutError(.outOfRange, "\(describe(id)) does not exist")
            }
            return Attributes(id: id, frame: screen(frame, section: s))
        case .decoration:
            guard let decoration = decorations.first(where: { $0.kind == id.kind }) else {
                throw LayoutError(.unknownKind, "\(describe(id)): kind \(id.kind.rawValue) is not a registered decoration")
            }
            let found: Attributes?
            switch decoration.definition.scope {
            case .section: found = id.item == 0 ? sectionDecoration(decoration, section: s) : nil
            case .item: found = sections[s].body.cellFrame(id.item).map { itemDecoration(decoration, item: id.item, cell: screenAxis($0, section: s), section: s) }
            }
            guard let found else { throw LayoutError(.outOfRange, "\(describe(id)) does not exist") }
            return found
        }
    }

    // MARK: Private: the stack

    private struct Section {
        var body: any SectionBody
        var metrics: SectionMetrics { body.metrics }
    }

    private var lineExtent: Double { axes.direction == .vertical ? viewport.width : viewport.height }

    private func sectionLength(_ s: Int) -> Double {
        let m = sections[s].metrics, insets = axes.axisInsets(m.insets)
        return m.header + insets.top + sections[s].body.extent + insets.bottom + m.footer
    }

    private func recomputeStarts(from first: Int) {
        starts.removeSubrange((first + 1)...)
        for s in first..<sections.count { starts.append(starts[s] + sectionLength(s)) }
    }

    private func shiftStarts(after s: Int, by delta: Double) {
        guard delta != 0 else { return }
        for k in (s + 1)..<starts.count { starts[k] += delta }
    }

    /// The first section that ends after `scroll` (binary search over the section starts).
    private func firstSection(endingAfter scroll: Double) -> Int {
        var lo = 0, hi = sections.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if starts[mid + 1] <= scroll { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    private func bodyStart(_ s: Int) -> Double { starts[s] + sections[s].metrics.header + axes.axisInsets(sections[s].metrics.insets).top }

    /// A body-relative frame in content coordinates (axis form).
    private func screenAxis(_ r: AxisRect, section s: Int) -> AxisRect {
        var r = r
        r.scroll += bodyStart(s)
        return r
    }

    private func screen(_ r: AxisRect, section s: Int) -> Rect { axes.rect(screenAxis(r, section: s)) }

    private func visitSection(_ s: Int, in r: AxisRect, _ visit: (Attributes) -> Void) {
        func emit(_ a: Attributes?) {
            if let a, axes.axisRect(a.frame).overlaps(r) { visit(a) }
        }
        for d in sectionDecorations { emit(sectionDecoration(d, section: s)) }
        emit(header(s))
        // Item decorations may stand out of their cell (negative insets): widen the search.
        let reach = itemDecorationReach
        let base = bodyStart(s)
        let body = sections[s].body
        let area = AxisRect(line: r.line - reach, scroll: r.scroll - base - reach,
                            lineExtent: r.lineExtent + 2 * reach, scrollExtent: r.scrollExtent + 2 * reach)
        body.forEachElement(in: area) { element, frame in
            let f = AxisRect(line: frame.line, scroll: frame.scroll + base, lineExtent: frame.lineExtent, scrollExtent: frame.scrollExtent)
            switch element {
            case .cell(let item):
                for d in itemDecorations { emit(itemDecoration(d, item: item, cell: f, section: s)) }
                if f.overlaps(r) { visit(Attributes(id: .cell(s, item), frame: axes.rect(f))) }
            case .inline(let index):
                let e = body.inlines[index]
                if f.overlaps(r) { visit(Attributes(id: ElementID(.supplementary, e.kind, section: s, item: e.before), frame: axes.rect(f))) }
            }
        }
        emit(footer(s))
    }

    // MARK: Private: headers, footers, pinning (SPEC §8)

    private var viewportLeading: Double { axes.direction == .vertical ? viewport.y : viewport.x }
    private var viewportTrailing: Double { viewportLeading + (axes.direction == .vertical ? viewport.height : viewport.width) }

    private func header(_ s: Int) -> Attributes? {
        let extent = sections[s].metrics.header
        guard extent > 0 else { return nil }
        var origin = starts[s]
        if definition.pinHeaders { origin = Swift.min(Swift.max(viewportLeading, origin), starts[s + 1] - extent) }
        return Attributes(id: .header(s), frame: axes.rect(AxisRect(line: 0, scroll: origin, lineExtent: lineExtent, scrollExtent: extent)),
                          z: definition.pinHeaders ? pinnedZ : 0)
    }

    private func footer(_ s: Int) -> Attributes? {
        let extent = sections[s].metrics.footer
        guard extent > 0 else { return nil }
        var origin = starts[s + 1] - extent
        if definition.pinFooters {
            origin = Swift.min(Swift.max(viewportTrailing - extent, starts[s] + sections[s].metrics.header), origin)
        }
        return Attributes(id: .footer(s), frame: axes.rect(AxisRect(line: 0, scroll: origin, lineExtent: lineExtent, scrollExtent: extent)),
                          z: definition.pinFooters ? pinnedZ : 0)
    }

    // MARK: Private: decorations (SPEC §7)

    private func sectionDecoration(_ d: (kind: Kind, definition: DecorationDefinition), section s: Int) -> Attributes? {
        let m = sections[s].metrics
        let area: AxisRect
        switch d.definition.coverage {
        case .body:
            area = AxisRect(line: 0, scroll: starts[s] + m.header, lineExtent: lineExtent,
                            scrollExtent: starts[s + 1] - m.footer - starts[s] - m.header)
        case .section:
            area = AxisRect(line: 0, scroll: starts[s], lineExtent: lineExtent, scrollExtent: starts[s + 1] - starts[s])
        case .items:
            guard let bounds = sections[s].body.cellBounds else { return nil }
            area = screenAxis(bounds, section: s)
        }
        return Attributes(id: ElementID(.decoration, d.kind, section: s, item: 0),
                          frame: axes.rect(area.inset(by: axes.axisInsets(d.definition.insets))), z: d.definition.z)
    }

    /// How far decorations stand out of what they decorate, on any side (negative insets).
    private static func reach(of list: [(kind: Kind, definition: DecorationDefinition)]) -> Double {
        list.reduce(0) { reach, d in
            let i = d.definition.insets
            return Swift.max(reach, -i.top, -i.left, -i.bottom, -i.right)
        }
    }

    private func itemDecoration(_ d: (kind: Kind, definition: DecorationDefinition), item: Int, cell: AxisRect, section s: Int) -> Attributes {
        Attributes(id: ElementID(.decoration, d.kind, section: s, item: item),
                   frame: axes.rect(cell.inset(by: axes.axisInsets(d.definition.insets))), z: d.definition.z)
    }

    // MARK: Private: asking the data source

    private func checkNotInCallback() throws(LayoutError) {
        if isInCallback { throw LayoutError(.reentrant, "the layout was called from inside one of its own data-source callbacks") }
    }

    /// Runs one data-source call; any error it throws becomes `.callbackFailed` naming the call.
    private func ask<T>(_ what: @autoclosure () -> String, _ call: () throws -> T) throws(LayoutError) -> T {
        isInCallback = true
        defer { isInCallback = false }
        do {
            return try call()
        } catch let error as LayoutError {
            throw error
        } catch {
            throw LayoutError(.callbackFailed, "\(what()) failed: \(error)")
        }
    }

    private func itemCount(_ s: Int) throws(LayoutError) -> Int {
        let n = try ask("item_count(section \(s))") { try dataSource.numberOfItems(inSection: s) }
        guard n >= 0, n <= Self.maxElements else {
            throw LayoutError(n < 0 ? .badCallbackData : .limit, "item_count(section \(s)) returned \(n); it must be 0...\(Self.maxElements)")
        }
        return n
    }

    private func sectionMetrics(_ s: Int) throws(LayoutError) -> SectionMetrics {
        let m = try ask("section_metrics(section \(s))") { try dataSource.metrics(forSection: s, defaults: definition.sectionDefaults) }
        do {
            return try m.validated(section: s)
        } catch {
            throw LayoutError(.badCallbackData, "section_metrics: \(error.message)")
        }
    }

    private func fetchSizes(section s: Int, count: Int) throws(LayoutError) -> [Size] {
        try fetchSizes(section: s, range: 0..<count)
    }

    /// Asks the sizes of `range` in one batch and checks them.
    private func fetchSizes(section s: Int, range: Range<Int>) throws(LayoutError) -> [Size] {
        var provided = false
        var sizes: [Size]
        do {
            sizes = try [Size](unsafeUninitializedCapacity: range.count) { buffer, initialized in
                initialized = range.count
                provided = try ask("item_sizes(section \(s), items \(range.lowerBound)..<\(range.upperBound))") {
                    try dataSource.sizes(inSection: s, items: range, into: buffer)
                }
                if !provided { initialized = 0 }
            }
        } catch let error as LayoutError {
            throw error
        } catch {
            throw LayoutError(.callbackFailed, "\(error)")
        }
        guard provided else { return [Size](repeating: definition.itemSize, count: range.count) }
        for (k, size) in sizes.enumerated() where !(size.width.isFinite && size.height.isFinite && size.width >= 0 && size.height >= 0) {
            throw LayoutError(.badCallbackData, "item_sizes gave item (\(s), \(range.lowerBound + k)) the size \(size.width)x\(size.height); sizes must be finite and >= 0")
        }
        return sizes
    }

    private func inlineElements(_ s: Int, itemCount: Int, style: SectionStyle) throws(LayoutError) -> [InlineElement] {
        let list = try ask("inline_elements(section \(s))") { try dataSource.inlineElements(inSection: s) }
        guard style == .flow || list.isEmpty else {
            throw LayoutError(.badCallbackData, "inline_elements(section \(s)): section \(s) is orthogonal; inline elements are for flow sections only")
        }
        for e in list {
            guard e.kind.rawValue > Kind.footer.rawValue, kinds.name(e.kind) != nil else {
                throw LayoutError(.unknownKind, "inline_elements(section \(s)): kind \(e.kind.rawValue) is not a registered user kind")
            }
            guard e.before >= 0, e.before <= itemCount else {
                throw LayoutError(.badCallbackData, "inline_elements(section \(s)): before \(e.before) is out of 0...\(itemCount)")
            }
            guard e.extent.isFinite, e.extent >= 0 else {
                throw LayoutError(.badCallbackData, "inline_elements(section \(s)): extent \(e.extent) must be finite and >= 0")
            }
        }
        // Stable sort by position (several at one place keep their declaration order); most
        // sources give them in order already.
        var sorted = list
        if zip(list, list.dropFirst()).contains(where: { $0.before > $1.before }) {
            sorted = list.enumerated().sorted { ($0.element.before, $0.offset) < ($1.element.before, $1.offset) }.map(\.element)
        }
        // Identities (kind, before) must be unique: compare within each run of one position.
        var runStart = 0
        for k in sorted.indices {
            if sorted[k].before != sorted[runStart].before { runStart = k }
            if sorted[runStart..<k].contains(where: { $0.kind == sorted[k].kind }) {
                throw LayoutError(.badCallbackData, "inline_elements(section \(s)): two elements of kind \"\(kinds.name(sorted[k].kind) ?? "")\" before item \(sorted[k].before); identities must be unique")
            }
        }
        return sorted
    }

    /// The index of the inline element with this identity; the list is sorted by `before`.
    private func inlineIndex(_ inlines: [InlineElement], kind: Kind, before: Int) -> Int? {
        var lo = 0, hi = inlines.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if inlines[mid].before < before { lo = mid + 1 } else { hi = mid }
        }
        while lo < inlines.count && inlines[lo].before == before {
            if inlines[lo].kind == kind { return lo }
            lo += 1
        }
        return nil
    }

    // MARK: Private: messages

    private func sectionDescription(_ s: Int) -> String {
        sections.indices.contains(s) ? "section \(s) has \(sections[s].body.itemCount) items" : "\(sections.count) sections"
    }

    private func describe(_ id: ElementID) -> String {
        let kind = kinds.name(id.kind).map { "\"\($0)\"" } ?? "\(id.kind.rawValue)"
        switch id.category {
        case .cell: return "cell (\(id.section), \(id.item))"
        case .supplementary: return "supplementary \(kind) (\(id.section), \(id.item))"
        case .decoration: return "decoration \(kind) (\(id.section), \(id.item))"
        }
    }
}

/// Kind names and ids: ids 0, 1, 2 are the cell kind, "header" and "footer"; user kinds follow.
struct Kinds {
    private var names = ["", "header", "footer"]
    private var ids = ["": Kind.cell, "header": Kind.header, "footer": Kind.footer]

    mutating func register(_ name: String) throws(LayoutError) -> Kind {
        guard !name.isEmpty, name.utf8.count <= 63 else {
            throw LayoutError(.invalidArgument, "kind names are 1 to 63 bytes; got \(name.utf8.count)")
        }
        if let id = ids[name] { return id }
        let kind = Kind(rawValue: Int32(names.count))
        names.append(name)
        ids[name] = kind
        return kind
    }

    func name(_ kind: Kind) -> String? { names.indices.contains(Int(kind.rawValue)) ? names[Int(kind.rawValue)] : nil }
    func kind(named name: String) -> Kind? { ids[name] }
}
