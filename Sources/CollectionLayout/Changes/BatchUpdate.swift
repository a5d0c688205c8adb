/// An index path (SPEC §1): a section and an item in it. (Not `IndexPath`, which Foundation has.)
public struct ItemPath: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var section: Int
    public var item: Int
    public init(_ section: Int, _ item: Int) { self.section = section; self.item = item }
    public static func < (a: ItemPath, b: ItemPath) -> Bool { (a.section, a.item) < (b.section, b.item) }
    public var description: String { "(\(section), \(item))" }
}

/// A move of a section or an item: from its old place to its new one.
public struct Move<Place: Hashable & Sendable>: Hashable, Sendable {
    public var from: Place
    public var to: Place
    public init(_ from: Place, _ to: Place) { self.from = from; self.to = to }
}

/// A batch update (SPEC §10.2, UIKit's performBatchUpdates): deletes and reloads name old
/// places, inserts new places, moves both.
public struct BatchUpdate: Equatable, Sendable {
    public var deleteSections: [Int] = []
    public var insertSections: [Int] = []
    public var moveSections: [Move<Int>] = []
    public var deleteItems: [ItemPath] = []
    public var insertItems: [ItemPath] = []
    public var moveItems: [Move<ItemPath>] = []
    public var reloadItems: [ItemPath] = []
    /// Old sections that survive in place with new content (UIKit's reloadSections): every old
    /// item is deleted, every new one inserted, and the new item count is not checked.
    public var reloadSections: [Int] = []
    public init() {}

    /// Moves of sections and items: what animates as a move (SPEC §10.3 counts them).
    public var moveCount: Int { moveSections.count + moveItems.count }
}

/// Where every section and item of the old state goes in the new one and back (SPEC §10.2 "New
/// state"), for an update checked against the old and new counts as UIKit checks it.
///
/// Sections are mapped in arrays; items on demand, in O(log k) from the update's k operations
/// of their section, so that an update costs what it names, not what the collection holds.
public struct UpdateMap: Sendable {
    /// Per old section its new index (nil: deleted); per new section its old index (nil: inserted).
    public private(set) var newSection: [Int?]
    public private(set) var oldSection: [Int?]
    /// Per old section, its items that do not stay in it (deleted or moved out), sorted.
    private var gone: [Int: [Int]] = [:]
    /// Per new section, its places that no surviving item of its old section takes (inserted or
    /// moved in), sorted, with where a moved-in item comes from.
    private var taken: [Int: [(item: Int, from: ItemPath?)]] = [:]
    private var movedTo: [ItemPath: ItemPath] = [:]
    /// Old sections with reloaded items (they change, though no item leaves them).
    private var reloaded: Set<Int> = []
    /// Per old section, whether the update reloads it (its items have no counterparts).
    private var reloadedSection: [Bool]
    /// The item counts of the sections before and after.
    public let oldCounts: [Int], newCounts: [Int]

