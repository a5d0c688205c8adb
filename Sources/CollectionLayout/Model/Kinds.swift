/// Kind names and ids: ids 0 to 4 are the cell kind, "header", "footer", "global_header" and
/// "global_footer" (SPEC §17.2); user kinds follow in
/// the order they are registered. Names are unique (SPEC §11).
struct Kinds {
    private var names = ["", "header", "footer", "global_header", "global_footer"]
    private var ids = ["": Kind.cell, "header": Kind.header, "footer": Kind.footer,
                       "global_header": Kind.globalHeader, "global_footer": Kind.globalFooter]

    /// Registers a user kind; registering a user kind's name again gives its id.
    mutating func register(_ name: String) throws(LayoutError) -> Kind {
        guard name.utf8.count <= 63 else {
            throw LayoutError(.invalidArgument, "kind names are 1 to 63 bytes; \"\(name.prefix(16))…\" has \(name.utf8.count)")
        }
        guard !Self.isBuiltIn(name) else {
            throw LayoutError(.invalidArgument, "\"\(name)\" cannot name a user kind: \"\", \"header\" and \"footer\" are built in, and \"global_header\" and \"global_footer\" are the layout's own (SPEC §17.2)")
        }
        if let id = ids[name] { return id }
        let kind = Kind(rawValue: Int32(names.count))
        names.append(name)
        ids[name] = kind
        return kind
    }

    /// Registers the definition's kinds in order; a name listed twice is an error (ids would
    /// no longer follow the list).
    mutating func registerAll(_ list: [String]) throws(LayoutError) {
        for (i, name) in list.enumerated() {
            guard ids[name] == nil || Self.isBuiltIn(name) else {
                throw LayoutError(.invalidArgument, "kinds[\(i)] \"\(name)\" is listed twice; kind names are unique")
            }
            _ = try register(name)
        }
    }

    static func isBuiltIn(_ name: String) -> Bool {
        name.isEmpty || name == "header" || name == "footer" || name == "global_header" || name == "global_footer"
    }

    /// Ids run from 0 to count - 1.
    var count: Int32 { Int32(names.count) }
    func name(_ kind: Kind) -> String? { names.indices.contains(Int(kind.rawValue)) ? names[Int(kind.rawValue)] : nil }
    func kind(named name: String) -> Kind? { ids[name] }
    func isUserKind(_ kind: Kind) -> Bool { kind.rawValue > Kind.globalFooter.rawValue && name(kind) != nil }
}
