import FediCommands
import FediCore
import FediHTTPCurl
import Foundation

/// What a user would see from one run: stdout, stderr and the exit status.
public struct CommandResult: Sendable, CustomStringConvertible {
    public var stdout: String
    public var stderr: String
    public var status: Int32

    public var description: String { "exit \(status)\n--- stdout\n\(stdout)--- stderr\n\(stderr)" }

    /// stdout parsed as JSON.
    public func json() throws -> Any {
        try JSONSerialization.jsonObject(with: Data(stdout.utf8), options: [.fragmentsAllowed])
    }
}

/// Runs the real command tree in-process with services a test chooses. By default: the real
/// libcurl transport, an in-memory account store and keyring, a non-terminal, no real sleeping
/// limits (sleeps are real, so retry waits can be measured).
public struct CommandHarness: Sendable {
    public var transport: any HTTPTransport
    public var secrets: any SecretStore
    public var logins: any LoginStore
    public var serverCache: any ServerInfoCache
    public var environment: [String: String]
    public var now: @Sendable () -> Date
    /// nil: real sleeping. A test that must not wait real seconds (a server's Retry-After) records instead.
    public var sleep: (@Sendable (Double) async throws -> Void)?
    /// Records nothing unless a test gives one (a `FileJournal` in a temporary directory).
    public var journal: any Journal = DisabledJournal()
    /// `queue --since-last`'s memory: fails closed unless a test gives one.
    public var lastLooks: (any LastLookStore)?
    /// `fedictl triage`'s screen: none unless a test scripts one (`ScriptedScreen`).
    public var triageScreen: (any TriageScreen)?

    public static let sharedTransport = CurlTransport()

    public init(
        transport: any HTTPTransport = CommandHarness.sharedTransport, secrets: any SecretStore = InMemorySecretStore(),
        logins: any LoginStore = InMemoryLoginStore(), serverCache: any ServerInfoCache = InMemoryServerInfoCache(),
        environment: [String: String] = [:], now: @escaping @Sendable () -> Date = Date.init,
        sleep: (@Sendable (Double) async throws -> Void)? = nil
    ) {
        self.transport = transport
        self.secrets = secrets
        self.logins = logins
        self.serverCache = serverCache
        self.environment = environment
        self.now = now
        self.sleep = sleep
    }

    public func run(_ arguments: [String], tty: Bool = false, width: Int = 100, input: String = "") async
        -> CommandResult
    {
        let terminal = CapturingTerminal(tty: tty, width: width, input: input)
        let secrets = self.secrets
        var services = Services(
            transport: transport, secrets: secrets, insecureSecrets: { secrets }, logins: logins,
            serverCache: serverCache, terminal: terminal,
            environment: environment, now: now, journal: journal)
        if let sleep { services.sleep = sleep }
        if let lastLooks { services.lastLooks = lastLooks }
        if let screen = triageScreen { services.triageScreen = { screen } }
        let status = await Services.$current.withValue(services) {
            await FedictlMain.run(arguments)
        }
        return CommandResult(stdout: terminal.stdout, stderr: terminal.stderr, status: status)
    }
}

/// Runs the built `fedictl` binary as a user would, with its own environment.
public enum BinaryRunner {
    public static func run(_ arguments: [String], environment: [String: String] = [:], input: String? = nil)
        async throws -> CommandResult
    {
        try await ProcessRunner.run(
            RepoPaths.fedictlBinary.path, arguments, environment: userEnvironment(environment), input: input)
    }

    /// Blocking form, for tests that fan out on threads of their own.
    public static func runBlocking(_ arguments: [String], environment: [String: String] = [:], input: String? = nil)
        throws -> CommandResult
    {
        try ProcessRunner.runBlocking(
            RepoPaths.fedictlBinary.path, arguments, environment: userEnvironment(environment), input: input)
    }

    /// PATH and HOME, and no server cache unless the test gives an XDG_CACHE_HOME (one under
    /// /dev/null cannot be created, so nothing is cached): no detection carries over from another
    /// test's server on a reused port.
    public static func userEnvironment(_ extra: [String: String]) -> [String: String] {
        var env = [
            "PATH": "/usr/bin:/bin", "HOME": FileManager.default.temporaryDirectory.path,
            "XDG_CACHE_HOME": "/dev/null/no-cache",
        ]
        env.merge(extra) { $1 }
        return env
    }
}