    /// Checks `update` against the counts before (`old`) and after (`new`, per new section) and
    /// maps every place; an error names the section and the numbers.
    public init(_ update: BatchUpdate, old: [Int], new: [Int]) throws(LayoutError) {
        (oldCounts, newCounts) = (old, new)
        // Sections: deleted and moved-out old indices, inserted and moved-in new indices.
        var goneSection = [Bool](repeating: false, count: old.count), takenSection = [Bool](repeating: false, count: new.count)
        for s in update.deleteSections + update.moveSections.map(\.from) {
            guard old.indices.contains(s) else { throw LayoutError(.outOfRange, "section \(s) does not exist before the update (\(counted(old.count, "section")))") }
            guard !goneSection[s] else { throw LayoutError(.invalidArgument, "old section \(s) is deleted or moved twice") }
            goneSection[s] = true
        }
        var reloadedSection = [Bool](repeating: false, count: old.count)
        for s in update.reloadSections {
            guard old.indices.contains(s) else { throw LayoutError(.outOfRange, "reloaded section \(s) does not exist before the update (\(counted(old.count, "section")))") }
            guard !goneSection[s] else {
                throw LayoutError(.invalidArgument, "old section \(s) is reloaded and deleted or moved (a reloaded section cannot move: delete it and insert it instead)")
            }
            guard !reloadedSection[s] else { throw LayoutError(.invalidArgument, "old section \(s) is reloaded twice") }
            reloadedSection[s] = true
        }
        guard new.count == old.count - update.deleteSections.count + update.insertSections.count else {
            throw LayoutError(.invalidArgument, "invalid number of sections: \(new.count) after the update, \(old.count) before, \(update.insertSections.count) inserted, \(update.deleteSections.count) deleted")
        }
        for s in update.insertSections + update.moveSections.map(\.to) {
            guard new.indices.contains(s) else { throw LayoutError(.outOfRange, "section \(s) does not exist after the update (\(counted(new.count, "section")))") }
            guard !takenSection[s] else { throw LayoutError(.invalidArgument, "new section \(s) is inserted or moved to twice") }
            takenSection[s] = true
        }
        var oldSection = [Int?](repeating: nil, count: new.count)
        for m in update.moveSections { oldSection[m.to] = m.from }
        var surviving = old.indices.lazy.filter { !goneSection[$0] }.makeIterator()
        for t in new.indices where !takenSection[t] { oldSection[t] = surviving.next() }
        var newSection = [Int?](repeating: nil, count: old.count)
        for (t, s) in oldSection.enumerated() { if let s { newSection[s] = t } }

        // Items: old places must be in surviving old sections, new places in new sections that
        // come from old ones; no place named twice (found in the sorted places, not by hashing
        // each: an update of many items costs a sort).
        func checkOld(_ p: ItemPath, _ what: String) throws(LayoutError) {
            guard old.indices.contains(p.section), p.item >= 0, p.item < old[p.section] else {
                throw LayoutError(.outOfRange, "\(what) \(p) does not exist before the update")
            }
            guard newSection[p.section] != nil else {
                throw LayoutError(.invalidArgument, "\(what) \(p) is in section \(p.section), which the update deletes")
            }
            guard !reloadedSection[p.section] else {
                throw LayoutError(.invalidArgument, "\(what) \(p) is in section \(p.section), which the update reloads")
            }
        }
        func checkNew(_ p: ItemPath, _ what: String) throws(LayoutError) {
            guard new.indices.contains(p.section), p.item >= 0, p.item < new[p.section] else {
                throw LayoutError(.outOfRange, "\(what) \(p) does not exist after the update")
            }
            guard let s = oldSection[p.section] else {
                throw LayoutError(.invalidArgument, "\(what) \(p) is in section \(p.section), which the update inserts")
            }
            guard !reloadedSection[s] else {
                throw LayoutError(.invalidArgument, "\(what) \(p) is in section \(p.section), which the update reloads (old section \(s))")
            }
        }
        for p in update.deleteItems { try checkOld(p, "deleted item") }
        for p in update.reloadItems { try checkOld(p, "reloaded item") }
        for m in update.moveItems { try checkOld(m.from, "moved item") }
        let goneItems = (update.deleteItems + update.moveItems.map(\.from)).sorted()
        if let p = Self.repeated(update.reloadItems.isEmpty ? goneItems : (goneItems + update.reloadItems).sorted()) {
            throw LayoutError(.invalidArgument, "old item \(p) is deleted, moved or reloaded twice")
        }
        for p in update.insertItems { try checkNew(p, "inserted item") }
        for m in update.moveItems { try checkNew(m.to, "moved item") }
        let placedItems = (update.insertItems.map { (place: $0, from: ItemPath?.none) } + update.moveItems.map { ($0.to, $0.from) })
            .sorted { $0.place < $1.place }
        if let p = Self.repeated(placedItems.map(\.place)) {
            throw LayoutError(.invalidArgument, "new item \(p) is inserted or moved to twice")
        }

        // UIKit's count check for every new section that comes from an old one: what each gains
        // and loses, counted per new section in one pass over the update (no hashing per section).
        var change = [Int](repeating: 0, count: new.count)
        // (Deleted and moved items are in surviving sections, checked above.)
        for p in update.deleteItems { if let t = newSection[p.section] { change[t] -= 1 } }
        for m in update.moveItems {
            if let t = newSection[m.from.section] { change[t] -= 1 }
            change[m.to.section] += 1
        }
        for p in update.insertItems { change[p.section] += 1 }
        for t in new.indices {
            // (A reloaded section's new count is free.)
            guard let s = oldSection[t], !reloadedSection[s], new[t] != old[s] + change[t] else { continue }
            let d = update.deleteItems.count { $0.section == s }, o = update.moveItems.count { $0.from.section == s }
            let i = update.insertItems.count { $0.section == t }, m = update.moveItems.count { $0.to.section == t }
            throw LayoutError(.invalidArgument, "invalid number of items in section \(t): \(new[t]) after the update, \(old[s]) before, \(i) inserted, \(d) deleted, \(m) moved in, \(o) moved out")
        }
        (self.newSection, self.oldSection, self.reloadedSection) = (newSection, oldSection, reloadedSection)
        // Per section, from the sorted places: one dictionary entry per section, not per item.
        Self.forEachSection(of: goneItems, \.section) { s, run in gone[s] = run.map(\.item) }
        Self.forEachSection(of: placedItems, \.place.section) { t, run in taken[t] = run.map { ($0.place.item, $0.from) } }
        for m in update.moveItems { movedTo[m.from] = m.to }
        reloaded = Set(update.reloadItems.map(\.section))
        changed = Self.changed(gone: Set(gone.keys).union(reloaded).union(update.reloadSections), taken: Set(taken.keys), oldSection: oldSection, newSection: newSection)
    }

