/// Queries of a state (SPEC §9): every element overlapping a rect, in O(log n + k), and one
/// element by identity. They answer reported frames: mirrored in a right-to-left layout (SPEC
/// §15), then rounded to the pixel grid when the layout has one (SPEC §20.2). The exact ones
/// (logical, as laid out) are for rules that derive scroll positions.
extension LayoutState {
    /// Visits every element whose reported frame overlaps `rect` (physical, SPEC §15) with a
    /// positive area, section by section in a fixed order.
    func forEachElement(in rect: Rect, _ visit: (Attributes) -> Void) {
        let mirror = self.mirror, grid = chrome.pixelGrid
        guard mirror != nil || grid != nil else { return forEachExactElement(in: rect, visit) }
        // A rounded edge lies less than a pixel from its exact one; a mirrored one a few ulps
        // (SPEC §15: x' = W − x − w rounds). The search is that much wider, and what it finds is
        // filtered on the reported frames.
        var reach = grid?.reach ?? 0
        if let mirror { reach += 4 * Swift.max(mirror.width.ulp, abs(rect.x).ulp, abs(rect.x + rect.width).ulp) }
        let w = rect.width + 2 * reach, h = rect.height + 2 * reach
        var search = Rect(x: rect.x - reach, y: rect.y - reach, width: w.isFinite ? w : .greatestFiniteMagnitude,
                          height: h.isFinite ? h : .greatestFiniteMagnitude)
        if let mirror { search = logicalSearch(search, mirror) }
        guard let grid else { return forEachExactElement(in: search, mirroredBy: mirror, within: rect, visit) }
        forEachExactElement(in: search, mirroredBy: mirror) { a in
            let r = grid.round(a)
            if r.frame.overlaps(rect) { visit(r) }
        }
    }

    /// The same with exact frames (a logical `rect`; each frame `mirroredBy` as it is visited, and
    /// then only if it overlaps the physical rect `within`, where made: no closure per element).
    /// (A rect of no area overlaps nothing, SPEC §9; nor does one that is not finite, which the
    /// entry points refuse with `checkRect` before they get here.)
    func forEachExactElement(in rect: Rect, mirroredBy mirror: Mirror? = nil, within physical: Rect? = nil,
                             _ visit: (Attributes) -> Void) {
        guard rect.x.isFinite, rect.y.isFinite, rect.width.isFinite, rect.height.isFinite,
              rect.width > 0, rect.height > 0 else { return }
        let r = axes.axisRect(rect)
        // Decorations with negative insets reach out of their section: widen the search by that.
        // So do badges out of their cells (SPEC §17.1).
        let reach = Swift.max(chrome.decorations.reach, badgeReach)
        // The layout's own header first and its footer last, wherever pinning puts them (SPEC §17.2).
        func present(_ a: Attributes?) {
            guard let a, axes.axisRect(a.frame).overlaps(r) else { return }
            let m = mirror?.attributes(a) ?? a
            if physical.map(m.frame.overlaps) ?? true { visit(m) }
        }
        present(layoutHeader())
        defer { present(layoutFooter()) }
        var s = firstSection(endingAfter: r.scroll - reach)
        while s < sectionCount && starts[s] < r.scrollEnd + reach {
            visitSection(s, in: r, mirror, physical, visit)
            s += 1
        }
        // Pinned headers and footers stand wherever the viewport puts them, which may be outside
        // their section's range searched above: they are visited with their section, and their
        // section is in range whenever the pinned frame overlaps (it stays inside the section).
    }

