import CollectionLayout
import Foundation
import Testing

/// Batch updates (SPEC §10.2) against the shared vectors: the new state, the map, the records
/// with from/to attributes, the inserted and deleted identities, and a refused update.
@Suite struct UpdateTests {
    private func load(_ name: String) throws -> [String: Any] {
        let data = try Data(contentsOf: vectorsDirectory().appendingPathComponent("changes/\(name).json"))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    private func paths(_ v: Any?) -> [ItemPath] { (v as? [[NSNumber]] ?? []).map { ItemPath($0[0].intValue, $0[1].intValue) } }

    /// The scene's layout, the update to perform, and the data source switched to the update's sections.
    private func prepare(_ json: [String: Any]) throws -> (Layout, BatchUpdate, Rect?) {
        let sceneJSON = try #require(json["scene"] as? [String: Any])
        let updateJSON = try #require(json["update"] as? [String: Any])
        var kinds: [String] = []
        for section in (sceneJSON["sections"] as? [[String: Any]] ?? []) + (updateJSON["sections"] as? [[String: Any]] ?? []) {
            for e in section["inline"] as? [[String: Any]] ?? [] { if let k = e["kind"] as? String, !kinds.contains(k) { kinds.append(k) } }
        }
        let scene = Scene(json: sceneJSON, kinds: kinds)
        let layout = try scene.makeLayout()
        var next = sceneJSON
        next["sections"] = updateJSON["sections"]
        let after = Scene(json: next, kinds: kinds)
        (scene.source.sizes, scene.source.metrics, scene.source.inlines, scene.source.frames) =
            (after.source.sizes, after.source.metrics, after.source.inlines, after.source.frames)
        var u = BatchUpdate()
        u.deleteSections = (updateJSON["delete_sections"] as? [NSNumber] ?? []).map(\.intValue)
        u.insertSections = (updateJSON["insert_sections"] as? [NSNumber] ?? []).map(\.intValue)
        u.moveSections = (updateJSON["move_sections"] as? [[NSNumber]] ?? []).map { Move($0[0].intValue, $0[1].intValue) }
        u.deleteItems = paths(updateJSON["delete_items"])
        u.insertItems = paths(updateJSON["insert_items"])
        u.reloadItems = paths(updateJSON["reload_items"])
        u.moveItems = (updateJSON["move_items"] as? [[[NSNumber]]] ?? []).map {
            Move(ItemPath($0[0][0].intValue, $0[0][1].intValue), ItemPath($0[1][0].intValue, $0[1][1].intValue))
        }
        let vp = (updateJSON["viewport"] as? [NSNumber])?.map(\.doubleValue)
        return (layout, u, vp.map { Rect(x: $0[0], y: $0[1], width: $0[2], height: $0[3]) })
    }

    private func describe(_ id: ElementID, _ layout: Layout) -> String {
        "\("\(id.category)"):\(layout.kindName(id.kind) ?? "?"):\(id.section):\(id.item)"
    }

    @Test(arguments: ["11-update-items", "12-update-sections"])
    func sharedVector(name: String) throws {
        let json = try load(name)
        let (layout, update, viewport) = try prepare(json)
        let result = try layout.performBatchUpdate(update, viewport: viewport)
        let expected = try #require(json["expected"] as? [String: Any])
        let size = (expected["content_size"] as? [NSNumber] ?? []).map(\.doubleValue)
        #expect(layout.contentSize == Size(width: size[0], height: size[1]))
        let vp = (expected["viewport"] as? [NSNumber] ?? []).map(\.doubleValue)
        #expect(close(result.viewport, Rect(x: vp[0], y: vp[1], width: vp[2], height: vp[3])))
        #expect(result.map.newSection == (expected["sections"] as? [Any] ?? []).map { ($0 as? NSNumber)?.intValue })
        let items = (expected["items"] as? [[Any]] ?? []).map { $0.map { ($0 as? [NSNumber]).map { ItemPath($0[0].intValue, $0[1].intValue) } } }
        #expect(items.indices.map { s in items[s].indices.map { result.map.newItem(ItemPath(s, $0)) } } == items)
        func ids(_ v: Any?) -> Set<String> { Set((v as? [[Any]] ?? []).map { $0.map { "\($0)" }.joined(separator: ":") }) }
        #expect(Set(result.inserted.map { describe($0.id, layout) }) == ids(expected["inserted"]))
        #expect(Set(result.deleted.map { describe($0.id, layout) }) == ids(expected["deleted"]))
        // Records, keyed by (category, kind, old, new).
        func key(_ category: String, _ kind: String, _ old: [Int]?, _ new: [Int]?) -> String {
            "\(category):\(kind):\(old.map { "\($0)" } ?? "-"):\(new.map { "\($0)" } ?? "-")"
        }
        var got: [String: ElementChange] = [:]
        for r in result.elements {
            let id = r.old ?? r.new!
            let k = key("\(id.category)", layout.kindName(id.kind) ?? "?",
                        r.old.map { [$0.section, $0.item] }, r.new.map { [$0.section, $0.item] })
            #expect(got.updateValue(r, forKey: k) == nil, "twice: \(k)")
        }
        let list = expected["elements"] as? [[String: Any]] ?? []
        #expect(list.count == got.count, "\(name): \(got.keys.sorted())")
        for e in list {
            let k = key(e["category"] as? String ?? "", e["kind"] as? String ?? "", (e["old"] as? [NSNumber])?.map(\.intValue),
                        (e["new"] as? [NSNumber])?.map(\.intValue))
            guard let r = got[k] else { Issue.record("\(name): missing \(k)"); continue }
            #expect(r.change.rawValue == e["change"] as? String, "\(k)")
            for (which, attributes) in [("from", r.from), ("to", r.to)] {
                let want = try #require(e[which] as? [String: Any])
                let f = (want["frame"] as? [NSNumber] ?? []).map(\.doubleValue)
                #expect(close(attributes.frame, Rect(x: f[0], y: f[1], width: f[2], height: f[3])), "\(k) \(which)")
                #expect(attributes.alpha == (want["alpha"] as? NSNumber)?.doubleValue, "\(k) \(which)")
                #expect(attributes.z == (want["z"] as? NSNumber)?.int32Value, "\(k) \(which)")
            }
        }
    }

    @Test func aRefusedUpdateNamesTheNumbersAndChangesNothing() throws {
        let json = try load("13-update-invalid")
        let (layout, update, viewport) = try prepare(json)
        let before = layout.elements(in: Rect(x: 0, y: 0, width: 320, height: 2000))
        #expect(throws: LayoutError(.invalidArgument, "invalid number of items in section 0: 3 after the update, 4 before, 1 inserted, 0 deleted, 0 moved in, 0 moved out")) {
            try layout.performBatchUpdate(update, viewport: viewport)
        }
        #expect(layout.elements(in: Rect(x: 0, y: 0, width: 320, height: 2000)) == before)
        #expect(layout.lastUpdate == nil)
    }
}

