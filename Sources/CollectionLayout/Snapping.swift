/// Where a sideways gesture may come to rest (SPEC §10, per orthogonal section).
public enum Snapping: Int32, Sendable {
    case none = 0
    /// A column's leading edge at the section's leading inset, the nearest to the projection.
    case item
    /// A multiple of the viewport's line-axis extent.
    case page
    /// Like `item`, at most one column away from the column at the current offset.
    case itemPaging
    /// A column centred in the viewport.
    case itemCentered

    /// UIScrollView's deceleration rates.
    public static let normalDeceleration = 0.998
    public static let fastDeceleration = 0.99
}

extension OrthogonalBody {
    func targetOffset(proposed: Double, velocity: Double, snapping: Snapping, rate: Double, viewportExtent e: Double) -> Double {
        let projected = proposed + velocity / 1000 * rate / (1 - rate)
        let high = Swift.max(0, stripExtent.map { $0 - e } ?? 0)
        func clamp(_ v: Double) -> Double { Swift.min(Swift.max(v, 0), high) }
        let leading = axesInsets.left
        switch snapping {
        case .none:
            return clamp(projected)
        case .page:
            return e > 0 ? clamp((projected / e).rounded() * e) : clamp(projected)
        case .item:
            return clamp(nearestColumn(to: projected) { start, _ in start - leading }.offset)
        case .itemCentered:
            return clamp(nearestColumn(to: projected) { start, width in start + width / 2 - e / 2 }.offset)
        case .itemPaging:
            let current = nearestColumn(to: offset) { start, _ in start - leading }.column
            let target = nearestColumn(to: projected) { start, _ in start - leading }.column
            let column = Swift.min(Swift.max(target, current - 1), current + 1)
            return column < 0 || column >= columnCount ? clamp(projected) : clamp(columnOffset(column) - leading)
        }
    }
}
