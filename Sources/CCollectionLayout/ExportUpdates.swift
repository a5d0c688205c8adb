import CollectionLayout
import CollectionLayoutABI
import Synchronization

// The header's "Batch updates" and "Diff".

@c @implementation
public func cl_batch_update_default() -> cl_batch_update {
    var u = cl_batch_update()
    u.struct_size = UInt32(MemoryLayout<cl_batch_update>.size)
    return u
}

@c @implementation
public func cl_diff_side_default() -> cl_diff_side {
    var d = cl_diff_side()
    d.struct_size = UInt32(MemoryLayout<cl_diff_side>.size)
    return d
}

extension BatchUpdate {
    init(_ u: cl_batch_update) throws(LayoutError) {
        self.init()
        func paths(_ p: UnsafePointer<cl_index_path>?, _ n: Int64, _ name: String) throws(LayoutError) -> [ItemPath] {
            try array(p, n, name).map { (p: cl_index_path) throws(LayoutError) -> ItemPath in
                ItemPath(try index(p.section, "\(name) section"), try index(p.item, "\(name) item"))
            }
        }
        deleteSections = try array(u.delete_sections, u.delete_section_count, "delete_sections").map { (s: Int64) throws(LayoutError) in try index(s, "section") }
        insertSections = try array(u.insert_sections, u.insert_section_count, "insert_sections").map { (s: Int64) throws(LayoutError) in try index(s, "section") }
        moveSections = try array(u.move_sections, u.move_section_count, "move_sections").map { (m: cl_section_move) throws(LayoutError) in
            Move(try index(m.from, "section"), try index(m.to, "section"))
        }
        deleteItems = try paths(u.delete_items, u.delete_item_count, "delete_items")
        insertItems = try paths(u.insert_items, u.insert_item_count, "insert_items")
        reloadItems = try paths(u.reload_items, u.reload_item_count, "reload_items")
        reloadSections = try array(u.reload_sections, u.reload_section_count, "reload_sections").map { (s: Int64) throws(LayoutError) in try index(s, "section") }
        moveItems = try array(u.move_items, u.move_item_count, "move_items").map { (m: cl_item_move) throws(LayoutError) in
            Move(ItemPath(try index(m.from.section, "section"), try index(m.from.item, "item")),
                 ItemPath(try index(m.to.section, "section"), try index(m.to.item, "item")))
        }
    }
}

@c @implementation
public func cl_layout_perform_batch_update(_ layout: OpaquePointer?, _ update: UnsafePointer<cl_batch_update>?,
                                           _ out: UnsafeMutablePointer<cl_update_summary>?, _ summarySize: Int) -> cl_status {
    withHandle(layout) { h throws(LayoutError) in
        let out = try required(out, "out_summary")
        try checkElementSize(summarySize, cl_update_summary.self, "summary_size")
        let u = try readSized(UnsafeRawPointer(required(update, "update")), as: cl_batch_update.self)
        let r = try h.layout.performBatchUpdate(BatchUpdate(u), viewport: u.use_viewport != 0 ? Rect(u.viewport) : nil)
        writeSized(cl_update_summary(r), to: UnsafeMutableRawPointer(out), size: summarySize)
    }
}

/// The last update's answers, or an error saying there are none.
private func lastUpdate(_ h: LayoutHandle) throws(LayoutError) -> UpdateResult {
    guard let r = h.layout.lastUpdate else {
        throw LayoutError(.invalidArgument, "the layout has no update to answer for: it changed since, or never had one")
    }
    return r
}

/// One side of the map: a section's index on the other side, -1 for none.
private func mapSection(_ layout: OpaquePointer?, _ section: Int64, _ out: UnsafeMutablePointer<Int64>?,
                        _ side: String, _ lookup: KeyPath<UpdateMap, [Int?]>) -> cl_status {
    withHandle(layout) { h throws(LayoutError) in
        let out = try required(out, "out_section"), places = try lastUpdate(h).map[keyPath: lookup]
        let s = try index(section, "\(side) section")
        guard places.indices.contains(s) else { throw LayoutError(.outOfRange, "\(side) section \(section) does not exist (\(places.count) sections)") }
        out.pointee = Int64(places[s] ?? -1)
    }
}

@c @implementation
public func cl_layout_update_new_section(_ layout: OpaquePointer?, _ section: Int64, _ out: UnsafeMutablePointer<Int64>?) -> cl_status {
    mapSection(layout, section, out, "old", \.newSection)
}

@c @implementation
public func cl_layout_update_old_section(_ layout: OpaquePointer?, _ section: Int64, _ out: UnsafeMutablePointer<Int64>?) -> cl_status {
    mapSection(layout, section, out, "new", \.oldSection)
}

