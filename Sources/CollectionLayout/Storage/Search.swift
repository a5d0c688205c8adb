/// The first index in `range` for which `isBefore` is false, given that it holds for a prefix of
/// the range (binary search; `range.upperBound` when it holds everywhere). The one binary search
/// of the engine (with its galloping form below): section starts, lines, chunks, columns and
/// rows all use it.
@inline(__always)
func partition(_ range: Range<Int>, _ isBefore: (Int) -> Bool) -> Int {
    var lo = range.lowerBound, hi = range.upperBound
    while lo < hi {
        let mid = lo + (hi - lo) / 2
        if isBefore(mid) { lo = mid + 1 } else { hi = mid }
    }
    return lo
}

/// The same, galloping from `start` (the answer is not before it): steps that double until one
/// passes the answer, then a binary search inside the last step. Searches taken in order (edits,
/// a re-flow's windows) cost a few steps each, not a search over the whole range.
@inline(__always)
func partition(_ range: Range<Int>, from start: Int, _ isBefore: (Int) -> Bool) -> Int {
    var lo = Swift.max(start, range.lowerBound), hi = lo, step = 1
    while hi < range.upperBound && isBefore(hi) {
        lo = hi + 1
        hi = Swift.min(lo + step, range.upperBound)
        step *= 2
    }
    return partition(lo..<hi, isBefore)
}

/// The same, galloping from a guess in whichever direction the answer lies: a good guess (one
/// interpolated, say) costs a probe or two, a bad one a galloping search.
@inline(__always)
func partition(_ range: Range<Int>, around guess: Int, _ isBefore: (Int) -> Bool) -> Int {
    guard !range.isEmpty else { return range.lowerBound }
    let g = Swift.min(Swift.max(guess, range.lowerBound), range.upperBound - 1)
    if isBefore(g) { return partition(range, from: g + 1, isBefore) }
    // The answer is at or before g: steps back that double until one is before it.
    var hi = g, step = 1
    while hi - step >= range.lowerBound && !isBefore(hi - step) {
        hi -= step
        step *= 2
    }
    return partition(Swift.max(range.lowerBound, hi - step)..<hi, isBefore)
}

/// The values on either side of a split of a sorted set (line snapping, SPEC §10.6): the last
/// value before it and the first value not before it.
struct Neighbours: Equatable {
    var last: Double?
    var first: Double?

    /// Around the split of `count` sorted values read by `value`: one binary search.
    init(_ count: Int, _ value: (Int) -> Double, around isBefore: (Double) -> Bool) {
        let k = partition(0..<count) { isBefore(value($0)) }
        (last, first) = (k > 0 ? value(k - 1) : nil, k < count ? value(k) : nil)
    }

    init(last: Double? = nil, first: Double? = nil) { (self.last, self.first) = (last, first) }

    /// Both sets' values together: the larger last, the smaller first.
    func union(_ o: Neighbours) -> Neighbours {
        Neighbours(last: [last, o.last].compactMap { $0 }.max(), first: [first, o.first].compactMap { $0 }.min())
    }

    /// The values moved by `delta`.
    func shifted(by delta: Double) -> Neighbours { Neighbours(last: last.map { $0 + delta }, first: first.map { $0 + delta }) }
}
