/// A transition between two layouts with the same counts (SPEC §10.5, UIKit's transition
/// layout): the interpolated attributes at any progress for any rect, and where the viewport goes.
///
/// It holds the two layouts' states (immutable values, sharing their storage with the layouts),
/// so a frame costs two rect queries and one look-up by identity per element: nothing is copied
/// or laid out again, and the layouts may change afterwards without changing the transition.
/// (A class: the per-element closures then hold one reference, not a copy of both states.)
public final class Transition {
    let from: LayoutState
    let to: LayoutState
    /// The transition's kind names: the from-layout's, then the names only the to-layout has.
    let kinds: Kinds
    private let fromKinds: Kinds
    private let toKinds: Kinds
    /// A kind id of one side -> the id of the same name on the other side (-1: none), and for
    /// the to-side the transition's id.
    private let fromToTo: [Int32]
    private let toToFrom: [Int32]
    private let toToOwn: [Int32]

    /// Refuses layouts whose section or item counts differ (the error names the first difference).
    public init(from a: Layout, to b: Layout) throws(LayoutError) {
        try a.reader.checkNotAsking()
        try b.reader.checkNotAsking()
        from = a.liveState
        to = b.liveState
        guard from.sectionCount == to.sectionCount else {
            throw LayoutError(.invalidArgument, "the layouts have different counts: \(from.sectionCount) sections and \(to.sectionCount)")
        }
        for s in 0..<from.sectionCount where from.sectionItemCount(s) != to.sectionItemCount(s) {
            throw LayoutError(.invalidArgument, "the layouts have different counts: section \(s) has \(from.sectionItemCount(s)) items and \(to.sectionItemCount(s))")
        }
        (fromKinds, toKinds) = (a.kinds, b.kinds)
        var own = a.kinds
        fromToTo = (0..<a.kinds.count).map { raw in a.kinds.name(Kind(rawValue: raw)).flatMap { b.kinds.kind(named: $0)?.rawValue } ?? -1 }
        toToFrom = (0..<b.kinds.count).map { raw in b.kinds.name(Kind(rawValue: raw)).flatMap { a.kinds.kind(named: $0)?.rawValue } ?? -1 }
        var mine: [Int32] = []
        for raw in 0..<b.kinds.count {
            let name = b.kinds.name(Kind(rawValue: raw)) ?? ""
            mine.append(Kinds.isBuiltIn(name) ? raw : ((try? own.register(name))?.rawValue ?? raw))
        }
        toToOwn = mine
        kinds = own
    }

    public func kindName(_ kind: Kind) -> String? { kinds.name(kind) }

    /// Visits the elements either layout returns for `rect`, interpolated at progress `t`
    /// (SPEC §10.5): present on both sides, frame, alpha and scale linear and z and hidden from the
    /// nearer side; on one side only, its frame there, fading out (from) or in (to). Which
    /// elements take part is decided by each side's reported frames (SPEC §20.2); an element of
    /// both moves between the exact frames and is rounded to the nearer side's pixel grid.
    public func forEachElement(in rect: Rect, progress t: Double, _ visit: (Attributes) -> Void) throws(LayoutError) {
        guard t >= 0, t <= 1 else { throw LayoutError(.invalidArgument, "progress \(t) is not in [0, 1]") }
        let grid = t < 0.5 ? from.chrome.pixelGrid : to.chrome.pixelGrid
        func moved(_ a: Attributes, _ b: Attributes) -> Attributes {
            let r = Self.blend(a, b, t)
            return grid.map { $0.round(r) } ?? r
        }
        // (Room for a screen's elements at once: not an allocation per doubling, every frame.)
        var mine: [Attributes] = []
        mine.reserveCapacity(64)
        from.forEachElement(in: rect) { mine.append($0) }
        let mineExact = exact(mine, in: from, kinds: fromKinds)
        for ((a, exactA), b) in zip(zip(mine, mineExact), counterparts(mine, in: to, kinds: toKinds, map: fromToTo)) {
            if let b { visit(moved(exactA, b)) } else { visit(Self.fading(a, by: 1 - t)) }
        }
        var theirs: [Attributes] = []
        theirs.reserveCapacity(Swift.max(64, mine.count))
        to.forEachElement(in: rect) { theirs.append($0) }
        let theirsExact = exact(theirs, in: to, kinds: toKinds)
        for ((b, exactB), a) in zip(zip(theirs, theirsExact), counterparts(theirs, in: from, kinds: fromKinds, map: toToFrom)) {
            if let a, (from.chrome.pixelGrid.map { $0.round(a.frame) } ?? a.frame).overlaps(rect) { continue }  // the from side visited it above
            guard let a else {
                var faded = Self.fading(b, by: t)
                faded.id.kind = Kind(rawValue: toToOwn[Int(b.id.kind.rawValue)])
                visit(faded)
                continue
            }
            visit(moved(a, exactB))
        }
    }

    /// The unrounded attributes of `elements` (reported by `state`): themselves without a pixel
    /// grid. (Mirrored: a transition between left-to-right and right-to-left blends physical
    /// frames, SPEC §15.)
    private func exact(_ elements: [Attributes], in state: LayoutState, kinds: Kinds) -> [Attributes] {
        guard state.chrome.pixelGrid != nil else { return elements }
        return zip(elements, state.attributes(of: elements.map(\.id), kinds: kinds, rounded: false)).map { $1 ?? $0 }
    }

    /// The unrounded counterparts of `elements` (of one side) in `state`, looked up together.
    private func counterparts(_ elements: [Attributes], in state: LayoutState, kinds: Kinds, map: [Int32]) -> [Attributes?] {
        state.attributes(of: elements.map { counterpartID($0.id, map: map) }, kinds: kinds, rounded: false)
    }

    public func elements(in rect: Rect, progress t: Double) throws(LayoutError) -> [Attributes] {
        var result: [Attributes] = []
        try forEachElement(in: rect, progress: t) { result.append($0) }
        return result
    }

    /// The identity of this element (of one side, in that side's kinds) on the other side.
    private func counterpartID(_ id: ElementID, map: [Int32]) -> ElementID? {
        let raw = map.indices.contains(Int(id.kind.rawValue)) ? map[Int(id.kind.rawValue)] : -1
        guard raw >= 0 else { return nil }
        var other = id
        other.kind = Kind(rawValue: raw)
        return other
    }

    /// `a` with its alpha times `factor`.
    private static func fading(_ a: Attributes, by factor: Double) -> Attributes {
        var r = a
        r.alpha = a.alpha * factor
        return r
    }

    /// `a` (from) moved towards `b` (to) by `t`, z and hidden of the nearer one.
    private static func blend(_ a: Attributes, _ b: Attributes, _ t: Double) -> Attributes {
        var r = a
        func mix(_ x: Double, _ y: Double) -> Double { x + (y - x) * t }
        r.frame = Rect(x: mix(a.frame.x, b.frame.x), y: mix(a.frame.y, b.frame.y),
                       width: mix(a.frame.width, b.frame.width), height: mix(a.frame.height, b.frame.height))
        r.alpha = mix(a.alpha, b.alpha)
        r.scale = mix(a.scale, b.scale)
        if t >= 0.5 { (r.z, r.hidden) = (b.z, b.hidden) }
        return r
    }

    /// Where the viewport goes (UIKit's targetContentOffset(forProposedContentOffset:)): the
    /// to-viewport with its scroll-axis origin following the anchor of SPEC §10.4, clamped.
    public var targetViewport: Rect {
        to.presentedViewport(atOrigin: to.transitionOrigin(from: from))
    }
}
