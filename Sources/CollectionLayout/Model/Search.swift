/// The first index in `range` for which `isBefore` is false, given that it holds for a prefix of
/// the range (binary search; `range.upperBound` when it holds everywhere). The one binary search
/// of the engine: section starts, lines, chunks, columns and rows all use it.
@inline(__always)
func partition(_ range: Range<Int>, _ isBefore: (Int) -> Bool) -> Int {
    var lo = range.lowerBound, hi = range.upperBound
    while lo < hi {
        let mid = lo + (hi - lo) / 2
        if isBefore(mid) { lo = mid + 1 } else { hi = mid }
    }
    return lo
}
