/// What comes into view and what goes out of view when the viewport moves: the two lists a
/// host that recycles a pool of views needs every frame (as RecyclerView's recycler and UIKit's
/// reuse queues use them), without diffing two rect queries itself.
extension Layout {
    /// The elements a rect query of `new` returns and one of `old` does not (`entered`), and the
    /// reverse (`left`), each in identity order (section, item, category, kind). Only the parts
    /// of each rect outside the other are searched: a one-line scroll costs two thin queries.
    public func viewportChanges(from old: Rect, to new: Rect) throws(LayoutError) -> (entered: [Attributes], left: [Attributes]) {
        try checkRect(old, "the old viewport")
        try checkRect(new, "the new viewport")
        return (elements(in: new, notIn: old), elements(in: old, notIn: new))
    }

    /// The elements overlapping `rect` (positive area, SPEC §9) and not `other`, sorted.
    private func elements(in rect: Rect, notIn other: Rect) -> [Attributes] {
        let pieces = rect.subtracting(other)
        var found: [Attributes] = []
        found.reserveCapacity(32)
        for (k, piece) in pieces.enumerated() {
            forEachElement(in: piece) { a in
                // (An element across two pieces is taken with the first it overlaps.)
                guard !a.frame.overlaps(other), k == 0 || !pieces[..<k].contains(where: a.frame.overlaps) else { return }
                found.append(a)
            }
        }
        func category(_ c: ElementCategory) -> Int { switch c { case .cell: 0; case .supplementary: 1; case .decoration: 2 } }
        found.sort { a, b in
            (a.id.section, a.id.item, category(a.id.category), a.id.kind.rawValue)
                < (b.id.section, b.id.item, category(b.id.category), b.id.kind.rawValue)
        }
        return found
    }
}

extension Rect {
    /// The part of this rect outside `other`, as at most four rects that do not overlap: the
    /// bands above and below `other`, then the parts left and right of it between them. Nothing
    /// when `other` covers it; the rect itself when they do not overlap.
    func subtracting(_ other: Rect) -> [Rect] {
        guard width > 0, height > 0 else { return [] }
        guard overlaps(other) else { return [self] }
        let top = Swift.max(y, other.y), bottom = Swift.min(y + height, other.y + other.height)
        let candidates = [
            Rect(x: x, y: y, width: width, height: top - y),
            Rect(x: x, y: bottom, width: width, height: y + height - bottom),
            Rect(x: x, y: top, width: other.x - x, height: bottom - top),
            Rect(x: other.x + other.width, y: top, width: x + width - (other.x + other.width), height: bottom - top),
        ]
        return candidates.filter { $0.width > 0 && $0.height > 0 }
    }
}
