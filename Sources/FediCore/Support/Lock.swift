#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A mutual-exclusion lock for state shared with callbacks and threads outside Swift concurrency.
/// (Not `Mutex`, which needs macOS 15; the package supports macOS 13. Not NSLock, which is in
/// full Foundation.)
public final class Lock: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

    public init() { pthread_mutex_init(mutex, nil) }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    public func lock() { pthread_mutex_lock(mutex) }
    public func unlock() { pthread_mutex_unlock(mutex) }

    public func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock()
        defer { unlock() }
        return try body()
    }
}

/// Runs `body` on a new detached thread: for blocking work (a listening socket, a C library's
/// synchronous call) that must not hold one of Swift concurrency's few threads.
public func startThread(_ body: @escaping @Sendable () -> Void) {
    final class Box { let body: @Sendable () -> Void; init(_ body: @escaping @Sendable () -> Void) { self.body = body } }
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    defer { pthread_attr_destroy(&attributes) }
    pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
    let context = Unmanaged.passRetained(Box(body)).toOpaque()
    var thread = pthread_t()
    let started = pthread_create(&thread, &attributes, { context in
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
