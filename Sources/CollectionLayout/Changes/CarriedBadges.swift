/// Which cells carry which badges (SPEC §17.1) is per-item data, asked with sizes (SPEC §16's
/// moments): every cell at a full load, the inserted and reloaded items and every item of
/// inserted and reloaded sections at a batch update, and the items an invalidation names. Cells
/// that stay or move keep theirs.
extension SourceReader {
    /// The badges of runs of section s's items, checked against the registered badge kinds
    /// (none asked while no badge kind is registered).
    func badges(section s: Int, runs: [Range<Int>], kinds: BadgeKinds, names: Kinds) throws(LayoutError) -> [ItemBadge] {
        guard !kinds.isEmpty, dataSource.givesBadges else { return [] }
        var result: [ItemBadge] = []
        for range in runs where !range.isEmpty {
            let given = try ask(.itemBadges, "the badges of section \(s), items \(range.lowerBound)..<\(range.upperBound)") {
                try dataSource.badges(inSection: s, items: range)
            }
            func bad(_ b: ItemBadge, _ why: String) -> LayoutError {
                let name = names.name(b.kind).map { "\"\($0)\"" } ?? "\(b.kind.rawValue)"
                return LayoutError(.badCallbackData, "the badge \(name) of item (\(s), \(b.item)): \(why)", about: .itemBadges)
            }
            for b in given {
                guard range.contains(b.item) else {
                    throw bad(b, "no such item among the items asked, \(range.lowerBound)..<\(range.upperBound)")
                }
                guard kinds.placement(b.kind) != nil else {
                    throw bad(b, "kind \(names.name(b.kind).map { "\"\($0)\"" } ?? "\(b.kind.rawValue)") is not a registered badge kind")
                }
                if let size = b.size, !(size.width.isFinite && size.height.isFinite && size.width >= 0 && size.height >= 0) {
                    throw bad(b, "its size \(size.width)x\(size.height) must be finite and >= 0")
                }
            }
            if let twice = Self.repeated(given) { throw bad(twice, "an item carries at most one badge of each kind") }
            result += given
        }
        return result
    }
}

extension SourceReader {
    /// A badge whose item carries another of its kind, if any (sorted by item first unless it
    /// already is: a source usually answers in item order).
    static func repeated(_ given: [ItemBadge]) -> ItemBadge? {
        guard given.count > 1 else { return nil }
        let sorted = zip(given, given.dropFirst()).allSatisfy({ $0.item <= $1.item }) ? given : given.sorted { $0.item < $1.item }
        var first = 0
        for k in 1..<sorted.count {
            if sorted[k].item != sorted[first].item { first = k; continue }
            if sorted[first..<k].contains(where: { $0.kind == sorted[k].kind }) { return sorted[k] }
        }
        return nil
    }
}

extension Layout {
    /// The badges of `runs` of section s (sorted, disjoint) in `st`.
    func readBadges(section s: Int, runs: [Range<Int>], in st: LayoutState) throws(LayoutError) -> [ItemBadge] {
        try reader.badges(section: s, runs: runs, kinds: st.chrome.badges, names: kinds)
    }

    /// Every cell's badges in `st` (a full load).
    func readAllBadges(_ st: LayoutState) throws(LayoutError) -> BadgeTable {
        var table = BadgeTable()
        guard !st.chrome.badges.isEmpty, reader.dataSource.givesBadges else { return table }
        for (s, n) in st.itemCounts.enumerated() where n > 0 {
            table.set(try readBadges(section: s, runs: [0..<n], in: st), section: s)
        }
        return table
    }

    /// A full load of the badges into the state; a failure leaves the state `before`.
    func loadBadges(restoring before: LayoutState) throws(LayoutError) {
        do throws(LayoutError) {
            state.badges = try readAllBadges(state)
        } catch {
            state = before
            throw error
        }
    }

    /// The badges of the items `items` (by section, sorted) asked again into the state; a
    /// failure leaves the state `before`.
    func reloadBadges(of items: [Int: [Int]], restoring before: LayoutState) throws(LayoutError) {
        guard !state.chrome.badges.isEmpty, reader.dataSource.givesBadges else { return }
        do throws(LayoutError) {
            var table = state.badges
            for (s, list) in items.sorted(by: { $0.key < $1.key }) {
                table.replace(items: list, section: s, with: try readBadges(section: s, runs: Self.runs(of: list), in: state))
            }
            state.badges = table
        } catch {
            state = before
            throw error
        }
    }

    /// The badges of `next`, the state after `update` of `old`: carried with their cells,
    /// and (`asking`) asked for the inserted and reloaded items and sections.
    func carriedBadges(from old: LayoutState, to next: LayoutState, _ update: BatchUpdate, _ map: UpdateMap,
                       asking: Bool) throws(LayoutError) -> BadgeTable {
        var lists = old.badges.carried(update, map)
        if asking && !next.chrome.badges.isEmpty && reader.dataSource.givesBadges {
            var whole: Set<Int> = [], named: [Int: [Int]] = [:]
            for t in 0..<next.sectionCount where map.oldSection[t] == nil || map.isReloaded(newSection: t) { whole.insert(t) }
            for p in update.insertItems where !whole.contains(p.section) { named[p.section, default: []].append(p.item) }
            for p in update.reloadItems {
                if let q = map.newItem(p), !whole.contains(q.section) { named[q.section, default: []].append(q.item) }
            }
            // Every cell of an inserted or reloaded section is asked (no item moves into one).
            for t in whole.sorted() {
                lists[t] = next.sectionItemCount(t) > 0 ? try readBadges(section: t, runs: [0..<next.sectionItemCount(t)], in: next) : nil
            }
            for (t, items) in named.sorted(by: { $0.key < $1.key }) {
                lists[t, default: []] += try readBadges(section: t, runs: Self.runs(of: Array(Set(items)).sorted()), in: next)
            }
        }
        return BadgeTable(lists)
    }

    /// Runs of consecutive items of a sorted, unique list.
    static func runs(of items: [Int]) -> [Range<Int>] {
        var runs: [Range<Int>] = []
        for i in items {
            if let last = runs.last, last.upperBound == i { runs[runs.count - 1] = last.lowerBound..<(i + 1) } else { runs.append(i..<(i + 1)) }
        }
        return runs
    }
}

extension BadgeTable {
    /// The badges of the cells `update` keeps or moves, by new section (unsorted): a cell's
    /// badges go with it; a reloaded item's or section's are asked again, a deleted one's go.
    func carried(_ update: BatchUpdate, _ map: UpdateMap) -> [Int: [ItemBadge]] {
        var lists: [Int: [ItemBadge]] = [:]
        let reloaded = Set(update.reloadItems), changed = Set(map.changedSections(old: true))
        for (s, list) in sections where !map.isReloaded(oldSection: s) {
            // A section the update leaves as it was (moved, perhaps) keeps its list as it is.
            if !changed.contains(s), let t = map.newSection[s] {
                lists[t] = list
                continue
            }
            for b in list where reloaded.isEmpty || !reloaded.contains(ItemPath(s, b.item)) {
                guard let p = map.newItem(ItemPath(s, b.item)) else { continue }
                lists[p.section, default: []].append(ItemBadge(item: p.item, kind: b.kind, size: b.size))
            }
        }
        return lists
    }

    /// A table of lists by section.
    init(_ lists: [Int: [ItemBadge]]) {
        self.init()
        for (t, list) in lists { set(list, section: t) }
    }
}
