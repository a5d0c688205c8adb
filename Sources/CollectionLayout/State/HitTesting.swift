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
        // The candidates: what overlaps a square of 2 points around the point (every frame that
        // holds the point does, whatever rounding the section offsets add); the answer: among
        // them, the frames as reported that hold it, half-open.
        let rect = Rect(x: x - 1, y: y - 1, width: 2, height: 2)
        var top: Attributes?
        forEachElement(in: rect) { a in
            let f = a.frame
            guard categories == .all || a.id.category == .cell,
                  f.x <= x, x < f.x + f.width, f.y <= y, y < f.y + f.height else { return }
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
