/// Rows of a state's sections, in chunks of 64 that states share: a batch update that keeps
/// most sections where they were copies the chunks it changes, not a row per section.
struct Rows<Element>: RandomAccessCollection, MutableCollection {
    private var chunks: [[Element]] = []
    private(set) var count = 0

    private static var shift: Int { 6 }
    private static var mask: Int { 63 }

    var startIndex: Int { 0 }
    var endIndex: Int { count }

    subscript(i: Int) -> Element {
        // Read in place: a field of a row is read without copying the row (and retaining its body).
        _read { yield chunks[i >> Self.shift][i & Self.mask] }
        _modify { yield &chunks[i >> Self.shift][i & Self.mask] }
    }

    mutating func reserveCapacity(_ n: Int) { chunks.reserveCapacity((n + Self.mask) >> Self.shift) }

    mutating func append(_ row: consuming Element) {
        if count & Self.mask == 0 {
            var chunk: [Element] = []
            chunk.reserveCapacity(Self.mask + 1)
            chunks.append(chunk)
        }
        chunks[chunks.count - 1].append(row)
        count += 1
    }
}

// Debug only: what this structure promises, for the tests to check after every edit.
#if DEBUG
extension Rows {
    /// Every chunk but the last is full, and the chunks hold `count` rows.
    func brokenInvariant() -> String? {
        for (k, chunk) in chunks.enumerated() where k + 1 < chunks.count && chunk.count != Self.mask + 1 {
            return "rows: chunk \(k) holds \(chunk.count) rows, not \(Self.mask + 1)"
        }
        let held = chunks.reduce(0) { $0 + $1.count }
        return held == count ? nil : "rows: the chunks hold \(held) rows, the count is \(count)"
    }
}
#endif
