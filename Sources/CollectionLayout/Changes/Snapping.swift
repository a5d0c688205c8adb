/// Where a sideways gesture may come to rest (SPEC §10, per orthogonal section).
public enum Snapping: Sendable, CaseIterable {
    case none
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

/// Sections that scroll sideways on their own (SPEC §4).
extension Layout {
    /// Sets a strip's offset, clamped; only that section's frames shift.
    public func setSectionOffset(_ offset: Double, section s: Int) throws(LayoutError) {
        try change { () throws(LayoutError) in
            _ = try strip(s)
            guard offset.isFinite else { throw LayoutError(.invalidArgument, "section \(s): offset \(offset) must be finite") }
            state.setSectionOffset(offset, section: s)
        }
    }

    /// A strip's offset, its extent and the largest offset.
    public func sectionScroll(_ s: Int) throws(LayoutError) -> (offset: Double, contentExtent: Double, maxOffset: Double) {
        let strip = try strip(s)
        return (state.sectionOffset(s), strip.extent, Swift.max(0, strip.extent - state.lineExtent))
    }

    /// Where a strip's offset comes to rest after a gesture (SPEC §10.6).
    public func sectionTargetOffset(_ s: Int, proposed: Double, velocity: Double, snapping: Snapping,
                             decelerationRate rate: Double = Snapping.normalDeceleration) throws(LayoutError) -> Double {
        try sectionTargetOffset(s, proposed: proposed, velocity: velocity, snapping: snapping, rate: rate, current: nil)
    }

    /// `current` is where `itemPaging` steps from: the section's offset, or a fling's start (§22.2).
    func sectionTargetOffset(_ s: Int, proposed: Double, velocity: Double, snapping: Snapping, rate: Double,
                             current: Double?) throws(LayoutError) -> Double {
        let strip = try strip(s)
        let projected = try projection(proposed: proposed, velocity: velocity, rate: rate)
        return strip.targetOffset(projected: projected, current: current ?? state.sectionOffset(s), snapping: snapping,
                                  viewportExtent: state.lineExtent)
    }

    private func strip(_ s: Int) throws(LayoutError) -> Strip {
        try checkSection(s)
        guard let strip = state.sectionBody(s).strip else {
            throw LayoutError(.invalidArgument, "section \(s) is a \(state.metrics(s).style) section; only orthogonal sections scroll sideways")
        }
        return strip
    }
}

extension Strip {
    func targetOffset(projected: Double, current: Double, snapping: Snapping, viewportExtent e: Double) -> Double {
        let high = Swift.max(0, extent - e)
        func clamp(_ v: Double) -> Double { Swift.min(Swift.max(v, 0), high) }
        switch snapping {
        case .none:
            return clamp(projected)
        case .page:
            return clamp(nearestMultiple(of: e, to: projected))
        case .item:
            return clamp(nearestColumn(to: projected) { start, _ in start - leadingInset }.offset)
        case .itemCentered:
            return clamp(nearestColumn(to: projected) { start, width in start + width / 2 - e / 2 }.offset)
        case .itemPaging:
            let from = nearestColumn(to: current) { start, _ in start - leadingInset }.column
            let to = nearestColumn(to: projected) { start, _ in start - leadingInset }.column
            let column = Swift.min(Swift.max(to, from - 1), from + 1)
            return columnStarts.indices.contains(column) ? clamp(columnStarts[column] - leadingInset) : clamp(projected)
        }
    }

    /// The column whose snap offset (`candidate(start, width)`, increasing with the column) is
    /// nearest to `target` (ties: the smaller); column -1 and offset `target` without columns.
    func nearestColumn(to target: Double, _ candidate: (Double, Double) -> Double) -> (column: Int, offset: Double) {
        guard !columnStarts.isEmpty else { return (-1, target) }
        func offset(_ c: Int) -> Double { candidate(columnStarts[c], columnWidths[c]) }
        let lo = Swift.min(partition(0..<columnStarts.count) { offset($0) < target }, columnStarts.count - 1)
        let best = lo > 0 && abs(offset(lo - 1) - target) <= abs(offset(lo) - target) ? lo - 1 : lo
        return (best, offset(best))
    }
}
