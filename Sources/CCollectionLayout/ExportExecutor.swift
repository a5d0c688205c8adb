import CollectionLayout
import CollectionLayoutABI

// The header's "Executor": the host's parallel_for, handed to a layout or a diff.

@c @implementation
public func cl_executor_default() -> cl_executor {
    var e = cl_executor()
    e.struct_size = UInt32(MemoryLayout<cl_executor>.size)
    e.concurrency = 1
    return e
}

extension cl_executor: SizedInput {
    static var cName: String { "cl_executor" }
    static var earlierSizes: [Int] { [] }  // new in 0.4
    static var defaults: cl_executor { cl_executor_default() }
    static var advice: String { "start from cl_executor_default()" }
}

/// The engine's executor over a C one: each parallel_for gets the library's task function and,
/// as its context, the address of the pass's task closure (alive until parallel_for returns).
func executor(_ pointer: UnsafePointer<cl_executor>, _ name: String) throws(LayoutError) -> Executor {
    let c = try readSized(UnsafeRawPointer(pointer), as: cl_executor.self)
    guard let parallelFor = c.parallel_for else { throw LayoutError(.invalidArgument, "\(name).parallel_for is NULL") }
    guard c.concurrency >= 1 else { throw LayoutError(.invalidArgument, "\(name).concurrency is \(c.concurrency); it must be at least 1") }
    let known = UInt32(CL_EXECUTOR_CONCURRENT_DATA_SOURCE)
    guard c.flags & ~known == 0 else {
        throw LayoutError(.invalidArgument, "\(name).flags has unknown bits 0x\(String(c.flags & ~known, radix: 16))")
    }
    guard c.reserved == 0 else { throw LayoutError(.invalidArgument, "\(name).reserved must be zero") }
    guard c.min_items >= 0 else { throw LayoutError(.invalidArgument, "\(name).min_items is \(c.min_items); it must be >= 0") }
    let context = c.context
    var executor = Executor(concurrency: Int(c.concurrency), concurrentDataSource: c.flags & known != 0) { count, task in
        withoutActuallyEscaping(task) { task in
            var closure = task
            withUnsafeMutablePointer(to: &closure) { closure in
                parallelFor(context, Int64(count), { taskContext, index in
                    // (Index checks are the engine's: Executor.run.)
                    guard let taskContext else { return }
                    taskContext.assumingMemoryBound(to: ((Int) -> Void).self).pointee(Int(truncatingIfNeeded: index))
                }, UnsafeMutableRawPointer(closure))
            }
        }
    }
    if c.min_items > 0 { executor.minimumParallelCost = Int(truncatingIfNeeded: c.min_items) }
    return executor
}

@c @implementation
public func cl_layout_set_executor(_ layout: OpaquePointer?, _ executor: UnsafePointer<cl_executor>?) -> cl_status {
    withHandle(layout) { h throws(LayoutError) in
        guard let executor else {
            h.layout.executor = nil
            return
        }
        h.layout.executor = try CCollectionLayout.executor(executor, "executor")
    }
}
