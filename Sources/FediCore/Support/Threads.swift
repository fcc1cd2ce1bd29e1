import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A flag that one thread or task sets and others read, e.g. "the reader is gone: stop" or "the
/// server refused: send nothing more". Once set it stays set.
public final class StickyFlag: Sendable {
    private let value = Atomic(false)

    public init() {}

    public func set() { value.store(true, ordering: .releasing) }
    public var isSet: Bool { value.load(ordering: .acquiring) }
}

/// Runs `body` on a new detached thread: for blocking work (a listening socket, a C library's
/// synchronous call) that must not hold one of Swift concurrency's few threads.
public func startThread(_ body: @escaping @Sendable () -> Void) {
    final class Box {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    defer { pthread_attr_destroy(&attributes) }
    pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
    let context = Unmanaged.passRetained(Box(body)).toOpaque()
    var thread = pthread_t()
    let started = pthread_create(
        &thread, &attributes,
        { context in
            let box = Unmanaged<Box>.fromOpaque(context!).takeRetainedValue()
            box.body()
            return nil
        }, context)
    if started != 0 {
        // No thread: run it here rather than lose it (only when the system is out of threads).
        Unmanaged<Box>.fromOpaque(context).takeRetainedValue().body()
    }
}

/// Runs blocking `body` (a `flock`, an `fsync`) on a thread of its own and waits for it without
/// holding a pool thread: on Linux Swift's tasks share libdispatch's few global threads, so one
/// blocked there delays every await in the process.
public func onOwnThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        startThread { continuation.resume(with: Result { try body() }) }
    }
}
