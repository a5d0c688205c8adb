/// The rule of SPEC §13 for one move: history, the search in the growing region, the edge
/// policies, remembered items and `next` / `previous`. Frames are the reported ones; the region
/// is searched by rect queries of slabs along the move, never a scan of the layout.
struct FocusRule {
    let state: LayoutState
    let source: ElementID
    let sourceFrame: Rect
    let kinds: Set<Kind>

    /// A frame read along a move (SPEC §13's table): `a0`, `a1` the near and far edges along
    /// it, `[b0, b1]` the extent across it, `c` the centre across.
    struct Edges {
        var a0: Double, a1: Double, b0: Double, b1: Double, c: Double

        init(_ f: Rect, _ d: FocusDirection) {
            let left = f.x, right = f.x + f.width, top = f.y, bottom = f.y + f.height
            switch d {
            case .down, .next: (a0, a1, b0, b1, c) = (top, bottom, left, right, f.x + f.width / 2)
            case .up, .previous: (a0, a1, b0, b1, c) = (-bottom, -top, left, right, f.x + f.width / 2)
            case .right: (a0, a1, b0, b1, c) = (left, right, top, bottom, f.y + f.height / 2)
            case .left: (a0, a1, b0, b1, c) = (-right, -left, top, bottom, f.y + f.height / 2)
            }
        }
    }

    /// `p ≺ q` and `p ≼ q` (SPEC §13).
    static func before(_ p: Double, _ q: Double) -> Bool { p < q - 1e-6 }
    static func atMost(_ p: Double, _ q: Double) -> Bool { p <= q + 1e-6 }
    /// A score lower than `t`.
    static func lower(_ s: Double, _ t: Double) -> Bool { s < t - 1e-9 * Swift.max(1, t) }

    // MARK: Candidates

    /// Whether a reported element takes focus: a cell or a supplementary of a named kind, of
    /// positive area, shown, not the source.
    func isCandidate(_ a: Attributes) -> Bool {
        guard a.id != source, a.frame.width > 0, a.frame.height > 0, !a.hidden else { return false }
        switch a.id.category {
        case .cell: return true
        case .supplementary: return kinds.contains(a.id.kind)
        case .decoration: return false
        }
    }

    /// The same for an identity, which may not exist.
    func isCandidate(_ id: ElementID, kinds all: Kinds) -> Bool {
        guard id != source, id.category == .cell || (id.category == .supplementary && kinds.contains(id.kind)) else { return false }
        guard let a = try? state.attributes(for: id, kinds: all) else { return false }
        return isCandidate(a)
    }

    // MARK: The move

    func target(_ request: FocusRequest, kinds all: Kinds) -> (ElementID?, FocusVia?) {
        let d = request.direction
        let wants = { (id: ElementID) in isCandidate(id, kinds: all) }
        if d == .next || d == .previous {
            let forward = d == .next
            if let found = state.stepFocusOrder(from: source, forward: forward, wants: wants) { return (found, .order) }
            guard request.edge == .wrap, let found = state.endOfFocusOrder(first: forward, wants: wants) else { return (nil, nil) }
            return (found, .wrap)
        }
        if let h = request.history, h.direction == d.opposite, wants(h.source) { return (h.source, .history) }
        var found: (ElementID, FocusVia)?
        if let t = search(d) {
            found = (t, .search)
        } else {
            switch request.edge {
            case .stop: break
            case .wrap: found = wrapSearch(d).map { ($0, .wrap) }
            case .continuous:
                found = state.stepFocusOrder(from: source, forward: d == .right || d == .down, wants: wants).map { ($0, .continuous) }
            }
        }
        guard let (t, via) = found else { return (nil, nil) }
        if t.category == .cell, state.sectionBody(t.section).strip != nil, !(source.category == .cell && source.section == t.section),
           let item = request.remembered.last(where: { $0.section == t.section })?.item, wants(.cell(t.section, item)) {
            return (.cell(t.section, item), .remembered)
        }
        return (t, via)
    }

    // MARK: Geometry of the move

    private func isForward(_ d: FocusDirection) -> Bool { d == .down || d == .right }
    private func isVerticalMove(_ d: FocusDirection) -> Bool { d == .down || d == .up }

