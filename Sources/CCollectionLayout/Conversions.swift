import CollectionLayout
import CollectionLayoutABI

// Conversions between the header's plain structs and the engine's types. Every enum value, count
// and (pointer, count) pair that comes from C is checked here, before the engine sees it; the
// engine checks numbers (finite, not negative) and what only it can know (kinds, limits).

extension Rect {
    init(_ r: cl_rect) { self.init(x: r.x, y: r.y, width: r.width, height: r.height) }
    var c: cl_rect { cl_rect(x: x, y: y, width: width, height: height) }
}

extension Size {
    init(_ s: cl_size) { self.init(width: s.width, height: s.height) }
    var c: cl_size { cl_size(width: width, height: height) }
}

extension Insets {
    init(_ i: cl_insets) { self.init(top: i.top, left: i.left, bottom: i.bottom, right: i.right) }
    var c: cl_insets { cl_insets(top: top, left: left, bottom: bottom, right: right) }
}

/// A count of rows or columns: at least 1.
func atLeastOne(_ raw: Int32, _ name: String) throws(LayoutError) -> Int {
    guard raw >= 1 else { throw LayoutError(.invalidArgument, "\(name) is \(raw); it must be >= 1") }
    return Int(raw)
}

/// The most entries a caller's list may have where the header gives no other bound (kind names,
/// a section's decoration kinds): more is surely a garbage count, not a list.
let maximumListCount: Int32 = 1 << 16

extension SectionMetrics {
    /// The metrics a section_metrics callback left in `m` (already read by readSized). The
    /// decoration kinds are copied: the caller's list need not outlive the callback.
    init(_ m: cl_section_metrics) throws(LayoutError) {
        self.init()
        insets = Insets(m.insets)
        lineSpacing = m.line_spacing
        interitemSpacing = m.interitem_spacing
        header = m.header
        footer = m.footer
        alignment = try Alignment(c: m.alignment, "alignment")
        crossAlignment = try CrossAlignment(c: m.cross_alignment, "cross_alignment")
        style = try SectionStyle(c: m.style, "style")
        rows = try atLeastOne(m.rows, "rows")
        columns = try atLeastOne(m.columns, "columns")
        packing = try Packing(c: m.packing, "packing")
        if m.estimated != 0 { estimatedItemSize = Size(m.estimated_item_size) }
        switch m.decoration_kind_count {
        case -1:
            decorationKinds = nil
        case 0...maximumListCount:
            guard m.decoration_kind_count == 0 || m.decoration_kinds != nil else {
                throw LayoutError(.invalidArgument, "decoration_kinds is NULL but decoration_kind_count is \(m.decoration_kind_count)")
            }
            decorationKinds = UnsafeBufferPointer(start: m.decoration_kinds, count: Int(m.decoration_kind_count)).map { Kind(rawValue: $0) }
        default:
            throw LayoutError(.invalidArgument, "decoration_kind_count is \(m.decoration_kind_count); it must be -1 (every registered decoration) or 0...\(maximumListCount)")
        }
        guard m.effect_keyline_count >= 0, m.effect_keyline_count <= maximumListCount else {
            throw LayoutError(.invalidArgument, "effect_keyline_count is \(m.effect_keyline_count); it must be 0 (no effect) or 1...\(maximumListCount)")
        }
        if m.effect_keyline_count > 0 {
            guard let list = m.effect_keylines else {
                throw LayoutError(.invalidArgument, "effect_keylines is NULL but effect_keyline_count is \(m.effect_keyline_count)")
            }
            let keylines = UnsafeBufferPointer(start: list, count: Int(m.effect_keyline_count)).map {
                ScrollEffect.Keyline(fraction: $0.fraction, offset: $0.offset, scale: $0.scale, alpha: $0.alpha, z: $0.z)
            }
            effect = ScrollEffect(keylines: keylines, curve: try ScrollEffect.Curve(c: m.effect_curve, "effect_curve"))
        }
    }

