import Dispatch
import FediCommands
import FediCore
import FediCurses
import FediHTTPCurl
import FediKeyring
import FediOutput
import FoundationEssentials
import Glibc
import Synchronization

enum LiveServices {
    /// Points libsecret at the user's own bus when no session names one (cron, systemd timers).
    /// Called first thing, before any thread starts: setenv is not safe beside other threads.
    static func adoptUserBus() {
        if let address = LibSecretStore.userBusAddress(environment: ProcessInfo.processInfo.environment) {
            setenv("DBUS_SESSION_BUS_ADDRESS", address, 1)
        }
    }

    /// At most two malloc arenas, where glibc gives each thread one of its own (up to 8 per core):
    /// a triage screen of 10,000 items, its rows made on several threads, peaked at 66 MB with the
    /// default and 52 MB with two (bench/README.md, "The triage screen"). Called first thing,
    /// before any thread starts. `mallopt` is looked up, as Swift's Glibc module leaves malloc.h out.
    static func limitMallocArenas() {
        typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
        let arenaMax: Int32 = -8  // M_ARENA_MAX
        guard let mallopt = dlsym(nil, "mallopt") else { return }
        _ = unsafeBitCast(mallopt, to: Mallopt.self)(arenaMax, 2)
    }

    static func make() -> Services {
        let environment = ProcessInfo.processInfo.environment
        let paths = ConfigPaths(environment: environment)
        var services = Services(
            transport: CurlTransport(), secrets: LibSecretStore(environment: environment),
            insecureSecrets: { FileSecretStore(url: paths.secretsFile) },
            logins: FileLoginStore(paths: paths), serverCache: FileServerInfoCache(environment: environment),
            terminal: StandardTerminal(), environment: environment,
            openURL: { openInBrowser($0, environment: environment) },
            runCommand: { try await runShellCommand($0, input: $1, timeout: $2) },
            journal: FileJournal(paths: StatePaths(environment: environment)))
        services.lastLooks = FileLastLookStore(paths: StatePaths(environment: environment))
        services.triageScreen = { CursesScreen() }
        return services
    }

    /// `xdg-open URL`, or the command in FEDICTL_BROWSER (`none` opens nothing). Detached, output
    /// discarded: a browser that prints or keeps running must not disturb fedictl.
    static func openInBrowser(_ url: URL, environment: [String: String]) -> Bool {
        let command = environment["FEDICTL_BROWSER"].flatMap { $0.isEmpty ? nil : $0 } ?? "xdg-open"
        guard command != "none", let executable = findExecutable(command, path: environment["PATH"] ?? "/usr/bin:/bin")
        else { return false }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] {
            posix_spawn_file_actions_addopen(
                &actions, descriptor, "/dev/null", descriptor == STDIN_FILENO ? O_RDONLY : O_WRONLY, 0)
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // POSIX_SPAWN_SETSID (glibc's 0x80; not exported to Swift): its own session, so ^C here leaves it be.
        startsWithDefaultSignals(&attributes, flags: 0x80)
        let words: [String] = [executable.path, url.absoluteString]
        let arguments: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
        defer { arguments.forEach { free($0) } }
        var child = pid_t()
        return posix_spawn(&child, executable.path, &actions, &attributes, arguments, environ) == 0
    }

    /// Sets `flags` and makes the child start as a fresh process would: no signal blocked and the
    /// default action for the ones fedictl handles or ignores. Without it a child inherits the
    /// spawning thread's mask (a pool thread blocks nearly every signal) and `SIGPIPE` ignored, so a
    /// notifier could not be stopped by SIGTERM, only killed, and `yes | head` in it never ended.
    static func startsWithDefaultSignals(_ attributes: inout posix_spawnattr_t, flags: Int32) {
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var handled = sigset_t()
        sigemptyset(&handled)
        for number in [SIGINT, SIGTERM, SIGQUIT, SIGHUP, SIGPIPE] { sigaddset(&handled, number) }
        posix_spawnattr_setsigdefault(&attributes, &handled)
        // POSIX_SPAWN_SETSIGDEF (0x04) and POSIX_SPAWN_SETSIGMASK (0x08), glibc's values.
        posix_spawnattr_setflags(&attributes, Int16(flags | 0x04 | 0x08))
    }

