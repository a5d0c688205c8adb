import CollectionLayout
import Foundation
import Testing

/// Target content offset and scrolling to an element (SPEC §10.6), hand-checked on the shared
/// vectors' scene: two sections, each a header of 40, insets 10 top and bottom, 6 lines of two
/// 150x80 items (line spacing 10): lines start at 50 + 90k in section 0 (k < 6); section 1 starts
/// at 590; the content is 1180 long, the viewport 480 (origin 300), so the largest origin is 700.
@Suite struct TargetTests {
    static func scene(pin: Bool, footer: Double = 0) throws -> Layout {
        let section: [String: Any] = ["item_count": 12, "item_size": [150, 80], "header": 40, "footer": footer, "interitem_spacing": 10,
                                      "line_spacing": 10, "insets": [10, 0, 10, 0]]
        return try Scene(json: ["viewport": [0, 300, 320, 480], "layout": ["pin_headers": pin], "sections": [section, section]]).makeLayout()
    }

    private func target(_ l: Layout, _ p: Double, _ v: Double, _ snap: ScrollSnapping, rate: Double = 0.998) throws -> Double {
        try l.targetContentOffset(proposed: p, velocity: v, snapping: snap, decelerationRate: rate)
    }

    @Test func noSnapping() throws {
        let l = try Self.scene(pin: false)
        #expect(try target(l, 300, 0, .none) == 300)
        #expect(abs(try target(l, 300, 800, .none) - (300 + 0.8 * 499)) < 1e-9)
        #expect(try target(l, 300, 5000, .none) == 700 && target(l, 100, -5000, .none) == 0)
    }

    @Test func lineSnappingWithoutPinnedHeaders() throws {
        let l = try Self.scene(pin: false)
        // Targets: 0 (header), 50, 140, 230, 320, 410, 500, 590 (header), 640, 730, ...
        #expect(try target(l, 335, 0, .line) == 320)
        #expect(try target(l, 365, 0, .line) == 320)  // tie between 320 and 410: the smaller
        #expect(try target(l, 366, 0, .line) == 410)
        #expect(try target(l, 20, 0, .line) == 0)
        #expect(try target(l, 600, 0, .line) == 590)  // a header start
        #expect(try target(l, 300, 800, .line) == 700)  // 699.2 -> 730, clamped
    }

    @Test func lineSnappingWithPinnedHeaders() throws {
        let l = try Self.scene(pin: true)
        // Body lines land under their pinned header: 10, 100, ..., 460; 590; 600, 690, ...
        #expect(try target(l, 335, 0, .line) == 370)
        #expect(try target(l, 300, 800, .line) == 690)
        #expect(try target(l, 4, 0, .line) == 0 && target(l, 6, 0, .line) == 10)
        #expect(try target(l, 594, 0, .line) == 590)  // a header start is never reduced
    }

    @Test func footersAreTargets() throws {
        let l = try Self.scene(pin: false, footer: 30)
        // Section 0: body 50...580, footer 590...620; section 1 from 620.
        #expect(try target(l, 585, 0, .line) == 590 && target(l, 610, 0, .line) == 620)
    }

    @Test func pageSnapping() throws {
        let l = try Self.scene(pin: true)
        #expect(try target(l, 300, 0, .page) == 480)
        #expect(try target(l, 240, 0, .page) == 0)  // a tie: the smaller
        #expect(try target(l, 300, -2000, .page, rate: 0.99) == 0)
        #expect(try target(l, 300, 2000, .page) == 700)  // 1298 -> 1440, clamped
    }

    @Test func linePagingMovesOneLineAtMost() throws {
        let plain = try Self.scene(pin: false), pinned = try Self.scene(pin: true)
        // From the target nearest the origin 300 (320; pinned: 280), one step toward the projection.
        #expect(try target(plain, 300, 800, .linePaging) == 410)
        #expect(try target(pinned, 300, 800, .linePaging) == 370)
        #expect(try target(plain, 300, -800, .linePaging) == 230)
        #expect(try target(pinned, 300, -800, .linePaging) == 190)
        #expect(try target(plain, 310, 0, .linePaging) == 320)  // the projection's nearest is the current one
    }

