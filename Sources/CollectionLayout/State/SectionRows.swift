/// The sections of a state as entries of consecutive sections stored alike: a block of sections
/// that have a row each (`LayoutState.SectionState`: any body, what the state notes of it), or a
/// run of small flow sections alike (`FlowRun`), whose sections have no row at all, only what
/// the run keeps (where its items begin, its extents). A million one-item sections are one
/// entry; a section of a run that changes gets a row of its own, which splits the entry.
struct SectionRows {
    typealias SectionState = LayoutState.SectionState

    /// Consecutive sections stored alike, in section order.
    struct Entry {
        /// The entry's first section, and how many it has.
        var first: Int
        var count: Int
        /// A block: its sections' rows are `rows[row ..< row + count]`.
        var row = 0
        /// A run: its sections are the run's `runFirst ..< runFirst + count`, whose metrics are
        /// the state's `metricsTable[metricsIndex]`, with `lead` before each body and `trail` after.
        var run: FlowRun?
        var runFirst = 0
        var metricsIndex: Int32 = 0
        var lead = 0.0
        var trail = 0.0
    }

    /// A section's place: its entry, and its index inside it.
    struct Place {
        var entry: Int
        var k: Int
    }

    /// The rows of the blocks' sections, in no particular order (the entries say whose). Chunks
    /// of rows are shared between states (see `Rows`).
    private var rows = Rows<SectionState>()
    private(set) var entries: [Entry] = []
    private(set) var count = 0

    func place(_ s: Int) -> Place {
        // (Most states have one entry or a few: one per run, one per block of sections with rows.)
        let e = entries.count == 1 ? 0 : partition(0..<entries.count) { entries[$0].first <= s } - 1
        return Place(entry: e, k: s - entries[e].first)
    }

    /// Row k of a block entry, read in place.
    subscript(entry e: Entry, k k: Int) -> SectionState {
        _read { yield rows[e.row + k] }
    }

    /// Calls `single` with section s's row (read in place), or `packed` with its entry, the
    /// entry's run and its index in the run.
    @inline(__always)
    func read<R>(_ s: Int, single: (SectionState) -> R, packed: (Entry, FlowRun, Int) -> R) -> R {
        let p = place(s)
        let e = entries[p.entry]
        guard let run = e.run else { return single(rows[e.row + p.k]) }
        return packed(e, run, e.runFirst + p.k)
    }

    // MARK: Building

    mutating func reserveCapacity(_ sections: Int) { rows.reserveCapacity(sections) }

    /// Appends a section with a row.
    mutating func append(_ state: consuming SectionState) {
        if let last = entries.last, last.run == nil, last.row + last.count == rows.count {
            entries[entries.count - 1].count += 1
        } else {
            entries.append(Entry(first: count, count: 1, row: rows.count))
        }
        rows.append(state)
        count += 1
    }

    /// Appends sections `range` of `run`.
    mutating func append(run: FlowRun, sections range: Range<Int>, metricsIndex: Int32, edges: (lead: Double, trail: Double)) {
        guard !range.isEmpty else { return }
        if let last = entries.last, last.run === run, last.runFirst + last.count == range.lowerBound, last.metricsIndex == metricsIndex {
            entries[entries.count - 1].count += range.count
        } else {
            entries.append(Entry(first: count, count: range.count, run: run, runFirst: range.lowerBound, metricsIndex: metricsIndex,
                                 lead: edges.lead, trail: edges.trail))
        }
        count += range.count
    }

    /// Appends section s of `other` as it is there (a section of a run stays in the run).
    mutating func append(_ s: Int, of other: SectionRows) {
        let p = other.place(s), e = other.entries[p.entry]
        if let run = e.run {
            append(run: run, sections: (e.runFirst + p.k)..<(e.runFirst + p.k + 1), metricsIndex: e.metricsIndex, edges: (e.lead, e.trail))
        } else {
            append(other.rows[e.row + p.k])
        }
    }

    // MARK: Changing

    /// Section s's row, changed in place; a section of a run first gets a row of its own
    /// (`packed`: the row it starts with), which splits the run's entry.
    mutating func modify<R>(_ s: Int, packed: (Entry, FlowRun, Int) -> SectionState, _ change: (inout SectionState) -> R) -> R {
        var p = place(s)
        if let run = entries[p.entry].run {
            let e = entries[p.entry]
            var pieces: [Entry] = []
            if p.k > 0 {
                var before = e
                before.count = p.k
                pieces.append(before)
            }
            pieces.append(Entry(first: s, count: 1, row: rows.count))
            if p.k + 1 < e.count {
                var after = e
                (after.first, after.count, after.runFirst) = (s + 1, e.count - p.k - 1, e.runFirst + p.k + 1)
                pieces.append(after)
            }
            rows.append(packed(e, run, e.runFirst + p.k))
            entries.replaceSubrange(p.entry...p.entry, with: pieces)
            p = Place(entry: p.entry + (p.k > 0 ? 1 : 0), k: 0)
        }
        return change(&rows[entries[p.entry].row + p.k])
    }

    /// Section s's row moved out (for its body's storage to be re-used), if it has one; the row
    /// is left holding `vacated`.
    mutating func take(_ s: Int, leaving vacated: SectionState) -> SectionState? {
        guard s < count else { return nil }
        let p = place(s), e = entries[p.entry]
        guard e.run == nil else { return nil }
        var taken = vacated
        swap(&taken, &rows[e.row + p.k])
        return taken
    }

    /// Every section's metrics index, in section order, given to `update` to change.
    mutating func updateMetricsIndices(_ update: (inout Int32) -> Void) {
        for e in entries.indices {
            if entries[e].run != nil {
                update(&entries[e].metricsIndex)
            } else {
                for r in entries[e].row..<(entries[e].row + entries[e].count) { update(&rows[r].noted.metricsIndex) }
            }
        }
    }
}

#if DEBUG
extension SectionRows {
    func brokenInvariant() -> String? { rows.brokenInvariant() }
}
#endif
