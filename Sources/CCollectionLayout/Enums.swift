import CollectionLayout
import CollectionLayoutABI

/// The engine's enums as the header numbers them. Each table below is the one place where a C
/// value meets an engine case: the engine's enums carry no C numbers of their own.
protocol CEnum: CaseIterable, Equatable {
    /// The header's value of this case.
    var c: Int32 { get }
    /// The values' names in a message ("a CL_SNAP_* value for target offsets").
    static var cNames: String { get }
}

extension CEnum {
    /// The case of a C value, or `.invalidArgument` naming `what` and the values it may take.
    init(c value: Int32, _ what: String) throws(LayoutError) {
        guard let found = Self.allCases.first(where: { $0.c == value }) else {
            throw LayoutError(.invalidArgument, "\(what) \(value) is not \(Self.cNames)")
        }
        self = found
    }
}

extension ScrollDirection: CEnum {
    static var cNames: String { "a CL_DIRECTION_* value" }
    var c: Int32 { switch self { case .vertical: CL_DIRECTION_VERTICAL; case .horizontal: CL_DIRECTION_HORIZONTAL } }
}

extension LayoutDirection: CEnum {
    static var cNames: String { "a CL_LAYOUT_DIRECTION_* value" }
    var c: Int32 { switch self { case .leftToRight: CL_LAYOUT_DIRECTION_LTR; case .rightToLeft: CL_LAYOUT_DIRECTION_RTL } }
}

extension Alignment: CEnum {
    static var cNames: String { "a CL_ALIGNMENT_* value" }
    var c: Int32 {
        switch self {
        case .justified: CL_ALIGNMENT_JUSTIFIED
        case .leading: CL_ALIGNMENT_LEADING
        case .center: CL_ALIGNMENT_CENTER
        case .trailing: CL_ALIGNMENT_TRAILING
        }
    }
}

extension CrossAlignment: CEnum {
    static var cNames: String { "a CL_CROSS_ALIGNMENT_* value" }
    var c: Int32 {
        switch self {
        case .center: CL_CROSS_ALIGNMENT_CENTER
        case .start: CL_CROSS_ALIGNMENT_START
        case .end: CL_CROSS_ALIGNMENT_END
        }
    }
}

extension SectionStyle: CEnum {
    static var cNames: String { "a CL_STYLE_* value" }
    var c: Int32 {
        switch self {
        case .flow: CL_STYLE_FLOW
        case .orthogonal: CL_STYLE_ORTHOGONAL
        case .grid: CL_STYLE_GRID
        case .waterfall: CL_STYLE_WATERFALL
        case .custom: CL_STYLE_CUSTOM
        }
    }
}

extension ScrollEffect.Curve: CEnum {
    static var cNames: String { "a CL_CURVE_* value" }
    var c: Int32 { switch self { case .linear: CL_CURVE_LINEAR; case .easeInOut: CL_CURVE_EASE_IN_OUT } }
}

extension Packing: CEnum {
    static var cNames: String { "a CL_PACKING_* value" }
    var c: Int32 { switch self { case .sparse: CL_PACKING_SPARSE; case .dense: CL_PACKING_DENSE } }
}

extension ItemSpan {
    /// A span as item_spans writes it (SPEC §16): a count, CL_SPAN_FULL or CL_SPAN_REMAINING.
    /// Any other value is a count below 1, which the engine refuses naming the item.
    init(c value: Int32) {
        switch value {
        case CL_SPAN_FULL: self = .full
        case CL_SPAN_REMAINING: self = .remaining
        default: self = .columns(Int(value))
        }
    }
}

extension ElementCategory: CEnum {
    static var cNames: String { "a CL_CATEGORY_* value" }
    var c: Int32 {
        switch self {
        case .cell: CL_CATEGORY_CELL
        case .supplementary: CL_CATEGORY_SUPPLEMENTARY
        case .decoration: CL_CATEGORY_DECORATION
        }
    }
}

extension DecorationDefinition.Scope: CEnum {
    static var cNames: String { "a CL_DECORATION_SCOPE_* value" }
    var c: Int32 { switch self { case .section: CL_DECORATION_SCOPE_SECTION; case .item: CL_DECORATION_SCOPE_ITEM } }
}

extension DecorationDefinition.Coverage: CEnum {
    static var cNames: String { "a CL_COVERAGE_* value" }
    var c: Int32 {
        switch self {
        case .body: CL_COVERAGE_BODY
        case .section: CL_COVERAGE_SECTION
        case .items: CL_COVERAGE_ITEMS
        }
    }
}

/// A sideways section's snapping (cl_layout_section_target_offset).
extension Snapping: CEnum {
    static var cNames: String { "CL_SNAP_NONE, CL_SNAP_ITEM, CL_SNAP_PAGE, CL_SNAP_ITEM_PAGING or CL_SNAP_ITEM_CENTERED" }
    var c: Int32 {
        switch self {
        case .none: CL_SNAP_NONE
        case .item: CL_SNAP_ITEM
        case .page: CL_SNAP_PAGE
        case .itemPaging: CL_SNAP_ITEM_PAGING
        case .itemCentered: CL_SNAP_ITEM_CENTERED
        }
    }
}

/// Snapping along the scroll axis (cl_layout_target_content_offset).
extension ScrollSnapping: CEnum {
    static var cNames: String { "CL_SNAP_NONE, CL_SNAP_PAGE, CL_SNAP_LINE, CL_SNAP_LINE_PAGING, CL_SNAP_LINE_CENTER or CL_SNAP_LINE_END" }
    var c: Int32 {
        switch self {
        case .none: CL_SNAP_NONE
        case .page: CL_SNAP_PAGE
        case .line: CL_SNAP_LINE
        case .linePaging: CL_SNAP_LINE_PAGING
        case .lineCenter: CL_SNAP_LINE_CENTER
        case .lineEnd: CL_SNAP_LINE_END
        }
    }
}

extension Fling.Curve: CEnum {
    static var cNames: String { "CL_FLING_DECELERATE or CL_FLING_SPRING" }
    var c: Int32 { switch self { case .decelerate: CL_FLING_DECELERATE; case .spring: CL_FLING_SPRING } }
}

extension HitCategories: CEnum {
    static var cNames: String { "CL_HIT_CELLS or CL_HIT_ALL" }
    var c: Int32 { switch self { case .cells: CL_HIT_CELLS; case .all: CL_HIT_ALL } }
}

extension ScrollPosition: CEnum {
    static var cNames: String { "a CL_SCROLL_POSITION_* value" }
    var c: Int32 {
        switch self {
        case .start: CL_SCROLL_POSITION_START
        case .center: CL_SCROLL_POSITION_CENTER
        case .end: CL_SCROLL_POSITION_END
        case .nearest: CL_SCROLL_POSITION_NEAREST
        }
    }
}