    /// Whether the update reloads old section `s` (in range).
    public func isReloaded(oldSection s: Int) -> Bool { reloadedSection[s] }

    /// Whether new section `t` (in range) is a reloaded old one.
    public func isReloaded(newSection t: Int) -> Bool { oldSection[t].map { reloadedSection[$0] } ?? false }

    /// Visits the runs of `sorted` that share a section.
    private static func forEachSection<T>(of sorted: [T], _ section: (T) -> Int, _ visit: (Int, ArraySlice<T>) -> Void) {
        var k = 0
        while k < sorted.count {
            let s = section(sorted[k])
            var end = k + 1
            while end < sorted.count && section(sorted[end]) == s { end += 1 }
            visit(s, sorted[k..<end])
            k = end
        }
    }

    /// A place that comes twice in `sorted`, if any.
    private static func repeated(_ sorted: [ItemPath]) -> ItemPath? {
        zip(sorted, sorted.dropFirst()).first { $0 == $1 }?.0
    }

    /// The sections whose content the update changes, sorted: on the old side the sections it
    /// deletes, reloads items of or moves items out of, and those whose new section gains items;
    /// on the new side their new indices and the inserted sections; reloaded sections on both. Every other section survives
    /// as it was (moved, perhaps), so an update costs what it names.
    public func changedSections(old isOld: Bool) -> [Int] { isOld ? changed.old : changed.new }

    /// Both sides of `changedSections`, found once.
    private var changed: (old: [Int], new: [Int]) = ([], [])

    private static func changed(gone: Set<Int>, taken: Set<Int>, oldSection: [Int?], newSection: [Int?]) -> (old: [Int], new: [Int]) {
        var (oldSide, newSide) = (gone, taken)
        for (t, s) in oldSection.enumerated() where s == nil { newSide.insert(t) }
        for (s, t) in newSection.enumerated() where t == nil { oldSide.insert(s) }
        return (oldSide.union(newSide.compactMap { oldSection[$0] }).sorted(), newSide.union(oldSide.compactMap { newSection[$0] }).sorted())
    }

