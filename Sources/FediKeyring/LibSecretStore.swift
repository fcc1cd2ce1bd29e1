import CSecretShim
import FediCore
import FoundationEssentials
import Glibc
import Synchronization

/// Tokens and client secrets in the desktop keyring, through libsecret and the Secret Service
/// D-Bus API. Items use the schema `org.fedictl.Secret` with the string attributes
/// `service=fedictl`, `account`, `instance` and `kind`, in the default collection, labelled with
/// `SecretKey.label` (so they are recognisable in Seahorse, KeePassXC and `secret-tool`).
///
/// Every call is bounded: libsecret's calls are synchronous D-Bus round trips that can hang (an
/// unanswered unlock prompt, a wedged bus), so each runs on its own thread and is raced against
/// `timeout`. When the timeout wins, the call throws `SecretStoreError.timedOut`; the abandoned
/// thread finishes on its own (GDBus gives up after its own 25 s limit) and its result is dropped.
public struct LibSecretStore: SecretStore {
    public let storageName = "keyring"
    /// How long one keyring call may take before it throws `SecretStoreError.timedOut`.
    public let timeout: Duration
    /// The environment checked before each call for an obviously missing session bus, so that
    /// case fails fast with a clear `.unavailable`. `nil` skips the check and asks libsecret.
    public let environment: [String: String]?

    /// - Parameters:
    ///   - timeout: the bound on each call (default 3 s).
    ///   - environment: checked for `DBUS_SESSION_BUS_ADDRESS` (and `XDG_RUNTIME_DIR/bus`) before
    ///     each call. libsecret itself always uses the real process environment.
    public init(
        timeout: Duration = .seconds(3),
        environment: [String: String]? = ProcessInfo.processInfo.environment
    ) {
        self.timeout = timeout
        self.environment = environment
    }

    public func store(_ secret: String, for key: SecretKey) async throws {
        let label = key.label
        _ = try await call(key) { account, instance, kind, error in
            fm_secret_store(account, instance, kind, label, secret, error) != 0
        }
    }

    /// A locked collection hides its items from libsecret's lookup (nil, no error): nil is only
    /// "not stored" once no locked item of this key is found; otherwise `.locked`.
    public func lookup(_ key: SecretKey) async throws -> String? {
        let found = try await call(key) { account, instance, kind, error -> String? in
            guard let pointer = fm_secret_lookup(account, instance, kind, error) else { return nil }
            defer { fm_secret_free(pointer) }
            return String(cString: pointer)
        }
        if found == nil { try await requireUnlocked(key) }
        return found
    }

    /// libsecret's clear passes over a locked item and reports nothing: a removal is only done
    /// when no item of this key is left locked.
    public func remove(_ key: SecretKey) async throws {
        _ = try await call(key) { account, instance, kind, error in
            fm_secret_clear(account, instance, kind, error) != 0
        }
        try await requireUnlocked(key)
    }

    /// Throws `.locked` when an item of `key` sits in a locked collection.
    private func requireUnlocked(_ key: SecretKey) async throws {
        let locked = try await call(key) { account, instance, kind, error in
            fm_secret_locked(account, instance, kind, error)
        }
        if locked > 0 { throw SecretStoreError.locked }
    }

    // MARK: - Plumbing

    private typealias ErrorOut = UnsafeMutablePointer<fm_secret_error>

    /// Runs one shim call on its own thread under the timeout, turning a GError into a
    /// `SecretStoreError` on that thread. libsecret is loaded by the first call; when it is not
    /// installed the keyring is `.unavailable`, as with no Secret Service.
    private func call<T: Sendable>(
        _ key: SecretKey,
        _ body: @escaping @Sendable (String, String, String, ErrorOut) -> T
    ) async throws -> T {
        if let environment, let why = Self.missingSessionBus(in: environment) {
            throw SecretStoreError.unavailable(why)
        }
        try await Self.loadLibrary()
        let seconds = timeout.seconds
        let (account, instance, kind) = (key.account, key.instance, key.kind.rawValue)
        return try await Self.withDeadline(timeout) {
            var error = fm_secret_error()
            let value = body(account, instance, kind, &error)
            defer { fm_secret_error_clear(&error) }
            if error.failed != 0 {
                let domain = error.domain.map { String(cString: $0) } ?? ""
                let message = error.message.map { String(cString: $0) } ?? "unknown error"
                throw Self.classify(domain: domain, code: error.code, message: message, timeout: seconds)
            }
            return value
        }
    }

    /// Loads libsecret (once) on a thread of its own and outside the deadline: mapping a library is
    /// local work that cannot hang on the bus, but on a cold disk under load it can outlast it.
    static func loadLibrary() async throws {
        let failure: String? = await withCheckedContinuation { continuation in
            startThread { continuation.resume(returning: fm_secret_load().map { String(cString: $0) }) }
        }
        if let failure { throw SecretStoreError.unavailable("cannot load libsecret: " + failure) }
    }

