/// The computed layout at one viewport: an immutable snapshot (a value) of every section's body,
/// the sections' offsets along the scroll axis and the chrome's settings. A change builds a new
/// state from the old one (bodies it does not touch are shared) while the old one stays
/// readable: the layout object only swaps its current state.
struct LayoutState {
    let axes: Axes
    private(set) var viewport: Rect
    private(set) var chrome: Chrome
    private(set) var sections: [SectionState] = []
    /// Scroll-axis start of each section, and the content's end last (sections.count + 1 values).
    private(set) var starts: [Double] = [0]

    struct SectionState {
        var body: any SectionBody
        /// The sideways offset of a section whose body is a strip (SPEC §4); 0 otherwise.
        var offset = 0.0
        var model: SectionModel { body.model }
        var metrics: SectionMetrics { body.model.metrics }
    }

    /// Lays out `models`, re-using the bodies of `old` where the style is the same.
    init(_ models: [SectionModel], axes: Axes, viewport: Rect, chrome: Chrome, reusing old: LayoutState? = nil) throws(LayoutError) {
        self.axes = axes
        self.viewport = viewport
        self.chrome = chrome
        let space = self.space
        sections.reserveCapacity(models.count)
        for (s, model) in models.enumerated() {
            if let old, s < old.sections.count, type(of: old.sections[s].body) == bodyType(for: model.metrics.style) {
                var section = old.sections[s]
                section.body.relayout(model, in: space)
                sections.append(section)
            } else {
                sections.append(SectionState(body: bodyType(for: model.metrics.style).init(model, in: space)))
            }
        }
        try recomputeStarts(from: 0)
    }

    var space: BodySpace { BodySpace(axes: axes, lineExtent: lineExtent) }
    var lineExtent: Double { axes.direction == .vertical ? viewport.width : viewport.height }

    var contentSize: Size {
        let total = starts[starts.count - 1]
        return axes.direction == .vertical ? Size(width: lineExtent, height: total) : Size(width: total, height: lineExtent)
    }

    // MARK: Changes (each leaves `self` unchanged when it throws)

    /// A new viewport: a new line-axis extent lays every body out again from its model; a new
    /// origin only moves pinned elements.
    mutating func setViewport(_ newViewport: Rect) throws(LayoutError) {
        let oldExtent = lineExtent
        var next = self
        next.viewport = newViewport
        if next.lineExtent != oldExtent {
            let space = next.space
            for s in next.sections.indices { next.sections[s].body.relayout(next.sections[s].model, in: space) }
            try next.recomputeStarts(from: 0)
        }
        self = next
    }

    /// Replaces the bodies of some sections (sorted by section) and moves the sections after them.
    mutating func replaceBodies(_ bodies: [(section: Int, body: any SectionBody)]) throws(LayoutError) {
        guard let first = bodies.first?.section else { return }
        var next = self
        for (s, body) in bodies { next.sections[s].body = body }
        try next.recomputeStarts(from: first)
        self = next
    }

    mutating func setChrome(_ chrome: Chrome) throws(LayoutError) {
        var next = self
        next.chrome = chrome
        try next.checkFinite()
        self = next
    }

    /// Sets a strip's sideways offset, clamped to [0, max(0, strip − viewport)] (SPEC §4).
    mutating func setOffset(_ offset: Double, section s: Int) {
        guard let strip = sections[s].body.strip else { return }
        sections[s].offset = Swift.min(Swift.max(offset, 0), Swift.max(0, strip.extent - lineExtent))
    }

    /// Section starts from `first` on, checking that every extent stays finite (SPEC §11), and
    /// every strip's offset clamped again for the new data or viewport.
    private mutating func recomputeStarts(from first: Int) throws(LayoutError) {
        starts.removeSubrange((first + 1)...)
        for s in first..<sections.count {
            let length = sectionLength(s)
            let end = starts[s] + length
            guard end.isFinite, sections[s].body.strip.map({ $0.extent.isFinite }) ?? true else {
                throw LayoutError(.limit, "section \(s): the content's extent is no longer finite (section length \(length) after \(starts[s]))")
            }
            starts.append(end)
            setOffset(sections[s].offset, section: s)
        }
        try checkFinite()
    }

    /// Decorations may stand out of the content by their negative insets: their frames must stay finite too.
    private func checkFinite() throws(LayoutError) {
        let reach = chrome.decorations.reach
        let total = starts[starts.count - 1]
        guard (total + 2 * reach).isFinite, (lineExtent + 2 * reach).isFinite else {
            throw LayoutError(.limit, "decorations standing \(reach) out of a content of \(total) x \(lineExtent) would not be finite")
        }
    }

    // MARK: Section geometry

    func sectionLength(_ s: Int) -> Double {
        let m = sections[s].metrics, insets = axes.axisInsets(m.insets)
        return m.header + insets.top + sections[s].body.extent + insets.bottom + m.footer
    }

    func bodyStart(_ s: Int) -> Double { starts[s] + sections[s].metrics.header + axes.axisInsets(sections[s].metrics.insets).top }

    /// A body-relative frame at the section's sideways offset, in content coordinates (axis form).
    func place(_ r: AxisRect, section s: Int) -> AxisRect {
        AxisRect(line: r.line - sections[s].offset, scroll: r.scroll + bodyStart(s), lineExtent: r.lineExtent, scrollExtent: r.scrollExtent)
    }

    /// The first section that ends after `scroll`.
    func firstSection(endingAfter scroll: Double) -> Int {
        partition(0..<sections.count) { starts[$0 + 1] <= scroll }
    }

    var viewportLeading: Double { axes.direction == .vertical ? viewport.y : viewport.x }
    var viewportTrailing: Double { viewportLeading + (axes.direction == .vertical ? viewport.height : viewport.width) }
}
