/// Scroll anchoring (SPEC §10.4): after a change the viewport's scroll-axis origin moves with
/// the first visible cell that survives in place, then is clamped to the new content.
extension LayoutState {
    /// The cell a change anchors to: its index paths before and after and its scroll-axis start
    /// before. Taken from the state before the change, so a change that works in place (no old
    /// state kept beside the new one) can anchor too.
    struct Anchor {
        var old: ItemPath
        var new: ItemPath
        var start: Double
    }

    /// The scroll-axis origin of the viewport after a change from `old` to this state: moved by
    /// the displacement of the anchor (when `anchoring`), then clamped. `newPath` gives a cell's
    /// new index path, or nil when the change deletes or moves it (it cannot anchor).
    func anchoredOrigin(from old: LayoutState, anchoring: Bool, newPath: (ItemPath) -> ItemPath?) -> Double {
        anchoredOrigin(from: old.viewportLeading, anchor: anchoring ? old.anchor(newPath) : nil)
    }

    /// `origin` (the old one) moved by the anchor's displacement, then clamped to this state.
    func anchoredOrigin(from origin: Double, anchor: Anchor?) -> Double {
        var origin = origin
        if let anchor, let after = cellStart(anchor.new) { origin += after - anchor.start }
        return clampedOrigin(origin)
    }

    /// The scroll-axis origin of the viewport after a transition from `old` to this state
    /// (SPEC §10.5): the anchor's displacement when both scroll the same way, else its start
    /// here (no anchor: the old origin, or 0); clamped.
    func transitionOrigin(from old: LayoutState) -> Double {
        let same = axes.direction == old.axes.direction
        guard let anchor = old.anchor({ $0 }), let after = cellStart(anchor.old) else {
            return clampedOrigin(same ? old.viewportLeading : 0)
        }
        return clampedOrigin(same ? old.viewportLeading + after - anchor.start : after)
    }

    /// The scroll range `[lo, hi]` of the viewport's scroll-axis origin: `[0, max(0, content −
    /// viewport extent)]` (content insets, SPEC §20.1, will widen it here).
    var scrollRange: (lo: Double, hi: Double) { (0, Swift.max(0, starts[starts.count - 1] - viewportExtent)) }

    /// A scroll-axis origin clamped to the scroll range.
    func clampedOrigin(_ origin: Double) -> Double {
        let (lo, hi) = scrollRange
        return Swift.min(Swift.max(origin, lo), hi)
    }

    /// The viewport's extent along the scroll axis.
    var viewportExtent: Double { axes.direction == .vertical ? viewport.height : viewport.width }

    /// The first cell in index-path order that overlaps the viewport and has a new place.
    func anchor(_ newPath: (ItemPath) -> ItemPath?) -> Anchor? {
        var visible: [ItemPath] = []
        forEachElement(in: viewport) { a in
            if a.id.category == .cell { visible.append(ItemPath(a.id.section, a.id.item)) }
        }
        for p in visible.sorted() {
            if let q = newPath(p), let start = cellStart(p) { return Anchor(old: p, new: q, start: start) }
        }
        return nil
    }

    private func cellStart(_ p: ItemPath) -> Double? {
        guard hasSection(p.section), let frame = sectionBody(p.section).cellFrame(p.item) else { return nil }
        return place(frame, section: p.section).scroll
    }

    /// The viewport with its scroll-axis origin at `origin`.
    func viewport(atOrigin origin: Double) -> Rect {
        var v = viewport
        if axes.direction == .vertical { v.y = origin } else { v.x = origin }
        return v
    }
}