    /// Visits the candidates whose reported frames overlap the slab `[aLo, aHi]` along the move
    /// (move coordinates) and `[bLo, bHi]` across it, each with its edges.
    private func visit(_ d: FocusDirection, along aLo: Double, _ aHi: Double, across bLo: Double, _ bHi: Double,
                       _ body: (Attributes, Edges) -> Void) {
        let lo = isForward(d) ? aLo : -aHi, hi = isForward(d) ? aHi : -aLo
        func extent(_ a: Double, _ b: Double) -> Double { let e = b - a; return e.isFinite ? e : .greatestFiniteMagnitude }
        guard lo.isFinite, bLo.isFinite, hi > lo, bHi > bLo else { return }
        let rect = isVerticalMove(d) ? Rect(x: bLo, y: lo, width: extent(bLo, bHi), height: extent(lo, hi))
            : Rect(x: lo, y: bLo, width: extent(lo, hi), height: extent(bLo, bHi))
        state.forEachElement(in: rect) { a in
            if isCandidate(a) { body(a, Edges(a.frame, d)) }
        }
    }

    /// Where elements can lie along the move (move coordinates), for frames that overlap
    /// `[bLo, bHi]` across it: the content's extent (and the viewport's, where pinned elements
    /// stand), for a move along the line axis that of the sections there (strips at their
    /// offsets, custom frames anywhere), a pixel's rounding outside.
    private func bounds(_ d: FocusDirection, across bLo: Double, _ bHi: Double) -> (Double, Double) {
        let margin = 1 + (state.chrome.pixelGrid?.reach ?? 0)
        let v = state.axes.axisRect(state.presentedViewport)
        var lo: Double, hi: Double
        if isVerticalMove(d) == (state.axes.direction == .vertical) {
            lo = Swift.min(0, v.scroll)
            // (Right to left, content narrower than the viewport lies at its end, up to W: SPEC §15.)
            hi = Swift.max(state.contentEnd, state.mirror?.width ?? 0, v.scrollEnd)
        } else {
            lo = Swift.min(0, v.line)
            hi = Swift.max(state.lineExtent, v.lineEnd)
            var s = state.firstSection(endingAfter: bLo - margin)
            while s < state.sectionCount && state.starts[s] < bHi + margin {
                if let b = state.sectionBody(s).cellBounds {
                    let offset = state.sectionOffset(s)
                    lo = Swift.min(lo, b.line - offset)
                    hi = Swift.max(hi, b.lineEnd - offset)
                }
                s += 1
            }
        }
        lo -= margin
        hi += margin
        return isForward(d) ? (lo, hi) : (-hi, -lo)
    }

    // MARK: The search

    /// The search of SPEC §13 from the source: straight to the smallest `n` whose region `R_n`
    /// overlaps a candidate in the direction (slabs of doubling extent along the move, bounded
    /// by the content), then the visit of those in focus order.
    func search(_ d: FocusDirection) -> ElementID? {
        let s = Edges(sourceFrame, d), v = state.presentedViewport
        let vd = Swift.max(0, isVerticalMove(d) ? v.height : v.width)
        let left = Swift.min(v.x, sourceFrame.x), right = Swift.max(v.x + v.width, sourceFrame.x + sourceFrame.width)
        let top = Swift.min(v.y, sourceFrame.y), bottom = Swift.max(v.y + v.height, sourceFrame.y + sourceFrame.height)
        let (near, far0, bLo, bHi): (Double, Double, Double, Double) = switch d {
        case .down, .next: (top, bottom, left, right)
        case .up, .previous: (-bottom, -top, left, right)
        case .right: (left, right, top, bottom)
        case .left: (-right, -left, top, bottom)
        }
        func far(_ n: Double) -> Double { vd > 0 ? far0 + n * vd : .infinity }
        func inDirection(_ c: Edges) -> Bool {
            (Self.before(s.a0, c.a0) || Self.atMost(s.a1, c.a0)) && Self.before(s.a1, c.a1)
        }
        // The parts of "overlaps R_n" that do not depend on n.
        func overlapsRegion(_ c: Edges) -> Bool { bLo < c.b1 && c.b0 < bHi && near < c.a1 }
        let (_, boundHi) = bounds(d, across: bLo, bHi)
        var found: [(Attributes, Edges)] = []
        var lo = s.a1, n = 1.0
        while true {
            let hi = far(n)
            visit(d, along: lo - 1, Swift.min(hi, boundHi) + 1, across: bLo - 1, bHi + 1) { a, c in
                if c.a0 < hi && inDirection(c) && overlapsRegion(c) { found.append((a, c)) }
            }
            if !found.isEmpty { break }
            if hi >= boundHi { return nil }  // no candidate lies beyond the region
            lo = hi
            n *= 2
        }
        // The smallest n whose region holds one of them, as the rule computes its far edge.
        func smallestN(_ a0: Double) -> Double {
            guard vd > 0 else { return 1 }
            var k = Swift.max(1, ((a0 - far0) / vd).rounded(.down) + 1)
            var steps = 0
            while k > 1 && a0 < far(k - 1) && steps < 8 { k -= 1; steps += 1 }
            steps = 0
            while !(a0 < far(k)) && steps < 8 { k += 1; steps += 1 }
            return k
        }
        let limit = far(found.map { smallestN($0.1.a0) }.min() ?? 1)
        let visited = found.filter { $0.1.a0 < limit }.sorted { state.focusKey($0.0.id) < state.focusKey($1.0.id) }
        var best = visited.first
        for c in visited.dropFirst() where isBetter(c.1, than: best!.1, from: s, d) { best = c }
        return best?.0.id
    }

