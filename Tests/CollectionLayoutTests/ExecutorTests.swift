@testable import CollectionLayout
import Dispatch
import Testing

/// Executors as hosts write them: in order on this thread, in a random order on this thread, on
/// several threads (Dispatch), and broken ones (a task skipped, a task run twice).
final class Shuffler: @unchecked Sendable {
    var rng: SeededGenerator
    init(_ seed: UInt64) { rng = SeededGenerator(seed: seed) }
}

enum ExecutorKind: CaseIterable { case inOrder, randomOrder, threads, threadsRandomOrder }

func testExecutor(_ kind: ExecutorKind, seed: UInt64) -> Executor {
    var executor: Executor
    switch kind {
    case .inOrder:
        executor = Executor(concurrency: 3) { count, task in for i in 0..<count { task(i) } }
    case .randomOrder:
        let shuffler = Shuffler(seed)
        executor = Executor(concurrency: 4) { count, task in
            for i in (0..<count).shuffled(using: &shuffler.rng) { task(i) }
        }
    case .threads:
        executor = Executor(concurrency: 4) { count, task in
            withoutActuallyEscaping(task) { task in
                let box = TaskBox(task)
                DispatchQueue.concurrentPerform(iterations: count) { box.task($0) }
            }
        }
    case .threadsRandomOrder:
        let shuffler = Shuffler(seed)
        executor = Executor(concurrency: 2) { count, task in
            let order = (0..<count).shuffled(using: &shuffler.rng)
            withoutActuallyEscaping(task) { task in
                let box = TaskBox(task)
                DispatchQueue.concurrentPerform(iterations: count) { box.task(order[$0]) }
            }
        }
    }
    executor.minimumParallelCost = 1  // every pass through the executor, however small
    return executor
}

private struct TaskBox: @unchecked Sendable {
    let task: (Int) -> Void
    init(_ task: @escaping (Int) -> Void) { self.task = task }
}

/// A random scene of many sections: every style, runs of small flow sections, inline elements,
/// estimated sections, spans, decorations, pinning.
private func randomSource(_ rng: inout SeededGenerator) -> (LayoutDefinition, ArraySource) {
    var def = LayoutDefinition()
    def.direction = Bool.random(using: &rng) ? .vertical : .horizontal
    def.viewport = Rect(x: 0, y: 0, width: Double.random(in: 80...400, using: &rng), height: Double.random(in: 80...400, using: &rng))
    def.pinHeaders = Bool.random(using: &rng)
    def.kinds = ["separator"]
    let sectionCount = Int.random(in: 1...60, using: &rng)
    var sizes: [[Size]] = [], metrics: [SectionMetrics?] = [], inlines: [[InlineElement]] = []
    var frames: [Int: [Rect]] = [:], spans: [Int: [ItemSpan]] = [:]
    let small = SectionMetrics.randomFlow(&rng)
    for s in 0..<sectionCount {
        let runOfSmall = Int.random(in: 0..<3, using: &rng) == 0
        let n = runOfSmall ? Int.random(in: 0...16, using: &rng) : Int.random(in: 0...[5, 60, 300].randomElement(using: &rng)!, using: &rng)
        sizes.append((0..<n).map { _ in
            Size(width: Double(Int.random(in: 0...480, using: &rng)) / 4, height: Double(Int.random(in: 0...360, using: &rng)) / 4)
        })
        if runOfSmall {
            metrics.append(small)
            inlines.append([])
            continue
        }
        var m = SectionMetrics.randomFlow(&rng)
        m.header = [0, 30, 44].randomElement(using: &rng)!
        m.footer = [0, 20].randomElement(using: &rng)!
        m.style = [.flow, .flow, .orthogonal, .grid, .waterfall, .custom].randomElement(using: &rng)!
        m.rows = Int.random(in: 1...3, using: &rng)
        m.columns = Int.random(in: 1...4, using: &rng)
        if m.style == .flow && Int.random(in: 0..<4, using: &rng) == 0 { m.estimatedItemSize = Size(width: 50, height: 40) }
        if m.style == .custom {
            frames[s] = sizes[s].map { size in
                let line = Double.random(in: -20...300, using: &rng), scroll = Double.random(in: 0...400, using: &rng)
                return def.direction == .vertical ? Rect(x: line, y: scroll, width: size.width, height: size.height)
                                                  : Rect(x: scroll, y: line, width: size.width, height: size.height)
            }
        }
        if (m.style == .grid || m.style == .waterfall) && Bool.random(using: &rng) {
            spans[s] = (0..<n).map { _ in [ItemSpan.columns(Int.random(in: 1...3, using: &rng)), .full, .remaining, .one].randomElement(using: &rng)! }
        }
        metrics.append(m)
        var list: [InlineElement] = []
        if [.flow, .grid, .waterfall].contains(m.style) && m.estimatedItemSize == nil && Bool.random(using: &rng) {
            for before in Set((0..<Int.random(in: 0...4, using: &rng)).map { _ in Int.random(in: 0...n, using: &rng) }) {
                list.append(InlineElement(kind: CollectionLayout.Kind.user(0), before: before, extent: Double(Int.random(in: 0...8, using: &rng))))
            }
        }
        inlines.append(list)
    }
    let source = ArraySource(sizes: sizes, metrics: metrics, inlines: inlines)
    source.frames = frames
    source.spans = spans
    return (def, source)
}