    /// The metrics as the C struct handed to section_metrics, with `kinds` as its decoration list
    /// (valid while `body` runs).
    func withC<R>(_ body: (inout cl_section_metrics) throws -> R) rethrows -> R {
        var m = cl_section_metrics()
        m.struct_size = UInt32(MemoryLayout<cl_section_metrics>.size)
        m.alignment = alignment.c
        m.insets = insets.c
        m.line_spacing = lineSpacing
        m.interitem_spacing = interitemSpacing
        m.header = header
        m.footer = footer
        m.cross_alignment = crossAlignment.c
        m.style = style.c
        m.rows = Int32(clamping: rows)
        m.columns = Int32(clamping: columns)
        m.packing = packing.c
        m.estimated = estimatedItemSize == nil ? 0 : 1
        m.estimated_item_size = (estimatedItemSize ?? .zero).c
        let keylines = (effect?.keylines ?? []).map {
            cl_keyline(fraction: $0.fraction, offset: $0.offset, scale: $0.scale, alpha: $0.alpha, z: $0.z, reserved: 0)
        }
        m.effect_curve = (effect?.curve ?? .linear).c
        let ids = (decorationKinds ?? []).map(\.rawValue)
        return try keylines.withUnsafeBufferPointer { effectList in
            m.effect_keyline_count = Int32(clamping: effectList.count)
            m.effect_keylines = effectList.isEmpty ? nil : effectList.baseAddress
            return try ids.withUnsafeBufferPointer { list in
                m.decoration_kind_count = decorationKinds == nil ? -1 : Int32(clamping: list.count)
                m.decoration_kinds = decorationKinds == nil ? nil : list.baseAddress
                return try body(&m)
            }
        }
    }
}

extension LayoutDefinition {
    /// The definition a caller gave (already read by readSized).
    init(_ d: cl_layout_def) throws(LayoutError) {
        self.init()
        direction = try ScrollDirection(c: d.direction, "direction")
        viewport = Rect(d.viewport)
        itemSize = Size(d.item_size)
        var m = SectionMetrics()
        m.insets = Insets(d.insets)
        m.lineSpacing = d.line_spacing
        m.interitemSpacing = d.interitem_spacing
        m.header = d.header
        m.footer = d.footer
        m.alignment = try Alignment(c: d.alignment, "alignment")
        m.crossAlignment = try CrossAlignment(c: d.cross_alignment, "cross_alignment")
        m.style = try SectionStyle(c: d.style, "style")
        m.rows = try atLeastOne(d.rows, "rows")
        m.columns = try atLeastOne(d.columns, "columns")
        sectionDefaults = m
        pinHeaders = d.pin_headers != 0
        pinFooters = d.pin_footers != 0
        anchoring = d.anchoring != 0
        guard d.element_limit >= 0, d.element_limit <= Int64(CL_MAX_ITEMS) else {
            throw LayoutError(.invalidArgument, "element_limit is \(d.element_limit); it must be 0...\(CL_MAX_ITEMS) (CL_MAX_ITEMS)")
        }
        elementLimit = Int(d.element_limit)
        contentInsets = Insets(d.content_insets)
        displayScale = d.display_scale
        layoutDirection = try LayoutDirection(c: d.layout_direction, "layout_direction")
        guard d.reserved2 == 0 else { throw LayoutError(.invalidArgument, "cl_layout_def.reserved2 is \(d.reserved2); it must be zero") }
        layoutHeaderFooter = LayoutHeaderFooter(header: d.global_header, footer: d.global_footer,
                                                pinHeader: d.pin_global_header != 0, pinFooter: d.pin_global_footer != 0,
                                                collapse: try CollapsingHeader(c: d.collapse_mode, flags: d.collapse_flags, min: d.collapse_min))
        guard d.kind_count >= 0, d.kind_count <= maximumListCount else {
            throw LayoutError(.invalidArgument, "kind_count \(d.kind_count) is out of 0...\(maximumListCount)")
        }
        if d.kind_count > 0 {
            guard let list = d.kinds else { throw LayoutError(.invalidArgument, "kinds is NULL but kind_count is \(d.kind_count)") }
            for i in 0..<Int(d.kind_count) {
                kinds.append(try string(list[i], "kinds[\(i)]"))
            }
        }
    }
}

extension CollapsingHeader {
    /// The settings a caller gave (SPEC §18): nil for CL_COLLAPSE_NONE.
    init?(c mode: Int32, flags: Int32, min: Double) throws(LayoutError) {
        let modes: [Int32: Mode] = [CL_COLLAPSE_SCROLL: .scroll, CL_COLLAPSE_PINNED: .pinned, CL_COLLAPSE_FLOATING: .floating,
                                    CL_COLLAPSE_FLOATING_PINNED: .floatingPinned]
        guard mode != CL_COLLAPSE_NONE else { return nil }
        guard let m = modes[mode] else { throw LayoutError(.invalidArgument, "collapse_mode \(mode) is not a CL_COLLAPSE_* mode") }
        let known = CL_COLLAPSE_SNAP | CL_COLLAPSE_STRETCH | CL_COLLAPSE_FILL
        guard flags & ~known == 0 else { throw LayoutError(.invalidArgument, "collapse_flags \(flags) has bits other than CL_COLLAPSE_SNAP, _STRETCH and _FILL") }
        self.init(min: min, mode: m, snap: flags & CL_COLLAPSE_SNAP != 0, stretch: flags & CL_COLLAPSE_STRETCH != 0,
                  fill: flags & CL_COLLAPSE_FILL != 0)
    }

