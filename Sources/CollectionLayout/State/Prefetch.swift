/// Prefetch (SPEC §14): the elements just outside the viewport that the host should prepare, in
/// order, and which are urgent, from the scroll velocity. It changes nothing.
public enum PrefetchSide: Sendable, CaseIterable {
    /// Before the viewport's start (smaller offsets).
    case before
    /// After the viewport's end.
    case after
}

public struct PrefetchRequest: Equatable, Sendable {
    /// Points/s along the scroll axis (with `section`, along that section's strip), positive
    /// toward larger offsets.
    public var velocity: Double
    /// The window's extent on the side the velocity points to (both at rest), at least.
    public var ahead: Double
    /// The window's extent on the other side.
    public var behind: Double
    /// Seconds of travel at `velocity` the window ahead covers when that is more than `ahead`.
    public var horizon: Double
    /// Frames per second: `urgent` is what can come into view within one frame.
    public var fps: Double
    /// An orthogonal section: its own windows along the line axis, its cells only.
    public var section: Int?
    public init(velocity: Double, ahead: Double = 250, behind: Double = 0, horizon: Double = 0.25, fps: Double = 60, section: Int? = nil) {
        self.velocity = velocity; self.ahead = ahead; self.behind = behind; self.horizon = horizon; self.fps = fps; self.section = section
    }
}

public struct PrefetchElement: Equatable, Sendable {
    public var attributes: Attributes
    public var side: PrefetchSide
    /// From the viewport's edge on its side to the element's near edge (0 when it touches).
    public var distance: Double
    /// On a side the velocity points to and within one frame's travel.
    public var urgent: Bool
}

public struct PrefetchAnswer: Equatable, Sendable {
    /// The windows along the axis: `[o − b, o]` and `[o + V, o + V + a]`.
    public var before: (start: Double, end: Double)
    public var after: (start: Double, end: Double)
    /// Ahead-side elements, then behind-side ones, each by distance, then focus order.
    public var elements: [PrefetchElement]

    public static func == (x: PrefetchAnswer, y: PrefetchAnswer) -> Bool {
        x.before == y.before && x.after == y.after && x.elements == y.elements
    }
}

extension Layout {
    /// The elements to prepare (SPEC §14): those a rect query of a window returns and one of the
    /// viewport does not. Two rect queries of the windows: O(log n + k).
    public func prefetch(_ r: PrefetchRequest) throws(LayoutError) -> PrefetchAnswer {
        let state = liveState
        // (One call per number, not a loop over an array: prefetch runs every frame.)
        func check(_ name: StaticString, _ value: Double, atLeastZero: Bool = true) throws(LayoutError) {
            guard value.isFinite else { throw LayoutError(.invalidArgument, "prefetch: \(name) \(value) must be finite") }
            guard !atLeastZero || value >= 0 else { throw LayoutError(.invalidArgument, "prefetch: \(name) \(value) must be >= 0") }
        }
        try check("velocity", r.velocity, atLeastZero: false)
        try check("ahead", r.ahead)
        try check("behind", r.behind)
        try check("horizon", r.horizon)
        try check("fps", r.fps)
        guard r.fps > 0 else { throw LayoutError(.invalidArgument, "prefetch: fps \(r.fps) must be > 0") }
        if let s = r.section {
            try checkSection(s)
            guard state.sectionBody(s).strip != nil else {
                throw LayoutError(.invalidArgument, "prefetch: section \(s) is a \(state.metrics(s).style) section; only orthogonal sections scroll sideways")
            }
        }
        let v = state.axes.axisRect(state.presentedViewport)
        // Along the moving axis (the scroll axis, or the line axis for a section): origin o and
        // extent V; across it, the viewport's range.
        let sideways = r.section != nil
        let o = sideways ? v.line : v.scroll, extent = sideways ? v.lineExtent : v.scrollExtent
        // A section's velocity is its offset's: right to left that runs against x (SPEC §15).
        let velocity = sideways && state.mirror != nil && state.axes.direction == .vertical ? -r.velocity : r.velocity
        let reach = Swift.max(r.ahead, abs(velocity) * r.horizon)
        let a = velocity > 0 ? reach : velocity < 0 ? r.behind : r.ahead
        let b = velocity < 0 ? reach : velocity > 0 ? r.behind : r.ahead
        let after = (start: o + extent, end: o + extent + a), before = (start: o - b, end: o)
        guard reach.isFinite, after.start.isFinite, after.end.isFinite, before.start.isFinite else {
            throw LayoutError(.limit, "prefetch: a window of \(Swift.max(a, b)) points past the viewport at \(o) is not finite")
        }
        func window(_ w: (start: Double, end: Double)) -> Rect {
            state.axes.rect(sideways ? AxisRect(line: w.start, scroll: v.scroll, lineExtent: w.end - w.start, scrollExtent: v.scrollExtent)
                                     : AxisRect(line: v.line, scroll: w.start, lineExtent: v.lineExtent, scrollExtent: w.end - w.start))
        }
        let aheadAfter = velocity >= 0, aheadBefore = velocity <= 0
        let frameTravel = abs(velocity) / r.fps
        var found: [PrefetchElement] = []
        found.reserveCapacity(32)
        var seen = Set<ElementID>()
        // The ahead side first, so that an element in both windows is listed there.
        for side in aheadAfter ? [PrefetchSide.after, .before] : [.before, .after] {
            let w = side == .after ? after : before
            guard w.end > w.start else { continue }
            forEachElement(in: window(w)) { el in
                guard el.id.category != .decoration, !el.frame.overlaps(state.presentedViewport),
                      r.section.map({ el.id.category == .cell && el.id.section == $0 }) ?? true else { return }
                if extent <= 0 {  // (only a viewport of no extent lets an element lie in both windows)
                    guard !seen.contains(el.id) else { return }
                    seen.insert(el.id)
                }
                let f = state.axes.axisRect(el.frame)
                let start = sideways ? f.line : f.scroll, end = sideways ? f.lineEnd : f.scrollEnd
                let distance = side == .after ? Swift.max(0, start - (o + extent)) : Swift.max(0, o - end)
                let isAhead = side == .after ? aheadAfter : aheadBefore
                found.append(PrefetchElement(attributes: el, side: side, distance: distance, urgent: isAhead && distance <= frameTravel))
            }
        }
        func group(_ e: PrefetchElement) -> Int { (e.side == .after ? aheadAfter : aheadBefore) ? 0 : 1 }
        found.sort { x, y in
            if group(x) != group(y) { return group(x) < group(y) }
            if x.distance != y.distance { return x.distance < y.distance }
            return state.focusKey(x.attributes.id) < state.focusKey(y.attributes.id)
        }
        return PrefetchAnswer(before: before, after: after, elements: found)
    }
}
