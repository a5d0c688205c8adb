/// The layout's own header and footer (SPEC §17.2): extents along the scroll axis (0: none) and
/// whether each pins. The header lies on `[0, GH)`, the sections start at GH (`starts[0]`), the
/// footer follows the last section; neither belongs to a section.
public struct LayoutHeaderFooter: Equatable, Sendable {
    public var header = 0.0
    public var footer = 0.0
    public var pinHeader = false
    public var pinFooter = false
    /// The header collapses as the content scrolls (SPEC §18); nil: it does not.
    public var collapse: CollapsingHeader?
    public init(header: Double = 0, footer: Double = 0, pinHeader: Bool = false, pinFooter: Bool = false,
                collapse: CollapsingHeader? = nil) {
        self.header = header; self.footer = footer; self.pinHeader = pinHeader; self.pinFooter = pinFooter
        self.collapse = collapse
    }

    /// SPEC §17.2 Bad input: a negative or non-finite extent; §18.7 for the collapse.
    func validate() throws(LayoutError) {
        for (name, extent) in [("global_header", header), ("global_footer", footer)] where !(extent.isFinite && extent >= 0) {
            throw LayoutError(.invalidArgument, "\(name) is \(extent); the layout's header and footer extents must be finite and >= 0 (0: none)")
        }
        try collapse?.validate(header: header, pinHeader: pinHeader)
    }
}

extension LayoutState {
    private var own: LayoutHeaderFooter { chrome.layoutHeaderFooter }

    /// Where the sections end and the layout's footer starts unpinned.
    var sectionsEnd: Double { starts[starts.count - 1] }
    /// Where the layout's footer starts unpinned: after a collapsing header's fill (SPEC §18.4).
    var footerStart: Double { sectionsEnd + collapseFill }
    /// The content's scroll-axis extent: the layout's header, the sections, the fill, the layout's footer.
    var contentEnd: Double { footerStart + own.footer }

    /// Where section headers pin: beneath a pinned layout header (SPEC §17.2), or a collapsing
    /// header's current end when that is below the visible start (§18.4).
    var sectionPinLeading: Double {
        guard let c = own.collapse else { return visibleLeading + (own.pinHeader ? own.header : 0) }
        let (y, record) = collapse(c, visibleStart: visibleLeading, floating: floatingShrink)
        return Swift.max(visibleLeading, y + record.extent)
    }
    /// Where section footers pin: above a pinned layout footer.
    var sectionPinTrailing: Double { visibleTrailing - (own.pinFooter ? own.footer : 0) }

    /// The layout's header, if it has one, pinned or not.
    func layoutHeader() -> Attributes? {
        let extent = own.header
        guard extent > 0 else { return nil }
        if let c = own.collapse {  // z 20 in every mode (SPEC §18.2)
            let (y, record) = collapse(c, visibleStart: visibleLeading, floating: floatingShrink)
            return layoutChrome(.globalHeader, y, record.extent, pinned: true)
        }
        let origin = own.pinHeader ? Swift.min(Swift.max(visibleLeading, 0), contentEnd - extent) : 0
        return layoutChrome(.globalHeader, origin, extent, pinned: own.pinHeader)
    }

    /// The layout's footer, if it has one, pinned or not (never above the layout's header nor
    /// below its natural place).
    func layoutFooter() -> Attributes? {
        let extent = own.footer
        guard extent > 0 else { return nil }
        let natural = footerStart
        let origin = own.pinFooter ? Swift.min(Swift.max(visibleTrailing - extent, own.header), natural) : natural
        return layoutChrome(.globalFooter, origin, extent, pinned: own.pinFooter)
    }

    private func layoutChrome(_ id: ElementID, _ origin: Double, _ extent: Double, pinned: Bool) -> Attributes {
        Attributes(id: id, frame: axes.rect(AxisRect(line: 0, scroll: origin, lineExtent: lineExtent, scrollExtent: extent)),
                   z: pinned ? pinnedLayoutZ : 0)
    }

    /// The layout's header or footer by identity (index path [0, 0]), or `.outOfRange`.
    func layoutHeaderOrFooter(_ id: ElementID) throws(LayoutError) -> Attributes {
        let name = id.kind == .globalHeader ? "global_header" : "global_footer"
        guard id.section == 0, id.item == 0 else {
            throw LayoutError(.outOfRange, "supplementary \"\(name)\" (\(id.section), \(id.item)) does not exist: the layout's own header and footer are at [0, 0]")
        }
        guard let found = id.kind == .globalHeader ? layoutHeader() : layoutFooter() else {
            throw LayoutError(.outOfRange, "supplementary \"\(name)\" (0, 0) does not exist: the layout's \(name) extent is 0")
        }
        return found
    }

    /// Where the layout's header or footer stands unpinned (SPEC §10.6 reaches them there).
    func naturalStart(ofLayoutChrome id: ElementID) -> Double { id.kind == .globalHeader ? 0 : footerStart }

    /// With a pinned layout header, how much a line target or a `start` scroll of any other
    /// element is reduced (SPEC §17.2): its extent, or a pinning collapsing header's smallest
    /// extent (§18.5).
    var layoutHeaderReduction: Double {
        if let c = own.collapse { return c.isPinned ? c.min : 0 }
        return own.pinHeader ? own.header : 0
    }

    /// The line targets of the layout's header and footer, at their natural places (SPEC §10.6),
    /// in content coordinates; the footer's reduced by a pinned layout header.
    var layoutChromeTargets: [Double] {
        var targets: [Double] = []
        if own.header > 0 { targets.append(0) }
        if own.footer > 0 { targets.append(footerStart - layoutHeaderReduction) }
        return targets
    }

    /// The layout's header and footer as lines `(start, extent)` for `line-center` / `line-end`.
    var layoutChromeLines: [(Double, Double)] {
        var lines: [(Double, Double)] = []
        if own.header > 0 { lines.append((0, own.header)) }
        if own.footer > 0 { lines.append((footerStart, own.footer)) }
        return lines
    }
}

extension Layout {
    /// New extents and pinning of the layout's own header and footer (SPEC §17.2): a new header
    /// extent moves every section by the difference (their starts, nothing is laid out again), a
    /// new footer extent only the footer and the content size. The viewport stays as it is.
    public func setLayoutHeaderFooter(_ value: LayoutHeaderFooter) throws(LayoutError) {
        try change { () throws(LayoutError) in
            try value.validate()
            var chrome = state.chrome
            chrome.layoutHeaderFooter = value
            try state.setChrome(chrome)
            state.resetFloatingShrink()  // new settings: as if the header had scrolled with the content (SPEC §18.3)
            definition.layoutHeaderFooter = value
        }
    }
}
