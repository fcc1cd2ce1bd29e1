import FediCommands
import FediCore
import Foundation

/// The fast tier's usual set-up: one stored admin account on `https://fake.test` whose software
/// is already detected (cached and fresh), its token in an in-memory keyring, and a FakeTransport
/// that answers only what the test stubs. A command run through `run(_:)` sends nothing else.
public struct FakeServerAccount: Sendable {
    public static let host = "fake.test"
    public static let token = "fake-admin-token"
    public let transport = FakeTransport()
    public let logins: InMemoryLoginStore
    public let keyring: InMemorySecretStore
    public let login: Login
    /// Every wait a run asked for (retries, pacing), in seconds; none is actually slept.
    public let sleeps = Recorded<Double>()

    /// `software` as nodeinfo names it (`mastodon`, `gotosocial`, `akkoma`, `misskey`...).
    /// After this many waits, the next one is cancelled, as Ctrl-C would (for commands that run until stopped).
    public let waitsBeforeCancel: Int?
    /// `queue --since-last`'s memory for this account's runs.
    public let lastLooks = InMemoryLastLookStore()

    public init(
        software: String = "mastodon", version: String = "4.3.0", username: String = "admin",
        scopes: [String] = ["read", "write", "follow", "admin:read", "admin:write"], waitsBeforeCancel: Int? = nil
    ) {
        self.waitsBeforeCancel = waitsBeforeCancel
        let (flavour, variant) = Flavour.named(software)
        let info = ServerInfo(
            flavour: flavour, variant: variant, softwareName: software, version: version,
            detectedAt: Date(timeIntervalSinceNow: -60))
        login = Login(
            id: "\(username)@\(Self.host)", username: username, baseURL: "https://\(Self.host)", scopes: scopes,
            tokenStorage: .keyring, scopesSource: .granted, serverInfo: info)
        logins = InMemoryLoginStore(LoginConfig(defaultAccount: login.id, accounts: [login]))
        keyring = InMemorySecretStore(storageName: "keyring", secrets: [login.tokenKey: Self.token])
    }

    /// Runs the real command tree in-process against the stubs (never a socket, never a sleep).
    /// `journal`: where the run records its changes (none by default). `serverCache`: what earlier
    /// runs on this machine detected, by host (none by default).
    public func run(
        _ arguments: [String], tty: Bool = false, width: Int = 100, input: String = "",
        environment: [String: String] = [:],
        journal: any Journal = DisabledJournal(), screen: (any TriageScreen)? = nil,
        serverCache: (any ServerInfoCache)? = nil
    ) async -> CommandResult {
        let sleeps = self.sleeps
        let limit = waitsBeforeCancel
        var harness = CommandHarness(
            transport: transport, secrets: keyring, logins: logins, environment: environment,
            sleep: { seconds in
                if let limit, sleeps.all.count >= limit { throw CancellationError() }
                sleeps.append(seconds)
            })
        if let serverCache { harness.serverCache = serverCache }
        harness.lastLooks = lastLooks
        harness.journal = journal
        harness.triageScreen = screen
        return await harness.run(arguments, tty: tty, width: width, input: input)
    }
}

/// Values recorded from concurrent code, read back by a test.
public final class Recorded<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [Value] = []
    public init() {}
    public func append(_ value: Value) { lock.withLock { values.append(value) } }
    public var all: [Value] { lock.withLock { values } }
}