    static func findExecutable(_ command: String, path: String) -> URL? {
        let candidates = command.contains("/") ? [command] : path.split(separator: ":").map { "\($0)/\(command)" }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }.map { URL(fileURLWithPath: $0) }
    }

    /// `/bin/sh -c COMMAND` with `input` on its stdin and fedictl's stdout and stderr, in a process
    /// group of its own (a pipeline is stopped whole). Waits for it on a thread of its own (never
    /// on the cooperative pool); past `timeout`, or when the task is cancelled, the group gets
    /// SIGTERM, then SIGKILL a second later.
    static func runShellCommand(_ command: String, input: Data, timeout: Double) async throws -> CommandEnd {
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else { throw FediError(.failure, "cannot start '\(command)': no pipe") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[0], STDIN_FILENO)
        posix_spawn_file_actions_addclose(&actions, pipeEnds[1])
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // POSIX_SPAWN_SETPGROUP (glibc's 0x02) with group 0: the child leads a group of its own.
        startsWithDefaultSignals(&attributes, flags: 0x02)
        posix_spawnattr_setpgroup(&attributes, 0)
        let words: [String] = ["/bin/sh", "-c", command]
        let arguments: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
        defer { arguments.forEach { free($0) } }
        var child = pid_t()
        let spawned = posix_spawn(&child, "/bin/sh", &actions, &attributes, arguments, environ)
        close(pipeEnds[0])
        guard spawned == 0 else {
            close(pipeEnds[1])
            throw FediError(.failure, "cannot start '\(command)'", hint: "check the command given to --exec")
        }
        let writeEnd = pipeEnds[1]
        let running = RunningChild(pid: child)
        startThread {
            // A command that does not read its stdin must not block us: EPIPE ends the write.
            signal(SIGPIPE, SIG_IGN)
            input.withUnsafeBytes { bytes in
                var offset = 0
                while offset < bytes.count {
                    let written = write(writeEnd, bytes.baseAddress! + offset, bytes.count - offset)
                    if written <= 0 { break }
                    offset += written
                }
            }
            close(writeEnd)
        }
        startThread { running.stop(after: timeout, timedOut: true) }
        let status = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                startThread { continuation.resume(returning: running.waitForExit()) }
            }
        } onCancel: {
            startThread { running.stop(after: 0, timedOut: false) }
        }
        return running.timedOut ? .timedOut : .exited(status)
    }
}

/// A child process whose group may be signalled until it has exited, and never after: its exit is
/// noted (waitid with WNOWAIT) before it is reaped, so its pid cannot have been reused meanwhile.
final class RunningChild: Sendable {
    private struct State {
        var exited = false
        var timedOut = false
    }
    let pid: pid_t
    private let state = Mutex(State())

    init(pid: pid_t) { self.pid = pid }

    var timedOut: Bool { state.withLock { $0.timedOut } }

    /// Blocks until the child exits, then reaps it; its exit status (128 + signal when killed).
    func waitForExit() -> Int32 {
        var info = siginfo_t()
        while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) < 0, errno == EINTR {}
        state.withLock { $0.exited = true }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        // WIFEXITED / WEXITSTATUS by hand: the macros do not reach Swift.
        return (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    }

    /// Blocking: after `seconds` (checked every 50 ms), SIGTERM to the group if the child still
    /// runs, then SIGKILL a second later.
    func stop(after seconds: Double, timedOut: Bool) {
        let start = DispatchTime.now()
        while Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9 < seconds {
            if state.withLock({ $0.exited }) { return }
            usleep(50_000)
        }
        for (signal, wait) in [(SIGTERM, 1.0), (SIGKILL, 0.0)] {
            let signalled = state.withLock { state -> Bool in
                guard !state.exited else { return false }
                if timedOut { state.timedOut = true }
                kill(-pid, signal)
                return true
            }
            guard signalled else { return }
            var waited = 0.0
            while waited < wait, !state.withLock({ $0.exited }) {
                usleep(50_000)
                waited += 0.05
            }
        }
    }
}
