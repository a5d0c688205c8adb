/// The sizes (and spans, SPEC §16) a section's items take into the state after a batch update
/// (SPEC §10.2): items that stay or move come with theirs; only inserted and reloaded ones are
/// asked.
extension SectionModel {
    /// The size item `i` carries into another state, if it has one to carry (a custom
    /// section's items have frames instead).
    func carriedSize(_ i: Int) -> Size? { frames.isEmpty && (estimated != nil || !sizes.isEmpty) ? size(i) : nil }

    /// New section t's model: sizes of carried items come along (moved ones from their old
    /// section), the others are asked through `ask`, one batch per run. A flow section with an
    /// estimate keeps the measured sizes of carried items only; the others take the estimate.
    /// `ask` gives the sizes of several runs of items in one array (all of them asked at once),
    /// and their spans (nil: every one spans 1).
    /// `hunks`, when the sizes come in runs from the old section: where the old items were
    /// replaced, for a body that lays out again only there (FlowBody(editing:)).
    init(carrying t: Int, count n: Int, metrics: SectionMetrics, inlines: [InlineElement], map: UpdateMap,
         moves: [Move<ItemPath>], reloaded: Set<ItemPath>, old: (Int) -> SectionModel, hunks: inout [ItemHunk]?,
         ask: ([Range<Int>]) throws(LayoutError) -> (sizes: [Size], spans: [ItemSpan]?)) throws(LayoutError) {
        hunks = nil
        self.init(metrics: metrics, itemCount: n, inlines: inlines)
        guard let home = map.oldSection[t] else {
            throw LayoutError(.invalidArgument, "internal: section \(t) is inserted: it carries nothing")
        }
        if let estimate = metrics.estimatedItemSize, metrics.style == .flow {
            var sizes = EstimatedSizes(estimate: estimate)
            func carry(_ from: ItemPath, _ size: Size) {
                guard !reloaded.contains(from), let to = map.newItem(from), to.section == t else { return }
                sizes[to.item] = size
            }
            let stay = old(home)
            if let measured = stay.estimated?.measured {
                for (i, size) in measured { carry(ItemPath(home, i), size) }
            } else {
                for (i, size) in stay.sizes.enumerated() { carry(ItemPath(home, i), size) }
            }
            for m in moves where m.to.section == t && m.from.section != home {
                let from = old(m.from.section)
                if from.frames.isEmpty { carry(m.from, from.size(m.from.item)) }
            }
            estimated = sizes
            return
        }
        let origins = map.oldItems(ofNewSection: t), homeModel = old(home), homeSizes = homeModel.sizes
        var walk = SectionOrigins.Walk()  // (the items are asked in order)
        // (Most updates reload nothing: then no item is looked up in the set.)
        func carried(_ k: Int) -> (size: Size, span: ItemSpan)? {
            guard let p = origins.oldItem(k, walk: &walk), reloaded.isEmpty || !reloaded.contains(p) else { return nil }
            let model = p.section == home ? homeModel : old(p.section)
            return model.carriedSize(p.item).map { ($0, model.span(p.item)) }
        }
        // First what each new item takes: runs of old items that stay, sizes carried one by
        // one, runs to ask (all asked in one call, below); then the column, in order.
        var plan: [Piece] = [], asking: [Range<Int>] = []
        let byRuns = !homeSizes.isEmpty && reloaded.isEmpty
        // Between runs: the new items from `gap.new` and the old ones from `gap.old` on differ.
        var found: [ItemHunk] = [], gap = (new: 0, old: 0), ordered = true
        var k = 0
        while k < n {
            // Runs of items that stay in place come along as slices of the old column, not copies.
            if byRuns, let (first, length) = origins.survivingRun(from: k, end: n, walk: &walk) {
                if gap != (k, first) { found.append(ItemHunk(new: gap.new..<k, old: gap.old..<Swift.max(gap.old, first))) }
                ordered = ordered && first >= gap.old
                gap = (k + length, first + length)
                plan.append(.stays(first..<(first + length)))
                k += length
            } else if let (size, span) = carried(k) {
                plan.append(.carried(size, span))
                k += 1
            } else {
                var end = k + 1
                while end < n && carried(end) == nil { end += 1 }
                plan.append(.asked(end - k))
                asking.append(k..<end)
                k = end
            }
        }
        let (asked, askedSpans) = asking.isEmpty ? ([], nil) : try ask(asking)
        // Sizes carried one by one gather here between the other pieces; asked runs are slices
        // of the one array asked.
        var loose: [Size] = [], at = 0
        sizes.reservePieces(plan.count)
        for piece in plan {
            if case .carried(let size, _) = piece {
                loose.append(size)
                continue
            }
            if !loose.isEmpty {
                sizes.append(contentsOf: loose)
                loose = []
            }
            if case .stays(let range) = piece {
                sizes.append(contentsOf: homeSizes, range: range)
            } else if case .asked(let count) = piece {
                sizes.append(contentsOf: asked[at..<(at + count)])
                at += count
            }
        }
        sizes.append(contentsOf: loose)
        sizes = sizes.compactedIfFragmented()
        let spanned = plan.contains { if case .carried(_, let span) = $0 { span != .one } else { false } }
        if metrics.style.takesSpans && (!homeModel.spans.isEmpty || askedSpans != nil || spanned) {
            spans = Self.spans(of: plan, n: n, stay: homeModel, asked: askedSpans)
        }
        if byRuns && ordered {
            if gap != (n, homeSizes.count) { found.append(ItemHunk(new: gap.new..<n, old: gap.old..<homeSizes.count)) }
            hunks = found
        }
    }

    /// What new item(s) of a carried section take: a run of old items that stay, one item
    /// carried from elsewhere, or a run to ask.
    fileprivate enum Piece { case stays(Range<Int>), carried(Size, ItemSpan), asked(Int) }

    /// The spans of a carried section's `n` items (SPEC §16): the pieces' in order, kept and
    /// moved items keeping theirs, asked ones as given (nil: 1).
    fileprivate static func spans(of plan: [Piece], n: Int, stay: SectionModel, asked: [ItemSpan]?) -> Column<ItemSpan> {
        var list: [ItemSpan] = []
        list.reserveCapacity(n)
        var at = 0
        for piece in plan {
            switch piece {
            case .stays(let range): list += range.map(stay.span)
            case .carried(_, let span): list.append(span)
            case .asked(let count):
                list += asked.map { $0[at..<(at + count)] } ?? ArraySlice(repeating: .one, count: count)
                at += count
            }
        }
        return spanColumn(list)
    }
}
