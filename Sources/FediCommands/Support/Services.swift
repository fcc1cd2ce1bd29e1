import FediCore
import FediOutput
import FoundationEssentials
import Synchronization

/// Every collaborator a command may use, bound once per run. The executable binds the live ones;
/// tests bind fakes. The default binding fails closed: an I/O a test did not plan throws.
public struct Services: Sendable {
    public var transport: any HTTPTransport
    public var secrets: any SecretStore
    /// Opens the plaintext secret store when `--insecure-storage` asks for it.
    public var insecureSecrets: @Sendable () -> any SecretStore
    public var logins: any LoginStore
    /// Detections of servers without a login. Defaults to remembering nothing.
    public var serverCache: any ServerInfoCache
    public var terminal: any Terminal
    public var environment: [String: String]
    public var now: @Sendable () -> Date
    public var sleep: @Sendable (Double) async throws -> Void
    /// Opens a URL in the user's browser (`auth login`); false when nothing was opened.
    /// Defaults to opening nothing, so tests never start a browser unless they ask to.
    public var openURL: @Sendable (URL) -> Bool
    /// Runs a command line the user gave (`queue --watch --exec`) through `/bin/sh -c`, with `input`
    /// on its stdin and nothing of the server's on its command line, in a process group of its own;
    /// stops it (SIGTERM, then SIGKILL) past `timeout` seconds or when the task is cancelled.
    /// Defaults to refusing, so the fast test tier never starts a process.
    public var runCommand:
        @Sendable (_ commandLine: String, _ input: Data, _ timeout: Double) async throws
            -> CommandEnd
    /// One pacer per server and token for the whole run, shared by every command context made
    /// from these services (several accounts at once share a server's pacer when they share a token).
    public var pacers: RateLimitPacers
    /// Where changes are recorded (`fedictl log`). Defaults to recording nothing, so tests that do not
    /// look at the journal leave no files; the executable binds the file journal in the state directory.
    public var journal: any Journal
    /// What `queue --since-last` saw last time, per server. Defaults to failing closed; the
    /// executable binds the file in the state directory.
    public var lastLooks: any LastLookStore = Unconfigured()
    /// The full-screen terminal of `fedictl triage` (ncursesw in the executable). Defaults to none,
    /// so a test that did not give a scripted screen never takes the terminal.
    public var triageScreen: (@Sendable () -> any TriageScreen)?
    /// Warnings a run gives once, however many accounts or stores it opens.
    public var saidOnce = SaidOnce()
    /// The token files and credentials whose owner the server confirmed in this run (account and path).
    public var checkedTokenOwners = CheckedKeys()
    /// Whose `FEDICTL_TOKEN` is, once asked in this run (a command's run sets it; nil asks each time).
    public var tokenOwners: TokenOwners?

    public init(
        transport: any HTTPTransport, secrets: any SecretStore,
        insecureSecrets: @escaping @Sendable () -> any SecretStore,
        logins: any LoginStore, serverCache: any ServerInfoCache = NoServerInfoCache(),
        terminal: any Terminal, environment: [String: String],
        now: @escaping @Sendable () -> Date = Date.init,
        sleep: @escaping @Sendable (Double) async throws -> Void = {
            try await Task.sleep(nanoseconds: UInt64(max(0, $0) * 1e9))
        },
        openURL: @escaping @Sendable (URL) -> Bool = { _ in false },
        runCommand: @escaping @Sendable (String, Data, Double) async throws -> CommandEnd = { command, _, _ in
            throw FediError(.failure, "running '\(command)' is not configured for this run")
        },
        pacers: RateLimitPacers = RateLimitPacers(), journal: any Journal = DisabledJournal()
    ) {
        self.transport = transport
        self.secrets = secrets
        self.insecureSecrets = insecureSecrets
        self.logins = logins
        self.serverCache = serverCache
        self.terminal = terminal
        self.environment = environment
        self.now = now
        self.sleep = sleep
        self.openURL = openURL
        self.runCommand = runCommand
        self.pacers = pacers
        self.journal = journal
    }

    @TaskLocal public static var current: Services = .unconfigured

    public static let unconfigured = Services(
        transport: Unconfigured(), secrets: Unconfigured(), insecureSecrets: { Unconfigured() }, logins: Unconfigured(),
        terminal: StandardTerminal(), environment: [:], now: Date.init,
        sleep: { _ in throw FediError(.failure, "no clock configured for this run") }, journal: Unconfigured())
}

/// Stands in for every service nobody bound; each use throws, naming the service.
struct Unconfigured: HTTPTransport, SecretStore, LoginStore, Journal {
    static func error(_ what: String) -> FediError {
        FediError(.failure, "\(what) used, but none was configured for this run")
    }
    func send(_ request: HTTPRequest, options: TransportOptions) async throws -> HTTPResponse {
        throw Self.error("network (\(request.method.rawValue) \(request.url))")
    }
    var storageName: String { "none" }
    func store(_ secret: String, for key: SecretKey) async throws { throw Self.error("keyring") }
    func lookup(_ key: SecretKey) async throws -> String? { throw Self.error("keyring") }
    func remove(_ key: SecretKey) async throws { throw Self.error("keyring") }
    func load() throws -> LoginConfig { throw Self.error("account store") }
    func update<T>(_ change: (inout LoginConfig) throws -> T) throws -> T { throw Self.error("account store") }
    // Fails closed only when something is recorded: a write is refused before it is sent.
    var isRecording: Bool { true }
    func checkWritable() async throws { throw Self.error("journal") }
    func append(_ entry: JournalEntry) async throws { throw Self.error("journal") }
    func read() async throws -> JournalContents { throw Self.error("journal") }
}

extension Unconfigured: LastLookStore {
    func seen(on server: String) async throws -> Set<String> { throw Self.error("queue state") }
    func record(_ keys: Set<String>, on server: String, at time: Date) async throws { throw Self.error("queue state") }
}

/// What one run has already said; shared by every account's context of the run.
public final class SaidOnce: Sendable {
    private let said = Mutex<Set<String>>([])

    public init() {}

    /// True the first time `notice` is asked about in this run.
    public func isFirst(_ notice: String) -> Bool { said.withLock { $0.insert(notice).inserted } }
}

/// How a command run for the user (`queue --watch --exec`) ended.
public enum CommandEnd: Sendable, Equatable {
    case exited(Int32)
    /// Stopped for running past its time.
    case timedOut
}