    @Test func otherStylesTargets() throws {
        // A waterfall (items of 100, 50, 70 in two columns: starts 0, 0, 60), an empty orthogonal
        // section (one strip start) and an empty flow section (none).
        let json: [String: Any] = ["viewport": [0, 0, 320, 10], "sections": [
            ["style": "waterfall", "columns": 2, "items": [[10, 100], [10, 50], [10, 70]], "line_spacing": 10],
            ["style": "orthogonal", "items": [], "insets": [20, 0, 5, 0]],
            ["items": [], "insets": [7, 0, 0, 0]],
            ["style": "custom", "frames": [[0, 40, 10, 10], [0, 5, 10, 10]]],
        ]]
        let l = try Scene(json: json).makeLayout()
        // Waterfall body 0...130; orthogonal 130 + 20 (strip start 150) + 5 = 155; flow 155...162;
        // custom body from 162: cells start at 167 and 202.
        #expect(try target(l, 28, 0, .line) == 0 && target(l, 40, 0, .line) == 60)
        #expect(try target(l, 120, 0, .line) == 150)
        #expect(try target(l, 165, 0, .line) == 167 && target(l, 190, 0, .line) == 202)
    }

    @Test func horizontalLayoutsSnapAlongX() throws {
        // Columns of one 50-wide item every 60 (line spacing 10) after a pinned header of 20:
        // lines at 20, 80, 140, ... reduced by 20 land at 0, 60, 120, ...; the viewport is 200 wide.
        let json: [String: Any] = ["viewport": [0, 0, 200, 100], "layout": ["direction": "horizontal", "pin_headers": true],
                                   "sections": [["item_count": 10, "item_size": [50, 100], "line_spacing": 10, "header": 20]]]
        let l = try Scene(json: json).makeLayout()
        #expect(try l.targetContentOffset(proposed: 75, velocity: 0, snapping: .line) == 60)
        #expect(try l.targetContentOffset(proposed: 90, velocity: 0, snapping: .line) == 60)  // a tie
        #expect(try l.targetContentOffset(proposed: 91, velocity: 0, snapping: .line) == 120)
        #expect(try l.targetContentOffset(proposed: 0, velocity: 0, snapping: .linePaging) == 0)
        #expect(try l.targetContentOffset(proposed: 0, velocity: 500, snapping: .linePaging) == 60)
        #expect(try l.targetContentOffset(proposed: 130, velocity: 0, snapping: .page) == 200)
        #expect(try l.scrollToElement(.cell(0, 3), position: .start) == Rect(x: 180 + 20 - 20, y: 0, width: 200, height: 100))
    }

    @Test func badRatesAndNumbers() throws {
        let l = try Self.scene(pin: false)
        for rate in [0, 1, -0.5, 1.5, .nan] {
            #expect { try target(l, 0, 0, .line, rate: rate) } throws: { ($0 as? LayoutError)?.code == .invalidArgument }
        }
        #expect(throws: LayoutError.self) { try target(l, .nan, 0, .line) }
        #expect(throws: LayoutError.self) { try target(l, 0, .infinity, .line) }
    }

