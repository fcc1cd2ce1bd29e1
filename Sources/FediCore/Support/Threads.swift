import Dispatch
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

/// A count several tasks add to and read (a bulk run's failures so far).
public final class SharedCount: Sendable {
    private let value = Atomic(0)

    public init() {}

    public func add() { value.add(1, ordering: .relaxed) }
    public var count: Int { value.load(ordering: .relaxed) }
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
        BlockingThreads.shared.run { continuation.resume(with: Result { try body() }) }
    }
}

/// Threads for blocking jobs (an HTTP transfer, an `fsync`) that wait for the next job once done
/// instead of ending: a bulk run makes one request after another, and making and ending a thread
/// for each cost a scheduling delay per request (a tenth of a long list's CPU, before a list's walk
/// ran its own transfers: `ThreadOfOurOwn`). Never fewer threads than jobs at once: a job that
/// finds no thread waiting gets a new one, so ten slow servers are waited for side by side, as
/// with a thread each. Threads that wait cost nothing and end with the process.
public final class BlockingThreads: @unchecked Sendable {
    public static let shared = BlockingThreads()

    private struct State {
        var jobs: [@Sendable () -> Void] = []
        /// Threads waiting on `wake` that no job has been handed to yet.
        var waiting = 0
    }
    private let state = Mutex(State())
    private let wake = DispatchSemaphore(value: 0)

    /// Threads done with their jobs, waiting for the next.
    var threadsWaiting: Int { state.withLock { $0.waiting } }

    /// Runs `job` on a waiting thread, or on a new one when none is waiting.
    public func run(_ job: @escaping @Sendable () -> Void) {
        let handed = state.withLock { state in
            state.jobs.append(job)
            guard state.waiting > 0 else { return false }
            state.waiting -= 1
            return true
        }
        if handed { wake.signal() } else { startThread { self.serve() } }
    }

    /// Runs jobs while there are any, then waits. A thread woken for a job another thread took
    /// first finds none and waits again.
    private func serve() {
        while true {
            let job = state.withLock { state -> (@Sendable () -> Void)? in
                guard !state.jobs.isEmpty else {
                    state.waiting += 1
                    return nil
                }
                return state.jobs.removeFirst()
            }
            if let job { job() } else { wake.wait() }
        }
    }
}

/// Whether the current thread is one of our own on which a blocking call holds up no one else's
/// work (an `OwnThreadExecutor`'s): there, a transfer runs where it is asked for instead of being
/// handed to another thread and back.
public enum ThreadOfOurOwn {
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    public static var isCurrent: Bool { pthread_getspecific(key) != nil }

    fileprivate static func markCurrent() { pthread_setspecific(key, UnsafeRawPointer(bitPattern: 1)) }
}

/// A task executor with a thread of its own, for a task whose turns must not wait behind the
/// pool's work: a list's walk (see `walkAnswers`). Its thread may block (`ThreadOfOurOwn`), so
/// the walk's transfers run on it. `finish()` ends the thread once the jobs before it have run; a
/// job that comes after (a fetch ahead, cancelled, whose transfer still ends) runs on the global
/// pool instead.
final class OwnThreadExecutor: TaskExecutor, @unchecked Sendable {
    private struct State {
        var jobs: [UnownedJob] = []
        var finished = false
    }
    private let state = Mutex(State())
    /// Signalled once per job and once by `finish()`.
    private let wake = DispatchSemaphore(value: 0)

    init() {
        startThread { self.serve() }
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let queued = state.withLock { state in
            guard !state.finished else { return false }
            state.jobs.append(job)
            return true
        }
        if queued { wake.signal() } else { globalConcurrentExecutor.enqueue(job) }
    }

    /// Ends the thread after the jobs already queued; later jobs go to the global pool.
    func finish() {
        let first = state.withLock { state in
            defer { state.finished = true }
            return !state.finished
        }
        if first { wake.signal() }
    }

    private func serve() {
        ThreadOfOurOwn.markCurrent()
        while true {
            wake.wait()
            let job = state.withLock { state in state.jobs.isEmpty ? nil : state.jobs.removeFirst() }
            guard let job else { return }  // the signal of `finish()`, every job before it run
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}