/// Random updates made by the diff of random id lists: the updated layout equals a fresh layout
/// of the new data; the records cover both viewports with the changes the update names.
@Suite struct RandomUpdateTests {
    @Test(arguments: 0..<150)
    func anUpdatedLayoutEqualsAFreshOne(seed: Int) throws {
        var rng = SeededGenerator(seed: UInt64(seed) &+ 99)
        var next: Int64 = 0
        func fresh() -> Int64 { next += 1; return next }
        // Each item id has a size; a changed version gives it a new size (a reload).
        var sizeOf: [Int64: Size] = [:]
        func size(_ id: Int64, _ version: Int64) -> Size {
            let key = id &* 31 &+ version
            if let s = sizeOf[key] { return s }
            let s = Size(width: Double(Int.random(in: 20...150, using: &rng)), height: Double(Int.random(in: 20...90, using: &rng)))
            sizeOf[key] = s
            return s
        }
        let oldSections = (0..<Int.random(in: 1...5, using: &rng)).map { _ in fresh() }
        let oldItems = oldSections.map { _ in (0..<Int.random(in: 0...15, using: &rng)).map { _ in fresh() } }
        var newSections = oldSections.filter { _ in Int.random(in: 0..<5, using: &rng) > 0 }
        if Bool.random(using: &rng) { newSections.insert(fresh(), at: Int.random(in: 0...newSections.count, using: &rng)) }
        if newSections.count > 1 && Bool.random(using: &rng) { newSections.swapAt(0, newSections.count - 1) }
        var newItems = newSections.map { id in oldSections.firstIndex(of: id).map { oldItems[$0] } ?? [] }
        for t in newItems.indices {
            newItems[t] = newItems[t].filter { _ in Int.random(in: 0..<6, using: &rng) > 0 }
            for _ in 0..<Int.random(in: 0...2, using: &rng) { newItems[t].insert(fresh(), at: Int.random(in: 0...newItems[t].count, using: &rng)) }
            if newItems[t].count > 2 && Bool.random(using: &rng) { newItems[t].swapAt(0, newItems[t].count - 1) }
        }
        if newItems.count > 1, let id = newItems[0].popLast() { newItems[1].append(id) }  // across sections
        let versions = newItems.map { $0.map { _ in Int64(Int.random(in: 0..<6, using: &rng) == 0 ? 1 : 0) } }
        // A changed section version reloads the section (or deletes and inserts it if it moves).
        let sectionVersions = newSections.map { _ in Int64(Int.random(in: 0..<4, using: &rng) == 0 ? 1 : 0) }

        var def = LayoutDefinition()
        def.direction = seed % 3 == 0 ? .horizontal : .vertical
        def.viewport = Rect(x: 0, y: Double(Int.random(in: 0...200, using: &rng)), width: 320, height: 300)
        if def.direction == .horizontal { def.viewport = Rect(x: def.viewport.y, y: 0, width: 300, height: 320) }
        def.pinHeaders = Bool.random(using: &rng)
        var m = SectionMetrics()
        m.header = 24
        m.insets = Insets(top: 5, left: 5, bottom: 5, right: 5)
        let source = ArraySource(sizes: oldItems.map { $0.map { size($0, 0) } }, metrics: oldItems.map { _ in m })
        let layout = try Layout(definition: def, dataSource: source)
        _ = try layout.addDecoration("card", DecorationDefinition(coverage: .items))
        _ = try layout.addDecoration("shadow", DecorationDefinition(scope: .item, insets: Insets(top: -2, left: -2, bottom: -2, right: -2)))
        let oldViewportIDs = Set(layout.elements(in: layout.viewport).map(\.id))
        let oldFrames = layout.elements(in: Rect(x: -1e5, y: -1e5, width: 1e6, height: 1e6))
        let oldSource = (source.sizes, source.metrics, source.inlines)

        let update = try diff(from: DiffSide(sections: oldSections, items: oldItems),
                              to: DiffSide(sections: newSections, items: newItems, versions: versions, sectionVersions: sectionVersions))
        source.sizes = newItems.indices.map { t in newItems[t].indices.map { size(newItems[t][$0], versions[t][$0]) } }
        source.metrics = newItems.map { _ in m }
        source.inlines = newItems.map { _ in [] }
        let result = try layout.performBatchUpdate(update)

        let fresh = try Layout(definition: def, dataSource: source)
        _ = try fresh.addDecoration("card", DecorationDefinition(coverage: .items))
        _ = try fresh.addDecoration("shadow", DecorationDefinition(scope: .item, insets: Insets(top: -2, left: -2, bottom: -2, right: -2)))
        try fresh.setViewport(result.viewport)
        #expect(fresh.contentSize == layout.contentSize, "seed \(seed)")
        let everything = Rect(x: -1e5, y: -1e5, width: 1e6, height: 1e6)
        #expect(fresh.elements(in: everything) == layout.elements(in: everything), "seed \(seed)")
        defer {
            // The inverse update (the diff back, the old data again) gives the old frames.
            let back = try? diff(from: DiffSide(sections: newSections, items: newItems, versions: versions, sectionVersions: sectionVersions),
                                 to: DiffSide(sections: oldSections, items: oldItems))
            (source.sizes, source.metrics, source.inlines) = oldSource
            // (Anchoring moves the viewport both ways; pinned headers follow it: compare at the old one.)
            #expect(back != nil && (try? layout.performBatchUpdate(back!, viewport: def.viewport)) != nil, "seed \(seed)")
            #expect(layout.elements(in: everything) == oldFrames, "seed \(seed): the inverse update")
        }
        // Records: every element of both viewports once; cells change as the update names them.
        let olds = Set(result.elements.compactMap(\.old)), news = Set(result.elements.compactMap(\.new))
        #expect(oldViewportIDs.isSubset(of: olds) && Set(layout.elements(in: result.viewport).map(\.id)).isSubset(of: news), "seed \(seed)")
        let moved = Set(update.moveItems.map(\.from)), movedSections = Set(update.moveSections.map(\.from))
        for r in result.elements where (r.old ?? r.new)?.category == .cell {
            let want: ElementChange.Change
            if let o = r.old, r.new != nil {
                let p = ItemPath(o.section, o.item)
                want = update.reloadItems.contains(p) ? .reloaded : moved.contains(p) || movedSections.contains(o.section) ? .moved : .kept
            } else {
                want = r.old == nil ? .inserted : .deleted
            }
            #expect(r.change == want, "seed \(seed): \(r)")
        }
        for r in result.elements where r.old?.category == .supplementary && r.new != nil {
            let s = r.old?.section ?? -1
            #expect(r.change == (update.reloadSections.contains(s) ? .reloaded : movedSections.contains(s) ? .moved : .kept), "seed \(seed): \(r)")
        }
        for r in result.elements {
            #expect(r.change == .inserted ? r.from.alpha == 0 && r.to.alpha == 1 : r.change == .deleted ? r.to.alpha == 0 : r.from.alpha == 1)
        }
    }
}
