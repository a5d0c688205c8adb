import CollectionLayout
import Foundation
import Testing

/// Scroll physics (SPEC §22) and the `line-center` / `line-end` snaps (§10.6), hand-checked on
/// TargetTests' scene: lines of thickness 80 at 50 + 90k in section 0 (k < 6), section 1's
/// header at 590...630 and its lines at 640 + 90k; content 1180, viewport 480 at 300 (largest
/// origin 700).
@Suite struct PhysicsTests {
    private func target(_ l: Layout, _ p: Double, _ snap: ScrollSnapping) throws -> Double {
        try l.targetContentOffset(proposed: p, velocity: 0, snapping: snap)
    }

    @Test func lineCenterCentresTheNearestLine() throws {
        for pin in [false, true] {  // no pinned header reduces these
            let l = try TargetTests.scene(pin: pin)
            // Centres 20 (header), 90 + 90k: origins -220, -150, -60, 30, 120, ...
            #expect(try target(l, 0, .lineCenter) == 30)
            #expect(try target(l, 100, .lineCenter) == 120)
            #expect(try target(l, 75, .lineCenter) == 30)  // a tie between 30 and 120: the smaller
            #expect(try target(l, -500, .lineCenter) == 0)  // -220, clamped
            #expect(try target(l, 5000, .lineCenter) == 700)
        }
    }

    @Test func lineEndPutsTheNearestLineEndAtTheViewportEnd() throws {
        let l = try TargetTests.scene(pin: true)
        // Ends 130 + 90k (k < 6): origins -350 + 90k; header 1 ends at 630: origin 150.
        #expect(try target(l, 100, .lineEnd) == 100)
        #expect(try target(l, 120, .lineEnd) == 100)
        #expect(try target(l, 125, .lineEnd) == 100)  // a tie between 100 and 150: the smaller
        #expect(try target(l, 126, .lineEnd) == 150)
    }

    @Test func lineRangesOfTheStyles() throws {
        // A flow line's range is its thickness, not its cells' (a short cell centred in it).
        let flow = try Scene(json: ["viewport": [0, 0, 300, 100], "sections": [
            ["items": [[100, 100], [100, 20]], "interitem_spacing": 0, "line_spacing": 0],
            ["style": "orthogonal", "rows": 2, "item_count": 6, "item_size": [50, 50], "line_spacing": 10],
            ["style": "custom", "frames": [[0, 0, 10, 30], [0, 500, 10, 10]]]]]).makeLayout()
        // Line 0..100 (ends at 100: origin 0); the strip 100...210 (centre 155: origin 105);
        // custom cells 210...240 and 710...720 (ends 240 and 720: origins 140 and 620).
        #expect(try target(flow, 1, .lineEnd) == 0)
        #expect(try target(flow, 104, .lineCenter) == 105)
        #expect(try target(flow, 141, .lineEnd) == 140)
        #expect(try target(flow, 600, .lineEnd) == 620)
        // No lines at all: the projection, clamped.
        let empty = try Scene(json: ["viewport": [0, 0, 300, 100], "sections": [["item_count": 0, "item_size": [0, 0]]]]).makeLayout()
        #expect(try target(empty, 40, .lineCenter) == 0)
    }

    /// Waterfall and custom lines are their cells, headers and footers their frames: the snaps'
    /// windowed search against a scan of every element, at random proposed offsets.
    @Test(arguments: 0..<40)
    func lineSnapsEqualAScanOfEveryLine(seed: Int) throws {
        var rng = SeededGenerator(seed: UInt64(seed) &* 7919 &+ 3)
        var sections: [[String: Any]] = []
        for _ in 0..<Int.random(in: 1...4, using: &rng) {
            let count = Int.random(in: 0...30, using: &rng)
            var section: [String: Any] = ["header": Double(Int.random(in: 0...2, using: &rng) * 20),
                                          "footer": Double(Int.random(in: 0...1, using: &rng) * 15)]
            if Bool.random(using: &rng) {
                section["style"] = "custom"
                section["frames"] = (0..<count).map { _ in
                    [Double(Int.random(in: -50...200, using: &rng)), Double(Int.random(in: 0...900, using: &rng)),
                     Double(Int.random(in: 0...100, using: &rng)), Double(Int.random(in: 0...300, using: &rng))]
                }
            } else {
                section["style"] = "waterfall"
                section["columns"] = Int.random(in: 1...3, using: &rng)
                section["items"] = (0..<count).map { _ in [100.0, Double(Int.random(in: 0...250, using: &rng))] }
            }
            sections.append(section)
        }
        let viewport = Double(Int.random(in: 1...600, using: &rng))
        let l = try Scene(json: ["viewport": [0, 0, 320, viewport], "sections": sections]).makeLayout()
        let ranges = allElementsByIdentity(l, kinds: [], decorations: []).map { ($0.frame.y, $0.frame.height) }
        let content = l.contentSize.height, hi = Swift.max(0, content - viewport)
        for _ in 0..<20 {
            let p = Double.random(in: -500...(content + 500), using: &rng)
            for (snap, place) in [(ScrollSnapping.lineCenter, { (a: Double, e: Double) in a + e / 2 - viewport / 2 }),
                                  (.lineEnd, { (a: Double, e: Double) in a + e - viewport })] {
                let origins = ranges.map(place)
                let best = origins.min { abs($0 - p) < abs($1 - p) || (abs($0 - p) == abs($1 - p) && $0 < $1) } ?? p
                #expect(try target(l, p, snap) == Swift.min(Swift.max(best, 0), hi), "seed \(seed) p \(p) \(snap)")
            }
        }
    }

