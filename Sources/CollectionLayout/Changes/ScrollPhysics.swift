// exp and log from the C library: the engine does not use Foundation.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A fling (SPEC §22.2): the closed-form curve a host samples each frame, from a start to the
/// target of §10.6. Everything a sample needs is computed here once, so a sample is O(1).
public struct Fling: Sendable, Equatable {
    public enum Curve: Sendable, CaseIterable {
        /// From inside the range: decelerates at the rate to the target (§22.1).
        case decelerate
        /// From outside the range (released while rubber-banding): a critically damped spring.
        case spring
    }

    /// The spring's angular frequency: response 0.4 s, damping ratio 1.
    public static let springOmega = 2 * Double.pi / 0.4

    public let curve: Curve
    /// Where it starts (p0) and the velocity it was given (v0, points/s).
    public let start: Double
    public let velocity: Double
    /// Where it rests (T).
    public let target: Double
    /// The deceleration's time constant `r / (1000 (1 − r))` in seconds.
    public let tau: Double
    /// The spring's angular frequency (1/s).
    public let omega: Double
    /// The spring's `A = p0 − T` and `B = v0 + ω·A` (0 for a deceleration).
    public let a: Double
    public let b: Double
    /// From this time on a sample is exactly the target with velocity 0.
    public let restTime: Double

    /// The fling from `start` with `velocity` to `target`; `inRange` says which curve. `rest` is
    /// the distance that counts as arrived (half a pixel).
    init(start: Double, velocity: Double, target: Double, inRange: Bool, rate: Double, rest: Double) throws(LayoutError) {
        let tau = rate / (1000 * (1 - rate)), omega = Fling.springOmega
        let a = inRange ? 0 : start - target
        let b = inRange ? 0 : velocity + omega * a
        // Finite inputs can still overflow: a start of 1e308 springing back, a rate so near 0
        // that the starting velocity (T − p0)/τ is infinite.
        guard ((target - start) / tau).isFinite, a.isFinite, b.isFinite else {
            throw LayoutError(.limit, "the fling from \(start) at velocity \(velocity) to \(target) at rate \(rate) is not finite")
        }
        let restTime = inRange ? Fling.decelerationRest(distance: abs(target - start), tau: tau, rest: rest)
                               : Fling.springRest(a: a, b: b, omega: omega, rest: rest)
        self.init(unchecked: inRange ? .decelerate : .spring, start: start, velocity: velocity, target: target,
                  tau: tau, omega: omega, a: a, b: b, restTime: restTime)
    }

    private init(unchecked curve: Curve, start: Double, velocity: Double, target: Double, tau: Double, omega: Double,
                 a: Double, b: Double, restTime: Double) {
        (self.curve, self.start, self.velocity, self.target) = (curve, start, velocity, target)
        (self.tau, self.omega, self.a, self.b, self.restTime) = (tau, omega, a, b, restTime)
    }

    /// A fling from its parts (as a C caller hands one back), checked: every number finite,
    /// the time constant and frequency positive, the rest time not negative.
    public init(curve: Curve, start: Double, velocity: Double, target: Double, tau: Double, omega: Double,
                a: Double, b: Double, restTime: Double) throws(LayoutError) {
        let parts = [start, velocity, target, tau, omega, a, b, restTime]
        guard parts.allSatisfy(\.isFinite), tau > 0, omega > 0, restTime >= 0 else {
            throw LayoutError(.invalidArgument, "not a fling: its numbers must be finite, tau and omega positive and rest_time not negative "
                + "(start \(start), velocity \(velocity), target \(target), tau \(tau), omega \(omega), a \(a), b \(b), rest_time \(restTime))")
        }
        self.init(unchecked: curve, start: start, velocity: velocity, target: target, tau: tau, omega: omega, a: a, b: b, restTime: restTime)
    }

    /// The same curve with every offset `o` read as `k − o` and every velocity negated: a
    /// horizontal right-to-left layout's physical fling from its logical one (SPEC §15).
    func mirrored(around k: Double) -> Fling {
        Fling(unchecked: curve, start: k - start, velocity: -velocity, target: k - target, tau: tau, omega: omega,
              a: -a, b: -b, restTime: restTime)
    }

    /// The offset and velocity at time `t` (seconds since the release, finite, ≥ 0).
    public func sample(at t: Double) throws(LayoutError) -> (offset: Double, velocity: Double) {
        guard t.isFinite, t >= 0 else { throw LayoutError(.invalidArgument, "time \(t) must be a finite number of seconds ≥ 0") }
        let sample = sampleChecked(at: t)
        // Only parts put together by hand get here (a fling the engine made stays finite).
        guard sample.offset.isFinite, sample.velocity.isFinite else {
            throw LayoutError(.invalidArgument, "not a fling: its sample at \(t) s is not finite (start \(start), target \(target), "
                + "tau \(tau), omega \(omega), a \(a), b \(b), rest_time \(restTime))")
        }
        return sample
    }

    /// `sample(at:)` for a time known to be finite and ≥ 0.
    @inline(__always)
    func sampleChecked(at t: Double) -> (offset: Double, velocity: Double) {
        guard t < restTime else { return (target, 0) }
        switch curve {
        case .decelerate:
            let fading = exp(-t / tau), distance = target - start
            return (start + distance * (1 - fading), distance / tau * fading)
        case .spring:
            // b·t or ω·b alone may overflow where t·e^(−ωt) (at most 1/(ωe)) keeps them finite.
            let fading = exp(-omega * t), decay = t * fading
            return (target + a * fading + b * decay, velocity * fading - b * (omega * decay))
        }
    }