/// Every frame of both layouts (by rect query and by identity), and their content sizes, equal
/// bit for bit.
private func expectIdentical(_ a: Layout, _ b: Layout, _ context: String) {
    #expect(a.contentSize == b.contentSize, "\(context): content size")
    let everything = Rect(x: -1e6, y: -1e6, width: 1e7, height: 1e7)
    let x = a.elements(in: everything), y = b.elements(in: everything)
    #expect(x == y, "\(context): \(x.count) and \(y.count) elements")
    let kinds = [CollectionLayout.Kind.user(0)]
    #expect(allElementsByIdentity(a, kinds: kinds, decorations: []) == allElementsByIdentity(b, kinds: kinds, decorations: []), "\(context): by identity")
    #expect(a.brokenStorageInvariant() == nil, "\(context): \(a.brokenStorageInvariant() ?? "")")
}

@Suite struct ExecutorTests {
    /// With and without an executor, over random scenes and changes (a full invalidation, a new
    /// width, resized items, a batch update), every answer is the same.
    @Test(arguments: 0..<120)
    func answersAreTheSerialOnes(seed: Int) throws {
        var rng = SeededGenerator(seed: UInt64(seed) &* 7919)
        let (def, source) = randomSource(&rng)
        let kind = ExecutorKind.allCases[seed % ExecutorKind.allCases.count]
        let serial = try Layout(definition: def, dataSource: source)
        let parallel = try Layout(definition: def, dataSource: source)
        parallel.executor = testExecutor(kind, seed: UInt64(seed))
        try parallel.invalidateAll()
        for layout in [serial, parallel] {
            _ = try layout.addDecoration("background", DecorationDefinition(scope: .section, coverage: .body, insets: Insets(top: -2, left: 2, bottom: -2, right: 2), z: -1))
        }
        expectIdentical(serial, parallel, "seed \(seed) \(kind): full layout")

        // A new line-axis extent lays everything out again.
        var viewport = def.viewport
        viewport.width += Double(Int.random(in: -40...60, using: &rng))
        viewport.height += Double(Int.random(in: -40...60, using: &rng))
        for layout in [serial, parallel] { try layout.setViewport(viewport) }
        expectIdentical(serial, parallel, "seed \(seed) \(kind): new viewport")

        // Resized items, then everything read again.
        var changed: [(section: Int, item: Int)] = []
        for s in source.sizes.indices where !source.sizes[s].isEmpty && source.frames[s] == nil && Bool.random(using: &rng) {
            let i = Int.random(in: 0..<source.sizes[s].count, using: &rng)
            source.sizes[s][i] = Size(width: Double(Int.random(in: 0...120, using: &rng)), height: Double(Int.random(in: 0...90, using: &rng)))
            changed.append((s, i))
        }
        for layout in [serial, parallel] { try layout.invalidateItems(changed) }
        expectIdentical(serial, parallel, "seed \(seed) \(kind): resized items")
        for layout in [serial, parallel] { try layout.invalidateAll() }
        expectIdentical(serial, parallel, "seed \(seed) \(kind): invalidate all")

        // A batch update: a section deleted, one item inserted in another.
        if source.sizes.count > 2 {
            let deleted = Int.random(in: 0..<source.sizes.count, using: &rng)
            source.sizes.remove(at: deleted)
            source.metrics.remove(at: deleted)
            source.inlines.remove(at: deleted)
            source.frames = Dictionary(uniqueKeysWithValues: source.frames.compactMap { $0.key == deleted ? nil : ($0.key > deleted ? $0.key - 1 : $0.key, $0.value) })
            source.spans = Dictionary(uniqueKeysWithValues: source.spans.compactMap { $0.key == deleted ? nil : ($0.key > deleted ? $0.key - 1 : $0.key, $0.value) })
            var update = BatchUpdate()
            update.deleteSections = [deleted]
            for layout in [serial, parallel] { _ = try layout.performBatchUpdate(update) }
            expectIdentical(serial, parallel, "seed \(seed) \(kind): batch update")
            for layout in [serial, parallel] { try layout.invalidateAll() }
            expectIdentical(serial, parallel, "seed \(seed) \(kind): invalidate all after the update")
        }
        // Taken off again: serial, the same answers.
        parallel.executor = nil
        try parallel.invalidateAll()
        expectIdentical(serial, parallel, "seed \(seed) \(kind): executor removed")
    }

