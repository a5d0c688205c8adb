/// Which elements a hit test looks at (SPEC §21).
public enum HitCategories: Sendable, CaseIterable {
    /// Cells only (UIKit's `indexPathForItem(at:)`): a pinned header over a cell does not hide it.
    case cells
    /// Every element: cells, supplementaries and decorations.
    case all
}

/// Hit-testing (SPEC §21): the element under the host's pointer.
extension Layout {
    /// The topmost element whose frame, as presented at the layout's viewport (pinned, at its
    /// section's offset, the live layout while a cell moves), contains the point in content
    /// coordinates: `x ≤ px < x + w` and `y ≤ py < y + h`. Nil when none. As a rect query of
    /// the point: O(log n + k).
    public func element(at x: Double, _ y: Double, categories: HitCategories = .cells) throws(LayoutError) -> Attributes? {
        guard x.isFinite, y.isFinite else { throw LayoutError(.invalidArgument, "the point (\(x), \(y)) must be finite") }
        // A rect one representable step wide and high: SPEC §9's overlap of it is the half-open
        // containment of the point (x < px.nextUp ⟺ x ≤ px). (Past the largest finite number
        // the rect is not finite and nothing is hit.)
        let rect = Rect(x: x, y: y, width: x.nextUp - x, height: y.nextUp - y)
        var top: Attributes?
        forEachElement(in: rect) { a in
            guard categories == .all || a.id.category == .cell else { return }
            if top.map({ isPainted(a, above: $0) }) ?? true { top = a }
        }
        return top
    }

    /// Whether `a` lies above `b` (SPEC §21): the larger z; at equal z a supplementary above a
    /// cell above a decoration; then the larger section, the larger item, the kind later in byte
    /// order (what is painted later lies on top).
    private func isPainted(_ a: Attributes, above b: Attributes) -> Bool {
        func layer(_ c: ElementCategory) -> Int { switch c { case .decoration: 0; case .cell: 1; case .supplementary: 2 } }
        if a.z != b.z { return a.z > b.z }
        if a.id.category != b.id.category { return layer(a.id.category) > layer(b.id.category) }
        if a.id.section != b.id.section { return a.id.section > b.id.section }
        if a.id.item != b.id.item { return a.id.item > b.id.item }
        return (kindName(b.id.kind) ?? "").utf8.lexicographicallyPrecedes((kindName(a.id.kind) ?? "").utf8)
    }
}
