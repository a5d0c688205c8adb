/// Right-to-left (SPEC §15): a state holds the logical layout at the logical viewport, and every
/// rule of the scroll axis (pinning, anchoring, targets, scroll-to, physics) works there. What it
/// reports and what the host gives are physical: this is where the two meet.
extension LayoutState {
    /// The mirror of a right-to-left layout; nil left to right. W is the line extent in a
    /// vertical layout, and in a horizontal one the content or the visible extent, whichever is
    /// wider, so that content narrower than the viewport lies at its right.
    var mirror: Mirror? {
        guard chrome.layoutDirection == .rightToLeft else { return nil }
        return Mirror(width: axes.direction == .vertical ? lineExtent : Swift.max(contentEnd, visibleExtent))
    }

    /// The widest W mirrored exactly: past 2^53 points `W − x − w` no longer keeps the small
    /// differences a frame near W has (a 120-point cell at the end of content 1.7e308 long
    /// would come out at x = −120 with no extent left in its logical frame).
    static let largestMirrorWidth = 9_007_199_254_740_992.0

    /// A right-to-left layout wider than `largestMirrorWidth` is a limit (SPEC §11's spirit:
    /// the answers must stay exact).
    func checkMirror() throws(LayoutError) {
        guard let mirror, mirror.width > Self.largestMirrorWidth else { return }
        throw LayoutError(.limit, "a right-to-left layout \(mirror.width) points wide cannot be mirrored exactly: at most 2^53 points along the mirrored axis")
    }

    /// The viewport as the host sees it.
    var presentedViewport: Rect { mirror?.rect(viewport) ?? viewport }

    /// The presented viewport with the logical scroll-axis origin `origin`.
    func presentedViewport(atOrigin origin: Double) -> Rect {
        let v = viewport(atOrigin: origin)
        return mirror?.rect(v) ?? v
    }

    /// Whether scroll-axis numbers map (a horizontal right-to-left layout): `o ↦ W − V − o`,
    /// velocities change sign.
    private var mirrorsScrollAxis: Bool { axes.direction == .horizontal && chrome.layoutDirection == .rightToLeft }

    /// A scroll-axis origin from logical to physical, or back (the map is its own inverse).
    func presentedOrigin(_ o: Double) -> Double {
        guard mirrorsScrollAxis, let mirror else { return o }
        return mirror.width - viewportExtent - o
    }

    /// A scroll-axis velocity from logical to physical, or back.
    func presentedVelocity(_ v: Double) -> Double { mirrorsScrollAxis ? -v : v }

    /// A fling along the scroll axis from logical to physical.
    func presentedFling(_ f: Fling) -> Fling {
        guard mirrorsScrollAxis, let mirror else { return f }
        return f.mirrored(around: mirror.width - viewportExtent)
    }

    /// The viewport's scroll-axis origin as the host sees it.
    var presentedLeading: Double { presentedOrigin(viewportLeading) }

    /// A physical search rect in logical coordinates. A rect reaching far past the content on
    /// its left loses its right end in `x + width` once mirrored (the left end dwarfs it): such a
    /// rect's far end is brought in to where elements can be, found by a walk of the sections
    /// (only then: the rect is pathological, fuzz_abi's).
    func logicalSearch(_ physical: Rect, _ mirror: Mirror) -> Rect {
        var r = mirror.rect(physical)
        let right = mirror.width - physical.x
        guard r.x + r.width < right else { return r }
        var reach = Swift.max(mirror.width, contentEnd, lineExtent) + chrome.decorations.reach + badgeReach
        for s in 0..<sectionCount { reach = Swift.max(reach, sectionStrip(s) ?? 0) }
        r.x = Swift.max(r.x, -2 * reach - 1)
        r.width = right - r.x
        return r
    }

    /// An element as reported: mirrored, then rounded to the pixel grid (SPEC §20.2).
    func reported(_ a: Attributes) -> Attributes {
        let m = presented(a)
        return chrome.pixelGrid.map { $0.round(m) } ?? m
    }

    /// An element mirrored, not rounded: what transitions blend (SPEC §10.5).
    func presented(_ a: Attributes) -> Attributes { mirror?.attributes(a) ?? a }
}