    @Test func theSharedVector() throws {
        let data = try Data(contentsOf: vectorsDirectory().appendingPathComponent("changes/32-fling.json"))
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let layout = try Scene(json: try #require(json["scene"] as? [String: Any])).makeLayout()
        let snaps: [String: ScrollSnapping] = ["none": .none, "line": .line, "page": .page, "line-paging": .linePaging,
                                               "line-center": .lineCenter, "line-end": .lineEnd]
        func number(_ v: Any?) -> Double { (v as? NSNumber)?.doubleValue ?? .nan }
        for c in json["cases"] as? [[String: Any]] ?? [] {
            let args = try #require(c["args"] as? [String: Any]), expected = try #require(c["expected"] as? [String: Any])
            let fling = try layout.fling(velocity: number(args["velocity"]), snapping: try #require(snaps[args["snap"] as? String ?? "none"]),
                                         decelerationRate: number(args["rate"]), from: args["from"].map(number))
            #expect(abs(fling.target - number(expected["target"])) < 1e-6, "\(args)")
            #expect(abs(fling.restTime - number(expected["rest_time"])) < 1e-6, "\(args)")
            #expect((fling.curve == .spring ? "spring" : "decelerate") == expected["curve"] as? String, "\(args)")
            for s in expected["samples"] as? [[String: Any]] ?? [] {
                let (p, v) = try fling.sample(at: number(s["t"]))
                #expect(abs(p - number(s["offset"])) < 1e-6 && abs(v - number(s["velocity"])) < 1e-6, "\(args) \(s)")
            }
        }
    }

    /// The curve itself, without the rest cut-off.
    private func raw(_ f: Fling, _ t: Double) -> Double {
        f.curve == .decelerate ? f.start + (f.target - f.start) * (1 - exp(-t / f.tau)) : f.target + f.a * exp(-f.omega * t) + f.b * (t * exp(-f.omega * t))
    }

    @Test func velocityIsTheDerivativeAndRestIsExact() throws {
        let l = try TargetTests.scene(pin: false)
        let flings = [try l.fling(velocity: 800, snapping: .none), try l.fling(velocity: 800, snapping: .line),
                      try l.fling(velocity: -3000, snapping: .lineCenter, decelerationRate: 0.99),
                      try l.fling(velocity: 0, snapping: .none, from: -60), try l.fling(velocity: 2500, snapping: .none, from: 800),
                      try l.fling(velocity: -900, snapping: .page, from: -200)]
        for f in flings {
            let h = 1e-5
            for t in stride(from: 0.0, to: f.restTime, by: Swift.max(f.restTime, 1) / 7) where t > h {
                let derivative = (try f.sample(at: t + h).offset - f.sample(at: t - h).offset) / (2 * h)
                #expect(abs(derivative - (try f.sample(at: t).velocity)) <= 1e-4 * Swift.max(1, abs(derivative)), "\(f) at \(t)")
            }
            #expect(try f.sample(at: f.restTime) == (f.target, 0))
            #expect(try f.sample(at: f.restTime + 10) == (f.target, 0))
            #expect(try f.sample(at: 0).offset == f.start)
            // After the rest time the curve stays within half a point of the target.
            for k in 0...200 { #expect(abs(raw(f, f.restTime + Double(k) * 0.01) - f.target) <= 0.5 + 1e-9, "\(f)") }
            // Just before it, it is still more than that away (the rest time is the last such time).
            if f.restTime > 0 { #expect(f.curve == .spring || abs(raw(f, f.restTime * (1 - 1e-9)) - f.target) > 0.5 - 1e-6) }
        }
    }

    @Test func aFreeFlingRestsAtTheProjection() throws {
        let l = try TargetTests.scene(pin: false)
        let f = try l.fling(velocity: 300, snapping: .none)
        #expect(f.curve == .decelerate && f.start == 300)
        #expect(abs(f.target - (300 + 300 * f.tau)) < 1e-9 && abs(f.tau - 0.499) < 1e-12)
        #expect(abs(try f.sample(at: 0).velocity - 300) < 1e-9)
        let snapped = try l.fling(velocity: 300, snapping: .line)
        #expect(snapped.target == (try l.targetContentOffset(proposed: 300, velocity: 300, snapping: .line)))
    }

    @Test func pastTheEndsItSpringsBackAndNeverOvershoots() throws {
        let l = try TargetTests.scene(pin: false)
        for (start, velocity) in [(-60.0, 0.0), (-60, -500), (800, 0), (760, 3000)] {
            let f = try l.fling(velocity: velocity, snapping: .none, from: start)
            #expect(f.curve == .spring && f.target == (start < 0 ? 0 : 700), "\(start)")
            #expect(abs(f.omega - 2 * Double.pi / 0.4) < 1e-12)
        }
        // A fling toward an end stops there: the deceleration never passes its target.
        let f = try l.fling(velocity: -5000, snapping: .none, decelerationRate: 0.99)  // 300 - 495, clamped
        #expect(f.target == 0)
        for k in 0...100 { #expect(try f.sample(at: Double(k) * 0.01).offset >= 0) }
    }

    @Test func farStartsSpringBackWithFiniteSamples() throws {
        let l = try TargetTests.scene(pin: false)
        // From -5e307, B = ω·A is past the largest double: refused.
        #expect(throws: LayoutError.self) { try l.fling(velocity: 0, snapping: .none, from: -5e307) }
        for start in [-1e306, 1e306, -1e307, 1e300] {
            let f = try l.fling(velocity: 0, snapping: .none, from: start)
            #expect(f.curve == .spring && f.restTime.isFinite && f.restTime > 0, "\(start)")
            for k in 0...400 {
                let (p, v) = try f.sample(at: Double(k) * f.restTime / 400)
                #expect(p.isFinite && v.isFinite, "\(start) at \(k)")
            }
            #expect(abs(raw(f, f.restTime) - f.target) <= 0.5 + 1e-9)
        }
    }

    @Test func pagingStepsFromTheStart() throws {
        let l = try TargetTests.scene(pin: false)  // the viewport is at 300; targets 0, 50, 140, ...
        let f = try l.fling(velocity: 100, snapping: .linePaging, from: 50)
        #expect(f.target == 140)
    }

    @Test func aSectionsOwnOffset() throws {
        let l = try Scene(json: ["viewport": [0, 0, 300, 400], "sections": [
            ["item_count": 2, "item_size": [100, 100]],
            ["style": "orthogonal", "item_count": 10, "item_size": [100, 100], "interitem_spacing": 10]]]).makeLayout()
        // The strip is 1090 long: offsets [0, 790].
        let f = try l.sectionFling(1, velocity: 500, snapping: .item)
        #expect(f.curve == .decelerate && f.target == 220)  // 249.5 -> the column at 220
        let back = try l.sectionFling(1, velocity: 0, snapping: .none, from: 900)
        #expect(back.curve == .spring && back.target == 790)
        #expect(try l.sectionRubberBand(1, offset: 100) == 100)
        #expect(abs(try l.sectionRubberBand(1, offset: -300) - -(1 - 1 / (300 * 0.55 / 300 + 1)) * 300) < 1e-12)
        #expect(throws: LayoutError.self) { try l.sectionFling(0, velocity: 1, snapping: .none) }
        #expect(throws: LayoutError.self) { try l.sectionRubberBand(0, offset: 1) }
        #expect(throws: LayoutError.self) { try l.sectionFling(2, velocity: 1, snapping: .none) }
    }

    @Test func rubberBandStaysBelowTheViewportAndGrows() throws {
        let l = try TargetTests.scene(pin: false)  // range [0, 700], V 480
        #expect(try l.rubberBand(350) == 350 && l.rubberBand(0) == 0 && l.rubberBand(700) == 700)
        var last = 0.0
        for x in stride(from: 1.0, through: 1e7, by: 9999.7) {
            let below = try 0 - l.rubberBand(-x), above = try l.rubberBand(700 + x) - 700
            #expect(below > last && below < 480 && abs(below - above) <= 1e-9 * below)
            last = below
        }
        #expect(try l.rubberBand(-1e300) >= -480)  // f(x) < d in reals; in doubles it reaches d
    }

    @Test func badInput() throws {
        let l = try TargetTests.scene(pin: false)
        for (velocity, rate, start) in [(Double.nan, 0.998, 0.0), (.infinity, 0.998, 0), (1, 0, 0), (1, 1, 0), (1, .nan, 0), (1, 0.998, .nan),
                                        (1, 0.998, -.infinity)] {
            #expect(throws: LayoutError.self) { try l.fling(velocity: velocity, snapping: .none, decelerationRate: rate, from: start) }
        }
        let f = try l.fling(velocity: 100, snapping: .none)
        for t in [-1, -0.0001, .nan, .infinity] { #expect(throws: LayoutError.self) { try f.sample(at: t) } }
        for o in [Double.nan, .infinity, -.infinity] { #expect(throws: LayoutError.self) { try l.rubberBand(o) } }
        #expect(throws: LayoutError.self) {
            try Fling(curve: .decelerate, start: 0, velocity: 0, target: 1, tau: 0, omega: 1, a: 0, b: 0, restTime: 1)
        }
        // Finite inputs whose curve is not finite.
        #expect(throws: LayoutError.self) { try l.fling(velocity: 0, snapping: .none, from: -1e308) }
        #expect(try l.viewport == Rect(x: 0, y: 300, width: 320, height: 480))
    }
}
