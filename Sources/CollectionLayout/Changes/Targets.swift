/// Where a scroll along the scroll axis comes to rest (SPEC §10.6).
public enum ScrollSnapping: Sendable, CaseIterable {
    case none
    /// A multiple of the viewport's scroll-axis extent.
    case page
    /// The nearest start of a header, a body line or a footer.
    case line
    /// Like `line`, at most one target away from the one nearest the current origin.
    case linePaging
    /// The origin that centres the nearest line (a header, a body line, a footer) in the viewport.
    case lineCenter
    /// The origin that puts the nearest line's end at the viewport's end.
    case lineEnd
}

/// Where `scrollOrigin(to:position:)` puts an element in the viewport (SPEC §10.6).
public enum ScrollPosition: Sendable, CaseIterable {
    case start, center, end
    /// Unmoved if the element is inside the viewport, else the nearer of start and end.
    case nearest
}

extension Layout {
    /// The resting scroll-axis origin for a gesture that would end at `proposed` with `velocity`
    /// (points/s): projected by the deceleration rate, snapped as it is, then clamped.
    public func targetContentOffset(proposed: Double, velocity: Double, snapping: ScrollSnapping,
                                    decelerationRate rate: Double = Snapping.normalDeceleration) throws(LayoutError) -> Double {
        // (Computed on the logical layout, SPEC §15: the proposal maps in, the answer out.)
        let projected = try projection(proposed: state.presentedOrigin(proposed), velocity: state.presentedVelocity(velocity), rate: rate)
        return state.presentedOrigin(try state.checkedTargetOrigin(projected: projected, snapping: snapping, current: state.viewportLeading))
    }

    /// UIScrollView's projection `offset + v/1000 · r/(1−r)`, checked (SPEC §10.6, §11).
    func projection(proposed: Double, velocity: Double, rate: Double) throws(LayoutError) -> Double {
        guard proposed.isFinite, velocity.isFinite else {
            throw LayoutError(.invalidArgument, "proposed offset \(proposed) and velocity \(velocity) must be finite")
        }
        guard rate > 0, rate < 1 else { throw LayoutError(.invalidArgument, "deceleration rate \(rate) must be in (0, 1)") }
        let projected = proposed + velocity / 1000 * rate / (1 - rate)
        guard projected.isFinite else {
            throw LayoutError(.limit, "the projected offset of \(proposed) at velocity \(velocity) is not finite")
        }
        return projected
    }

    /// The viewport that shows an element at `position` along the scroll axis, clamped. The
    /// layout's viewport does not change: the host sets it (at once, or after an animation).
    public func scrollToElement(_ id: ElementID, position: ScrollPosition) throws(LayoutError) -> Rect {
        let frame = try state.exactAttributes(for: id, kinds: kinds).frame
        return state.presentedViewport(atOrigin: state.scrollOrigin(to: id, frame: frame, position: position))
    }
}

extension LayoutState {
    /// `targetOrigin`, refusing pages of no extent (SPEC §10.6: `P ≤ 0` is an error).
    func checkedTargetOrigin(projected p: Double, snapping: ScrollSnapping, current: Double) throws(LayoutError) -> Double {
        if snapping == .page && visibleExtent <= 0 {
            throw LayoutError(.invalidArgument, "page snapping needs a visible extent > 0; it is \(visibleExtent) (the viewport's \(viewportExtent) less the content insets)")
        }
        // A snapping collapsing header never rests half open (SPEC §18.5).
        return clampedOrigin(collapseSnapped(targetOrigin(projected: p, snapping: snapping, current: current)))
    }

    /// `current` is where `linePaging` steps from: the viewport's origin, or a fling's start (§22.2).
    func targetOrigin(projected p: Double, snapping: ScrollSnapping, current origin: Double) -> Double {
        switch snapping {
        case .none:
            return clampedOrigin(p)
        case .page:
            // Pages of the visible extent from the start of the range (SPEC §20.1).
            let lo = scrollRange.lo
            return clampedOrigin(lo + nearestMultiple(of: visibleExtent, to: p - lo))
        case .line:
            return clampedOrigin(nearestTarget(to: p) ?? p)
        case .linePaging:
            guard let current = nearestTarget(to: origin), let wanted = nearestTarget(to: p) else { return clampedOrigin(p) }
            // One step at most, toward the projection.
            let step = wanted > current ? lineTargets { $0 <= current }.first : wanted < current ? lineTargets { $0 < current }.last : current
            return clampedOrigin(step ?? current)
        case .lineCenter:
            return clampedOrigin(nearestLineOrigin(to: p, placing: centeringOrigin) ?? p)
        case .lineEnd:
            return clampedOrigin(nearestLineOrigin(to: p, placing: endingOrigin) ?? p)
        }
    }

