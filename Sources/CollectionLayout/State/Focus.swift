/// Focus navigation (SPEC §13): from the focused element and a direction, the element that
/// takes focus, the rule that gave it, and the viewport and sideways section offset that show
/// it. It changes nothing; the host keeps the memory (history, remembered items) and passes it in.
public enum FocusDirection: Sendable, CaseIterable {
    case up, down, left, right, next, previous

    /// up/down and left/right are opposites; next/previous have none.
    var opposite: FocusDirection? {
        switch self {
        case .up: .down
        case .down: .up
        case .left: .right
        case .right: .left
        case .next, .previous: nil
        }
    }
}

/// What a directional move does when the search finds nothing (SPEC §13).
public enum FocusEdge: Sendable, CaseIterable {
    /// No target.
    case stop
    /// The in-beam candidate nearest the other end (the same row or column, from its start).
    case wrap
    /// The next candidate in focus order (right, down) or the previous one (left, up).
    case continuous
}

/// The rule that gave a focus target (SPEC §13).
public enum FocusVia: Sendable, CaseIterable {
    case history, search, wrap, continuous, remembered, order
}

/// The host's memory of the last move: its direction and its source.
public struct FocusHistory: Equatable, Sendable {
    public var direction: FocusDirection
    public var source: ElementID
    public init(direction: FocusDirection, source: ElementID) { self.direction = direction; self.source = source }
}

/// A question for `Layout.focus(_:)`.
public struct FocusRequest: Equatable, Sendable {
    public var source: ElementID
    public var direction: FocusDirection
    public var edge: FocusEdge
    /// The supplementary kinds that take focus (`.header`, `.footer`, inline kinds); none by default.
    public var supplementaryKinds: [Kind]
    public var history: FocusHistory?
    /// Per orthogonal section, the cell last focused there (section, item); the last entry for
    /// a section counts; entries for other sections are ignored.
    public var remembered: [ElementID]
    public init(source: ElementID, direction: FocusDirection, edge: FocusEdge = .stop, supplementaryKinds: [Kind] = [],
                history: FocusHistory? = nil, remembered: [ElementID] = []) {
        self.source = source; self.direction = direction; self.edge = edge
        self.supplementaryKinds = supplementaryKinds; self.history = history; self.remembered = remembered
    }
}

/// The answer of `Layout.focus(_:)`.
public struct FocusAnswer: Equatable, Sendable {
    /// The element that takes focus, or nil.
    public var target: ElementID?
    /// The rule that gave it (nil with no target).
    public var via: FocusVia?
    /// The viewport that shows the target (the viewport as given when there is none).
    public var viewport: Rect
    /// For a cell of an orthogonal section: that section and the offset that shows the cell.
    public var sectionOffset: (section: Int, offset: Double)?

    public static func == (a: FocusAnswer, b: FocusAnswer) -> Bool {
        a.target == b.target && a.via == b.via && a.viewport == b.viewport
            && a.sectionOffset?.section == b.sectionOffset?.section && a.sectionOffset?.offset == b.sectionOffset?.offset
    }
}

extension Layout {
    /// Where focus goes from `request.source` (SPEC §13). Decided on the frames as the layout
    /// reports them at its viewport; the viewport and the section offset of the answer come from
    /// the exact layout. Rect queries of regions around the source: never a scan of the layout.
    public func focus(_ request: FocusRequest) throws(LayoutError) -> FocusAnswer {
        let state = liveState
        let wanted = try focusKinds(request.supplementaryKinds)
        let source = request.source
        if source.category == .decoration {
            throw LayoutError(.invalidArgument, "a decoration cannot have focus (\(kindName(source.kind).map { "\"\($0)\"" } ?? "kind \(source.kind.rawValue)") (\(source.section), \(source.item)))")
        }
        let sourceFrame = try attributes(for: source).frame
        let rule = FocusRule(state: state, source: source, sourceFrame: sourceFrame, kinds: wanted)
        let (target, via) = rule.target(request, kinds: kinds)
        guard let target, let via else { return FocusAnswer(target: nil, via: nil, viewport: state.presentedViewport, sectionOffset: nil) }
        return try state.focusAnswer(target, via: via, kinds: kinds)
    }

    /// The kinds that take focus, checked: each must be a supplementary kind of the layout.
    private func focusKinds(_ list: [Kind]) throws(LayoutError) -> Set<Kind> {
        for k in list where !(k == .header || k == .footer || k == .globalHeader || k == .globalFooter || (kinds.isUserKind(k) && state.chrome.decorations.entry(k) == nil)) {
            let name = kindName(k).map { "\"\($0)\"" } ?? "kind \(k.rawValue)"
            throw LayoutError(.unknownKind, "\(name) is not a supplementary kind of the layout: it cannot take focus")
        }
        return Set(list)
    }
}

extension LayoutState {
    /// The answer for `target`: the viewport that shows it and, for a cell of an orthogonal
    /// section, the section offset that shows it, from the exact layout (SPEC §13, §10.6, §20.1).
    func focusAnswer(_ target: ElementID, via: FocusVia, kinds: Kinds) throws(LayoutError) -> FocusAnswer {
        let frame = try exactAttributes(for: target, kinds: kinds).frame
        let r = axes.axisRect(frame)
        let o = clampedOrigin(viewportLeading)
        let inView = r.scroll >= o + scrollInsets.lead && r.scrollEnd <= o + viewportExtent - scrollInsets.trail
        let origin = inView ? o : scrollOrigin(to: target, frame: frame, position: .nearest)
        var answer = FocusAnswer(target: target, via: via, viewport: presentedViewport(atOrigin: origin), sectionOffset: nil)
        if target.category == .cell, let strip = sectionBody(target.section).strip {
            let s = target.section, offset = sectionOffset(s), e = lineExtent
            let high = Swift.max(0, strip.extent - e)
            let lineOrigin = (axes.direction == .vertical ? viewport.x : viewport.y) + axes.axisInsets(chrome.contentInsets).left
            let p = r.line + offset, w = r.lineExtent
            func clamp(_ x: Double) -> Double { Swift.min(Swift.max(x, 0), high) }
            let shown: Double
            if p - offset >= lineOrigin && p - offset + w <= lineOrigin + e {
                shown = offset
            } else {
                let start = clamp(p - lineOrigin), end = clamp(p + w - lineOrigin - e)
                shown = abs(start - offset) <= abs(end - offset) ? start : end
            }
            answer.sectionOffset = (s, shown)
        }
        return answer
    }
}
