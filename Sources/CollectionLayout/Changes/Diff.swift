/// One side of a diff (SPEC §10.3): section ids, item ids per section, and optionally a version
/// per item and per section (a changed version is a reload).
public struct DiffSide: Sendable {
    public var sections: [Int64]
    public var items: [[Int64]]
    public var versions: [[Int64]]?
    public var sectionVersions: [Int64]?
    public init(sections: [Int64], items: [[Int64]], versions: [[Int64]]? = nil, sectionVersions: [Int64]? = nil) {
        self.sections = sections; self.items = items; self.versions = versions; self.sectionVersions = sectionVersions
    }
}

/// The batch update with the fewest operations, then the fewest moves, that turns `old` into
/// `new` (SPEC §10.3): within each carried section the items left in place are a longest common
/// subsequence of the two orders, among those one with the most unchanged versions (likewise for
/// sections), found as a heaviest longest increasing subsequence in O(n log n).
///
/// With an `executor` (and enough ids) the two id tables are built as two tasks, and the long
/// sections' look-ups and answers in pieces of items (each piece its own lists, joined in
/// order): the update is the serial one.
public func diff(from old: DiffSide, to new: DiffSide, executor: Executor? = nil) throws(LayoutError) -> BatchUpdate {
    let ids = old.items.reduce(0) { $0 + $1.count } + new.items.reduce(0) { $0 + $1.count }
    let executor = executor.flatMap { $0.concurrency > 1 && $0.takes(cost: ids) ? $0 : nil }
    let (before, after) = try DiffIndex.pair(old, new, executor)
    var update = BatchUpdate()

    // Sections: those in both lists stay (kept or reloaded) or move (or, with a new version, are
    // deleted and inserted); the others are deleted or inserted.
    var oldOfNew = [Int?](repeating: nil, count: new.sections.count), sectionSame = [Bool](repeating: false, count: new.sections.count)
    for (t, id) in new.sections.enumerated() {
        oldOfNew[t] = before.section[id]?.section
        sectionSame[t] = oldOfNew[t].map { old.sectionVersion($0) == new.sectionVersion(t) } ?? false
    }
    let keptSections = longestIncreasing(oldOfNew, preferring: sectionSame)
    // Carried sections (in both lists, same version): only their items are diffed one by one.
    var carriedFrom = [Int?](repeating: nil, count: new.sections.count)
    for (t, s) in oldOfNew.enumerated() {
        guard let s else { update.insertSections.append(t); continue }
        switch (keptSections[t], sectionSame[t]) {
        case (true, true): carriedFrom[t] = s
        case (true, false): update.reloadSections.append(s)
        case (false, true): carriedFrom[t] = s; update.moveSections.append(Move(s, t))
        case (false, false): update.deleteSections.append(s); update.insertSections.append(t)
        }
    }
    update.deleteSections += old.sections.indices.filter { after.section[old.sections[$0]] == nil }
    let carriedTo = Dictionary(uniqueKeysWithValues: carriedFrom.enumerated().compactMap { t, s in s.map { ($0, t) } })

    // Items: per carried new section, the items that come from its old section stay in place if
    // they are on the longest common subsequence chosen; every other carried item moves (or, with
    // a new version, is deleted and inserted). Items of sections that are not carried go with
    // their section.
    for (t, ids) in new.items.enumerated() {
        guard let s = carriedFrom[t] else {
            // Inserted or reloaded: its items are new. Those from a carried section leave it.
            for id in ids { if let from = before.item[id], carriedTo[from.section] != nil { update.deleteItems.append(from) } }
            continue
        }
        var fromSameSection = [Int?](repeating: nil, count: ids.count), same = [Bool](repeating: false, count: ids.count)
        func lookUp(_ range: Range<Int>, _ fromSameSection: UnsafeMutableBufferPointer<Int?>, _ same: UnsafeMutableBufferPointer<Bool>) {
            for k in range {
                if let p = before.item[ids[k]], p.section == s {
                    fromSameSection[k] = p.item
                    same[k] = old.version(p) == new.version(ItemPath(t, k))
                }
            }
        }
        let pieces = executor.map { ids.count >= $0.minimumParallelCost ? $0.pieces(cost: ids.count) : 1 } ?? 1
        if let executor, pieces > 1 {
            try fromSameSection.withUnsafeMutableBufferPointer { f throws(LayoutError) in
                try same.withUnsafeMutableBufferPointer { m throws(LayoutError) in
                    let slots = DiffSlots(f, m)
                    try executor.run(pieces, "a diff's look-ups in section \(t)") { i in
                        lookUp(piece(i, of: pieces, ids.count), slots.from, slots.same)
                    }
                }
            }
        } else {
            fromSameSection.withUnsafeMutableBufferPointer { f in same.withUnsafeMutableBufferPointer { m in lookUp(0..<ids.count, f, m) } }
        }
        let inPlace = longestIncreasing(fromSameSection, preferring: same)
        func answer(_ range: Range<Int>, _ update: inout BatchUpdate) {
            for k in range {
                let to = ItemPath(t, k)
                guard let from = before.item[ids[k]], carriedTo[from.section] != nil else {
                    update.insertItems.append(to)  // new, or its old section is not carried
                    continue
                }
                let changed = old.version(from) != new.version(to)
                if inPlace[k] {
                    if changed { update.reloadItems.append(from) }
                } else if changed {
                    update.deleteItems.append(from)
                    update.insertItems.append(to)
                } else {
                    update.moveItems.append(Move(from, to))
                }
            }
        }
        if let executor, pieces > 1 {
            var parts = [BatchUpdate](repeating: BatchUpdate(), count: pieces)
            try parts.withUnsafeMutableBufferPointer { parts throws(LayoutError) in
                let slots = PartSlots(parts)
                try executor.run(pieces, "a diff's answers in section \(t)") { i in answer(piece(i, of: pieces, ids.count), &slots.parts[i]) }
            }
            for part in parts { update.append(part) }
        } else {
            answer(0..<ids.count, &update)
        }
    }
    for (s, ids) in old.items.enumerated() where carriedTo[s] != nil {
        func deletes(_ range: Range<Int>, _ update: inout BatchUpdate) {
            for k in range where after.item[ids[k]] == nil { update.deleteItems.append(ItemPath(s, k)) }
        }
        let pieces = executor.map { ids.count >= $0.minimumParallelCost ? $0.pieces(cost: ids.count) : 1 } ?? 1
        if let executor, pieces > 1 {
            var parts = [BatchUpdate](repeating: BatchUpdate(), count: pieces)
            try parts.withUnsafeMutableBufferPointer { parts throws(LayoutError) in
                let slots = PartSlots(parts)
                try executor.run(pieces, "a diff's deletions in section \(s)") { i in deletes(piece(i, of: pieces, ids.count), &slots.parts[i]) }
            }
            for part in parts { update.deleteItems += part.deleteItems }
        } else {
            deletes(0..<ids.count, &update)
        }
    }
    update.deleteSections.sort()
    update.insertSections.sort()
    update.deleteItems.sort()
    update.insertItems.sort()
    update.reloadItems.sort()
    return update
}

