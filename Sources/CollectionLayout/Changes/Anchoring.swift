/// Scroll anchoring (SPEC §10.4): after a change the viewport's scroll-axis origin moves with
/// the first visible cell that survives in place, then is clamped to the new content.
extension LayoutState {
    /// The scroll-axis origin of the viewport after a change from `old` to this state: moved by
    /// the displacement of the anchor (when `anchoring`), then clamped. `newPath` gives a cell's
    /// new index path, or nil when the change deletes or moves it (it cannot anchor).
    func anchoredOrigin(from old: LayoutState, anchoring: Bool, newPath: (ItemPath) -> ItemPath?) -> Double {
        var origin = old.viewportLeading
        if anchoring, let (from, to) = old.anchor(newPath), let before = old.cellStart(from), let after = cellStart(to) {
            origin += after - before
        }
        return clampedOrigin(origin)
    }

    /// The scroll-axis origin of the viewport after a transition from `old` to this state
    /// (SPEC §10.5): the anchor's displacement when both scroll the same way, else its start
    /// here (no anchor: the old origin, or 0); clamped.
    func transitionOrigin(from old: LayoutState) -> Double {
        let same = axes.direction == old.axes.direction
        var origin = same ? old.viewportLeading : 0
        if let (p, _) = old.anchor({ $0 }), let after = cellStart(p) {
            origin = same ? old.viewportLeading + after - (old.cellStart(p) ?? after) : after
        }
        return clampedOrigin(origin)
    }

    func clampedOrigin(_ origin: Double) -> Double {
        let extent = axes.direction == .vertical ? viewport.height : viewport.width
        return Swift.min(Swift.max(origin, 0), Swift.max(0, starts[starts.count - 1] - extent))
    }

    /// The first cell in index-path order that overlaps the viewport and has a new place.
    private func anchor(_ newPath: (ItemPath) -> ItemPath?) -> (ItemPath, ItemPath)? {
        var visible: [ItemPath] = []
        forEachElement(in: viewport) { a in
            if a.id.category == .cell { visible.append(ItemPath(a.id.section, a.id.item)) }
        }
        for p in visible.sorted() { if let q = newPath(p) { return (p, q) } }
        return nil
    }

    private func cellStart(_ p: ItemPath) -> Double? {
        guard sections.indices.contains(p.section), let frame = sections[p.section].body.cellFrame(p.item) else { return nil }
        return place(frame, section: p.section).scroll
    }

    /// The viewport with its scroll-axis origin at `origin`.
    func viewport(atOrigin origin: Double) -> Rect {
        var v = viewport
        if axes.direction == .vertical { v.y = origin } else { v.x = origin }
        return v
    }
}
