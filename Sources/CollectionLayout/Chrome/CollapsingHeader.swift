/// The layout's header collapsing as the content scrolls (SPEC §18): the top app bar over a feed
/// (Flutter's SliverAppBar, Android's collapsing toolbar). All numbers are along the scroll axis,
/// in the logical layout (§15).
public struct CollapsingHeader: Equatable, Sendable {
    public enum Mode: Sendable, CaseIterable {
        /// Shrinks to `min` as the content scrolls, then scrolls away with it.
        case scroll
        /// Shrinks to `min`, then stays at the visible extent's start.
        case pinned
        /// Like `scroll`, but comes back as soon as the viewport moves back (§18.3).
        case floating
        /// Like `pinned`, but grows back as soon as the viewport moves back.
        case floatingPinned
    }

    /// The smallest extent m, `0 ≤ m ≤ M` (M: the layout header's extent).
    public var min = 0.0
    public var mode = Mode.scroll
    /// A header at rest is never partly collapsed (§18.5).
    public var snap = false
    /// In an overscroll at the start the header grows to fill it.
    public var stretch = false
    /// The content is made long enough for the header to collapse fully (§18.4).
    public var fill = false
    public init(min: Double = 0, mode: Mode = .scroll, snap: Bool = false, stretch: Bool = false, fill: Bool = false) {
        self.min = min; self.mode = mode; self.snap = snap; self.stretch = stretch; self.fill = fill
    }

    var isFloating: Bool { mode == .floating || mode == .floatingPinned }
    var isPinned: Bool { mode == .pinned || mode == .floatingPinned }

    /// §18.7, for a layout header of extent `extent` that may not also be pinned.
    func validate(header extent: Double, pinHeader: Bool) throws(LayoutError) {
        guard extent > 0 else {
            throw LayoutError(.invalidArgument, "a collapsing header needs the layout's header: global_header is \(extent), it must be above 0")
        }
        guard min.isFinite, min >= 0, min <= extent else {
            throw LayoutError(.invalidArgument, "collapse min is \(min); it must be finite, >= 0 and at most global_header (\(extent))")
        }
        guard !pinHeader else {
            throw LayoutError(.invalidArgument, "pin_global_header and collapse exclude each other: the collapse mode says whether the header pins")
        }
    }
}

/// What a collapsing header looks like at a viewport (SPEC §18.2): the host animates what it
/// draws in the header with it.
public struct CollapseRecord: Equatable, Sendable {
    /// The header's extent E, stretch included.
    public var extent: Double
    /// 0 fully open, 1 collapsed to `min`; stretch does not change it.
    public var progress: Double
    /// How far an overscroll at the start stretches it.
    public var stretch: Double
    /// How much of it has collapsed (the floating state in the floating modes, §18.3).
    public var shrink: Double
}

extension LayoutState {
    /// The collapse range R: M in the modes where the header disappears, M − m where it stops.
    func collapseRange(_ c: CollapsingHeader) -> Double {
        let full = chrome.layoutHeaderFooter.header
        return c.isPinned ? full - c.min : full
    }

    /// The header's frame along the scroll axis and its record with the visible extent starting
    /// at `o` and the floating state `floating` (§18.2).
    func collapse(_ c: CollapsingHeader, visibleStart o: Double, floating: Double) -> (origin: Double, record: CollapseRecord) {
        let full = chrome.layoutHeaderFooter.header, m = c.min, u = Swift.max(o, 0)
        let bound = Swift.min(u, collapseRange(c))
        let a = c.isFloating ? Swift.min(Swift.max(floating, 0), bound) : bound
        let base = Swift.max(m, full - a), s = c.stretch && o < 0 ? -o : 0, extent = base + s
        var y: Double
        switch c.mode {
        case .scroll: y = Swift.min(u, full - base) - s
        case .floating: y = u + Swift.min(0, full - a - base) - s
        case .pinned, .floatingPinned: y = u - s
        }
        y = Swift.min(y, contentEnd - extent)
        let progress = full > m ? (full - base) / (full - m) : 0
        return (y, CollapseRecord(extent: extent, progress: progress, stretch: s, shrink: a))
    }