/// One side of the map: an item's place on the other side, -1 -1 for none.
private func mapItem(_ layout: OpaquePointer?, _ item: cl_index_path, _ out: UnsafeMutablePointer<cl_index_path>?,
                     old: Bool) -> cl_status {
    withHandle(layout) { h throws(LayoutError) in
        let out = try required(out, "out_item"), map = try lastUpdate(h).map
        let s = try index(item.section, "section"), i = try index(item.item, "item")
        let counts = old ? map.oldCounts : map.newCounts
        guard counts.indices.contains(s), i >= 0, i < counts[s] else {
            throw LayoutError(.outOfRange, "\(old ? "old" : "new") item (\(item.section), \(item.item)) does not exist")
        }
        let place = old ? map.newItem(ItemPath(s, i)) : map.oldItem(ItemPath(s, i))
        out.pointee = place.map { cl_index_path(section: Int64($0.section), item: Int64($0.item)) } ?? cl_index_path(section: -1, item: -1)
    }
}

@c @implementation
public func cl_layout_update_new_item(_ layout: OpaquePointer?, _ item: cl_index_path, _ out: UnsafeMutablePointer<cl_index_path>?) -> cl_status {
    mapItem(layout, item, out, old: true)
}

@c @implementation
public func cl_layout_update_old_item(_ layout: OpaquePointer?, _ item: cl_index_path, _ out: UnsafeMutablePointer<cl_index_path>?) -> cl_status {
    mapItem(layout, item, out, old: false)
}

extension ElementChange.Change {
    var c: Int32 {
        switch self {
        case .kept: CL_CHANGE_KEPT
        case .moved: CL_CHANGE_MOVED
        case .inserted: CL_CHANGE_INSERTED
        case .deleted: CL_CHANGE_DELETED
        case .reloaded: CL_CHANGE_RELOADED
        }
    }
}

@c @implementation
public func cl_layout_update_elements(_ layout: OpaquePointer?, _ buffer: UnsafeMutablePointer<cl_element_change>?, _ capacity: Int64,
                                      _ elementSize: Int, _ out: UnsafeMutablePointer<Int64>?) -> cl_status {
    withHandle(layout) { h throws(LayoutError) in
        let records = try lastUpdate(h).elements
        try writeList(cl_element_change.self, into: UnsafeMutableRawPointer(buffer), capacity: capacity, size: elementSize,
                      sizeName: "element_size", count: out) { write in
            for r in records {
                write(cl_element_change(change: r.change.c, has_old: r.old == nil ? 0 : 1, has_new: r.new == nil ? 0 : 1,
                                        reserved: 0, from: r.from.c, to: r.to.c))
            }
        }
    }
}

@c @implementation
public func cl_layout_update_identities(_ layout: OpaquePointer?, _ inserted: Int32, _ buffer: UnsafeMutablePointer<cl_attributes>?,
                                        _ capacity: Int64, _ attributesSize: Int, _ out: UnsafeMutablePointer<Int64>?) -> cl_status {
    withHandle(layout) { h throws(LayoutError) in
        let r = try lastUpdate(h)
        try writeList(cl_attributes.self, into: UnsafeMutableRawPointer(buffer), capacity: capacity, size: attributesSize,
                      sizeName: "attributes_size", count: out) { write in
            for a in inserted != 0 ? r.inserted : r.deleted { write(a.c) }
        }
    }
}

// MARK: Diff

/// What a `cl_diff *` names (HandleTable): the C arrays its cl_batch_update points into, alive
/// as long as the handle.
final class DiffHandle {
    private(set) var update = cl_batch_update_default()
    private var buffers: [UnsafeMutableRawPointer] = []

    init(_ u: BatchUpdate) {
        func path(_ p: ItemPath) -> cl_index_path { cl_index_path(section: Int64(p.section), item: Int64(p.item)) }
        (update.delete_sections, update.delete_section_count) = copy(u.deleteSections.map { Int64($0) })
        (update.insert_sections, update.insert_section_count) = copy(u.insertSections.map { Int64($0) })
        (update.move_sections, update.move_section_count) = copy(u.moveSections.map { cl_section_move(from: Int64($0.from), to: Int64($0.to)) })
        (update.delete_items, update.delete_item_count) = copy(u.deleteItems.map(path))
        (update.insert_items, update.insert_item_count) = copy(u.insertItems.map(path))
        (update.move_items, update.move_item_count) = copy(u.moveItems.map { cl_item_move(from: path($0.from), to: path($0.to)) })
        (update.reload_items, update.reload_item_count) = copy(u.reloadItems.map(path))
        (update.reload_sections, update.reload_section_count) = copy(u.reloadSections.map { Int64($0) })
    }

    deinit { for b in buffers { b.deallocate() } }

