import CollectionLayout
import Foundation
import Testing

/// The diff (SPEC §10.3) and the batch-update map it is checked with (SPEC §10.2).
@Suite struct DiffTests {
    /// The new lists that `update` makes of the old ones (inserted places take the new ids), and
    /// whether every carried item whose version changed is reloaded.
    private func apply(_ update: BatchUpdate, _ old: DiffSide, _ new: DiffSide) throws -> (sections: [Int64], items: [[Int64]], reloadsOK: Bool) {
        let map = try UpdateMap(update, old: old.items.map(\.count), new: new.items.map(\.count))
        let sections = new.sections.indices.map { t in map.oldSection[t].map { old.sections[$0] } ?? new.sections[t] }
        var reloadsOK = true
        let items = new.items.indices.map { t in
            new.items[t].indices.map { k -> Int64 in
                guard let p = map.oldItem(ItemPath(t, k)) else { return new.items[t][k] }
                if map.newItem(p) != ItemPath(t, k) { reloadsOK = false }  // the two directions agree
                let changed = (old.versions?[p.section][p.item] ?? 0) != (new.versions?[t][k] ?? 0)
                if changed != update.reloadItems.contains(p) { reloadsOK = false }
                return old.items[p.section][p.item]
            }
        }
        return (sections, items, reloadsOK)
    }

    private func lcs(_ a: [Int64], _ b: [Int64]) -> Int {
        guard !a.isEmpty, !b.isEmpty else { return 0 }
        var row = [Int](repeating: 0, count: b.count + 1)
        for x in a {
            var diagonal = 0
            for (j, y) in b.enumerated() {
                let up = row[j + 1]
                row[j + 1] = x == y ? diagonal + 1 : max(row[j], up)
                diagonal = up
            }
        }
        return row[b.count]
    }

    @Test func sharedVector() throws {
        let data = try Data(contentsOf: vectorsDirectory().appendingPathComponent("changes/14-diff.json"))
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let ids = try #require(json["ids"] as? [String: Any])
        func side(_ key: String) throws -> DiffSide {
            let d = try #require(ids[key] as? [String: Any])
            func ints(_ v: Any?) -> [Int64] { (v as? [NSNumber] ?? []).map(\.int64Value) }
            return DiffSide(sections: ints(d["sections"]), items: (d["items"] as? [Any] ?? []).map(ints),
                            versions: (d["versions"] as? [Any]).map { $0.map(ints) })
        }
        let old = try side("old"), new = try side("new")
        let update = try diff(from: old, to: new)
        let expected = try #require(json["expected"] as? [String: Any])
        #expect(update.moveCount == (expected["min_moves"] as? NSNumber)?.intValue)
        let result = try apply(update, old, new)
        #expect(result.sections == new.sections && result.items == new.items && result.reloadsOK)
    }