/// Piece i of `pieces` equal pieces of 0..<count.
private func piece(_ i: Int, of pieces: Int, _ count: Int) -> Range<Int> { (count * i / pieces)..<(count * (i + 1) / pieces) }

/// What a diff's tasks write: each its own elements.
private struct DiffSlots: @unchecked Sendable {
    let from: UnsafeMutableBufferPointer<Int?>
    let same: UnsafeMutableBufferPointer<Bool>
    init(_ from: UnsafeMutableBufferPointer<Int?>, _ same: UnsafeMutableBufferPointer<Bool>) { (self.from, self.same) = (from, same) }
}

private struct PartSlots: @unchecked Sendable {
    let parts: UnsafeMutableBufferPointer<BatchUpdate>
    init(_ parts: UnsafeMutableBufferPointer<BatchUpdate>) { self.parts = parts }
}

private extension BatchUpdate {
    /// Appends a piece's answers (the pieces' in order are the serial answers).
    mutating func append(_ part: BatchUpdate) {
        insertItems += part.insertItems
        deleteItems += part.deleteItems
        reloadItems += part.reloadItems
        moveItems += part.moveItems
    }
}

/// Where each id stands in one side of a diff; ids are unique among sections and among items.
private struct DiffIndex {
    /// Both sides' indexes: with an executor, as two tasks (the old side's error first, as serially).
    static func pair(_ old: DiffSide, _ new: DiffSide, _ executor: Executor?) throws(LayoutError) -> (DiffIndex, DiffIndex) {
        guard let executor else { return (try DiffIndex(old, "old"), try DiffIndex(new, "new")) }
        var results: [Result<DiffIndex, LayoutError>?] = [nil, nil]
        try results.withUnsafeMutableBufferPointer { results throws(LayoutError) in
            let slots = IndexSlots(results)
            try executor.run(2, "a diff's id tables") { i in
                slots.results[i] = Result { () throws(LayoutError) in try DiffIndex(i == 0 ? old : new, i == 0 ? "old" : "new") }
            }
        }
        guard case .some(let first) = results[0], case .some(let second) = results[1] else {
            throw LayoutError(.callbackFailed, "executor: a diff's id table was not built")
        }
        return (try first.get(), try second.get())
    }

    var section: IdTable
    var item: IdTable