    private func visitSection(_ s: Int, in r: AxisRect, _ mirror: Mirror?, _ physical: Rect?, _ visitExact: (Attributes) -> Void) {
        func visit(_ a: Attributes) {
            guard let mirror else { return visitExact(a) }
            let m = mirror.attributes(a)
            if physical.map(m.frame.overlaps) ?? true { visitExact(m) }
        }
        func emit(_ a: Attributes?) {
            if let a, axes.axisRect(a.frame).overlaps(r) { visit(a) }
        }
        let decorations = chrome.decorations
        for d in decorations.sectionScope { emit(sectionDecoration(d, section: s)) }
        emit(header(s))
        // Item decorations and badges may stand out of their cell: widen the search.
        let list = badges.list(s)
        let reach = Swift.max(decorations.itemReach, list.isEmpty ? 0 : badgeReach)
        var badgeAt = 0  // (cells come in item order: each search starts where the last ended)
        let screen = axes.rect(r), itemCount = list.isEmpty ? 0 : sectionItemCount(s)
        let body = sectionBody(s), base = bodyStart(s), offset = sectionOffset(s)
        let area = AxisRect(line: r.line + offset - reach, scroll: r.scroll - base - reach,
                            lineExtent: r.lineExtent + 2 * reach, scrollExtent: r.scrollExtent + 2 * reach)
        var inlines: [InlineElement]?  // read from the body's model once, if needed
        let effect = self.effect(s)
        body.forEachElement(in: area) { element, frame in
            let f = place(frame, offset: offset, bodyStart: base)
            switch element {
            case .cell(let item):
                for d in decorations.itemScope { emit(itemDecoration(d, item: item, cell: f, section: s)) }
                let cell = cellAttributes(s, item, frame: f, effect: effect)
                if f.overlaps(r) { visit(cell) }
                if !list.isEmpty {
                    // (A body may visit out of item order, a waterfall column by column: then from the start.)
                    if badgeAt > 0, list[badgeAt - 1].item >= item { badgeAt = 0 }
                    // (Above the cell's z after its effect, SPEC §19.2.)
                    self.badges(of: item, section: s, cell: axes.rect(f), cellZ: cell.z, in: list, from: &badgeAt, items: itemCount) { a in
                        if a.frame.overlaps(screen) { visit(a) }  // (screen coordinates: no conversion)
                    }
                }
            case .inline(let index):
                if inlines == nil { inlines = body.model.inlines }
                guard let e = inlines?[index] else { return }
                if f.overlaps(r) { visit(Attributes(id: ElementID(.supplementary, e.kind, section: s, item: e.before), frame: axes.rect(f))) }
            }
        }
        emit(footer(s))
    }

    /// The cells of section s (items sorted ascending), as `exactAttributes(for:)` gives them;
    /// nil for an item that does not exist.
    func cellAttributes(section s: Int, items: [Int]) -> [Attributes?] {
        let effect = self.effect(s)
        return zip(items, sectionBody(s).cellFrames(items)).map { item, frame in
            frame.map { cellAttributes(s, item, frame: place($0, section: s), effect: effect) }
        }
    }

    /// The attributes of many elements by identity (nil: no id, or no such element), reported
    /// (not `rounded`: mirrored only, SPEC §15, §20.2): the cells of a section among them looked
    /// up together (a screen's cells are near each other), the others one by one.
    func attributes(of ids: [ElementID?], kinds: Kinds, rounded: Bool = true) -> [Attributes?] {
        let found = exactAttributes(of: ids, kinds: kinds)
        guard mirror != nil || (rounded && chrome.pixelGrid != nil) else { return found }
        return found.map { $0.map(rounded ? reported : presented) }
    }

    private func exactAttributes(of ids: [ElementID?], kinds: Kinds) -> [Attributes?] {
        var result = [Attributes?](repeating: nil, count: ids.count)
        var k = 0
        while k < ids.count {
            guard let id = ids[k], id.category == .cell, id.kind == .cell, hasSection(id.section) else {
                result[k] = ids[k].flatMap { try? exactAttributes(for: $0, kinds: kinds) }
                k += 1
                continue
            }
            // The run of cells of this section, by item.
            var run: [(item: Int, at: Int)] = []
            run.reserveCapacity(ids.count - k)
            while k < ids.count, let cell = ids[k], cell.category == .cell, cell.kind == .cell, cell.section == id.section {
                run.append((cell.item, k))
                k += 1
            }
            if zip(run, run.dropFirst()).contains(where: { $0.item > $1.item }) { run.sort { $0.item < $1.item } }
            for (entry, cell) in zip(run, cellAttributes(section: id.section, items: run.map(\.item))) {
                result[entry.at] = cell
            }
        }
        return result
    }

