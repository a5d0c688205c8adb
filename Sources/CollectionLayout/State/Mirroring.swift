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

    /// An element as reported: mirrored, then rounded to the pixel grid (SPEC §20.2).
    func reported(_ a: Attributes) -> Attributes {
        let m = presented(a)
        return chrome.pixelGrid.map { $0.round(m) } ?? m
    }

    /// An element mirrored, not rounded: what transitions blend (SPEC §10.5).
    func presented(_ a: Attributes) -> Attributes { mirror?.attributes(a) ?? a }
}
