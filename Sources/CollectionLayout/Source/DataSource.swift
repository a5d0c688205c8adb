/// What the layout asks of the host. Every method may throw; a throw aborts the pass and the layout
/// keeps its last good state. Values are validated by the engine after each call.
public protocol LayoutDataSource: AnyObject {
    func numberOfSections() throws -> Int
    func numberOfItems(inSection section: Int) throws -> Int
    /// Every section's item count at once, for a source that gives them in one loop (arrays, the
    /// C source's callbacks); nil: ask `numberOfItems` section by section.
    func itemCounts(sections: Int) throws -> [Int]?
    /// Writes the sizes of `items` into `sizes` (sizes.count == items.count), in batches. Returns
    /// false when the source has no per-item sizes: every item then takes the definition's size.
    func sizes(inSection section: Int, items: Range<Int>, into sizes: UnsafeMutableBufferPointer<Size>) throws -> Bool
    /// The sizes of every item of consecutive `sections`, section after section, into `sizes`
    /// (`counts(s)`: section s's item count; sizes.count is their total): a million sections of
    /// one item in one call. Returns false when the source has no per-item sizes. The default
    /// asks `sizes(inSection:…)` section by section.
    func sizes(ofSections sections: Range<Int>, counts: (Int) -> Int, into sizes: UnsafeMutableBufferPointer<Size>) throws -> Bool
    /// The section's metrics, starting from the layout's defaults.
    func metrics(forSection section: Int, defaults: SectionMetrics) throws -> SectionMetrics
    /// Whether `metrics` may differ from the defaults; false: the engine gives every section the
    /// defaults without asking (a million sections, a million calls fewer).
    var givesSectionMetrics: Bool { get }
    /// Whether `inlineElements` may give any; false: the engine does not ask.
    var givesInlineElements: Bool { get }
    func inlineElements(inSection section: Int) throws -> [InlineElement]
    /// The same, for a source that learns the count before it copies: a count above `limit` must
    /// throw `LayoutError(.limit, …)` before anything in proportion to it is allocated.
    func inlineElements(inSection section: Int, atMost limit: Int) throws -> [InlineElement]
    /// Whether `spans` may give any; false: the engine does not ask.
    var givesSpans: Bool { get }
    /// Grid and waterfall sections (SPEC §16): writes the spans of `items` into `spans`
    /// (spans.count == items.count), asked together with their sizes. Returns false when the
    /// source gives none for them: every item then spans 1.
    func spans(inSection section: Int, items: Range<Int>, into spans: UnsafeMutableBufferPointer<ItemSpan>) throws -> Bool
    /// Whether `badges` may give any; false: the engine does not ask.
    var givesBadges: Bool { get }
    /// The badges the cells `items` of a section carry (SPEC §17.1), asked with their sizes once
    /// badge kinds are registered: at most one of each kind per item, in any order.
    func badges(inSection section: Int, items: Range<Int>) throws -> [ItemBadge]
    /// Custom sections (SPEC §5): writes the frames of `items` (frames.count == items.count),
    /// body-relative along the scroll axis, for a line axis `lineExtent` long.
    func customFrames(inSection section: Int, items: Range<Int>, lineExtent: Double, into frames: UnsafeMutableBufferPointer<Rect>) throws
}

public extension LayoutDataSource {
    func numberOfSections() throws -> Int { 1 }
    func itemCounts(sections: Int) throws -> [Int]? { nil }
    func sizes(inSection section: Int, items: Range<Int>, into sizes: UnsafeMutableBufferPointer<Size>) throws -> Bool { false }
    func sizes(ofSections sections: Range<Int>, counts: (Int) -> Int, into sizes: UnsafeMutableBufferPointer<Size>) throws -> Bool {
        try sizesSectionBySection(ofSections: sections, counts: counts, into: sizes)
    }

    /// What `sizes(ofSections:…)` does by default: `sizes(inSection:…)` asked for each section
    /// in turn (for a source that answers some batches itself and leaves the others to this).
    func sizesSectionBySection(ofSections sections: Range<Int>, counts: (Int) -> Int,
                               into sizes: UnsafeMutableBufferPointer<Size>) throws -> Bool {
        var at = 0
        for s in sections {
            let n = counts(s)
            do {
                guard try self.sizes(inSection: s, items: 0..<n, into: UnsafeMutableBufferPointer(rebasing: sizes[at..<(at + n)])) else { return false }
            } catch let error as LayoutError {
                throw error
            } catch {
                throw LayoutError(.callbackFailed, "asking the sizes of section \(s), items 0..<\(n) failed: \(error)", about: .itemSizes)
            }
            at += n
        }
        return true
    }
    func metrics(forSection section: Int, defaults: SectionMetrics) throws -> SectionMetrics { defaults }
    var givesSectionMetrics: Bool { true }
    var givesInlineElements: Bool { true }
    func inlineElements(inSection section: Int) throws -> [InlineElement] { [] }
    var givesSpans: Bool { true }
    func spans(inSection section: Int, items: Range<Int>, into spans: UnsafeMutableBufferPointer<ItemSpan>) throws -> Bool { false }
    func inlineElements(inSection section: Int, atMost limit: Int) throws -> [InlineElement] { try inlineElements(inSection: section) }
    var givesBadges: Bool { true }
    func badges(inSection section: Int, items: Range<Int>) throws -> [ItemBadge] { [] }
    func customFrames(inSection section: Int, items: Range<Int>, lineExtent: Double, into frames: UnsafeMutableBufferPointer<Rect>) throws {
        throw LayoutError(.badCallbackData, "section \(section) is custom but the data source gives no custom frames")
    }
}
