/// The focus order of SPEC §13: per section its header, then for each item `i` the inline
/// elements placed before `i` (in their stacking order) followed by cell `i`, then the inline
/// elements at `before = item_count`, then its footer; a cell's badges follow it, by kind name
/// (SPEC §17.1). `next` / `previous`, `continuous` and the order of every visit of the
/// directional search follow it.
extension LayoutState {
    /// A key that sorts elements of this state in focus order (decorations have none: never
    /// candidates, never sources).
    func focusKey(_ id: ElementID) -> FocusKey {
        let s = id.section
        // The layout's own header comes first and its footer last (SPEC §13, §17.2).
        if id.isLayoutHeaderOrFooter { return FocusKey(section: id.kind == .globalHeader ? -1 : Int.max, phase: 0, item: 0, slot: 0, inline: 0) }
        switch id.category {
        case .cell: return FocusKey(section: s, phase: 1, item: id.item, slot: 1, inline: 0)
        case .supplementary where id.kind == .header: return FocusKey(section: s, phase: 0, item: 0, slot: 0, inline: 0)
        case .supplementary where id.kind == .footer: return FocusKey(section: s, phase: 2, item: 0, slot: 0, inline: 0)
        case .supplementary where chrome.badges.entry(id.kind) != nil:
            let rank = focusBadges(section: s, item: id.item).firstIndex { $0.kind == id.kind } ?? 0
            return FocusKey(section: s, phase: 1, item: id.item, slot: 2, inline: rank)
        default:
            let k = inlineIndex(sectionBody(s).model.inlines, kind: id.kind, before: id.item) ?? 0
            return FocusKey(section: s, phase: 1, item: id.item, slot: 0, inline: k)
        }
    }

    /// The element after (`forward`) or before `id` in focus order among those `wants` accepts
    /// (kinds it does not want are stepped over without a look-up), or nil past the ends. Walks
    /// the order from `id`: O(number of elements stepped over).
    func stepFocusOrder(from id: ElementID, forward: Bool, wants: (ElementID) -> Bool) -> ElementID? {
        var slot = FocusSlot(id, in: self)
        while let next = forward ? slot.next(in: self) : slot.previous(in: self) {
            slot = next
            let found = slot.id(in: self)
            if wants(found) { return found }
        }
        return nil
    }

    /// The first (`forward`) or last element of the focus order that `wants` accepts.
    func endOfFocusOrder(first: Bool, wants: (ElementID) -> Bool) -> ElementID? {
        let end = first ? FocusSlot.layoutHeader : FocusSlot.layoutFooter
        let id = end.id(in: self)
        return wants(id) ? id : stepFocusOrder(from: id, forward: first, wants: wants)
    }
}

/// Sorts elements in focus order: section, then header / body / footer, then in the body by
/// the item's place, inline elements before their cell, several by their stacking order.
struct FocusKey: Comparable {
    var section: Int, phase: Int, item: Int, slot: Int, inline: Int
    static func < (a: FocusKey, b: FocusKey) -> Bool {
        (a.section, a.phase, a.item, a.slot, a.inline) < (b.section, b.phase, b.item, b.slot, b.inline)
    }
}

/// A place in the focus order of a state.
enum FocusSlot {
    /// The layout's own header and footer (SPEC §17.2): before every section and after them.
    case layoutHeader, layoutFooter
    case header(Int)
    case inline(Int, Int)  // section, index in its inline list
    case cell(Int, Int)
    case badge(Int, Int, Int)  // section, item, rank among the cell's badges (SPEC §17.1)
    case footer(Int)

    init(_ id: ElementID, in state: LayoutState) {
        let s = id.section
        if id.isLayoutHeaderOrFooter {
            self = id.kind == .globalHeader ? .layoutHeader : .layoutFooter
            return
        }
        switch id.category {
        case .cell: self = .cell(s, id.item)
        case .supplementary where id.kind == .header: self = .header(s)
        case .supplementary where id.kind == .footer: self = .footer(s)
        case .supplementary where state.chrome.badges.entry(id.kind) != nil: self = .badge(s, id.item, state.focusKey(id).inline)
        default: self = .inline(s, state.focusKey(id).inline)
        }
    }

