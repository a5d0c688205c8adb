/// The right-to-left mirror (SPEC §15): the engine lays out and keeps logical frames (x from the
/// leading edge) and reports them mirrored once along x in `width` (W: what the content and the
/// visible viewport span). It is its own inverse, so the same map takes the host's physical
/// rects and points in.
struct Mirror: Equatable {
    let width: Double

    func rect(_ r: Rect) -> Rect { Rect(x: width - r.x - r.width, y: r.y, width: r.width, height: r.height) }

    func x(_ x: Double) -> Double { width - x }

    /// An element: mirrored by its edges, so that a frame whose extent is lost next to its
    /// origin in the logical layout (1e-300 wide at x = 400) has none in the mirror either.
    func attributes(_ a: Attributes) -> Attributes {
        var r = a
        let left = width - (a.frame.x + a.frame.width), right = width - a.frame.x
        r.frame = Rect(x: left, y: a.frame.y, width: right - left, height: a.frame.height)
        return r
    }

    /// Left and right swapped: content insets are physical, the logical layout's leading one is
    /// the physical right one.
    static func insets(_ i: Insets) -> Insets { Insets(top: i.top, left: i.right, bottom: i.bottom, right: i.left) }
}