    /// The record at the state's viewport, or nil without a collapsing header.
    var collapseRecord: CollapseRecord? {
        chrome.layoutHeaderFooter.collapse.map { collapse($0, visibleStart: visibleLeading, floating: floatingShrink).record }
    }

    /// The floating state clamped to `[0, min(u, R)]` at the viewport (§18.3).
    func clampedFloatingShrink(_ f: Double) -> Double {
        guard let c = chrome.layoutHeaderFooter.collapse, c.isFloating else { return 0 }
        return Swift.min(Swift.max(f, 0), Swift.min(Swift.max(visibleLeading, 0), collapseRange(c)))
    }

    /// The space a `fill` adds after the last section so that the header can collapse fully:
    /// the content reaches `V + M − m` (§18.4).
    var collapseFill: Double {
        guard let c = chrome.layoutHeaderFooter.collapse, c.fill else { return 0 }
        let own = chrome.layoutHeaderFooter, withoutFill = sectionsEnd + own.footer
        return Swift.max(0, visibleExtent + own.header - c.min - withoutFill)
    }

    /// §18.5's snap in `scroll` and `pinned` mode: a target whose visible start `w` lies inside
    /// the collapse range goes to its nearer end, open or collapsed.
    func collapseSnapped(_ target: Double) -> Double {
        guard let c = chrome.layoutHeaderFooter.collapse, c.snap, !c.isFloating else { return target }
        let lead = scrollInsets.lead, w = target + lead, r = collapseRange(c)
        guard w > 0, w < r else { return target }
        return (w <= r / 2 ? 0 : r) - lead
    }

    /// The record at a target offset `target` (logical, §18.5): the floating state stepped from
    /// the viewport to it and, with `snap`, fully shown or hidden.
    func collapseRecord(atTarget target: Double) -> CollapseRecord? {
        guard let c = chrome.layoutHeaderFooter.collapse else { return nil }
        let lead = scrollInsets.lead, w = target + lead
        var f = floatingShrink + Swift.max(w, 0) - Swift.max(visibleLeading, 0)
        if c.isFloating {
            let most = Swift.min(Swift.max(w, 0), collapseRange(c))
            f = Swift.min(Swift.max(f, 0), most)
            if c.snap { f = f <= most / 2 ? 0 : most }
        }
        return collapse(c, visibleStart: w, floating: f).record
    }
}

extension Layout {
    /// The collapsing header's record at the viewport (SPEC §18.2); nil without one.
    public var collapse: CollapseRecord? { liveState.collapseRecord }

    /// Sets the floating state (SPEC §18.3: to show or hide the header from code), clamped to
    /// `[0, min(u, R)]`. Only in the floating modes.
    public func setCollapseShrink(_ shrink: Double) throws(LayoutError) {
        try change { () throws(LayoutError) in
            guard let c = definition.layoutHeaderFooter.collapse, c.isFloating else {
                throw LayoutError(.invalidArgument, "only a floating collapsing header has a floating state to set (the mode is \(definition.layoutHeaderFooter.collapse.map { "\($0.mode)" } ?? "none"))")
            }
            guard shrink.isFinite else { throw LayoutError(.invalidArgument, "collapse shrink \(shrink) must be finite") }
            state.setFloatingShrink(shrink)
        }
    }

    /// The record at a target offset the host got from `targetContentOffset` (SPEC §18.5), as
    /// the host sees it (physical).
    public func collapse(atTarget target: Double) throws(LayoutError) -> CollapseRecord? {
        guard target.isFinite else { throw LayoutError(.invalidArgument, "target offset \(target) must be finite") }
        return state.collapseRecord(atTarget: state.presentedOrigin(target))
    }
}