    func id(in state: LayoutState) -> ElementID {
        switch self {
        case .layoutHeader: return .globalHeader
        case .layoutFooter: return .globalFooter
        case .header(let s): return .header(s)
        case .footer(let s): return .footer(s)
        case .cell(let s, let i): return .cell(s, i)
        case .badge(let s, let i, let r):
            let b = state.focusBadges(section: s, item: i)
            return r < b.count ? ElementID(.supplementary, b[r].kind, section: s, item: i) : .cell(s, i)
        case .inline(let s, let k):
            let e = state.sectionBody(s).model.inlines[k]
            return ElementID(.supplementary, e.kind, section: s, item: e.before)
        }
    }

    /// The first body slot at or after item `i`, inline index `k` (the footer when none).
    private static func body(_ s: Int, item i: Int, inline k: Int, in state: LayoutState) -> FocusSlot {
        let inlines = state.sectionBody(s).model.inlines
        if k < inlines.count && inlines[k].before == i { return .inline(s, k) }
        return i < state.sectionItemCount(s) ? .cell(s, i) : .footer(s)
    }

    func next(in state: LayoutState) -> FocusSlot? {
        switch self {
        case .layoutHeader:
            return state.sectionCount > 0 ? .header(0) : .layoutFooter
        case .layoutFooter:
            return nil
        case .header(let s):
            return Self.body(s, item: 0, inline: 0, in: state)
        case .inline(let s, let k):
            return Self.body(s, item: state.sectionBody(s).model.inlines[k].before, inline: k + 1, in: state)
        case .cell(let s, let i):
            if !state.focusBadges(section: s, item: i).isEmpty { return .badge(s, i, 0) }
            return Self.afterCell(s, i, in: state)
        case .badge(let s, let i, let r):
            return r + 1 < state.focusBadges(section: s, item: i).count ? .badge(s, i, r + 1) : Self.afterCell(s, i, in: state)
        case .footer(let s):
            return s + 1 < state.sectionCount ? .header(s + 1) : .layoutFooter
        }
    }

    /// The slot after cell `i` and its badges.
    private static func afterCell(_ s: Int, _ i: Int, in state: LayoutState) -> FocusSlot {
        let inlines = state.sectionBody(s).model.inlines
        return Self.body(s, item: i + 1, inline: partition(0..<inlines.count) { inlines[$0].before <= i }, in: state)
    }

    /// Cell `i`, or its last badge if it carries any.
    private static func cellOrLastBadge(_ s: Int, _ i: Int, in state: LayoutState) -> FocusSlot {
        let n = state.focusBadges(section: s, item: i).count
        return n > 0 ? .badge(s, i, n - 1) : .cell(s, i)
    }

    /// The last body slot before item `i`'s cell (with `i` the item count: before the footer).
    private static func bodyBefore(_ s: Int, item i: Int, in state: LayoutState) -> FocusSlot {
        let inlines = state.sectionBody(s).model.inlines
        let k = partition(0..<inlines.count) { inlines[$0].before <= i } - 1
        if k >= 0 && inlines[k].before == i { return .inline(s, k) }
        return i > 0 ? cellOrLastBadge(s, i - 1, in: state) : .header(s)
    }

    func previous(in state: LayoutState) -> FocusSlot? {
        switch self {
        case .layoutHeader:
            return nil
        case .layoutFooter:
            return state.sectionCount > 0 ? .footer(state.sectionCount - 1) : .layoutHeader
        case .header(let s):
            return s > 0 ? .footer(s - 1) : .layoutHeader
        case .inline(let s, let k):
            let inlines = state.sectionBody(s).model.inlines, i = inlines[k].before
            if k > 0 && inlines[k - 1].before == i { return .inline(s, k - 1) }
            return i > 0 ? Self.cellOrLastBadge(s, i - 1, in: state) : .header(s)
        case .cell(let s, let i):
            return Self.bodyBefore(s, item: i, in: state)
        case .badge(let s, let i, let r):
            return r > 0 ? .badge(s, i, r - 1) : .cell(s, i)
        case .footer(let s):
            return Self.bodyBefore(s, item: state.sectionItemCount(s), in: state)
        }
    }
}
