/// `line-center` and `line-end` snapping (SPEC §10.6): the lines of `line` snapping, each with
/// its scroll-axis range `[a, a + e]`, aimed at by an origin that centres the range in the
/// visible extent or puts its end at the visible end. No pinned header reduces these.
extension LayoutState {
    /// The origin that centres `[a, a + e]` in the visible extent.
    func centeringOrigin(_ a: Double, _ e: Double) -> Double {
        a + e / 2 - scrollInsets.lead - visibleExtent / 2
    }

    /// The origin that puts `a + e` at the visible extent's end.
    func endingOrigin(_ a: Double, _ e: Double) -> Double {
        a + e - viewportExtent + scrollInsets.trail
    }

    /// The origin `placing` gives a line, nearest `p` (ties: the smaller), unclamped; nil without
    /// lines. An origin lies within `reach` of a point of its line (the middle, the end), so a
    /// line whose origin is within `w` of `p` overlaps `[p − w − reach, p + w + reach]`: windows
    /// that double until they hold an answer that near, or the whole content.
    func nearestLineOrigin(to p: Double, placing: (Double, Double) -> Double) -> Double? {
        let reach = viewportExtent + abs(scrollInsets.lead) + abs(scrollInsets.trail) + 1
        var w = Swift.max(1, viewportExtent, p - contentEnd, -p)
        while true {
            var best: Double?
            forEachLineRange(from: p - w - reach, to: p + w + reach) { a, e in
                let o = placing(a, e)
                if let b = best, abs(b - p) < abs(o - p) || (abs(b - p) == abs(o - p) && b <= o) { return }
                best = o
            }
            if let best, abs(best - p) <= w { return best }
            if p - w - reach <= 0 && p + w + reach >= contentEnd { return best }
            w *= 2
        }
    }

    /// Visits the lines (content coordinates) of the sections that overlap `[from, to]`: headers,
    /// body lines, footers, at their natural places; at least those that overlap it.
    private func forEachLineRange(from: Double, to: Double, _ visit: (Double, Double) -> Void) {
        // The layout's own header and footer are lines too (SPEC §17.2).
        for (a, e) in layoutChromeLines where a <= to && a + e >= from { visit(a, e) }
        var s = Swift.max(0, partition(0..<sectionCount) { starts[$0 + 1] < from })
        while s < sectionCount && starts[s] <= to {
            let m = metrics(s), base = bodyStart(s)
            if m.header > 0 { visit(starts[s], m.header) }
            // Every line-axis place: custom frames may lie anywhere sideways.
            let area = AxisRect(line: -.greatestFiniteMagnitude / 2, scroll: from - base - 1, lineExtent: .greatestFiniteMagnitude, scrollExtent: to - from + 2)
            sectionBody(s).forEachLineRange(in: area) { a, e in visit(base + a, e) }
            if m.footer > 0 { visit(naturalFooterStart(s), m.footer) }
            s += 1
        }
    }
}
