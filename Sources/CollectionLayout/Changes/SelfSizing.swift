/// Self-sizing (SPEC §10.4): the host reports measured sizes (UIKit's preferred layout
/// attributes); the layout re-flows from the first affected line through the invalidation path,
/// keeps the first visible cell in place on screen and says how far the viewport moved.
public struct SizeChange: Equatable, Sendable {
    /// The viewport after the change (anchored and clamped).
    public var viewport: Rect
    /// How far its scroll-axis origin moved (UIKit's contentOffsetAdjustment).
    public var adjustment: Double
    /// The content's change along the scroll axis.
    public var contentSizeChange: Double
}

extension Layout {
    /// Sets the measured sizes of cells; a later entry for the same cell wins. Cells of custom
    /// sections have frames, not sizes: an error. Nothing changes when anything is refused.
    @discardableResult
    public func setItemSizes(_ list: [(section: Int, item: Int, size: Size)]) throws(LayoutError) -> SizeChange {
        try change { () throws(LayoutError) in try settingItemSizes(list) }
    }

    private func settingItemSizes(_ list: [(section: Int, item: Int, size: Size)]) throws(LayoutError) -> SizeChange {
        for e in list { try checkSize(e.size, what: "the measured size of item (\(e.section), \(e.item))") }
        // Sorted by index path, keeping each cell's last entry (a stable order by position).
        var entries = list.enumerated().map { (path: ItemPath($0.element.section, $0.element.item), k: $0.offset, size: $0.element.size) }
        entries.sort { ($0.path, $0.k) < ($1.path, $1.k) }
        var unique: [(section: Int, item: Int)] = [], sizes: [Size] = []
        for (n, e) in entries.enumerated() where n + 1 == entries.count || entries[n + 1].path != e.path {
            unique.append((e.path.section, e.path.item))
            sizes.append(e.size)
        }
        let oldOrigin = state.viewportLeading, oldPresented = state.presentedLeading, oldTotal = state.starts[state.starts.count - 1]
        // Nothing moves or goes away: the anchor is the first visible cell.
        let anchor = definition.anchoring ? state.anchor { $0 } : nil
        try changeItems(unique) { s, changed, model throws(LayoutError) in
            guard !bodyType(for: model.metrics.style).placesItemsItself else {
                throw LayoutError(.invalidArgument, "item (\(s), \(changed[0])) is in custom section \(s), whose frames come from the data source; it takes no measured size")
            }
            // `changed` is section s's run of `unique`, in the same order.
            let first = partition(0..<unique.count) { unique[$0].section < s }
            var new = ItemValues(items: changed, whole: false)
            new.sizes = Column(Array(sizes[first..<(first + changed.count)]))
            return (new, ItemValues.current(changed, whole: false, in: model))
        }
        try state.setViewport(state.viewport(atOrigin: state.anchoredOrigin(from: oldOrigin, anchor: anchor)))
        // (Each side's physical origin, SPEC §15: W may change with the content.)
        return SizeChange(viewport: state.presentedViewport, adjustment: state.presentedLeading - oldPresented,
                          contentSizeChange: state.starts[state.starts.count - 1] - oldTotal)
    }
}
