import Foundation
import Testing
@testable import CollectionLayout

/// Prefetch (SPEC §14): the shared vector, bad input, and the answer against a brute-force scan.
@Suite struct PrefetchTests {
    @Test func theSharedVector() throws {
        let data = try Data(contentsOf: vectorsDirectory().appendingPathComponent("changes/23-prefetch.json"))
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let layout = try Scene(json: try #require(json["scene"] as? [String: Any])).makeLayout()
        for c in json["cases"] as? [[String: Any]] ?? [] {
            let args = try #require(c["args"] as? [String: Any]), expected = try #require(c["expected"] as? [String: Any])
            func number(_ key: String, _ value: Double) -> Double { (args[key] as? NSNumber)?.doubleValue ?? value }
            let request = PrefetchRequest(velocity: number("velocity", .nan), ahead: number("ahead", 250), behind: number("behind", 0),
                                          horizon: number("horizon", 0.25), fps: number("fps", 60))
            if expected["error"] as? Bool == true {
                #expect(throws: LayoutError.self, "\(args)") { try layout.prefetch(request) }
                continue
            }
            let got = try layout.prefetch(request)
            let before = (expected["before"] as? [NSNumber] ?? []).map(\.doubleValue), after = (expected["after"] as? [NSNumber] ?? []).map(\.doubleValue)
            #expect([got.before.start, got.before.end] == before && [got.after.start, got.after.end] == after, "\(args)")
            let want = (expected["elements"] as? [[String: Any]] ?? []).map { e in
                "\(e["category"]!) \(e["kind"]!) \(e["section"]!) \(e["item"]!) \(e["side"]!) \((e["distance"] as? NSNumber)!.doubleValue) \(e["urgent"] as? Bool ?? false)"
            }
            let have = got.elements.map { e in
                "\(e.attributes.id.category) \(e.attributes.id.category == .cell ? "" : layout.kindName(e.attributes.id.kind) ?? "") \(e.attributes.id.section) \(e.attributes.id.item) \(e.side) \(e.distance) \(e.urgent)"
            }
            #expect(have == want, "\(args)")
        }
    }

    @Test func badInputIsRefused() throws {
        let layout = try Scene(json: ["viewport": [0, 0, 300, 300], "sections": [["item_count": 30, "item_size": [100, 100]]]]).makeLayout()
        for r in [PrefetchRequest(velocity: .nan), PrefetchRequest(velocity: 0, ahead: -1), PrefetchRequest(velocity: 0, behind: -1),
                  PrefetchRequest(velocity: 0, horizon: -1), PrefetchRequest(velocity: 0, fps: 0), PrefetchRequest(velocity: 0, ahead: .infinity),
                  PrefetchRequest(velocity: 0, section: 0), PrefetchRequest(velocity: 0, section: 3)] {
            #expect(throws: LayoutError.self, "\(r)") { try layout.prefetch(r) }
        }
        #expect(throws: LayoutError.self) { try layout.prefetch(PrefetchRequest(velocity: 1e308, horizon: 1e10)) }
    }

    /// Every element (by identity) checked against the windows, ordered as §14 says.
    @Test func theAnswerEqualsABruteForceScan() throws {
        var rng = SeededGenerator(seed: 1414)
        var nonEmpty = 0
        for round in 0..<300 {
            let (json, order) = FocusTests.randomScene(&rng)
            let layout = try Scene(json: json).makeLayout()
            let brute = BruteFocus(layout: layout, inlineOrder: order)
            let all = brute.allIdentities().compactMap { try? layout.attributes(for: $0) }
            let strips = (0..<layout.numberOfSections).filter { layout.state.sectionBody($0).strip != nil }
            for _ in 0..<6 {
                let vel: Double = [0, 300, -300, 2000, -5000].randomElement(using: &rng)!
                let section = Bool.random(using: &rng) ? strips.randomElement(using: &rng) : nil
                let r = PrefetchRequest(velocity: vel, ahead: [0.0, 100, 250].randomElement(using: &rng)!, behind: [0.0, 60].randomElement(using: &rng)!,
                                        horizon: 0.25, fps: 60, section: section)
                let got = try layout.prefetch(r)
                let axes = layout.state.axes, v = axes.axisRect(layout.viewport)
                let sideways = section != nil
                let o = sideways ? v.line : v.scroll, e = sideways ? v.lineExtent : v.scrollExtent
                let reach = max(r.ahead, abs(vel) * r.horizon)
                let a = vel > 0 ? reach : vel < 0 ? r.behind : r.ahead, b = vel < 0 ? reach : vel > 0 ? r.behind : r.ahead
                func overlaps(_ f: Rect, _ lo: Double, _ hi: Double) -> Bool {
                    let x = axes.axisRect(f)
                    let (s0, s1, c0, c1, w0, w1) = sideways ? (x.line, x.lineEnd, x.scroll, x.scrollEnd, v.scroll, v.scrollEnd)
                                                            : (x.scroll, x.scrollEnd, x.line, x.lineEnd, v.line, v.lineEnd)
                    return f.width > 0 && f.height > 0 && max(s0, lo) < min(s1, hi) && max(c0, w0) < min(c1, w1)
                }
                var want: [(Int, Double, [Int], String)] = []
                for el in all where el.id.category != .decoration && !el.frame.overlaps(layout.viewport)
                    && (section.map { el.id.category == .cell && el.id.section == $0 } ?? true) {
                    let inAfter = overlaps(el.frame, o + e, o + e + a), inBefore = overlaps(el.frame, o - b, o)
                    guard inAfter || inBefore else { continue }
                    let side: PrefetchSide = inAfter && inBefore ? (vel < 0 ? .before : .after) : inAfter ? .after : .before
                    let x = axes.axisRect(el.frame)
                    let distance = side == .after ? max(0, (sideways ? x.line : x.scroll) - (o + e)) : max(0, o - (sideways ? x.lineEnd : x.scrollEnd))
                    let ahead = side == .after ? vel >= 0 : vel <= 0
                    want.append((ahead ? 0 : 1, distance, brute.key(el.id), "\(el.id) \(side) \(distance) \(ahead && distance <= abs(vel) / 60)"))
                }
                want.sort { ($0.0, $0.1) != ($1.0, $1.1) ? ($0.0, $0.1) < ($1.0, $1.1) : $0.2.lexicographicallyPrecedes($1.2) }
                let have = got.elements.map { "\($0.attributes.id) \($0.side) \($0.distance) \($0.urgent)" }
                #expect(have == want.map(\.3), "round \(round) \(r)\n\(json)")
                if have != want.map(\.3) { return }
                if !have.isEmpty { nonEmpty += 1 }
            }
        }
        #expect(nonEmpty > 300)
    }
}
