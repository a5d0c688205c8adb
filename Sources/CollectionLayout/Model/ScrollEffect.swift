// floor from the C library: the engine does not use Foundation.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A section's scroll effect (SPEC §19): each cell gets a scale, an alpha and a z from where its
/// centre lies in the viewport, between keylines. Declarative, so a host runs no callback per
/// cell and frame; frames do not change.
public struct ScrollEffect: Equatable, Sendable {
    public struct Keyline: Equatable, Sendable {
        /// The position `fraction · V + offset` along the effect's axis (V: the viewport's extent).
        public var fraction = 0.0
        public var offset = 0.0
        public var scale = 1.0
        public var alpha = 1.0
        public var z: Int32 = 0
        public init(fraction: Double = 0, offset: Double = 0, scale: Double = 1, alpha: Double = 1, z: Int32 = 0) {
            self.fraction = fraction; self.offset = offset; self.scale = scale; self.alpha = alpha; self.z = z
        }
    }

    public enum Curve: Sendable, CaseIterable {
        case linear
        /// Smoothstep: `t·t·(3 − 2t)`.
        case easeInOut
    }

    /// The largest |z| a keyline may have (SPEC §19.1).
    public static let maxZ: Int32 = 1_000_000

    public var keylines: [Keyline]
    public var curve = Curve.linear
    public init(keylines: [Keyline], curve: Curve = .linear) { self.keylines = keylines; self.curve = curve }

    /// SPEC §19.4: at least one keyline; finite numbers, scale ≥ 0, alpha in [0, 1], |z| ≤ 1,000,000.
    func validate(section: Int) throws(LayoutError) {
        guard !keylines.isEmpty else { throw LayoutError(.invalidArgument, "section \(section): an effect needs at least one keyline") }
        for (k, l) in keylines.enumerated() {
            func bad(_ why: String) -> LayoutError { LayoutError(.invalidArgument, "section \(section): effect keyline \(k): \(why)") }
            guard l.fraction.isFinite, l.offset.isFinite else { throw bad("fraction \(l.fraction) and offset \(l.offset) must be finite") }
            guard l.scale.isFinite, l.scale >= 0 else { throw bad("scale \(l.scale) must be finite and >= 0") }
            guard l.alpha.isFinite, l.alpha >= 0, l.alpha <= 1 else { throw bad("alpha \(l.alpha) must be in [0, 1]") }
            guard abs(l.z) <= Self.maxZ else { throw bad("z \(l.z) must be within ±\(Self.maxZ)") }
        }
    }

    /// The keylines placed for a viewport extent `extent` along the effect's axis, in order of position (equal
    /// positions in list order), or nil when a position or the distance between two is not
    /// finite (SPEC §19.4: a limit, found when the viewport is set).
    func placed(extent: Double, alongLine: Bool) -> PlacedEffect? {
        let positions = keylines.map { $0.fraction * extent + $0.offset }
        guard positions.allSatisfy(\.isFinite) else { return nil }
        let order = positions.indices.sorted { (positions[$0], $0) < (positions[$1], $1) }
        let sorted = order.map { positions[$0] }
        guard let first = sorted.first, let last = sorted.last, (last - first).isFinite else { return nil }
        return PlacedEffect(positions: sorted, keylines: order.map { keylines[$0] }, curve: curve, alongLine: alongLine)
    }
}

/// An effect's keylines at one viewport extent, sorted by position: what a query evaluates for
/// each cell it returns, in O(log keylines).
struct PlacedEffect {
    let positions: [Double]
    let keylines: [ScrollEffect.Keyline]
    let curve: ScrollEffect.Curve
    /// Along the line axis (an orthogonal section's) or the scroll axis.
    let alongLine: Bool

    /// The values at position `c` (SPEC §19.2): the end keylines' outside, interpolated between.
    func values(at c: Double) -> (scale: Double, alpha: Double, z: Double) {
        let n = positions.count
        func of(_ k: Int) -> (scale: Double, alpha: Double, z: Double) { (keylines[k].scale, keylines[k].alpha, Double(keylines[k].z)) }
        // (c is compared before anything is subtracted: no NaN from a position far away.)
        guard c >= positions[0] else { return of(0) }
        guard c < positions[n - 1] else { return of(n - 1) }
        // The last keyline at or before c; the next one lies after it (a step: the later one).
        let k = partition(0..<n) { positions[$0] <= c } - 1
        let t = (c - positions[k]) / (positions[k + 1] - positions[k])
        let w = curve == .linear ? t : t * t * (3 - 2 * t)
        let a = of(k), b = of(k + 1)
        return (a.scale + (b.scale - a.scale) * w, a.alpha + (b.alpha - a.alpha) * w, a.z + (b.z - a.z) * w)
    }

    /// A cell's attributes with the effect at position `c`: scale, alpha times, z plus.
    func apply(to a: inout Attributes, at c: Double) {
        let v = values(at: c)
        a.scale = v.scale
        a.alpha *= v.alpha
        a.z += Int32(floor(v.z + 0.5))
    }
}
