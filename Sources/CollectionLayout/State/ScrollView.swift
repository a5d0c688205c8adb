/// What a state knows of the scroll view around it (SPEC §20.1): the viewport, the bars the
/// content insets say cover it, and the range its scroll-axis origin may take.
extension LayoutState {
    /// The line axis less the content insets across it (SPEC §20.1): what lines span.
    var lineExtent: Double { Self.lineExtent(of: viewport, contentInsets: chrome.contentInsets, axes: axes) }

    static func lineExtent(of viewport: Rect, contentInsets: Insets, axes: Axes) -> Double {
        let i = axes.axisInsets(contentInsets)
        return Swift.max(0, axes.lineExtent(of: viewport) - i.left - i.right)
    }

    /// The content insets along the scroll axis: `lead` before the content, `trail` after it.
    var scrollInsets: (lead: Double, trail: Double) {
        let i = axes.axisInsets(chrome.contentInsets)
        return (i.top, i.bottom)
    }

    /// The viewport's extent along the scroll axis (V).
    var viewportExtent: Double { axes.direction == .vertical ? viewport.height : viewport.width }
    var viewportLeading: Double { axes.direction == .vertical ? viewport.y : viewport.x }
    var viewportTrailing: Double { viewportLeading + viewportExtent }

    /// The visible extent along the scroll axis, `[o + lead, o + V − trail]`: where headers
    /// and footers pin.
    var visibleLeading: Double { viewportLeading + scrollInsets.lead }
    var visibleTrailing: Double { viewportTrailing - scrollInsets.trail }
    /// The visible extent's length, `V − lead − trail` (a page, SPEC §10.6).
    var visibleExtent: Double { viewportExtent - scrollInsets.lead - scrollInsets.trail }

    /// The viewport less the content insets.
    var visibleRect: Rect {
        let i = chrome.contentInsets
        return Rect(x: viewport.x + i.left, y: viewport.y + i.top,
                    width: Swift.max(0, viewport.width - i.left - i.right), height: Swift.max(0, viewport.height - i.top - i.bottom))
    }

    /// The range of the scroll-axis origin, `[−lead, max(−lead, content − V + trail)]`.
    var scrollRange: (lo: Double, hi: Double) {
        let (lead, trail) = scrollInsets, lo = 0 - lead  // (not -lead: no inset starts at 0, not -0)
        return (lo, Swift.max(lo, contentEnd - viewportExtent + trail))
    }

    /// A scroll-axis origin clamped to the scroll range.
    func clampedOrigin(_ origin: Double) -> Double {
        let (lo, hi) = scrollRange
        return Swift.min(Swift.max(origin, lo), hi)
    }

    /// Whether the viewport is at (or pulled past) the start of its range, where nothing
    /// anchors: a feed scrolled to the top shows what is inserted above (SPEC §10.4).
    var isAtScrollStart: Bool { viewportLeading <= scrollRange.lo }

    /// The viewport with its scroll-axis origin at `origin`.
    func viewport(atOrigin origin: Double) -> Rect {
        var v = viewport
        if axes.direction == .vertical { v.y = origin } else { v.x = origin }
        return v
    }
}