    /// Runs `body` on a new thread and returns its result, or throws `SecretStoreError.timedOut`
    /// if it has not finished within `timeout` (or `CancellationError` if the task is cancelled).
    /// The thread is not killed; its late result is discarded.
    static func withDeadline<T: Sendable>(
        _ timeout: Duration,
        _ body: @escaping @Sendable () throws -> T
    ) async throws -> T {
        let seconds = timeout.seconds
        let gate = FirstResult<T>()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
                gate.install(continuation)
                startThread { gate.finish(Result { try body() }) }
                // The deadline has a thread of its own too: under load the global queues can be
                // busy with blocked work, and a timer there would fire only after the hung call.
                startThread {
                    // Clamped to a day: never a trap on a negative or huge timeout.
                    var wait = timespec(
                        tv_sec: Int(max(0, min(seconds, 86_400))),
                        tv_nsec: Int(max(0, seconds.truncatingRemainder(dividingBy: 1)) * 1e9))
                    var left = timespec()
                    while nanosleep(&wait, &left) != 0, errno == EINTR { wait = left }
                    gate.finish(.failure(SecretStoreError.timedOut(seconds: seconds)))
                }
            }
        } onCancel: {
            gate.finish(.failure(CancellationError()))
        }
    }

    /// Maps a GError (by domain name, code and message) to a `SecretStoreError`.
    /// "No bus / no Secret Service on it" is `.unavailable`; a D-Bus timeout is `.timedOut`;
    /// anything the keyring itself answered (locked, refused, no such collection) is `.failed`.
    static func classify(domain: String, code: Int32, message: String, timeout: Double) -> SecretStoreError {
        if message.contains("Cannot autolaunch D-Bus")
            || message.contains("org.freedesktop.secrets was not provided")
        {
            return .unavailable(message)
        }
        switch domain {
        case "g-dbus-error-quark":
            switch code {
            // SERVICE_UNKNOWN, NAME_HAS_NO_OWNER, BAD_ADDRESS, AUTH_FAILED, NO_SERVER,
            // DISCONNECTED, FILE_NOT_FOUND, SPAWN_EXEC_FAILED ... SPAWN_NO_MEMORY (activation failed)
            case 2, 3, 6, 10, 11, 15, 17, 23...34:
                return .unavailable(message)
            // NO_REPLY, TIMEOUT, TIMED_OUT
            case 4, 12, 20:
                return .timedOut(seconds: timeout)
            default:
                return .failed(message)
            }
        case "g-io-error-quark":
            switch code {
            case 19:  // CANCELLED
                return .failed(message)
            case 24:  // TIMED_OUT
                return .timedOut(seconds: timeout)
            default:  // could not connect to the bus: NOT_FOUND, INVALID_ARGUMENT, CONNECTION_REFUSED, ...
                return .unavailable(message)
            }
        case "g-exec-error-quark", "g-spawn-error-quark":
            // autolaunching the bus (dbus-launch) failed
            return .unavailable(message)
        default:
            return .failed(message)
        }
    }

    /// The user's own bus, when nothing names a session bus: cron and system units run without
    /// `DBUS_SESSION_BUS_ADDRESS` or `XDG_RUNTIME_DIR`, yet the user's systemd instance (kept
    /// running by `loginctl enable-linger`) serves `/run/user/UID/bus`, where a keyring daemon
    /// can answer. Only a socket owned by the user counts. nil when a bus is named or there is none.
    public static func userBusAddress(
        environment: [String: String], uid: uid_t = geteuid(),
        runtimeRoot: String = "/run/user"
    ) -> String? {
        if let address = environment["DBUS_SESSION_BUS_ADDRESS"], !address.isEmpty { return nil }
        if let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty,
            FileManager.default.fileExists(atPath: runtime + "/bus")
        {
            return nil  // GDBus finds that one itself
        }
        let path = "\(runtimeRoot)/\(uid)/bus"
        var info = stat()
        guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFSOCK, info.st_uid == uid else { return nil }
        return "unix:path=" + path
    }

    /// Why the session bus is certainly not reachable, judged from the environment alone, or nil
    /// if it may be (then libsecret decides). Mirrors GDBus: `DBUS_SESSION_BUS_ADDRESS`, else
    /// `$XDG_RUNTIME_DIR/bus`, else autolaunch, which needs an X11 `DISPLAY`.
    static func missingSessionBus(in environment: [String: String]) -> String? {
        guard let address = environment["DBUS_SESSION_BUS_ADDRESS"], !address.isEmpty else {
            if let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty,
                FileManager.default.fileExists(atPath: runtime + "/bus")
            {
                return nil
            }
            if let display = environment["DISPLAY"], !display.isEmpty { return nil }
            return "no D-Bus session bus: DBUS_SESSION_BUS_ADDRESS is not set"
        }
        // Only conclude "missing" when every address is a unix socket path that does not exist.
        var missing: [String] = []
        for entry in address.split(separator: ";") where !entry.isEmpty {
            guard entry.hasPrefix("unix:") else { return nil }
            let pairs = entry.dropFirst("unix:".count).split(separator: ",")
            guard let path = pairs.first(where: { $0.hasPrefix("path=") })?.dropFirst("path=".count),
                let decoded = path.percentDecoded
            else { return nil }
            if FileManager.default.fileExists(atPath: decoded) { return nil }
            missing.append(decoded)
        }
        guard !missing.isEmpty else { return nil }
        return "no D-Bus session bus: the socket \(missing.joined(separator: ", ")) does not exist"
    }
}

/// Resumes a continuation with whichever result arrives first; later ones are dropped.
/// A result that arrives before the continuation is installed (early cancellation) is kept.
private final class FirstResult<T: Sendable>: Sendable {
    private struct State {
        var continuation: CheckedContinuation<T, any Error>?
        var pending: Result<T, any Error>?
        var finished = false
    }
    private let state = Mutex(State())

    func install(_ continuation: CheckedContinuation<T, any Error>) {
        let early = state.withLock { state in
            defer { state.pending = nil }
            if state.pending == nil { state.continuation = continuation }
            return state.pending
        }
        if let early { continuation.resume(with: early) }
    }

    func finish(_ result: Result<T, any Error>) {
        let waiting = state.withLock { state -> CheckedContinuation<T, any Error>? in
            if state.finished { return nil }
            state.finished = true
            defer { state.continuation = nil }
            if state.continuation == nil { state.pending = result }
            return state.continuation
        }
        waiting?.resume(with: result)
    }
}

extension Duration {
    fileprivate var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
