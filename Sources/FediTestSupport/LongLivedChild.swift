import FediCore
import Foundation

/// A child that lives as long as a test (a fixture server, a watchdog), started with posix_spawn
/// and reaped here, never through Foundation's `Process`.
///
/// Foundation learns that a child ended when the child's copy of a socket closes, then calls a
/// blocking `waitpid` on one manager thread that serves every `Process` in the test run. A server
/// that closes what it inherited (as these must, so as not to hold other children's pipes) closes
/// that socket at start: the manager thread then waited for the server's whole life, and meanwhile
/// no other child was reaped. Every later `Process` kept its socket and pipes, the test runner
/// held 600 to 1,700 descriptors, and past about 1,000 `Process.run` crashed reading
/// /proc/self/fd (stops 52-53).
public final class LongLivedChild: @unchecked Sendable {
    public let pid: Int32
    private let lock = NSLock()
    private var reaped = false
    private var exitStatus: Int32?

    /// Starts `executable` with `arguments`, stdin and stderr on /dev/null, stdout into `stdout`
    /// (a pipe's write end) or /dev/null; in a process group of its own, with no signal blocked
    /// (a test's worker thread blocks SIGTERM, and a child would inherit that).
    public init(_ executable: String, _ arguments: [String], stdout: Int32? = nil) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        if let stdout {
            posix_spawn_file_actions_adddup2(&actions, stdout, 1)
        } else {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        }
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGTERM, SIGINT, SIGPIPE, SIGQUIT] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(
            &attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP))

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let error = posix_spawn(&pid, executable, &actions, &attributes, argv, environ)
        guard error == 0 else {
            throw FediError(.failure, "could not start \(executable): \(String(cString: strerror(error)))")
        }
        self.pid = pid
    }

    /// Whether it is still running; a child that ended is reaped here, its status kept.
    public var isRunning: Bool {
        lock.withLock {
            guard !reaped else { return false }
            var status: Int32 = 0
            guard waitpid(pid, &status, WNOHANG) == pid else { return true }
            (reaped, exitStatus) = (true, status)
            return false
        }
    }

    /// The raw wait status of a child that ended (nil while it runs).
    public var status: Int32? {
        _ = isRunning
        return lock.withLock { exitStatus }
    }

    /// SIGKILL, then reaped: its ports are closed when this returns. Safe to call more than once:
    /// a reaped pid may belong to another process by then, so it is never signalled again.
    public func stop() {
        lock.withLock {
            guard !reaped else { return }
            kill(pid, SIGKILL)
            var status: Int32 = 0
            while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
            (reaped, exitStatus) = (true, status)
        }
    }
}