    var cMode: Int32 {
        switch mode {
        case .scroll: CL_COLLAPSE_SCROLL
        case .pinned: CL_COLLAPSE_PINNED
        case .floating: CL_COLLAPSE_FLOATING
        case .floatingPinned: CL_COLLAPSE_FLOATING_PINNED
        }
    }

    var cFlags: Int32 { (snap ? CL_COLLAPSE_SNAP : 0) | (stretch ? CL_COLLAPSE_STRETCH : 0) | (fill ? CL_COLLAPSE_FILL : 0) }
}

extension Optional where Wrapped == CollapseRecord {
    var c: cl_collapse {
        guard let r = self else { return cl_collapse() }
        return cl_collapse(collapsing: 1, reserved: 0, extent: r.extent, progress: r.progress, stretch: r.stretch, shrink: r.shrink)
    }
}

func string(_ p: UnsafePointer<CChar>?, _ name: String) throws(LayoutError) -> String {
    guard let p else { throw LayoutError(.invalidArgument, "\(name) is NULL") }
    guard let s = String(validatingCString: p) else { throw LayoutError(.invalidArgument, "\(name) is not valid UTF-8") }
    return s
}

extension DecorationDefinition {
    /// The decoration a caller gave (already read by readSized).
    init(_ d: cl_decoration_def) throws(LayoutError) {
        let scope = try Scope(c: d.scope, "decoration scope"), coverage = try Coverage(c: d.coverage, "decoration coverage")
        self.init(scope: scope, coverage: coverage, insets: Insets(d.insets), z: d.z)
    }
}

extension Attributes {
    var c: cl_attributes {
        cl_attributes(category: id.category.c, kind: id.kind.rawValue, section: Int64(id.section), item: Int64(id.item),
                      frame: frame.c, alpha: alpha, z: z, hidden: hidden ? 1 : 0, scale: scale)
    }
}

/// A caller's index (a section or an item) as an Int: every Int64 fits on the 64-bit platforms
/// the library builds for; elsewhere one that does not fit is out of range.
func index(_ value: Int64, _ what: @autoclosure () -> String) throws(LayoutError) -> Int {
    guard let i = Int(exactly: value) else { throw LayoutError(.outOfRange, "\(what()) \(value) does not exist") }
    return i
}

/// Checks a caller's (pointer, count) array and gives it as a buffer.
func array<T>(_ p: UnsafePointer<T>?, _ count: Int64, _ name: String) throws(LayoutError) -> UnsafeBufferPointer<T> {
    guard count >= 0, count <= Int64(Layout.maxItems) else {
        throw LayoutError(.invalidArgument, "count \(count) is out of 0...\(Layout.maxItems)")
    }
    guard count == 0 || p != nil else { throw LayoutError(.invalidArgument, "\(name) is NULL but count is \(count)") }
    return UnsafeBufferPointer(start: p, count: Int(count))
}

extension LayoutError {
    /// The message as the C ABI reports it: the engine names a data-source question in its own
    /// words; the C layer adds the callback that answers it (`item_sizes: the size of item ...`).
    var cMessage: String {
        guard let question else { return message }
        let callback = switch question {
        case .sectionCount: "section_count"
        case .itemCount: "item_count"
        case .itemSizes: "item_sizes"
        case .itemSpans: "item_spans"
        case .itemBadges: "item_badges"
        case .sectionMetrics: "section_metrics"
        case .inlineElements: "inline_elements"
        case .customFrames: "custom_frames"
        }
        return "\(callback): \(message)"
    }
}

/// A caller's index paths as the engine takes them, in one pass (Int64 is Int on every target
/// the library builds for: nothing to check per path).
func indexPaths(_ list: UnsafeBufferPointer<cl_index_path>) -> [(section: Int, item: Int)] {
    [(section: Int, item: Int)](unsafeUninitializedCapacity: list.count) { paths, count in
        for k in list.indices { paths[k] = (Int(list[k].section), Int(list[k].item)) }
        count = list.count
    }
}
