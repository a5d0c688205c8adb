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
    public init() {}

    /// Moves of sections and items: what animates as a move (SPEC §10.3 counts them).
    public var moveCount: Int { moveSections.count + moveItems.count }
}

/// Where every section and item of the old state goes in the new one and back (SPEC §10.2 "New
/// state"), for an update checked against the old and new counts as UIKit checks it.
public struct UpdateMap: Sendable {
    /// Per old section its new index (nil: deleted); per new section its old index (nil: inserted).
    public private(set) var newSection: [Int?]
    public private(set) var oldSection: [Int?]
    /// Per old section, per item, its new index path (nil: deleted); per new section, per item,
    /// its old index path (nil: inserted, or in an inserted section).
    public private(set) var newItem: [[ItemPath?]]
    public private(set) var oldItem: [[ItemPath?]]

    /// Checks `update` against the counts before (`old`) and after (`new`, per new section) and
    /// maps every place; an error names the section and the numbers.
    public init(_ update: BatchUpdate, old: [Int], new: [Int]) throws(LayoutError) {
        // Sections: deleted and moved-out old indices, inserted and moved-in new indices.
        var goneSection = Set<Int>(), takenSection = Set<Int>()
        for s in update.deleteSections + update.moveSections.map(\.from) {
            guard old.indices.contains(s) else { throw LayoutError(.outOfRange, "section \(s) does not exist before the update (\(old.count) sections)") }
            guard goneSection.insert(s).inserted else { throw LayoutError(.invalidArgument, "old section \(s) is deleted or moved twice") }
        }
        guard new.count == old.count - update.deleteSections.count + update.insertSections.count else {
            throw LayoutError(.invalidArgument, "invalid number of sections: \(new.count) after the update, \(old.count) before, \(update.insertSections.count) inserted, \(update.deleteSections.count) deleted")
        }
        for s in update.insertSections + update.moveSections.map(\.to) {
            guard new.indices.contains(s) else { throw LayoutError(.outOfRange, "section \(s) does not exist after the update (\(new.count) sections)") }
            guard takenSection.insert(s).inserted else { throw LayoutError(.invalidArgument, "new section \(s) is inserted or moved to twice") }
        }
        var oldSection = [Int?](repeating: nil, count: new.count)
        for m in update.moveSections { oldSection[m.to] = m.from }
        var surviving = old.indices.filter { !goneSection.contains($0) }.makeIterator()
        for t in new.indices where !takenSection.contains(t) { oldSection[t] = surviving.next() }
        var newSection = [Int?](repeating: nil, count: old.count)
        for (t, s) in oldSection.enumerated() { if let s { newSection[s] = t } }

        // Items: old places must be in surviving old sections, new places in new sections that
        // come from old ones; no place named twice.
        var goneItems = Array(repeating: Set<Int>(), count: old.count)
        var takenItems = Array(repeating: [Int: ItemPath?](), count: new.count)  // new item -> old path (nil: inserted)
        func checkOld(_ p: ItemPath, _ what: String) throws(LayoutError) {
            guard old.indices.contains(p.section), p.item >= 0, p.item < old[p.section] else {
                throw LayoutError(.outOfRange, "\(what) \(p) does not exist before the update")
            }
            guard newSection[p.section] != nil else {
                throw LayoutError(.invalidArgument, "\(what) \(p) is in section \(p.section), which the update deletes")
            }
            guard goneItems[p.section].insert(p.item).inserted else {
                throw LayoutError(.invalidArgument, "old item \(p) is deleted, moved or reloaded twice")
            }
        }
        func checkNew(_ p: ItemPath, from source: ItemPath?, _ what: String) throws(LayoutError) {
            guard new.indices.contains(p.section), p.item >= 0, p.item < new[p.section] else {
                throw LayoutError(.outOfRange, "\(what) \(p) does not exist after the update")
            }
            guard oldSection[p.section] != nil else {
                throw LayoutError(.invalidArgument, "\(what) \(p) is in section \(p.section), which the update inserts")
            }
            guard takenItems[p.section].updateValue(source, forKey: p.item) == nil else {
                throw LayoutError(.invalidArgument, "new item \(p) is inserted or moved to twice")
            }
        }
        var reloaded = Array(repeating: Set<Int>(), count: old.count)
        for p in update.deleteItems { try checkOld(p, "deleted item") }
        for p in update.reloadItems { try checkOld(p, "reloaded item"); reloaded[p.section].insert(p.item) }
        for m in update.moveItems { try checkOld(m.from, "moved item") }
        for p in update.insertItems { try checkNew(p, from: nil, "inserted item") }
        for m in update.moveItems { try checkNew(m.to, from: m.from, "moved item") }

        // UIKit's count check, then every new section's slots: inserted and moved-in items at
        // their places, the surviving items of its old section in their old order in the rest.
        var oldItem: [[ItemPath?]] = new.map { Array(repeating: nil, count: $0) }
        var newItem: [[ItemPath?]] = old.map { Array(repeating: nil, count: $0) }
        let deleted = Dictionary(grouping: update.deleteItems, by: \.section).mapValues(\.count)
        let movedOut = Dictionary(grouping: update.moveItems, by: \.from.section).mapValues(\.count)
        let movedIn = Dictionary(grouping: update.moveItems, by: \.to.section).mapValues(\.count)
        let inserted = Dictionary(grouping: update.insertItems, by: \.section).mapValues(\.count)
        for t in new.indices {
            guard let s = oldSection[t] else { continue }
            let (d, o, i, m) = (deleted[s] ?? 0, movedOut[s] ?? 0, inserted[t] ?? 0, movedIn[t] ?? 0)
            guard new[t] == old[s] - d - o + i + m else {
                throw LayoutError(.invalidArgument, "invalid number of items in section \(t): \(new[t]) after the update, \(old[s]) before, \(i) inserted, \(d) deleted, \(m) moved in, \(o) moved out")
            }
            var survivors = (0..<old[s]).lazy.filter { !goneItems[s].contains($0) || reloaded[s].contains($0) }.makeIterator()
            for k in 0..<new[t] {
                if let source = takenItems[t][k] {
                    oldItem[t][k] = source
                } else if let item = survivors.next() {
                    oldItem[t][k] = ItemPath(s, item)
                }
            }
        }
        for (t, items) in oldItem.enumerated() {
            for (k, p) in items.enumerated() { if let p { newItem[p.section][p.item] = ItemPath(t, k) } }
        }
        (self.newSection, self.oldSection, self.newItem, self.oldItem) = (newSection, oldSection, newItem, oldItem)
    }
}