    @Test func theSharedVectors() throws {
        for name in ["16-target-offset", "17-scroll-to", "31-insets-target-offset"] {
            let data = try Data(contentsOf: vectorsDirectory().appendingPathComponent("changes/\(name).json"))
            let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            let layout = try Scene(json: try #require(json["scene"] as? [String: Any])).makeLayout()
            for c in json["cases"] as? [[String: Any]] ?? [] {
                let args = try #require(c["args"] as? [String: Any]), expected = try #require(c["expected"] as? [String: Any])
                if json["command"] as? String == "target-offset" {
                    let snap: [String: ScrollSnapping] = ["none": .none, "line": .line, "page": .page, "line-paging": .linePaging,
                                                          "line-center": .lineCenter, "line-end": .lineEnd]
                    let got = try layout.targetContentOffset(
                        proposed: (args["proposed"] as? NSNumber)?.doubleValue ?? .nan, velocity: (args["velocity"] as? NSNumber)?.doubleValue ?? .nan,
                        snapping: try #require(snap[args["snap"] as? String ?? ""]), decelerationRate: (args["rate"] as? NSNumber)?.doubleValue ?? .nan)
                    #expect(abs(got - ((expected["offset"] as? NSNumber)?.doubleValue ?? .nan)) < 1e-6, "\(args)")
                } else {
                    let id = try #require(args["identity"] as? [Any])
                    let category: [String: ElementCategory] = ["cell": .cell, "supplementary": .supplementary, "decoration": .decoration]
                    let kind = try #require(id[1] as? String)
                    let element = ElementID(try #require(category[id[0] as? String ?? ""]), kind.isEmpty ? .cell : try #require(layout.kind(named: kind)),
                                            section: (id[2] as? NSNumber)?.intValue ?? -1, item: (id[3] as? NSNumber)?.intValue ?? -1)
                    let position: [String: ScrollPosition] = ["start": .start, "center": .center, "end": .end, "nearest": .nearest]
                    let got = try layout.scrollToElement(element, position: try #require(position[args["position"] as? String ?? ""]))
                    let vp = (expected["viewport"] as? [NSNumber] ?? []).map(\.doubleValue)
                    #expect(close(got, Rect(x: vp[0], y: vp[1], width: vp[2], height: vp[3])), "\(args)")
                }
            }
        }
    }

    private func origin(_ l: Layout, _ id: ElementID, _ p: ScrollPosition) throws -> Double { try l.scrollToElement(id, position: p).y }

    @Test func scrollToEveryPosition() throws {
        let plain = try Self.scene(pin: false), pinned = try Self.scene(pin: true)
        // Cell (0, 5): 230...310 (line 2 of section 0).
        #expect(try origin(plain, .cell(0, 5), .start) == 230 && origin(pinned, .cell(0, 5), .start) == 190)
        #expect(try origin(plain, .cell(0, 5), .center) == 30 && origin(plain, .cell(0, 5), .end) == 0)  // -170, clamped
        // Cell (1, 2): 730...810; the viewport 300...780 does not hold it: the end (330) is nearer than the start (730).
        #expect(try origin(plain, .cell(1, 2), .nearest) == 330 && origin(plain, .cell(1, 2), .end) == 330)
        // Fully visible (cell (0, 7): 320...400): unmoved, even under a pinned header.
        #expect(try origin(plain, .cell(0, 7), .nearest) == 300 && origin(pinned, .cell(0, 7), .nearest) == 300)
        // The last cell (1090...1170, before the inset of 10): start and centre clamp to 700;
        // its end is 690, nearer the origin.
        #expect(try origin(pinned, .cell(1, 11), .start) == 700 && origin(pinned, .cell(1, 11), .center) == 700)
        #expect(try origin(pinned, .cell(1, 11), .end) == 690 && origin(pinned, .cell(1, 11), .nearest) == 690)
        // Headers at their unpinned place, not reduced; a footer likewise.
        #expect(try origin(pinned, .header(1), .start) == 590 && origin(pinned, .header(0), .start) == 0)
        let footed = try Self.scene(pin: true, footer: 30)
        #expect(try origin(footed, .footer(0), .start) == 590 && origin(footed, .footer(0), .end) == 140)
    }

    @Test func scrollToDecorationsAndHorizontal() throws {
        let json: [String: Any] = ["viewport": [100, 0, 200, 100], "layout": ["direction": "horizontal", "decorations": [["kind": "bg", "coverage": "section"]]],
                                   "sections": [["item_count": 10, "item_size": [50, 100], "line_spacing": 10], ["item_count": 10, "item_size": [50, 100], "line_spacing": 10]]]
        let l = try Scene(json: json).makeLayout()
        // Section 0: columns at 0, 60, ..., 540 (10 lines of one item); section 1 from 590.
        let bg = try #require(l.kind(named: "bg"))
        #expect(try l.scrollToElement(ElementID(.decoration, bg, section: 1, item: 0), position: .start) == Rect(x: 590, y: 0, width: 200, height: 100))
        #expect(try l.scrollToElement(.cell(0, 3), position: .center).x == 180 + 25 - 100)
        #expect { try l.scrollToElement(.cell(1, 10), position: .start) } throws: { ($0 as? LayoutError)?.code == .outOfRange }
        #expect { try l.scrollToElement(.footer(0), position: .start) } throws: { ($0 as? LayoutError)?.code == .outOfRange }
    }
}