    /// The line target nearest `p` (ties: the smaller); nil without targets.
    private func nearestTarget(to p: Double) -> Double? {
        let n = lineTargets { $0 < p }
        guard let last = n.last, let first = n.first else { return n.last ?? n.first }
        return p - last <= first - p ? last : first
    }

    /// The line targets (SPEC §10.6) around a split: header starts, body line starts (reduced
    /// by the header's extent with pinned headers) and footer starts, each reduced by the
    /// leading content inset so that the line lands just below a top bar.
    func lineTargets(around isBefore: (Double) -> Bool) -> Neighbours {
        let lead = scrollInsets.lead
        return contentLineTargets { isBefore($0 - lead) }.shifted(by: -lead)
    }

    /// The same in content coordinates. A section's targets lie within it, so the split is in
    /// the first section that does not end before it; sections with no target at all are
    /// stepped over.
    private func contentLineTargets(around isBefore: (Double) -> Bool) -> Neighbours {
        // The layout's own header and footer (SPEC §17.2), and every section's.
        layoutChromeTargets.reduce(sectionLineTargets(around: isBefore)) { found, t in
            found.union(isBefore(t) ? Neighbours(last: t) : Neighbours(first: t))
        }
    }

    private func sectionLineTargets(around isBefore: (Double) -> Bool) -> Neighbours {
        let split = partition(0..<sectionCount) { isBefore(starts[$0 + 1] - layoutHeaderReduction) }
        var found = split < sectionCount ? sectionTargets(split, around: isBefore) : Neighbours()
        var s = split - 1
        while found.last == nil && s >= 0 {
            found.last = sectionTargets(s, around: isBefore).last
            s -= 1
        }
        s = split + 1
        while found.first == nil && s < sectionCount {
            found.first = sectionTargets(s, around: isBefore).first
            s += 1
        }
        return found
    }

    private func sectionTargets(_ s: Int, around isBefore: (Double) -> Bool) -> Neighbours {
        let m = metrics(s)
        // With a pinned layout header every target is reduced by its extent (SPEC §17.2).
        let lift = layoutHeaderReduction
        let base = bodyStart(s) - (chrome.pinHeaders ? m.header : 0) - lift
        var found = sectionBody(s).lineStarts { isBefore(base + $0) }.shifted(by: base)
        for (extent, start) in [(m.header, starts[s] - lift), (m.footer, naturalFooterStart(s) - lift)] where extent > 0 {
            found = found.union(isBefore(start) ? Neighbours(last: start) : Neighbours(first: start))
        }
        return found
    }

    /// The scroll-axis origin that puts `frame` (element `id`'s) at `position` of the visible
    /// extent (below and above the bars, SPEC §20.1), clamped. Pinned headers and footers count
    /// at their unpinned places; with pinned headers, an element that starts inside its
    /// section's body goes just below the header.
    func scrollOrigin(to id: ElementID, frame: Rect, position: ScrollPosition) -> Double {
        var r = axes.axisRect(frame)
        var below = 0.0
        if id.isLayoutHeaderOrFooter {
            // Reached at its natural place; only the footer goes below a pinned layout header (SPEC §17.2).
            r.scroll = naturalStart(ofLayoutChrome: id)
            if id.kind == .globalFooter { below = layoutHeaderReduction }
        } else {
            let s = id.section, m = metrics(s)
            if id.category == .supplementary && id.kind == .header { r.scroll = starts[s] }
            if id.category == .supplementary && id.kind == .footer { r.scroll = naturalFooterStart(s) }
            let bodyFrom = starts[s] + m.header, bodyTo = naturalFooterStart(s)
            below = (chrome.pinHeaders && r.scroll >= bodyFrom && r.scroll < bodyTo ? m.header : 0) + layoutHeaderReduction
        }
        let (lead, trail) = scrollInsets
        let start = clampedOrigin(r.scroll - lead - below), end = clampedOrigin(endingOrigin(r.scroll, r.scrollExtent))
        switch position {
        case .start: return start
        case .center: return clampedOrigin(centeringOrigin(r.scroll, r.scrollExtent))
        case .end: return end
        case .nearest:
            let o = clampedOrigin(viewportLeading)
            if r.scroll >= o + lead && r.scrollEnd <= o + viewportExtent - trail { return o }
            return abs(start - o) <= abs(end - o) ? start : end
        }
    }
}

/// The multiple of `step` nearest `p` (ties: the smaller); `p` itself when `step` is 0.
func nearestMultiple(of step: Double, to p: Double) -> Double {
    guard step > 0 else { return p }
    let k = (p / step).rounded(.down)
    return p - k * step <= (k + 1) * step - p ? k * step : (k + 1) * step
}
