/// The display's pixel grid (SPEC §20.2): reported frames have their edges rounded to it, as
/// Yoga's `roundValueToPixelGrid` does, so that cells sharing an exact edge share the rounded
/// one and never gap or overlap on screen. The layout itself stays exact.
struct PixelGrid: Equatable {
    /// Display pixels per point, > 0.
    let scale: Double

    /// nil for a scale of 0 (rounding off).
    init?(scale: Double) {
        guard scale > 0 else { return nil }
        self.scale = scale
    }

    /// Half up, with a fraction within 1e-4 pixel of a half counted as one (Yoga's tolerance for
    /// the noise of the exact layout's sums).
    func round(_ v: Double) -> Double {
        let p = v * scale, n = p.rounded(.down)
        let r = p - n > 0.4999 ? (n + 1) / scale : n / scale
        return r.isFinite ? r : v  // past the grid's reach (a coordinate near the largest double): as it is
    }

    /// Edges rounded; sizes are the differences of rounded edges.
    func round(_ r: Rect) -> Rect {
        let x = round(r.x), y = round(r.y)
        return Rect(x: x, y: y, width: round(r.x + r.width) - x, height: round(r.y + r.height) - y)
    }

    func round(_ a: Attributes) -> Attributes {
        var r = a
        r.frame = round(a.frame)
        return r
    }

    /// How far a rounded edge may lie from its exact one, with room to spare: a rect grown by
    /// this finds every frame whose rounded frame overlaps the rect.
    var reach: Double { 1 / scale }
}