    @Test(arguments: 0..<300)
    func randomListsDiffToTheFewestMovesAndApplyExactly(seed: Int) throws {
        var rng = SeededGenerator(seed: UInt64(seed) &+ 4242)
        var next: Int64 = 1
        func fresh() -> Int64 { next += 1; return next }
        let sectionCount = Int.random(in: 0...5, using: &rng)
        let old = DiffSide(sections: (0..<sectionCount).map { _ in fresh() },
                           items: (0..<sectionCount).map { _ in (0..<Int.random(in: 0...12, using: &rng)).map { _ in fresh() } })
        // New: some sections deleted, some inserted, the rest shuffled a little; items shuffled,
        // moved across sections, deleted and inserted; some versions changed.
        var pairs = zip(old.sections, old.items).filter { _ in Int.random(in: 0..<5, using: &rng) > 0 }.map { ($0.0, $0.1) }
        for _ in 0..<Int.random(in: 0...2, using: &rng) { pairs.insert((fresh(), []), at: Int.random(in: 0...pairs.count, using: &rng)) }
        if pairs.count > 1 && Bool.random(using: &rng) { pairs.swapAt(0, Int.random(in: 1..<pairs.count, using: &rng)) }
        var pool = pairs.flatMap(\.1).filter { _ in Int.random(in: 0..<6, using: &rng) > 0 }
        pool += old.items.flatMap { $0 }.filter { id in !pool.contains(id) && Int.random(in: 0..<3, using: &rng) == 0 }
        pool += (0..<Int.random(in: 0...4, using: &rng)).map { _ in fresh() }
        var items = pairs.map { _ in [Int64]() }
        for id in pool where !items.isEmpty {
            let t = Bool.random(using: &rng) ? Int.random(in: 0..<items.count, using: &rng)
                                              : (pairs.firstIndex { $0.1.contains(id) } ?? 0)
            items[t].insert(id, at: Bool.random(using: &rng) ? items[t].count : Int.random(in: 0...items[t].count, using: &rng))
        }
        let versions = items.map { $0.map { _ in Int64(Int.random(in: 0..<6, using: &rng) == 0 ? 1 : 0) } }
        let new = DiffSide(sections: pairs.map(\.0), items: items, versions: versions)

        let update = try diff(from: old, to: new)
        let result = try apply(update, old, new)
        #expect(result.sections == new.sections && result.items == new.items && result.reloadsOK, "seed \(seed)")
        // Sections in place: a longest common subsequence.
        let common = Set(old.sections).intersection(new.sections)
        #expect(common.count - update.moveSections.count == lcs(old.sections.filter(common.contains), new.sections.filter(common.contains)))
        // Items in place in each surviving section: a longest common subsequence too.
        for (s, id) in old.sections.enumerated() {
            guard let t = new.sections.firstIndex(of: id) else { continue }
            let shared = Set(old.items[s]).intersection(new.items[t])
            let left = new.items[t].enumerated().filter { k, item in
                shared.contains(item) && !update.moveItems.contains { $0.to == ItemPath(t, k) } && !update.insertItems.contains(ItemPath(t, k))
            }
            #expect(left.count == lcs(old.items[s].filter(shared.contains), new.items[t].filter(shared.contains)), "seed \(seed)")
        }
    }

    @Test func duplicateIdsNameBothPlaces() {
        let ok = DiffSide(sections: [1], items: [[1]])
        #expect(throws: LayoutError(.invalidArgument, "old: item id 7 is at (0, 0) and (1, 1)")) {
            try diff(from: DiffSide(sections: [1, 2], items: [[7], [8, 7]]), to: ok)
        }
        #expect(throws: LayoutError(.invalidArgument, "new: section id 3 is at sections 0 and 1")) {
            try diff(from: ok, to: DiffSide(sections: [3, 3], items: [[], []]))
        }
    }

    @Test func updatesAreCheckedAsUIKitChecksThem() {
        var u = BatchUpdate()
        u.insertItems = [ItemPath(2, 0)]
        #expect(throws: LayoutError(.invalidArgument, "invalid number of items in section 2: 5 after the update, 3 before, 1 inserted, 0 deleted, 0 moved in, 0 moved out")) {
            _ = try UpdateMap(u, old: [1, 1, 3], new: [1, 1, 5])
        }
        u = BatchUpdate()
        u.deleteItems = [ItemPath(0, 0)]
        u.moveItems = [Move(ItemPath(0, 0), ItemPath(1, 0))]
        #expect(throws: LayoutError.self) { _ = try UpdateMap(u, old: [2, 1], new: [1, 2]) }
        u = BatchUpdate()
        u.deleteSections = [0]
        u.deleteItems = [ItemPath(0, 0)]
        #expect(throws: LayoutError.self) { _ = try UpdateMap(u, old: [2, 1], new: [1]) }
        u = BatchUpdate()
        u.insertSections = [0, 0]
        #expect(throws: LayoutError.self) { _ = try UpdateMap(u, old: [], new: [0, 0]) }
        u = BatchUpdate()
        u.moveSections = [Move(0, 1)]
        u.reloadItems = [ItemPath(0, 1)]
        u.insertItems = [ItemPath(1, 0)]  // in the moved section, by its new index
        let map = try? UpdateMap(u, old: [2, 3], new: [3, 3])
        #expect(map?.oldSection == [1, 0])
        #expect((0..<3).map { map?.oldItem(ItemPath(1, $0)) } == [nil, ItemPath(0, 0), ItemPath(0, 1)])
    }
}
