import FediCore
import Foundation

/// Runs a program to the end and returns what it printed and its exit status: the built fedictl
/// (`BinaryRunner`), or the tools tests drive (shells, make, man, mandoc, tmux).
public enum ProcessRunner {
    /// - Parameters:
    ///   - executable: an absolute path, or a name looked up in PATH (through /usr/bin/env).
    ///   - environment: the whole environment of the child; nil inherits this process's.
    ///
    /// Async, and the waiting happens on a thread of its own: a blocking wait on one of the few
    /// cooperative threads (two on a 2-core machine) would stall every other test in the run.
    public static func run(
        _ executable: String, _ arguments: [String], environment: [String: String]? = nil,
        input: String? = nil, directory: URL? = nil
    ) async throws -> CommandResult {
        try await onOwnThread {
            try runBlocking(executable, arguments, environment: environment, input: input, directory: directory)
        }
    }

    /// Runs `work` on a new thread, off Swift's cooperative pool, and waits for it without blocking.
    public static func onOwnThread<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread { continuation.resume(with: Result { try work() }) }
        }
    }

    /// The same, blocking the calling thread: only for threads of a test's own (never from async code).
    public static func runBlocking(
        _ executable: String, _ arguments: [String], environment: [String: String]? = nil,
        input: String? = nil, directory: URL? = nil
    ) throws -> CommandResult {
        try TestTier.requireIntegration(executable)
        let process = Process()
        if executable.hasPrefix("/") {
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = arguments
        } else {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = [executable] + arguments
        }
        if let environment { process.environment = environment }
        if let directory { process.currentDirectoryURL = directory }
        let out = Pipe()
        let err = Pipe()
        let inPipe = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = inPipe
        try process.run()
        // Both pipes are read to the end on threads of their own, not DispatchQueue.global(): on
        // Linux Swift's tasks run on those same few threads, and a reader blocked there for a whole
        // child's run held up every await in the test process (a 0.4 s deadline resumed 90 s late).
        // Reading from the start means a full pipe cannot block the child.
        let group = DispatchGroup()
        let outText = PipeText(out.fileHandleForReading, group: group)
        let errText = PipeText(err.fileHandleForReading, group: group)
        if let input { inPipe.fileHandleForWriting.write(Data(input.utf8)) }
        try? inPipe.fileHandleForWriting.close()
        var status: Int32
        if group.wait(timeout: .now() + deadline) == .timedOut {
            // A child that never ends would hang the whole run with no name on it (stop 51's CI ran
            // out of time that way). SIGQUIT first: Swift's backtracer then prints where a fedictl
            // is stuck into the stderr the failing test shows.
            kill(process.processIdentifier, SIGQUIT)
            if group.wait(timeout: .now() + 15) == .timedOut { kill(process.processIdentifier, SIGKILL) }
            // A grandchild may still hold the pipes: take what was read so far.
            _ = group.wait(timeout: .now() + 5)
            errText.append(
                "\n[ProcessRunner: \(executable) \(arguments.prefix(6).joined(separator: " ")) had not ended "
                    + "after \(Int(deadline)) s and was stopped]\n")
            status = -1
        } else {
            status = ending(of: process, within: 30)?.status ?? -1
        }
        return CommandResult(stdout: outText.text, stderr: errText.text, status: status)
    }

    /// How a child ended: its exit code, or the signal that ended it.
    public struct Ending: Sendable, Equatable {
        public var status: Int32
        public var bySignal: Bool

        public init(status: Int32, bySignal: Bool) {
            self.status = status
            self.bySignal = bySignal
        }
    }

    /// Waits, off the cooperative pool, for a child a test started itself to end, and says how. One
    /// still running after `seconds` is stopped (SIGQUIT for its backtrace, then SIGKILL) and the
    /// wait throws naming it: a hung child fails its own test instead of hanging the run.
    @discardableResult
    public static func waitForExit(_ process: Process, seconds: TimeInterval = deadline) async throws -> Ending {
        if let ended = try await onOwnThread({ ending(of: process, within: seconds) }) { return ended }
        let pid = process.processIdentifier
        kill(pid, SIGQUIT)
        try await Task.sleep(nanoseconds: 10_000_000_000)
        kill(pid, SIGKILL)
        let name = process.executableURL?.lastPathComponent ?? "a child"
        throw FediError(
            .failure,
            "\(name) \((process.arguments ?? []).prefix(4).joined(separator: " ")) had not ended after "
                + "\(Int(seconds)) s and was killed")
    }

    /// Blocks until the kernel says `process` has ended (nil past `seconds`), reading how from its
    /// zombie without reaping it. Not `waitUntilExit()`: Foundation learns of an exit when a socket
    /// the child held closes, so a copy of it leaked into another process kept that spinning a
    /// whole CPU, for as long as that process lived (the integration tier's main thread, stop 52).
    public static func ending(of process: Process, within seconds: TimeInterval) -> Ending? {
        let pid = process.processIdentifier
        let giveUp = Date().addingTimeInterval(seconds)
        while Date() < giveUp {
            var info = siginfo_t()
            if waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT | WNOHANG) == 0 {
                if info._sifields._sigchld.si_pid == pid {
                    let code = info.si_code
                    return Ending(
                        status: info._sifields._sigchld.si_status,
                        bySignal: code == Int32(CLD_KILLED) || code == Int32(CLD_DUMPED))
                }
            } else if !process.isRunning {
                // Foundation reaped it already; its status is set by then.
                return Ending(
                    status: process.terminationStatus, bySignal: process.terminationReason == .uncaughtSignal)
            }
            usleep(10_000)
        }
        return nil
    }

    /// Bash that closes every descriptor but 0-2, for the start of a child that outlives its test (a
    /// tmux server, a watchdog): Foundation closes in a new child only the descriptors open when it
    /// prepared the spawn, so one another thread opened meanwhile (a pipe, the socket through which
    /// Foundation learns a child ended) leaks into it, and whoever waits for that to close waits as
    /// long as the child lives.
    public static let closingInheritedDescriptors =
        #"for fd in /proc/$$/fd/*; do fd=${fd##*/}; [ "$fd" -gt 2 ] && eval "exec $fd>&-" 2>/dev/null; done; "#

    /// How long one child may run: far past the slowest command any test runs (a paced import
    /// waiting out a rate-limit window), so only a hang reaches it.
    public static let deadline: TimeInterval = 300

    /// Whether `name` is an executable in PATH (a test that needs a tool can say so, not fail).
    public static func isInstalled(_ name: String) -> Bool {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(name)") }
    }
}

/// The bytes of one pipe, read to its end on a thread of its own; readable at any time, so a
/// child stopped while a grandchild holds the pipe still shows what it printed.
private final class PipeText: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()

    init(_ handle: FileHandle, group: DispatchGroup) {
        group.enter()
        Thread.detachNewThread {
            while case let chunk = handle.availableData, !chunk.isEmpty {
                self.lock.withLock { self.data.append(chunk) }
            }
            // Closed here, not when the Pipe goes: Foundation keeps a Process (and its pipes) until
            // it reaps the child, so a run of tmux polls held thousands of read ends open, and
            // Process.run's readdir of /proc/self/fd then over-read its buffer (swift-corelibs-
            // foundation #5472): the integration tier crashed three times at stop 53.
            try? handle.close()
            group.leave()
        }
    }

    func append(_ note: String) { lock.withLock { data.append(Data(note.utf8)) } }

    var text: String { lock.withLock { String(decoding: data, as: UTF8.self) } }
}
