/// Points are doubles; the origin is top-left and y grows down (SPEC §1).
public struct Size: Equatable, Sendable, BitwiseCopyable {
    public var width: Double
    public var height: Double
    public init(width: Double, height: Double) { self.width = width; self.height = height }
    public static let zero = Size(width: 0, height: 0)
}

public struct Rect: Equatable, Sendable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    /// True when the two rects share an area larger than zero (SPEC §9: zero-area elements never match).
    public func overlaps(_ other: Rect) -> Bool {
        Swift.max(x, other.x) < Swift.min(x + width, other.x + other.width)
            && Swift.max(y, other.y) < Swift.min(y + height, other.y + other.height)
    }
}

/// Screen insets. For a vertical layout top/bottom are the scroll-axis insets; for a horizontal
/// one left/right are (SPEC §2). `Axes.axisInsets` gives them in axis terms.
public struct Insets: Equatable, Sendable {
    public var top: Double
    public var left: Double
    public var bottom: Double
    public var right: Double
    public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top; self.left = left; self.bottom = bottom; self.right = right
    }
    public static let zero = Insets()
}

public enum ScrollDirection: Sendable, CaseIterable {
    case vertical
    case horizontal
}

/// Which way a layout reads (SPEC §15), apart from the way it scrolls.
public enum LayoutDirection: Sendable, CaseIterable {
    case leftToRight
    /// The left-to-right layout of the same data, mirrored once along x.
    case rightToLeft
}

/// A rectangle in axis terms: `line` runs along the line axis (x for a vertical layout), `scroll`
/// along the scroll axis. The engine works in these; `Axes` maps them to screen rects.
struct AxisRect: Equatable {
    var line: Double
    var scroll: Double
    var lineExtent: Double
    var scrollExtent: Double

    var lineEnd: Double { line + lineExtent }
    var scrollEnd: Double { scroll + scrollExtent }

    func overlaps(_ o: AxisRect) -> Bool {
        Swift.max(line, o.line) < Swift.min(lineEnd, o.lineEnd)
            && Swift.max(scroll, o.scroll) < Swift.min(scrollEnd, o.scrollEnd)
    }

    /// Shrinks by insets in axis terms (`Axes.axisInsets`); negative insets grow it, and an extent shrunk below zero becomes zero (SPEC §7).
    /// Extents are taken between the new edges, so that a frame with a positive extent also
    /// ends after it starts (an extent of rounding noise would overlap nothing, SPEC §9).
    func inset(by i: Insets) -> AxisRect {
        let start = line + i.left, top = scroll + i.top
        return AxisRect(line: start, scroll: top, lineExtent: Swift.max(0, (lineEnd - i.right) - start),
                        scrollExtent: Swift.max(0, (scrollEnd - i.bottom) - top))
    }
}

/// Maps between screen geometry and axis geometry for one scroll direction.
struct Axes {
    var direction: ScrollDirection

    func rect(_ r: AxisRect) -> Rect {
        switch direction {
        case .vertical: Rect(x: r.line, y: r.scroll, width: r.lineExtent, height: r.scrollExtent)
        case .horizontal: Rect(x: r.scroll, y: r.line, width: r.scrollExtent, height: r.lineExtent)
        }
    }

    func axisRect(_ r: Rect) -> AxisRect {
        switch direction {
        case .vertical: AxisRect(line: r.x, scroll: r.y, lineExtent: r.width, scrollExtent: r.height)
        case .horizontal: AxisRect(line: r.y, scroll: r.x, lineExtent: r.height, scrollExtent: r.width)
        }
    }

    /// Insets in axis terms: top/bottom become the scroll-axis leading/trailing insets and
    /// left/right the line-axis ones.
    func axisInsets(_ i: Insets) -> Insets {
        switch direction {
        case .vertical: i
        case .horizontal: Insets(top: i.left, left: i.top, bottom: i.right, right: i.bottom)
        }
    }

    /// The extent of `r` along the line axis (the viewport's width in a vertical layout).
    func lineExtent(of r: Rect) -> Double { direction == .vertical ? r.width : r.height }

    /// The byte offsets of the line-axis and the scroll-axis extents inside a `Size`, from its
    /// own layout: the one place raw reads of sizes (FlowPass) take them from.
    var sizeOffsets: (line: Int, scroll: Int) {
        let width = MemoryLayout<Size>.offset(of: \Size.width)!, height = MemoryLayout<Size>.offset(of: \Size.height)!
        return direction == .vertical ? (width, height) : (height, width)
    }
}
