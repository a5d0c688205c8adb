import CollectionLayout
import Testing

private struct Boom: Error {}

/// Each bad input gets its error code and message, and the last good layout stays (SPEC §11).
@Suite struct BadInputTests {
    private func make() throws -> (Layout, ArraySource) {
        var def = LayoutDefinition()
        def.viewport = Rect(x: 0, y: 0, width: 320, height: 480)
        def.kinds = ["separator"]
        let source = ArraySource(sizes: [Array(repeating: Size(width: 90, height: 90), count: 10), [Size(width: 50, height: 50)]])
        return (try Layout(definition: def, dataSource: source), source)
    }

    private func expectUnchanged(_ layout: Layout, _ before: [Attributes], _ size: Size) {
        #expect(layout.elements(in: Rect(x: 0, y: 0, width: 320, height: 1e5)) == before)
        #expect(layout.contentSize == size)
    }

    private func expectFailure(_ code: LayoutError.Code, _ change: (Layout, ArraySource) throws -> Void) throws {
        let (layout, source) = try make()
        let before = layout.elements(in: Rect(x: 0, y: 0, width: 320, height: 1e5))
        let size = layout.contentSize
        do {
            try change(layout, source)
            Issue.record("expected \(code)")
        } catch let error as LayoutError {
            #expect(error.code == code, "\(error)")
            #expect(!error.message.isEmpty)
        }
        expectUnchanged(layout, before, size)
    }

    /// A width change whose layout would not be finite (two items of 1e308 that no longer share
    /// a line) is refused: the layout, its viewport and its frames stay as they were.
    @Test func widthChangeToALayoutThatIsNotFiniteKeepsTheLastOne() throws {
        var def = LayoutDefinition()
        def.viewport = Rect(x: 0, y: 0, width: 300, height: 480)
        let layout = try Layout(definition: def, dataSource: ArraySource(sizes: [Array(repeating: Size(width: 100, height: 1e308), count: 2)]))
        let before = layout.elements(in: Rect(x: 0, y: 0, width: 300, height: 1e308)), size = layout.contentSize
        #expect(throws: LayoutError.self) { try layout.setViewport(Rect(x: 0, y: 0, width: 150, height: 480)) }
        #expect(layout.viewport == def.viewport)
        #expect(layout.contentSize == size)
        #expect(layout.elements(in: Rect(x: 0, y: 0, width: 300, height: 1e308)) == before)
    }

    /// A missing element's message says why it is missing, with counts in the right number.
    @Test func missingElementsSayWhy() throws {
        let (layout, _) = try make()
        func message(_ id: ElementID) -> String {
            do { _ = try layout.attributes(for: id); return "" } catch { return error.message }
        }
        #expect(message(.header(0)) == "supplementary \"header\" (0, 0) does not exist (section 0 has no header: its extent is 0)")
        #expect(message(.cell(1, 1)) == "cell (1, 1) does not exist (section 1 has 1 item)")
        #expect(message(.cell(0, 10)) == "cell (0, 10) does not exist (section 0 has 10 items)")
        #expect(message(.cell(2, 0)) == "cell (2, 0): section 2 does not exist (2 sections)")
    }

    @Test func negativeAndNaNSizes() throws {
        for bad in [Size(width: -1, height: 10), Size(width: .nan, height: 10), Size(width: 10, height: .infinity)] {
            try expectFailure(.badCallbackData) { layout, source in
                source.sizes[0][3] = bad
                try layout.invalidateItems([(0, 3)])
            }
            try expectFailure(.badCallbackData) { layout, source in
                source.sizes[1][0] = bad
                try layout.invalidateAll()
            }
        }
    }