    /// A task the host never runs, or runs twice, is an error (`.callbackFailed`), and the layout
    /// keeps its last good state.
    @Test(arguments: [0, 1, 2])
    func aBrokenExecutorIsAnErrorAndKeepsTheLayout(mistake: Int) throws {
        var rng = SeededGenerator(seed: 99)
        let (def, source) = randomSource(&rng)
        let serial = try Layout(definition: def, dataSource: source)
        let layout = try Layout(definition: def, dataSource: source)
        var broken = Executor(concurrency: 2) { count, task in
            for i in 0..<count {
                switch mistake {
                case 0 where i == count - 1: continue  // skipped
                case 1 where i == 0: task(i); task(i)  // twice
                case 2 where i == 0: task(count)  // out of range, and the right one never
                default: task(i)
                }
            }
        }
        broken.minimumParallelCost = 1
        layout.executor = broken
        #expect(throws: LayoutError.self) { try layout.invalidateAll() }
        do { try layout.invalidateAll() } catch { #expect(error.code == .callbackFailed && error.message.contains("executor"), "\(error)") }
        expectIdentical(serial, layout, "mistake \(mistake): after invalidate")
        var viewport = def.viewport
        viewport.width += 30
        viewport.height += 30
        #expect(throws: LayoutError.self) { try layout.setViewport(viewport) }
        expectIdentical(serial, layout, "mistake \(mistake): after a new width")
        layout.executor = nil
        try layout.setViewport(viewport)
        try serial.setViewport(viewport)
        expectIdentical(serial, layout, "mistake \(mistake): serial again")
    }

    /// Small work stays on the calling thread: below the threshold the executor is never called.
    @Test func smallWorkStaysOnTheCallingThread() throws {
        var rng = SeededGenerator(seed: 5)
        let (def, source) = randomSource(&rng)
        let calls = Shuffler(0)
        let layout = try Layout(definition: def, dataSource: source)
        layout.executor = Executor(concurrency: 8) { count, task in
            calls.rng.state += 1
            for i in 0..<count { task(i) }
        }
        try layout.invalidateAll()
        #expect(calls.rng.state == 0)
        var eager = layout.executor!
        eager.minimumParallelCost = 1
        layout.executor = eager
        try layout.invalidateAll()
        #expect(calls.rng.state == 1)
    }
}