    /// `τ·ln(|T − p0|/d)`, or 0 when the distance is within d already.
    private static func decelerationRest(distance: Double, tau: Double, rest: Double) -> Double {
        distance > rest ? tau * log(distance / rest) : 0
    }

    /// The last time the envelope `(|A| + |B|·t)·e^(−ω·t)` equals d (0 if it never exceeds d):
    /// it rises until `max(0, 1/ω − |A|/|B|)` and falls after, so the root past the peak is
    /// the one; bisection to well under 1e-9 s.
    private static func springRest(a: Double, b: Double, omega: Double, rest: Double) -> Double {
        let a = abs(a), b = abs(b)
        func envelope(_ t: Double) -> Double { a * exp(-omega * t) + b * (t * exp(-omega * t)) }
        let peak = b > 0 ? Swift.max(0, 1 / omega - a / b) : 0
        guard envelope(peak) > rest else { return 0 }
        var low = peak, high = peak + 1 / omega
        while envelope(high) > rest { (low, high) = (high, high * 2) }
        for _ in 0..<200 where high - low > 1e-12 {
            let mid = (low + high) / 2
            if envelope(mid) > rest { low = mid } else { high = mid }
        }
        return high
    }
}

/// UIScrollView's rubber band (SPEC §22.3): how far past an end a drag of `x` shows, for a
/// dimension `d` (the viewport's extent). Always below `d`; 0 when `d` is 0.
func rubberBand(_ x: Double, dimension d: Double) -> Double {
    guard d > 0 else { return 0 }
    return (1 - 1 / (x * 0.55 / d + 1)) * d
}

/// A raw origin presented within `[lo, hi]` or rubber-banded past an end.
func presented(_ o: Double, range lo: Double, _ hi: Double, dimension d: Double) -> Double {
    o < lo ? lo - rubberBand(lo - o, dimension: d) : o > hi ? hi + rubberBand(o - hi, dimension: d) : o
}

extension LayoutState {
    /// What counts as arrived for a fling: half a pixel (SPEC §22.2), in points. Without a
    /// display scale (§20.2) a pixel is a point.
    var flingRestDistance: Double { chrome.pixelGrid.map { 0.5 / $0.scale } ?? 0.5 }
}

/// Scroll physics for hosts without a scroll view (SPEC §22). The layout does not change.
extension Layout {
    /// A fling along the scroll axis from `start` (default: the viewport's origin).
    public func fling(velocity: Double, snapping: ScrollSnapping, decelerationRate rate: Double = Snapping.normalDeceleration,
                      from start: Double? = nil) throws(LayoutError) -> Fling {
        // (On the logical layout, SPEC §15: the start and the velocity map in, the curve out.)
        let p0 = state.presentedOrigin(try checked(start: start ?? state.presentedLeading, velocity: velocity))
        let v0 = state.presentedVelocity(velocity)
        let target = try state.checkedTargetOrigin(projected: try projection(proposed: p0, velocity: v0, rate: rate), snapping: snapping, current: p0)
        let (lo, hi) = state.scrollRange
        return state.presentedFling(try Fling(start: p0, velocity: v0, target: target, inRange: p0 >= lo && p0 <= hi, rate: rate,
                                              rest: state.flingRestDistance))
    }

    /// A fling of an orthogonal section's own offset from `start` (default: its offset), in
    /// `[0, max(0, C − E)]`.
    public func sectionFling(_ s: Int, velocity: Double, snapping: Snapping, decelerationRate rate: Double = Snapping.normalDeceleration,
                             from start: Double? = nil) throws(LayoutError) -> Fling {
        let scroll = try sectionScroll(s)
        let p0 = try checked(start: start ?? scroll.offset, velocity: velocity)
        let target = try sectionTargetOffset(s, proposed: p0, velocity: velocity, snapping: snapping, rate: rate, current: p0)
        return try Fling(start: p0, velocity: velocity, target: target, inRange: p0 >= 0 && p0 <= scroll.maxOffset, rate: rate,
                     rest: state.flingRestDistance)
    }

    /// The origin a drag to the raw scroll-axis origin `offset` shows (SPEC §22.3).
    public func rubberBand(_ offset: Double) throws(LayoutError) -> Double {
        guard offset.isFinite else { throw LayoutError(.invalidArgument, "offset \(offset) must be finite") }
        let (lo, hi) = state.scrollRange
        return state.presentedOrigin(presented(state.presentedOrigin(offset), range: lo, hi, dimension: state.viewportExtent))
    }

    /// The offset a drag to the raw `offset` of an orthogonal section shows (SPEC §22.3).
    public func sectionRubberBand(_ s: Int, offset: Double) throws(LayoutError) -> Double {
        let scroll = try sectionScroll(s)
        guard offset.isFinite else { throw LayoutError(.invalidArgument, "section \(s): offset \(offset) must be finite") }
        return presented(offset, range: 0, scroll.maxOffset, dimension: state.lineExtent)
    }

    private func checked(start: Double, velocity: Double) throws(LayoutError) -> Double {
        guard start.isFinite, velocity.isFinite else {
            throw LayoutError(.invalidArgument, "a fling's start \(start) and velocity \(velocity) must be finite")
        }
        return start
    }
}