    /// Where old item `p` is after the update (nil: deleted, or its section is deleted or reloaded).
    public func newItem(_ p: ItemPath) -> ItemPath? {
        guard oldCounts.indices.contains(p.section), p.item >= 0, p.item < oldCounts[p.section],
              let t = newSection[p.section], !reloadedSection[p.section] else { return nil }
        if let to = movedTo[p] { return to }
        let out = gone[p.section] ?? []
        let k = partition(0..<out.count) { out[$0] < p.item }
        if k < out.count && out[k] == p.item { return nil }  // deleted
        // Its rank among the survivors is its place among the new section's free places.
        let rank = p.item - k, places = taken[t] ?? []
        let j = partition(0..<places.count) { places[$0].item - $0 <= rank }
        return ItemPath(t, rank + j)
    }

    /// Where new item `p` was before the update (nil: inserted, or its section is inserted or reloaded).
    public func oldItem(_ p: ItemPath) -> ItemPath? {
        guard newCounts.indices.contains(p.section), p.item >= 0, p.item < newCounts[p.section] else { return nil }
        return oldItems(ofNewSection: p.section).oldItem(p.item)
    }

    /// The map of one new section's items, for many look-ups (each O(log k), no hashing).
    public func oldItems(ofNewSection t: Int) -> SectionOrigins {
        guard oldSection.indices.contains(t), let s = oldSection[t], !reloadedSection[s] else { return SectionOrigins(oldSection: nil, places: [], out: []) }
        return SectionOrigins(oldSection: s, places: taken[t] ?? [], out: gone[s] ?? [])
    }
}

/// Where the items of one new section were before an update (UpdateMap.oldItems(ofNewSection:)).
public struct SectionOrigins: Sendable {
    let oldSection: Int?
    let places: [(item: Int, from: ItemPath?)]
    let out: [Int]

    /// Where a walk through the new items in increasing order stands: its searches gallop on
    /// from the last ones' answers (a batch update's carried sizes: a step or two per run).
    struct Walk {
        var place = 0
        var gone = 0
    }

    /// Where new item `k` (in range) of the section was (nil: inserted, or its section is).
    public func oldItem(_ k: Int) -> ItemPath? {
        var walk = Walk()
        return oldItem(k, walk: &walk)
    }

    /// The same, for items asked in increasing order.
    func oldItem(_ k: Int, walk: inout Walk) -> ItemPath? {
        guard let s = oldSection else { return nil }
        let (i, survivor) = locate(k, &walk)
        guard let survivor else { return places[i].from }
        return ItemPath(s, survivor.item)
    }

    /// The longest run of new items from `k` on (in range, not past `end`) that stay in the
    /// section next to each other, as they were: old items `first ..< first + length`. Nil when
    /// item k is inserted or moved in.
    public func survivingRun(from k: Int, end: Int) -> (first: Int, length: Int)? {
        var walk = Walk()
        return survivingRun(from: k, end: end, walk: &walk)
    }

    /// The same, for items asked in increasing order.
    func survivingRun(from k: Int, end: Int, walk: inout Walk) -> (first: Int, length: Int)? {
        guard oldSection != nil, case let (i, survivor?) = locate(k, &walk) else { return nil }
        // It and the items after it stay next to each other up to the next place taken in the
        // new section and the next item gone from the old one.
        var length = end - k
        if i < places.count { length = Swift.min(length, places[i].item - k) }
        if survivor.gone < out.count { length = Swift.min(length, out[survivor.gone] - survivor.item) }
        return (survivor.item, length)
    }

    /// Where new item k stands: `place`, the first item placed (inserted or moved in) at or after
    /// it; for an item not placed, its old item and `gone`, the first old item gone after it.
    private func locate(_ k: Int, _ walk: inout Walk) -> (place: Int, survivor: (item: Int, gone: Int)?) {
        let i = partition(0..<places.count, from: walk.place) { places[$0].item < k }
        walk.place = i
        if i < places.count && places[i].item == k { return (i, nil) }
        // Its rank among the free places is its place among the old section's survivors.
        let rank = k - i
        let j = partition(0..<out.count, from: walk.gone) { out[$0] - $0 <= rank }
        walk.gone = j
        return (i, (rank + j, j))
    }
}