    /// The reported attributes of one element by identity, or `.outOfRange` / `.unknownKind`.
    func attributes(for id: ElementID, kinds: Kinds) throws(LayoutError) -> Attributes {
        reported(try exactAttributes(for: id, kinds: kinds))
    }

    /// The same as laid out: logical, not rounded (what the rules of the scroll axis read).
    func exactAttributes(for id: ElementID, kinds: Kinds) throws(LayoutError) -> Attributes {
        if id.isLayoutHeaderOrFooter { return try layoutHeaderOrFooter(id) }
        let s = id.section
        guard hasSection(s) else {
            throw LayoutError(.outOfRange, "\(describe(id, kinds)): section \(s) does not exist (\(counted(sectionCount, "section")))")
        }
        // (Built when thrown: answering an update and a transition's frames ask for many elements that may not exist.)
        func missing(_ why: String? = nil) -> LayoutError {
            LayoutError(.outOfRange, "\(describe(id, kinds)) does not exist (\(why ?? "section \(s) has \(counted(sectionItemCount(s), "item"))"))")
        }
        switch id.category {
        case .cell:
            guard id.kind == .cell else { throw LayoutError(.unknownKind, "\(describe(id, kinds)): cells have kind 0") }
            guard let frame = sectionBody(s).cellFrame(id.item) else { throw missing() }
            return cellAttributes(s, id.item, frame: place(frame, section: s), effect: effect(s))
        case .supplementary:
            if id.kind == .header || id.kind == .footer {
                let name = id.kind == .header ? "header" : "footer"
                guard id.item == 0 else { throw missing("a \(name) is item 0 of its section") }
                guard let found = id.kind == .header ? header(s) : footer(s) else { throw missing("section \(s) has no \(name): its extent is 0") }
                return found
            }
            if chrome.badges.entry(id.kind) != nil {
                guard sectionBody(s).cellFrame(id.item) != nil else { throw missing() }
                guard let found = badge(kind: id.kind, section: s, item: id.item) else { throw missing("cell (\(s), \(id.item)) carries no such badge") }
                return found
            }
            guard kinds.isUserKind(id.kind) else {
                throw LayoutError(.unknownKind, "\(describe(id, kinds)): kind \(id.kind.rawValue) is not registered")
            }
            let body = sectionBody(s)
            guard let index = inlineIndex(body.model.inlines, kind: id.kind, before: id.item), let frame = body.inlineFrame(index) else {
                throw missing("section \(s) has no such inline element before item \(id.item)")
            }
            return Attributes(id: id, frame: axes.rect(place(frame, section: s)))
        case .decoration:
            guard let d = chrome.decorations.entry(id.kind) else {
                throw LayoutError(.unknownKind, "\(describe(id, kinds)): kind \(id.kind.rawValue) is not a registered decoration")
            }
            let found: Attributes?
            switch d.definition.scope {
            case .section:
                guard id.item == 0 else { throw missing("a section decoration is item 0 of its section") }
                found = sectionDecoration(d, section: s)
            case .item:
                found = sectionBody(s).cellFrame(id.item).flatMap { itemDecoration(d, item: id.item, cell: place($0, section: s), section: s) }
            }
            guard let found else {
                let why = d.definition.coverage == .items ? "section \(s) does not show it or has no items" : "section \(s) does not show it"
                throw d.definition.scope == .section ? missing(why) : missing()
            }
            return found
        }
    }

    /// The index of the inline element with this identity; the list is sorted by `before`.
    func inlineIndex(_ inlines: [InlineElement], kind: Kind, before: Int) -> Int? {
        var k = partition(0..<inlines.count) { inlines[$0].before < before }
        while k < inlines.count && inlines[k].before == before {
            if inlines[k].kind == kind { return k }
            k += 1
        }
        return nil
    }

    private func describe(_ id: ElementID, _ kinds: Kinds) -> String {
        let kind = kinds.name(id.kind).map { "\"\($0)\"" } ?? "\(id.kind.rawValue)"
        switch id.category {
        case .cell: return "cell (\(id.section), \(id.item))"
        case .supplementary: return "supplementary \(kind) (\(id.section), \(id.item))"
        case .decoration: return "decoration \(kind) (\(id.section), \(id.item))"
        }
    }
}
