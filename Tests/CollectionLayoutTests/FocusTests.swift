import Foundation
import Testing
@testable import CollectionLayout

/// Focus navigation (SPEC §13): the shared vectors, bad input, and the answer against a
/// brute-force reading of the rule over random scenes.
@Suite struct FocusTests {
    static let directions: [String: FocusDirection] = ["up": .up, "down": .down, "left": .left, "right": .right,
                                                       "next": .next, "previous": .previous]
    static let vias: [FocusVia: String] = [.history: "history", .search: "search", .wrap: "wrap", .continuous: "continuous",
                                           .remembered: "remembered", .order: "order"]

    static func identity(_ v: [Any], _ layout: Layout) throws -> ElementID {
        let category: [String: ElementCategory] = ["cell": .cell, "supplementary": .supplementary, "decoration": .decoration]
        let kind = try #require(v[1] as? String)
        return ElementID(try #require(category[v[0] as? String ?? ""]),
                         kind.isEmpty ? .cell : (kind == "header" ? .header : kind == "footer" ? .footer : try #require(layout.kind(named: kind))),
                         section: (v[2] as? NSNumber)?.intValue ?? -1, item: (v[3] as? NSNumber)?.intValue ?? -1)
    }

    @Test(arguments: ["20-focus-grid", "21-focus-sideways", "22-focus-region"])
    func theSharedVectors(_ name: String) throws {
        let data = try Data(contentsOf: vectorsDirectory().appendingPathComponent("changes/\(name).json"))
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let layout = try Scene(json: try #require(json["scene"] as? [String: Any])).makeLayout()
        for c in json["cases"] as? [[String: Any]] ?? [] {
            let args = try #require(c["args"] as? [String: Any]), expected = try #require(c["expected"] as? [String: Any])
            var request = FocusRequest(source: try Self.identity(try #require(args["identity"] as? [Any]), layout),
                                       direction: try #require(Self.directions[args["direction"] as? String ?? ""]))
            request.edge = ["stop": .stop, "wrap": .wrap, "continuous": .continuous][args["edge"] as? String ?? "stop"] ?? .stop
            request.supplementaryKinds = try (args["supplementaries"] as? [String] ?? []).map { name in
                name == "header" ? .header : name == "footer" ? .footer : try #require(layout.kind(named: name))
            }
            if let h = args["history"] as? [Any] {
                request.history = FocusHistory(direction: try #require(Self.directions[h[0] as? String ?? ""]),
                                               source: try Self.identity(Array(h.dropFirst()), layout))
            }
            request.remembered = (args["remembered"] as? [[NSNumber]] ?? []).map { .cell($0[0].intValue, $0[1].intValue) }
            let got = try layout.focus(request)
            let target = expected["target"] as? [Any]
            #expect(got.target == (try target.map { try Self.identity($0, layout) }), "\(name) \(args)")
            #expect(got.via.flatMap { Self.vias[$0] } == expected["via"] as? String, "\(name) \(args)")
            let vp = (expected["viewport"] as? [NSNumber] ?? []).map(\.doubleValue)
            #expect(close(got.viewport, Rect(x: vp[0], y: vp[1], width: vp[2], height: vp[3])), "\(name) \(args)")
            let offset = (expected["section_offset"] as? [NSNumber])?.map(\.doubleValue)
            #expect(got.sectionOffset.map { Double($0.section) } == offset?[0], "\(name) \(args)")
            #expect(got.sectionOffset.map(\.offset) == offset?[1], "\(name) \(args)")
        }
    }

    @Test func badInputIsRefusedWithAMessage() throws {
        let layout = try Scene(json: ["viewport": [0, 0, 300, 300], "layout": ["decorations": [["kind": "bg"]]],
                                      "sections": [["item_count": 3, "item_size": [100, 100], "inline": [["kind": "sep", "before": 1, "extent": 2]]]]]).makeLayout()
        func refused(_ r: FocusRequest, _ code: LayoutError.Code) {
            do { _ = try layout.focus(r); Issue.record("accepted \(r)") } catch {
                #expect(error.code == code, "\(r)")
                #expect(!error.message.isEmpty)
            }
        }
        refused(FocusRequest(source: .cell(0, 3), direction: .down), .outOfRange)
        refused(FocusRequest(source: .cell(1, 0), direction: .down), .outOfRange)
        refused(FocusRequest(source: .header(0), direction: .down), .outOfRange)  // no header: its extent is 0
        refused(FocusRequest(source: ElementID(.decoration, try #require(layout.kind(named: "bg")), section: 0, item: 0), direction: .down), .invalidArgument)
        refused(FocusRequest(source: .cell(0, 0), direction: .down, supplementaryKinds: [try #require(layout.kind(named: "bg"))]), .unknownKind)
        refused(FocusRequest(source: .cell(0, 0), direction: .down, supplementaryKinds: [Kind(rawValue: 99)]), .unknownKind)
        refused(FocusRequest(source: .cell(0, 0), direction: .down, supplementaryKinds: [.cell]), .unknownKind)
        // History and remembered items that name nothing are ignored.
        let answer = try layout.focus(FocusRequest(source: .cell(0, 0), direction: .down, history: FocusHistory(direction: .left, source: .cell(5, 5)),
                                                   remembered: [.cell(7, 7), .cell(0, 99)]))
        #expect(answer.target == .cell(0, 1) && answer.via == .search)
    }

    /// The focus answer equals a brute-force reading of SPEC §13 (every candidate scanned, the
    /// region grown one viewport at a time) over random scenes.
    @Test func theAnswerEqualsABruteForceScan() throws {
        var rng = SeededGenerator(seed: 1313)
        var checked = 0, found = 0
        for round in 0..<300 {
            let (json, inlineOrder) = Self.randomScene(&rng)
            let layout = try Scene(json: json).makeLayout()
            let brute = BruteFocus(layout: layout, inlineOrder: inlineOrder)
            let ids = brute.allIdentities()
            guard !ids.isEmpty else { continue }
            for _ in 0..<12 {
                var request = FocusRequest(source: ids.randomElement(using: &rng)!, direction: FocusDirection.allCases.randomElement(using: &rng)!,
                                           edge: FocusEdge.allCases.randomElement(using: &rng)!)
                var kinds: [Kind] = []
                if Bool.random(using: &rng) { kinds.append(.header) }
                if Bool.random(using: &rng) { kinds.append(.footer) }
                if let sep = layout.kind(named: "sep"), Bool.random(using: &rng) { kinds.append(sep) }
                request.supplementaryKinds = kinds
                if Int.random(in: 0..<3, using: &rng) == 0 {
                    request.history = FocusHistory(direction: FocusDirection.allCases.randomElement(using: &rng)!, source: ids.randomElement(using: &rng)!)
                }
                for _ in 0..<Int.random(in: 0...2, using: &rng) {
                    let s = Int.random(in: 0..<layout.numberOfSections, using: &rng)
                    request.remembered.append(.cell(s, Int.random(in: 0...12, using: &rng)))
                }
                let got = try layout.focus(request)
                let want = brute.focus(request)
                #expect(got == want, "round \(round): \(request)\nscene \(json)")
                if got != want { return }
                checked += 1
                if got.target != nil { found += 1 }
            }
        }
        #expect(checked > 2000 && found > checked / 3, "\(checked) moves, \(found) with a target")
    }

    /// Flow (with inline elements), grid, waterfall, custom and orthogonal sections at offsets,
    /// pinned headers, both scroll directions, pixel rounding on and off, content insets.
    static func randomScene(_ rng: inout SeededGenerator) -> ([String: Any], [[Int]]) {
        func r(_ range: ClosedRange<Int>) -> Double { Double(Int.random(in: range, using: &rng)) }
        let horizontal = Bool.random(using: &rng)
        var sections: [[String: Any]] = []
        var inlineOrder: [[Int]] = []
        for _ in 0..<Int.random(in: 1...4, using: &rng) {
            var s: [String: Any] = [:]
            let style = ["flow", "grid", "waterfall", "custom", "orthogonal"].randomElement(using: &rng)!
            s["style"] = style
            let n = Int.random(in: 0...10, using: &rng)
            if style == "custom" {
                s["frames"] = (0..<n).map { _ in
                    let line = r(-40...300), scroll = Bool.random(using: &rng) ? r(0...300) : r(0...1500)
                    return horizontal ? [scroll, line, r(0...90), r(0...90)] : [line, scroll, r(0...90), r(0...90)]
                }
            } else {
                s["items"] = (0..<n).map { _ in [Bool.random(using: &rng) ? 100.0 / 3 : r(0...120), r(0...90)] }
            }
            // (Now and then a tall header: an empty stretch of several viewports to search across.)
            s["header"] = Int.random(in: 0..<6, using: &rng) == 0 ? r(300...900) : Bool.random(using: &rng) ? r(10...40) : 0
            s["footer"] = Bool.random(using: &rng) ? r(10...30) : 0
            s["insets"] = [r(0...10), r(0...10), r(0...10), r(0...10)]
            s["line_spacing"] = r(0...10)
            s["interitem_spacing"] = r(0...10)
            s["columns"] = Int.random(in: 1...3, using: &rng)
            s["rows"] = Int.random(in: 1...2, using: &rng)
            if style == "orthogonal" { s["offset"] = r(0...400) }
            var order: [Int] = []
            if style == "flow" && Bool.random(using: &rng) {
                var list: [[String: Any]] = []
                for before in Set((0..<Int.random(in: 1...3, using: &rng)).map { _ in Int.random(in: 0...n, using: &rng) }).sorted() {
                    list.append(["kind": "sep", "before": before, "extent": r(0...12)])
                    order.append(before)
                }
                s["inline"] = list
            }
            inlineOrder.append(order)
            sections.append(s)
        }
        var layout: [String: Any] = ["direction": horizontal ? "horizontal" : "vertical", "pin_headers": Bool.random(using: &rng),
                                     "pin_footers": Bool.random(using: &rng), "display_scale": [0, 0, 1, 2, 3].randomElement(using: &rng)!]
        if Bool.random(using: &rng) { layout["content_insets"] = [r(0...40), r(0...10), r(0...30), r(0...10)] }
        let size = [[300.0, 240.0], [320, 480], [200, 0], [0, 200], [250.5, 199.7], [120, 90], [90, 120]].randomElement(using: &rng)!
        let viewport: [Double] = [r(-30...30) + (horizontal ? r(0...300) : 0), r(-30...30) + (horizontal ? 0 : r(0...300)), size[0], size[1]]
        return (["viewport": viewport, "layout": layout, "sections": sections], inlineOrder)
    }
}

/// SPEC §13 read straight: every element looked up by identity, the focus order written from
/// the scene, the region grown one viewport at a time.
struct BruteFocus {
    let layout: Layout
    let inlineOrder: [[Int]]  // per section, the `before` of its inline elements in declaration order

    func allIdentities() -> [ElementID] {
        var ids: [ElementID] = []
        let sep = layout.kind(named: "sep")
        for s in 0..<layout.numberOfSections {
            let n = (try? layout.numberOfItems(inSection: s)) ?? 0
            for id in [ElementID.header(s), .footer(s)] + (0..<n).map({ ElementID.cell(s, $0) }) + inlineOrder[s].map({ ElementID(.supplementary, sep!, section: s, item: $0) })
            where (try? layout.attributes(for: id)) != nil { ids.append(id) }
        }
        return ids
    }

    func key(_ id: ElementID) -> [Int] {
        switch id.category {
        case .cell: return [id.section, 1, id.item, 1]
        case .supplementary where id.kind == .header: return [id.section, 0, 0, 0]
        case .supplementary where id.kind == .footer: return [id.section, 2, 0, 0]
        default: return [id.section, 1, id.item, 0]
        }
    }

    func focus(_ q: FocusRequest) -> FocusAnswer {
        let all = allIdentities().sorted { key($0).lexicographicallyPrecedes(key($1)) }
        let frames = Dictionary(uniqueKeysWithValues: all.map { ($0, try! layout.attributes(for: $0)) })
        func isCandidate(_ id: ElementID) -> Bool {
            guard id != q.source, let a = frames[id], a.frame.width > 0, a.frame.height > 0, !a.hidden else { return false }
            return id.category == .cell || q.supplementaryKinds.contains(id.kind)
        }
        let candidates = all.filter(isCandidate)
        let sourceKey = key(q.source)
        let after = candidates.filter { sourceKey.lexicographicallyPrecedes(key($0)) }
        let before = candidates.filter { key($0).lexicographicallyPrecedes(sourceKey) }
        var target: ElementID?, via: FocusVia?
        switch q.direction {
        case .next, .previous:
            let forward = q.direction == .next
            if let t = forward ? after.first : before.last { (target, via) = (t, .order) }
            else if q.edge == .wrap, let t = forward ? candidates.first : candidates.last { (target, via) = (t, .wrap) }
        default:
            let d = q.direction, sf = frames[q.source]!.frame
            if let h = q.history, h.direction == d.opposite, isCandidate(h.source) {
                (target, via) = (h.source, .history)
            } else {
                if let t = search(d, sf, candidates, frames) { (target, via) = (t, .search) }
                else if q.edge == .wrap, let t = wrap(d, sf, candidates, frames) { (target, via) = (t, .wrap) }
                else if q.edge == .continuous, let t = (d == .down || d == .right) ? after.first : before.last { (target, via) = (t, .continuous) }
                if let t = target, t.category == .cell, layout.state.sectionBody(t.section).strip != nil,
                   !(q.source.category == .cell && q.source.section == t.section),
                   let item = q.remembered.last(where: { $0.section == t.section })?.item, isCandidate(.cell(t.section, item)) {
                    (target, via) = (.cell(t.section, item), .remembered)
                }
            }
        }
        guard let target else { return FocusAnswer(target: nil, via: nil, viewport: layout.viewport, sectionOffset: nil) }
        return FocusAnswer(target: target, via: via, viewport: viewport(showing: target), sectionOffset: sectionOffset(showing: target))
    }

    /// The viewport: unmoved if the exact presented frame lies within the visible extent of the
    /// clamped origin, else §10.6's `nearest` (scroll-to, tested on its own).
    private func viewport(showing target: ElementID) -> Rect {
        let frame = try! layout.state.exactAttributes(for: target, kinds: layout.kinds).frame
        let d = layout.definition, vertical = d.direction == .vertical, v = layout.viewport
        let (lead, trail) = vertical ? (d.contentInsets.top, d.contentInsets.bottom) : (d.contentInsets.left, d.contentInsets.right)
        let extent = vertical ? v.height : v.width, content = vertical ? layout.contentSize.height : layout.contentSize.width
        let lo = -lead, hi = max(lo, content - extent + trail)
        let o = min(max(vertical ? v.y : v.x, lo), hi)
        let (start, end) = vertical ? (frame.y, frame.y + frame.height) : (frame.x, frame.x + frame.width)
        if start >= o + lead && end <= o + extent - trail {
            var shown = v
            if vertical { shown.y = o } else { shown.x = o }
            return shown
        }
        return try! layout.scrollToElement(target, position: .nearest)
    }

    /// The section offset along the line axis, `nearest`, as §13 writes it.
    private func sectionOffset(showing target: ElementID) -> (section: Int, offset: Double)? {
        guard target.category == .cell, let scroll = try? layout.sectionScroll(target.section) else { return nil }
        let frame = try! layout.state.exactAttributes(for: target, kinds: layout.kinds).frame
        let d = layout.definition, vertical = d.direction == .vertical, v = layout.viewport
        let e = vertical ? max(0, v.width - d.contentInsets.left - d.contentInsets.right) : max(0, v.height - d.contentInsets.top - d.contentInsets.bottom)
        let o = scroll.offset, m = max(0, scroll.contentExtent - e)
        let origin = vertical ? v.x + d.contentInsets.left : v.y + d.contentInsets.top
        let p = (vertical ? frame.x : frame.y) + o, w = vertical ? frame.width : frame.height
        if p - o >= origin && p - o + w <= origin + e { return (target.section, o) }
        let start = min(max(p - origin, 0), m), end = min(max(p + w - origin - e, 0), m)
        return (target.section, abs(start - o) <= abs(end - o) ? start : end)
    }

    /// A frame read along a move, from SPEC §13's table.
    struct E {
        var a0: Double, a1: Double, b0: Double, b1: Double, c: Double
        init(_ f: Rect, _ d: FocusDirection) {
            let left = f.x, right = f.x + f.width, top = f.y, bottom = f.y + f.height
            switch d {
            case .up: (a0, a1, b0, b1, c) = (-bottom, -top, left, right, f.x + f.width / 2)
            case .right: (a0, a1, b0, b1, c) = (left, right, top, bottom, f.y + f.height / 2)
            case .left: (a0, a1, b0, b1, c) = (-right, -left, top, bottom, f.y + f.height / 2)
            default: (a0, a1, b0, b1, c) = (top, bottom, left, right, f.x + f.width / 2)
            }
        }
    }

    private func search(_ d: FocusDirection, _ sf: Rect, _ candidates: [ElementID], _ frames: [ElementID: Attributes]) -> ElementID? {
        let s = E(sf, d), v = layout.viewport
        let vd = d == .up || d == .down ? v.height : v.width
        let inDir = candidates.filter { let c = E(frames[$0]!.frame, d); return (s.a0 < c.a0 - 1e-6 || s.a1 <= c.a0 + 1e-6) && s.a1 < c.a1 - 1e-6 }
        var n = 1.0
        while true {
            var left = min(v.x, sf.x), right = max(v.x + v.width, sf.x + sf.width), top = min(v.y, sf.y), bottom = max(v.y + v.height, sf.y + sf.height)
            let ext = vd == 0 ? Double.infinity : n * vd
            switch d {
            case .down: bottom = vd == 0 ? .infinity : bottom + ext
            case .up: top = vd == 0 ? -.infinity : top - ext
            case .right: right = vd == 0 ? .infinity : right + ext
            default: left = vd == 0 ? -.infinity : left - ext
            }
            func overlaps(_ f: Rect) -> Bool { f.x < right && left < f.x + f.width && f.y < bottom && top < f.y + f.height }
            let inRegion = inDir.filter { overlaps(frames[$0]!.frame) }
            if var best = inRegion.first {
                for c in inRegion.dropFirst() where better(E(frames[c]!.frame, d), E(frames[best]!.frame, d), s, d) { best = c }
                return best
            }
            // Any candidate in the direction beyond the region, across its extent?
            let beyond = inDir.contains { id in
                let f = frames[id]!.frame
                return d == .up || d == .down ? f.x < right && left < f.x + f.width : f.y < bottom && top < f.y + f.height
            }
            if !beyond || vd == 0 { return nil }
            n += 1
        }
    }

    private func better(_ c1: E, _ c2: E, _ s: E, _ d: FocusDirection) -> Bool {
        func inBeam(_ c: E) -> Bool { s.b0 < c.b1 - 1e-6 && c.b0 < s.b1 - 1e-6 }
        func beyond(_ c: E) -> Bool { s.a1 <= c.a0 + 1e-6 }
        func major(_ c: E) -> Double { max(0, c.a0 - s.a1) }
        func far(_ c: E) -> Double { max(1, c.a1 - s.a1) }
        func score(_ c: E) -> Double { let m = major(c), n = abs(s.c - c.c); let a = 13 * m * m; let b = n * n; return a + b }
        func beamBeats(_ x: E, _ y: E) -> Bool { inBeam(x) && !inBeam(y) && (!beyond(y) || d == .left || d == .right || major(x) < far(y) - 1e-6) }
        if beamBeats(c1, c2) { return true }
        if beamBeats(c2, c1) { return false }
        let t = score(c2)
        return score(c1) < t - 1e-9 * max(1, t)
    }

    private func wrap(_ d: FocusDirection, _ sf: Rect, _ candidates: [ElementID], _ frames: [ElementID: Attributes]) -> ElementID? {
        let s = E(sf, d), v = layout.viewport
        let vd = d == .up || d == .down ? v.height : v.width
        let inBeam = candidates.filter { let c = E(frames[$0]!.frame, d); return s.b0 < c.b1 - 1e-6 && c.b0 < s.b1 - 1e-6 }
        guard let l = inBeam.map({ E(frames[$0]!.frame, d).a0 }).min() else { return nil }
        let visited = inBeam.filter { vd == 0 || E(frames[$0]!.frame, d).a0 < l + vd }
        func score(_ id: ElementID) -> Double { let c = E(frames[id]!.frame, d); let dd = c.a0 - l, m = abs(s.c - c.c); let a = 13 * dd * dd; let b = m * m; return a + b }
        var best = visited.first!
        for c in visited.dropFirst() { let t = score(best); if score(c) < t - 1e-9 * max(1, t) { best = c } }
        return best
    }
}
