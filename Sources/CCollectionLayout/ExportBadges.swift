import CollectionLayout
import CollectionLayoutABI

// Badges (SPEC §17.1): cl_badge_def and cl_layout_add_badge; the item_badges callback is read
// by CDataSource.

@c @implementation
public func cl_badge_def_default() -> cl_badge_def {
    let d = BadgeDefinition()
    return cl_badge_def(struct_size: UInt32(MemoryLayout<cl_badge_def>.size), anchor: Int32(d.anchor.rawValue),
                        badge_anchor: CL_EDGE_SAME_AS_ANCHOR, fractional: 0, z: d.z, reserved: 0,
                        dx: d.offset.dx, dy: d.offset.dy, size: d.size.c)
}

@c @implementation
public func cl_layout_add_badge(_ layout: OpaquePointer?, _ name: UnsafePointer<CChar>?, _ def: UnsafePointer<cl_badge_def>?,
                                _ out: UnsafeMutablePointer<Int32>?) -> cl_status {
    withHandle(layout) { h throws(LayoutError) in
        let out = try required(out, "out_kind")
        let definition = try BadgeDefinition(readSized(UnsafeRawPointer(required(def, "def")), as: cl_badge_def.self))
        out.pointee = try h.layout.addBadge(string(name, "name"), definition).rawValue
    }
}

extension BadgeDefinition {
    /// The badge kind a caller gave (already read by readSized); the engine checks the rest.
    init(_ d: cl_badge_def) throws(LayoutError) {
        func edges(_ raw: Int32, _ what: String) throws(LayoutError) -> Edges {
            guard raw >= 0 else { throw LayoutError(.invalidArgument, "cl_badge_def.\(what) is \(raw); edges are CL_EDGE_* bits") }
            return Edges(rawValue: UInt32(raw))
        }
        let badgeAnchor = d.badge_anchor == CL_EDGE_SAME_AS_ANCHOR ? nil : try edges(d.badge_anchor, "badge_anchor")
        self.init(anchor: try edges(d.anchor, "anchor"), badgeAnchor: badgeAnchor, offset: (d.dx, d.dy),
                  fractional: d.fractional != 0, size: Size(d.size), z: d.z)
    }
}

extension cl_badge_def: SizedInput {
    static var cName: String { "cl_badge_def" }
    static var earlierSizes: [Int] { [] }  // new in 0.4
    static var defaults: cl_badge_def { cl_badge_def_default() }
    static var advice: String { "start from cl_badge_def_default()" }
}
