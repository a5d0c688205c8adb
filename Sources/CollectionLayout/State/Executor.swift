/// The host's "parallel for" (`cl_executor`): a layout given one hands it independent pieces of
/// a pass (a full layout's sections, split by cost) and the host runs them on its own threads;
/// the library never starts a thread. The answers are the serial ones, bit for bit: each task
/// writes only its own slots, and what depends on the order (the sections' starts) is summed on
/// the calling thread afterwards.
///
/// Small work stays on the calling thread (`minimumParallelCost`): a hand-off costs a few
/// microseconds on every host, which a pass of a few thousand items does not win back.
public struct Executor: @unchecked Sendable {
    /// Runs `task(i)` for every i in 0..<count, in any order, on any threads, and returns when
    /// all have returned.
    public typealias ParallelFor = (_ count: Int, _ task: (Int) -> Void) -> Void

    /// How many tasks the host runs at once (at least 1): the pass is cut into a few times as
    /// many pieces, so that a slow thread does not hold the others up.
    public let concurrency: Int
    /// The host's data-source callbacks may be called from several threads at once. This
    /// version reads the data source serially on the calling thread in every case (which is
    /// always allowed) and parallelises the layout work; the flag is kept for the reads that
    /// will use it.
    public let concurrentDataSource: Bool
    var parallelFor: ParallelFor
    /// A pass whose cost (items, inline elements and sections) is below this stays on the
    /// calling thread (`cl_executor.min_items`; tests lower it to send small scenes through the
    /// executor).
    public var minimumParallelCost = 32_768

    public init(concurrency: Int, concurrentDataSource: Bool = false, parallelFor: @escaping ParallelFor) {
        self.concurrency = Swift.max(1, concurrency)
        self.concurrentDataSource = concurrentDataSource
        self.parallelFor = parallelFor
    }

    /// Whether a pass of this `cost` goes to the host's threads.
    func takes(cost: Int) -> Bool { cost >= minimumParallelCost }

    /// How many pieces a pass of `cost` is cut into: a few per thread, none smaller than a
    /// sixteenth of the threshold.
    func pieces(cost: Int) -> Int {
        Swift.max(1, Swift.min(4 * concurrency, cost / Swift.max(1, minimumParallelCost / 16)))
    }

    /// Runs `task` for 0..<count through the host, checking that every task ran exactly once: a
    /// task that the host never runs, runs twice or is given an index out of range is a host bug,
    /// reported as `.callbackFailed` (the caller then keeps its last good state). A task that
    /// runs again does not run its body again (its slots are written once).
    func run(_ count: Int, _ what: String, _ task: (Int) -> Void) throws(LayoutError) {
        guard count > 0 else { return }
        let runs = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: count)
        runs.initialize(repeating: 0)
        defer { runs.deallocate() }
        // Written by a task only for an index out of range (a host bug): a race there is the host's.
        let strays = UnsafeMutablePointer<Int>.allocate(capacity: 1)
        strays.initialize(to: 0)
        defer { strays.deallocate() }
        parallelFor(count) { i in
            guard i >= 0 && i < count else {
                strays.pointee &+= 1
                return
            }
            let n = runs[i]
            runs[i] = n &+ 1 == 0 ? 255 : n &+ 1
            if n == 0 { task(i) }
        }
        if strays.pointee > 0 {
            throw LayoutError(.callbackFailed, "executor: parallel_for ran \(counted(strays.pointee, "task")) with an index outside 0..<\(count) (\(what))")
        }
        if let i = runs.firstIndex(where: { $0 != 1 }) {
            let times = runs[i] == 0 ? "never ran" : runs[i] == 255 ? "ran 255 times or more" : "ran \(runs[i]) times"
            throw LayoutError(.callbackFailed, "executor: task \(i) of \(count) \(times) (\(what)); each must run exactly once before parallel_for returns")
        }
    }
}
