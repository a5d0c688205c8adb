/// One side of a diff (SPEC §10.3): section ids, item ids per section, and optionally a version
/// per item (a changed version is a reload).
public struct DiffSide: Sendable {
    public var sections: [Int64]
    public var items: [[Int64]]
    public var versions: [[Int64]]?
    public init(sections: [Int64], items: [[Int64]], versions: [[Int64]]? = nil) {
        self.sections = sections; self.items = items; self.versions = versions
    }
}

/// The batch update with the fewest moves that turns `old` into `new` (SPEC §10.3): within each
/// surviving section the items left in place are a longest common subsequence of the two orders
/// (likewise for sections), found as a longest increasing subsequence in O(n log n).
public func diff(from old: DiffSide, to new: DiffSide) throws(LayoutError) -> BatchUpdate {
    let before = try DiffIndex(old, "old"), after = try DiffIndex(new, "new")
    var update = BatchUpdate()

    // Sections: those in both lists stay or move; the others are deleted or inserted.
    var oldOfNew = [Int?](repeating: nil, count: new.sections.count)
    for (t, id) in new.sections.enumerated() { oldOfNew[t] = before.section[id] }
    let keptSections = longestIncreasing(oldOfNew)
    for (t, s) in oldOfNew.enumerated() {
        if let s { if !keptSections.contains(t) { update.moveSections.append(Move(s, t)) } } else { update.insertSections.append(t) }
    }
    update.deleteSections = old.sections.indices.filter { after.section[old.sections[$0]] == nil }
    let newOfOld = Dictionary(uniqueKeysWithValues: oldOfNew.enumerated().compactMap { t, s in s.map { ($0, t) } })

    // Items: per new section that comes from an old one, the items that come from that section
    // stay in place if they are on a longest common subsequence; every other carried item moves
    // (or, with a new version, is deleted and inserted). Items of deleted or inserted sections go
    // with their section.
    for (t, ids) in new.items.enumerated() {
        let s = oldOfNew[t]
        var fromSameSection = [Int?](repeating: nil, count: ids.count)
        for (k, id) in ids.enumerated() {
            if let p = before.item[id], p.section == s { fromSameSection[k] = p.item }
        }
        let inPlace = longestIncreasing(fromSameSection)
        for (k, id) in ids.enumerated() {
            let to = ItemPath(t, k)
            guard let from = before.item[id], newOfOld[from.section] != nil else {
                if s != nil { update.insertItems.append(to) }  // new, or its old section is deleted
                continue
            }
            guard s != nil else {
                update.deleteItems.append(from)  // it leaves a surviving section for an inserted one
                continue
            }
            let changed = old.version(from) != new.version(to)
            if inPlace.contains(k) {
                if changed { update.reloadItems.append(from) }
            } else if changed {
                update.deleteItems.append(from)
                update.insertItems.append(to)
            } else {
                update.moveItems.append(Move(from, to))
            }
        }
    }
    for (s, ids) in old.items.enumerated() where newOfOld[s] != nil {
        for (k, id) in ids.enumerated() where after.item[id] == nil { update.deleteItems.append(ItemPath(s, k)) }
    }
    update.deleteItems.sort()
    update.insertItems.sort()
    update.reloadItems.sort()
    return update
}

/// Where each id stands in one side of a diff; ids are unique among sections and among items.
private struct DiffIndex {
    var section: [Int64: Int] = [:]
    var item: [Int64: ItemPath] = [:]

    init(_ side: DiffSide, _ name: String) throws(LayoutError) {
        guard side.items.count == side.sections.count else {
            throw LayoutError(.invalidArgument, "\(name): \(side.sections.count) sections but \(side.items.count) item lists")
        }
        if let versions = side.versions {
            guard versions.count == side.items.count, zip(versions, side.items).allSatisfy({ $0.count == $1.count }) else {
                throw LayoutError(.invalidArgument, "\(name): versions must have one number per item")
            }
        }
        for (s, id) in side.sections.enumerated() {
            if let other = section.updateValue(s, forKey: id) {
                throw LayoutError(.invalidArgument, "\(name): section id \(id) is at sections \(other) and \(s)")
            }
        }
        for (s, ids) in side.items.enumerated() {
            for (k, id) in ids.enumerated() {
                if let other = item.updateValue(ItemPath(s, k), forKey: id) {
                    throw LayoutError(.invalidArgument, "\(name): item id \(id) is at \(other) and \(ItemPath(s, k))")
                }
            }
        }
    }
}

private extension DiffSide {
    func version(_ p: ItemPath) -> Int64 { versions?[p.section][p.item] ?? 0 }
}

/// The positions of a longest strictly increasing subsequence of the non-nil values (patience
/// sorting with predecessors: O(n log n)).
func longestIncreasing(_ values: [Int?]) -> Set<Int> {
    // tails[l]: the position (and value) of the smallest last value of an increasing run of length l + 1
    var tails: [(position: Int, value: Int)] = []
    var previous = [Int](repeating: -1, count: values.count)
    for (k, value) in values.enumerated() {
        guard let v = value else { continue }
        let l = partition(0..<tails.count) { tails[$0].value < v }
        if l > 0 { previous[k] = tails[l - 1].position }
        if l == tails.count { tails.append((k, v)) } else { tails[l] = (k, v) }
    }
    var result = Set<Int>()
    var k = tails.last?.position ?? -1
    while k >= 0 { result.insert(k); k = previous[k] }
    return result
}