    private func isBetter(_ c1: Edges, than c2: Edges, from s: Edges, _ d: FocusDirection) -> Bool {
        func inBeam(_ c: Edges) -> Bool { Self.before(s.b0, c.b1) && Self.before(c.b0, s.b1) }
        func beyond(_ c: Edges) -> Bool { Self.atMost(s.a1, c.a0) }
        func major(_ c: Edges) -> Double { Swift.max(0, c.a0 - s.a1) }
        func far(_ c: Edges) -> Double { Swift.max(1, c.a1 - s.a1) }
        func score(_ c: Edges) -> Double {
            let m = major(c), minor = abs(s.c - c.c)
            let a = 13 * m * m, b = minor * minor
            return a + b
        }
        func beamBeats(_ x: Edges, _ y: Edges) -> Bool {
            inBeam(x) && !inBeam(y) && (!beyond(y) || d == .left || d == .right || Self.before(major(x), far(y)))
        }
        if beamBeats(c1, c2) { return true }
        if beamBeats(c2, c1) { return false }
        return Self.lower(score(c1), score(c2))
    }

    // MARK: Wrap

    /// The wrap search (SPEC §13): among the in-beam candidates, from the smallest near edge
    /// `l`, those with `a0 < l + V_d` in focus order, by `13·d·d + minor·minor`.
    func wrapSearch(_ d: FocusDirection) -> ElementID? {
        let s = Edges(sourceFrame, d), v = state.presentedViewport
        let vd = Swift.max(0, isVerticalMove(d) ? v.height : v.width)
        func inBeam(_ c: Edges) -> Bool { Self.before(s.b0, c.b1) && Self.before(c.b0, s.b1) }
        let (boundLo, boundHi) = bounds(d, across: s.b0, s.b1)
        var l = Double.infinity
        var lo = boundLo, width = vd > 0 ? vd : .infinity
        while l == .infinity && lo < boundHi {
            let hi = Swift.min(lo + width, boundHi)
            visit(d, along: lo - 1, hi + 1, across: s.b0 - 1, s.b1 + 1) { _, c in
                if inBeam(c) { l = Swift.min(l, c.a0) }
            }
            lo = hi
            width *= 2
        }
        guard l < .infinity else { return nil }
        let end = vd > 0 ? l + vd : .infinity
        var found: [(Attributes, Edges)] = []
        visit(d, along: l - 1, Swift.min(end, boundHi) + 1, across: s.b0 - 1, s.b1 + 1) { a, c in
            if inBeam(c) && c.a0 < end { found.append((a, c)) }
        }
        found.sort { state.focusKey($0.0.id) < state.focusKey($1.0.id) }
        func score(_ c: Edges) -> Double {
            let dd = c.a0 - l, minor = abs(s.c - c.c)
            let a = 13 * dd * dd, b = minor * minor
            return a + b
        }
        var best = found.first
        for c in found.dropFirst() where Self.lower(score(c.1), score(best!.1)) { best = c }
        return best?.0.id
    }
}