    /// Sections alike are asked their sizes in one call: a bad size is still named by its
    /// section and item.
    @Test func aBadSizeAmongManySectionsIsNamed() throws {
        var sizes = Array(repeating: [Size(width: 30, height: 30), Size(width: 40, height: 40), Size(width: 50, height: 50)], count: 12)
        sizes[7][2] = Size(width: .nan, height: 5)
        var def = LayoutDefinition()
        def.viewport = Rect(x: 0, y: 0, width: 320, height: 480)
        #expect {
            _ = try Layout(definition: def, dataSource: ArraySource(sizes: sizes))
        } throws: { error in
            (error as? LayoutError)?.code == .badCallbackData && (error as? LayoutError)?.message.contains("item (7, 2)") == true
        }
    }

    @Test func badMetrics() throws {
        for value in [-1.0, .nan, .infinity] {
            try expectFailure(.badCallbackData) { layout, source in
                var m = SectionMetrics()
                m.lineSpacing = value
                source.metrics[0] = m
                try layout.invalidateSections([0])
            }
            try expectFailure(.badCallbackData) { layout, source in
                var m = SectionMetrics()
                m.insets.left = value
                source.metrics[1] = m
                try layout.invalidateAll()
            }
            var def = LayoutDefinition()
            def.sectionDefaults.interitemSpacing = value
            #expect(throws: LayoutError.self) { try Layout(definition: def, dataSource: ArraySource(sizes: [[]])) }
        }
        try expectFailure(.invalidArgument) { layout, _ in try layout.setViewport(Rect(x: 0, y: .nan, width: 10, height: 10)) }
        try expectFailure(.invalidArgument) { layout, _ in try layout.setViewport(Rect(x: 0, y: 0, width: -10, height: 10)) }
    }

    @Test func outOfRangeAndUnknownKinds() throws {
        try expectFailure(.outOfRange) { layout, _ in try layout.invalidateItems([(0, 10)]) }
        try expectFailure(.outOfRange) { layout, _ in try layout.invalidateItems([(2, 0)]) }
        try expectFailure(.outOfRange) { layout, _ in _ = try layout.attributes(for: .cell(0, -1)) }
        try expectFailure(.outOfRange) { layout, _ in _ = try layout.attributes(for: .header(0)) }
        try expectFailure(.outOfRange) { layout, _ in _ = try layout.attributes(for: .cell(5, 0)) }
        try expectFailure(.unknownKind) { layout, _ in _ = try layout.attributes(for: ElementID(.supplementary, Kind(rawValue: 99), section: 0, item: 0)) }
        try expectFailure(.unknownKind) { layout, _ in _ = try layout.attributes(for: ElementID(.decoration, Kind.user(0), section: 0, item: 0)) }
        try expectFailure(.unknownKind) { layout, source in
            source.inlines[0] = [InlineElement(kind: Kind(rawValue: 42), before: 0, extent: 1)]
            try layout.invalidateSections([0])
        }
        try expectFailure(.badCallbackData) { layout, source in
            source.inlines[0] = [InlineElement(kind: Kind.user(0), before: 11, extent: 1)]
            try layout.invalidateSections([0])
        }
        try expectFailure(.badCallbackData) { layout, source in
            // Two of one kind at one place would share an identity.
            let separator = Kind.user(0)
            source.inlines[0] = [InlineElement(kind: separator, before: 4, extent: 1), InlineElement(kind: separator, before: 2, extent: 1),
                                 InlineElement(kind: separator, before: 4, extent: 2)]
            try layout.invalidateSections([0])
        }
        try expectFailure(.badCallbackData) { layout, source in
            source.inlines[0] = [InlineElement(kind: Kind.user(0), before: 1, extent: .nan)]
            try layout.invalidateSections([0])
        }
        try expectFailure(.invalidArgument) { layout, _ in _ = try layout.registerKind("") }
    }

    /// A place an update names twice (found by sorting the update's places) is refused with
    /// the place in the message, whichever operations name it; the layout stays.
    @Test func placesNamedTwice() throws {
        var twice = BatchUpdate()
        twice.deleteItems = [ItemPath(0, 7), ItemPath(1, 0), ItemPath(0, 7)]
        var deletedAndReloaded = BatchUpdate()
        (deletedAndReloaded.deleteItems, deletedAndReloaded.reloadItems) = ([ItemPath(0, 3)], [ItemPath(0, 3)])
        var movedAndDeleted = BatchUpdate()
        (movedAndDeleted.moveItems, movedAndDeleted.deleteItems) = ([Move(ItemPath(0, 2), ItemPath(0, 5))], [ItemPath(0, 2)])
        var insertedTwice = BatchUpdate()
        insertedTwice.insertItems = [ItemPath(0, 4), ItemPath(0, 1), ItemPath(0, 4)]
        var insertedAndMovedTo = BatchUpdate()
        (insertedAndMovedTo.insertItems, insertedAndMovedTo.moveItems) = ([ItemPath(0, 6)], [Move(ItemPath(1, 0), ItemPath(0, 6))])
        for (update, place) in [(twice, "(0, 7)"), (deletedAndReloaded, "(0, 3)"), (movedAndDeleted, "(0, 2)"),
                                (insertedTwice, "(0, 4)"), (insertedAndMovedTo, "(0, 6)")] {
            try expectFailure(.invalidArgument) { layout, _ in
                do {
                    try layout.performBatchUpdate(update)
                } catch let error as LayoutError {
                    #expect(error.message.contains("twice") && error.message.contains(place), "\(error.message)")
                    throw error
                }
            }
        }
    }

    @Test func failingAndReenteringCallbacks() throws {
        try expectFailure(.callbackFailed) { layout, source in
            source.onCall = { throw Boom() }
            try layout.invalidateAll()
        }
        try expectFailure(.reentrant) { layout, source in
            source.onCall = { try layout.invalidateAll() }
            try layout.invalidateAll()
        }
        try expectFailure(.badCallbackData) { layout, source in
            source.sizes.append(contentsOf: [])
            source.onCall = nil
            final class Negative: LayoutDataSource {
                func numberOfItems(inSection section: Int) throws -> Int { -3 }
            }
            _ = try Layout(definition: layout.definition, dataSource: Negative())
        }
    }
}
