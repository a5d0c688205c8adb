import CollectionLayout
import Glibc

/// The live objects of one handle type (layouts, transitions, diffs) and the C handles that name
/// them. A handle is an opaque token, never an address: C only stores it and passes it back.
///
/// The table is an array of slots, each holding an object (or none) and a generation. A token
/// encodes (tag, generation, slot index), 64 bits from the top:
///
///     | tag: 8 | generation: 32 | slot index: 24 |
///
/// - The tag is the table's own nonzero byte, so a token is never NULL, a handle of one type
///   passed as another is refused, and no user-space address (its top byte is zero on x86-64
///   and on AArch64 without memory tagging) is ever taken for a handle.
/// - Destroy empties the slot, bumps its generation and puts it on a free list (the last freed
///   slot is reused first). The stale token keeps the old generation, so it is refused, also
///   after its slot holds another object.
/// - A slot whose generation reaches 2^32 - 1 is retired when that object is destroyed (never
///   reused), so a generation never wraps: a stale token is refused for the life of the process.
///   The cost is one empty slot (16 bytes) per 2^32 creates that reused one slot.
/// - At most 2^24 objects of one type are alive at once; a create beyond is CL_ERROR_LIMIT.
///
/// Lookup is O(1): decode, compare the tag, index the array, compare the generation, all under
/// the mutex; no hashing, no allocation. It returns a strong reference: the object lives until
/// the call that looked it up has returned, even if another thread destroys the handle meanwhile
/// (the header forbids that, as any use of one handle from two threads at once; the promise is
/// only that such a destroy does not free the object under the running call, not that the call
/// and the destroy are otherwise ordered).
///
/// The mutex is a pthread mutex, not `Synchronization.Mutex`: the latter's contended path hands
/// the lock over inside the kernel (a priority-inheritance futex), which ThreadSanitizer cannot
/// see, so `make tsan` reported every create racing with a destroy on another thread.
final class HandleTable<Object: AnyObject>: @unchecked Sendable {
    private struct Slot {
        var object: Object?
        var generation: UInt32 = 0
        /// The next free slot's index, or `none` (only meaningful while the slot is free).
        var nextFree: UInt32 = HandleTable.none
    }

    static var indexBits: Int { 24 }
    static var generationBits: Int { 32 }
    /// At most this many objects of one type alive at once.
    static var capacity: Int { 1 << indexBits }
    private static var none: UInt32 { UInt32.max }

    private let tag: UInt
    private let lock: UnsafeMutablePointer<pthread_mutex_t> = {
        let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        lock.initialize(to: pthread_mutex_t())
        pthread_mutex_init(lock, nil)
        return lock
    }()
    private var slots: [Slot] = []
    private var firstFree: UInt32 = HandleTable.none

    /// `tag`: this table's nonzero byte, different from every other table's.
    init(tag: UInt8) {
        // (The tags are this file's constants: a check of the build, not of anything a caller passes.)
        precondition(tag != 0 && UInt.bitWidth == 64, "a handle tag is a nonzero byte of a 64-bit token")
        self.tag = UInt(tag)
    }

    /// Stores `object` in a free slot and returns its token, or nil if `capacity` objects are alive.
    func insert(_ object: Object) -> OpaquePointer? {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        let index: Int
        if firstFree != Self.none {
            index = Int(firstFree)
            firstFree = slots[index].nextFree
            slots[index].object = object
        } else {
            guard slots.count < Self.capacity else { return nil }
            index = slots.count
            slots.append(Slot(object: object))
        }
        return token(index, slots[index].generation)
    }

    /// `insert`, or CL_ERROR_LIMIT when the table is full (`what`: "layout", "transition", ...).
    func register(_ object: Object, _ what: String) throws(LayoutError) -> OpaquePointer {
        guard let token = insert(object) else {
            throw LayoutError(.limit, "\(Self.capacity) \(what)s are alive, the most at once; destroy one first")
        }
        return token
    }

    /// The live object a token names, or nil for NULL, a destroyed handle, a handle of another
    /// table, or any other value.
    @inline(__always)
    func lookup(_ token: OpaquePointer?) -> Object? {
        guard let (index, generation) = decode(token) else { return nil }
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        guard index < slots.count, slots[index].generation == generation else { return nil }
        return slots[index].object
    }

    /// Takes the object out of the table (nil if the token names no live object): the token and
    /// every copy of it are refused from now on. The caller's reference is the table's last one
    /// unless a call is still using the object; drop it after this returns (outside the mutex).
    func remove(_ token: OpaquePointer?) -> Object? {
        guard let (index, generation) = decode(token) else { return nil }
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        guard index < slots.count, slots[index].generation == generation, let object = slots[index].object else { return nil }
        slots[index].object = nil
        if generation != UInt32.max {
            slots[index].generation = generation + 1
            slots[index].nextFree = firstFree
            firstFree = UInt32(index)
        }  // else retired: never reused, so no generation wraps
        return object
    }

    private func token(_ index: Int, _ generation: UInt32) -> OpaquePointer {
        let bits = tag << (UInt.bitWidth - 8) | UInt(generation) << Self.indexBits | UInt(index)
        return OpaquePointer(bitPattern: bits)!  // the tag is nonzero
    }

    @inline(__always)
    private func decode(_ token: OpaquePointer?) -> (index: Int, generation: UInt32)? {
        guard let token else { return nil }
        let bits = UInt(bitPattern: UnsafeRawPointer(token))
        guard bits >> (UInt.bitWidth - 8) == tag else { return nil }
        return (Int(bits & (UInt(1) << Self.indexBits - 1)), UInt32(truncatingIfNeeded: bits >> Self.indexBits))
    }
}

// The three tables, each with its tag ('L', 'T', 'D').
let layouts = HandleTable<LayoutHandle>(tag: 0x4C)
let transitions = HandleTable<TransitionHandle>(tag: 0x54)
let diffs = HandleTable<DiffHandle>(tag: 0x44)