    init(_ side: DiffSide, _ name: String) throws(LayoutError) {
        section = IdTable(capacity: side.sections.count)
        item = IdTable(capacity: side.items.reduce(0) { $0 + $1.count })
        guard side.items.count == side.sections.count else {
            throw LayoutError(.invalidArgument, "\(name): \(side.sections.count) sections but \(side.items.count) item lists")
        }
        if let versions = side.versions {
            guard versions.count == side.items.count, zip(versions, side.items).allSatisfy({ $0.count == $1.count }) else {
                throw LayoutError(.invalidArgument, "\(name): versions must have one number per item")
            }
        }
        if let versions = side.sectionVersions, versions.count != side.sections.count {
            throw LayoutError(.invalidArgument, "\(name): section_versions has \(versions.count) numbers for \(side.sections.count) sections")
        }
        for (s, id) in side.sections.enumerated() {
            if let other = section.insert(id, ItemPath(s, 0)) {
                throw LayoutError(.invalidArgument, "\(name): section id \(id) is at sections \(other.section) and \(s)")
            }
        }
        for (s, ids) in side.items.enumerated() {
            for (k, id) in ids.enumerated() {
                if let other = item.insert(id, ItemPath(s, k)) {
                    throw LayoutError(.invalidArgument, "\(name): item id \(id) is at \(other) and \(ItemPath(s, k))")
                }
            }
        }
    }
}

private struct IndexSlots: @unchecked Sendable {
    let results: UnsafeMutableBufferPointer<Result<DiffIndex, LayoutError>?>
    init(_ results: UnsafeMutableBufferPointer<Result<DiffIndex, LayoutError>?>) { self.results = results }
}

private extension DiffSide {
    func version(_ p: ItemPath) -> Int64 { versions?[p.section][p.item] ?? 0 }
    func sectionVersion(_ s: Int) -> Int64 { sectionVersions?[s] ?? 0 }
}

/// Ids to places: open addressing with linear probing and a multiplicative hash, several times
/// faster than a Dictionary for the millions of ids of a diff. Places are packed in one Int
/// (sections and items are below 2^31 here).
private struct IdTable {
    /// An id beside its place, so that a probe touches one cache line; place -1: empty.
    private var slots: [(id: Int64, place: Int)]
    private let mask: Int

    init(capacity: Int) {
        var size = 16
        while size < 2 * capacity { size *= 2 }
        slots = Array(repeating: (0, -1), count: size)
        mask = size - 1
    }

    private func slot(_ id: Int64) -> Int { Int(truncatingIfNeeded: (UInt64(bitPattern: id) &* 0x9E37_79B9_7F4A_7C15) >> 20) & mask }

    /// Inserts `id` at `place`; if the id is there already, returns its place and changes nothing.
    mutating func insert(_ id: Int64, _ place: ItemPath) -> ItemPath? {
        var i = slot(id)
        while slots[i].place >= 0 {
            if slots[i].id == id { return Self.unpack(slots[i].place) }
            i = (i + 1) & mask
        }
        slots[i] = (id, place.section << 31 | place.item)
        return nil
    }

    subscript(id: Int64) -> ItemPath? {
        var i = slot(id)
        while slots[i].place >= 0 {
            if slots[i].id == id { return Self.unpack(slots[i].place) }
            i = (i + 1) & mask
        }
        return nil
    }

    private static func unpack(_ place: Int) -> ItemPath { ItemPath(place >> 31, place & 0x7FFF_FFFF) }
}

/// Which positions are on a longest strictly increasing subsequence of the non-nil values (each
/// an old position, so distinct and below the count), and among the longest on one with the most
/// positions that `preferred` marks. One pass in O(n log n): a Fenwick tree over the values holds,
/// for the values below each, the best run that ends there, compared by (length, preferred count).
func longestIncreasing(_ values: [Int?], preferring preferred: [Bool]) -> [Bool] {
    let size = (values.lazy.compactMap { $0 }.max() ?? -1) + 1
    // best[i]: the best run ending at a value in i's Fenwick range, packed as
    // length << 32 | preferred count (both below 2^31), and its last position.
    var best = [(score: Int, position: Int)](repeating: (0, -1), count: size + 1)
    var previous = [Int](repeating: -1, count: values.count)
    var top = (score: 0, position: -1)
    for (k, value) in values.enumerated() {
        guard let v = value else { continue }
        var before = (score: 0, position: -1)
        var i = v  // the values below v: Fenwick indices 1...v
        while i > 0 {
            if best[i].score > before.score { before = best[i] }
            i &= i - 1
        }
        previous[k] = before.position
        let mine = (score: before.score + (1 << 32) + (preferred[k] ? 1 : 0), position: k)
        if mine.score > top.score { top = mine }
        i = v + 1
        while i <= size {
            if mine.score > best[i].score { best[i] = mine }
            i += i & -i
        }
    }
    var result = [Bool](repeating: false, count: values.count)
    var k = top.position
    while k >= 0 { result[k] = true; k = previous[k] }
    return result
}
