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
        for (t, s) in map.oldSection.enumerated() {
            // A section that stays reloads exactly when its version changed.
            guard let s else { continue }
            if (old.sectionVersions?[s] ?? 0 != new.sectionVersions?[t] ?? 0) != update.reloadSections.contains(s) { reloadsOK = false }
        }
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
        // Some seeds give section versions too: a changed one reloads (or deletes and inserts) the section.
        let sectionVersions = seed % 2 == 0 ? nil : pairs.map { _ in Int64(Int.random(in: 0..<5, using: &rng) == 0 ? 1 : 0) }
        let new = DiffSide(sections: pairs.map(\.0), items: items, versions: versions, sectionVersions: sectionVersions)

        let update = try diff(from: old, to: new)
        // With an executor (in order, in random orders, on several threads): the same update.
        for kind in ExecutorKind.allCases {
            #expect(try diff(from: old, to: new, executor: testExecutor(kind, seed: UInt64(seed))) == update, "seed \(seed) \(kind)")
        }
        let result = try apply(update, old, new)
        #expect(result.sections == new.sections && result.items == new.items && result.reloadsOK, "seed \(seed)")
        // Sections in place (kept or reloaded): a longest common subsequence, with the most
        // unchanged versions among the longest.
        let common = Set(old.sections).intersection(new.sections)
        let sectionChanged = Dictionary(uniqueKeysWithValues: new.sections.enumerated().map { t, id in (id, sectionVersions?[t] ?? 0 != 0) })
        let sectionsInPlace = new.sections.indices.filter { t in
            common.contains(new.sections[t]) && !update.moveSections.contains { $0.to == t } && !update.insertSections.contains(t)
        }.map { new.sections[$0] }
        #expect(score(sectionsInPlace, changed: sectionChanged) == bestCommon(old.sections, new.sections, changed: sectionChanged), "seed \(seed)")
        // Items in place in each carried section: likewise.
        for (s, id) in old.sections.enumerated() {
            guard let t = new.sections.firstIndex(of: id), !(sectionChanged[id] ?? false) else { continue }
            let shared = Set(old.items[s]).intersection(new.items[t])
            let left = new.items[t].enumerated().filter { k, item in
                shared.contains(item) && !update.moveItems.contains { $0.to == ItemPath(t, k) } && !update.insertItems.contains(ItemPath(t, k))
            }
            #expect(left.count == lcs(old.items[s].filter(shared.contains), new.items[t].filter(shared.contains)), "seed \(seed)")
            let itemChanged = Dictionary(uniqueKeysWithValues: new.items[t].enumerated().map { k, id in (id, versions[t][k] != 0) })
            #expect(score(left.map(\.element), changed: itemChanged) == bestCommon(old.items[s], new.items[t], changed: itemChanged), "seed \(seed)")
        }
        // Items of sections that are not carried are never named.
        let notCarried = Set(update.reloadSections + update.deleteSections)
        #expect(!(update.deleteItems + update.reloadItems + update.moveItems.map(\.from)).contains { notCarried.contains($0.section) }, "seed \(seed)")
    }

    /// (length, unchanged count) of ids left in place, as length * 1000 + unchanged count.
    private func score(_ ids: [Int64], changed: [Int64: Bool]) -> Int {
        ids.count * 1000 + ids.count { !(changed[$0] ?? false) }
    }

    /// The best score of the common subsequences of `a` and `b`, by brute force over the
    /// quadratic table.
    private func bestCommon(_ a: [Int64], _ b: [Int64], changed: [Int64: Bool]) -> Int {
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in a.indices {
            for j in b.indices {
                let taken = a[i] == b[j] ? table[i][j] + 1000 + ((changed[a[i]] ?? false) ? 0 : 1) : 0
                table[i + 1][j + 1] = max(table[i][j + 1], table[i + 1][j], taken)
            }
        }
        return table[a.count][b.count]
    }

    /// SPEC §10.3's example: [0] and [2] are both longest; 2 is kept as it is unchanged, 0 is
    /// deleted and inserted, nothing moves.
    @Test func amongTheLongestTheMostUnchangedStay() throws {
        let update = try diff(from: DiffSide(sections: [1], items: [[0, 1, 2]], versions: [[0, 0, 0]]),
                              to: DiffSide(sections: [1], items: [[2, 4, 0, 3]], versions: [[0, 0, 1, 0]]))
        #expect(update.moveItems.isEmpty && update.reloadItems.isEmpty)
        #expect(update.deleteItems == [ItemPath(0, 0), ItemPath(0, 1)])
        #expect(update.insertItems == [ItemPath(0, 1), ItemPath(0, 2), ItemPath(0, 3)])
        // Sections alike: [5] and [7] are both longest; 7 is unchanged, so 5 is deleted and inserted.
        let sections = try diff(from: DiffSide(sections: [5, 6, 7], items: [[], [], []], sectionVersions: [0, 0, 0]),
                                to: DiffSide(sections: [7, 8, 5], items: [[], [], []], sectionVersions: [0, 0, 1]))
        #expect(sections.moveSections.isEmpty && sections.reloadSections.isEmpty)
        #expect(sections.deleteSections == [0, 1] && sections.insertSections == [1, 2])
    }

    @Test func aChangedSectionVersionReloadsTheSectionAndCarriesNoItem() throws {
        let old = DiffSide(sections: [1, 2], items: [[10, 11], [20, 21]], sectionVersions: [0, 0])
        // Section 1 changes in place; item 20 leaves section 2 for it, item 11 leaves it for section 2.
        let new = DiffSide(sections: [1, 2], items: [[10, 20, 12], [11, 21]], sectionVersions: [1, 0])
        let update = try diff(from: old, to: new)
        #expect(update.reloadSections == [0] && update.deleteSections.isEmpty && update.insertSections.isEmpty)
        #expect(update.deleteItems == [ItemPath(1, 0)] && update.insertItems == [ItemPath(1, 0)] && update.moveItems.isEmpty)
        // Moved as well: deleted and inserted.
        let moved = try diff(from: old, to: DiffSide(sections: [2, 1], items: [[20, 21], [10, 11]], sectionVersions: [0, 1]))
        #expect(moved.reloadSections.isEmpty && moved.moveSections.isEmpty || moved.moveSections.count == 1)
        #expect(moved.deleteSections.count + moved.moveSections.count == 1)
        #expect(throws: LayoutError(.invalidArgument, "new: section_versions has 1 numbers for 2 sections")) {
            try diff(from: old, to: DiffSide(sections: [1, 2], items: [[], []], sectionVersions: [1]))
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