    /// A C copy of `values` owned by the handle (NULL when empty).
    private func copy<T>(_ values: [T]) -> (UnsafePointer<T>?, Int64) {
        guard !values.isEmpty else { return (nil, 0) }
        let p = UnsafeMutablePointer<T>.allocate(capacity: values.count)
        p.initialize(from: values, count: values.count)
        buffers.append(UnsafeMutableRawPointer(p))
        return (UnsafePointer(p), Int64(values.count))
    }
}

extension DiffSide {
    init(_ side: cl_diff_side, _ name: String) throws(LayoutError) {
        let sections = try array(side.section_ids, side.section_count, "\(name).section_ids")
        let counts = try array(side.item_counts, side.section_count, "\(name).item_counts")
        var total: Int64 = 0
        for n in counts {
            guard n >= 0, n <= Int64(Layout.maxItems) - total else {
                throw LayoutError(.invalidArgument, "\(name).item_counts: \(n) is negative or takes the items past \(Layout.maxItems)")
            }
            total += n
        }
        let ids = try array(side.item_ids, total, "\(name).item_ids")
        let versions = side.versions == nil ? nil : try array(side.versions, total, "\(name).versions")
        let sectionVersions = side.section_versions == nil ? nil : try array(side.section_versions, side.section_count, "\(name).section_versions")
        var items: [[Int64]] = [], itemVersions: [[Int64]] = []
        var at = 0
        for n in counts {
            items.append(Array(ids[at..<(at + Int(n))]))
            if let versions { itemVersions.append(Array(versions[at..<(at + Int(n))])) }
            at += Int(n)
        }
        self.init(sections: Array(sections), items: items, versions: versions == nil ? nil : itemVersions,
                  sectionVersions: sectionVersions.map { Array($0) })
    }
}

@c @implementation
public func cl_diff_create(_ old: UnsafePointer<cl_diff_side>?, _ new: UnsafePointer<cl_diff_side>?,
                           _ out: UnsafeMutablePointer<OpaquePointer?>?, _ outUpdate: UnsafeMutablePointer<cl_batch_update>?) -> cl_status {
    createDiff(old, new, nil, out, outUpdate)
}

@c @implementation
public func cl_diff_create_with_executor(_ old: UnsafePointer<cl_diff_side>?, _ new: UnsafePointer<cl_diff_side>?,
                                         _ executor: UnsafePointer<cl_executor>?,
                                         _ out: UnsafeMutablePointer<OpaquePointer?>?, _ outUpdate: UnsafeMutablePointer<cl_batch_update>?) -> cl_status {
    createDiff(old, new, executor, out, outUpdate)
}

private func createDiff(_ old: UnsafePointer<cl_diff_side>?, _ new: UnsafePointer<cl_diff_side>?, _ executor: UnsafePointer<cl_executor>?,
                        _ out: UnsafeMutablePointer<OpaquePointer?>?, _ outUpdate: UnsafeMutablePointer<cl_batch_update>?) -> cl_status {
    do throws(LayoutError) {
        let out = try required(out, "out_diff")
        out.pointee = nil
        let outUpdate = try required(outUpdate, "out_update")
        // The caller's struct_size says how much of the update it can take.
        let size = Int(UnsafeRawPointer(outUpdate).loadUnaligned(as: UInt32.self))
        try checkElementSize(size, cl_batch_update.self, "out_update->struct_size")
        let before = try DiffSide(readSized(UnsafeRawPointer(required(old, "old_side")), as: cl_diff_side.self), "old_side")
        let after = try DiffSide(readSized(UnsafeRawPointer(required(new, "new_side")), as: cl_diff_side.self), "new_side")
        let update = try diff(from: before, to: after, executor: executor.map { e throws(LayoutError) in try CCollectionLayout.executor(e, "executor") })
        // An older caller's update has no room for reload_sections: it can only have asked for none.
        if !update.reloadSections.isEmpty && size < MemoryLayout<cl_batch_update>.size {
            throw LayoutError(.invalidArgument, "the diff reloads sections (\(update.reloadSections.count)) but out_update->struct_size is \(size), too small for reload_sections (\(MemoryLayout<cl_batch_update>.size)): start from cl_batch_update_default()")
        }
        let handle = DiffHandle(update)
        let token = try diffs.register(handle, "diff")
        writeSized(handle.update, to: UnsafeMutableRawPointer(outUpdate), size: size)
        out.pointee = token
        return CL_OK
    } catch {
        return failWithoutHandle(error)
    }
}

@c @implementation
public func cl_diff_destroy(_ diff: OpaquePointer?) {
    guard let diff else { return }
    if diffs.remove(diff) == nil {
        _ = failWithoutHandle(LayoutError(.invalidArgument, "cl_diff_destroy: the handle is not a live diff (destroyed twice?); ignored"))
    }
}
