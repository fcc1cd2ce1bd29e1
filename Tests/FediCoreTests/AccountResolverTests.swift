import FediCore
import FediTestSupport
import Foundation
import Synchronization
import Testing

/// Who a run acts as and with which token, decided by `AccountResolver` without a command: the
/// selection, `FEDICTL_TOKEN` and whose it is, and the keyring.
@Suite struct AccountResolverTests {
    static let hosts = ["a.test", "b.test"]

    /// admin@a.test (alias "work"), admin@b.test; the default is admin@a.test.
    static func config(defaultAccount: String? = "admin@a.test") -> LoginConfig {
        let mastodon = ServerInfo(flavour: .mastodon, softwareName: "mastodon", version: "4.3.0", detectedAt: Date())
        return LoginConfig(
            defaultAccount: defaultAccount,
            accounts: hosts.map { host in
                Login(
                    id: "admin@\(host)", username: "admin", baseURL: "https://\(host)",
                    aliases: host == "a.test" ? ["work"] : [], tokenStorage: .keyring, serverInfo: mastodon)
            }, groups: ["both": hosts.map { "admin@\($0)" }])
    }

    static func keyring() -> InMemorySecretStore {
        InMemorySecretStore(
            secrets: Dictionary(
                uniqueKeysWithValues: hosts.map { host in
                    (SecretKey(account: "admin@\(host)", instance: host, kind: .accessToken), "token-\(host)")
                }))
    }

    /// A store that counts its reads, so a test can say the config was never read.
    final class CountingStore: LoginStore {
        let reads = Mutex(0)
        let config: LoginConfig
        init(_ config: LoginConfig) { self.config = config }
        func load() throws -> LoginConfig {
            reads.withLock { $0 += 1 }
            return config
        }
        func update<T>(_ change: (inout LoginConfig) throws -> T) throws -> T {
            var copy = config
            return try change(&copy)
        }
    }

    static func resolver(
        selectors: [String] = [], environment: [String: String] = [:], logins: any LoginStore = CountingStore(config()),
        keyring: any SecretStore = keyring(), transport: FakeTransport = FakeTransport(), insecureStorage: Bool = false,
        fileSecrets: @escaping @Sendable () -> any SecretStore = { InMemorySecretStore(storageName: "file") },
        warnOnce: @escaping @Sendable (String, String) -> Void = { _, _ in }
    ) -> AccountResolver {
        let http = HTTPClient(transport: transport, sleep: { _ in }, now: Date.init)
        return AccountResolver(
            selectors: selectors, insecureStorage: insecureStorage, environment: environment, logins: logins,
            keyring: keyring, fileSecrets: fileSecrets, warnOnce: warnOnce,
            client: { APIClient(server: $0, token: $1, http: http) })
    }

    static func failure(_ body: () async throws -> Void) async -> FediError? {
        do {
            try await body()
            return nil
        } catch let error as FediError {
            return error
        } catch {
            Issue.record("not a FediError: \(error)")
            return nil
        }
    }

    // MARK: The selection

    @Test func theFlagThenTheVariableThenTheDefaultSelect() throws {
        #expect(try Self.resolver(selectors: ["work"]).login().id == "admin@a.test")
        #expect(try Self.resolver(selectors: ["admin@b"]).login().id == "admin@b.test")
        #expect(try Self.resolver(environment: ["FEDICTL_ACCOUNT": " admin@b.test "]).login().id == "admin@b.test")
        #expect(
            try Self.resolver(selectors: ["admin@a.test"], environment: ["FEDICTL_ACCOUNT": "admin@b.test"]).login().id
                == "admin@a.test")
        #expect(try Self.resolver().login().id == "admin@a.test")
    }

    @Test func anUnknownAccountIsExit66NamingTheCandidates() async {
        let error = await Self.failure { _ = try Self.resolver(selectors: ["zed"]).login() }
        #expect(error?.status == .noInput)
        #expect(error?.message == "no account matches 'zed'")
        #expect(error?.hint == "known accounts: admin@a.test (work), admin@b.test")
    }

    @Test func severalSelectedAreRefusedWhereOneIsNeededAndAGroupIsPinnedByTheRunner() async throws {
        let error = await Self.failure { _ = try Self.resolver(selectors: ["admin@a.test,admin@b.test"]).login() }
        #expect(error?.status == .usage)
        #expect(error?.message == "this command acts on one account, but several are selected")
        let group = try Self.resolver(selectors: ["both"]).selectedAccounts(moderation: true)
        #expect(group?.map(\.login.id) == ["admin@a.test", "admin@b.test"])
        #expect(group?.allSatisfy { $0.isStored && !$0.usesEnvironmentToken } == true)
        // One plain selector is the usual path's to decide.
        #expect(try Self.resolver(selectors: ["work"]).selectedAccounts(moderation: true) == nil)
    }

    // MARK: FEDICTL_TOKEN

    @Test func aTokenForAFullIDReadsNoConfigAndIsCheckedWithItsServer() async throws {
        let store = CountingStore(Self.config())
        let transport = FakeTransport()
        transport.stub(.get, "/api/v1/accounts/verify_credentials", json: #"{"id": "9", "username": "mod"}"#)
        let resolver = Self.resolver(
            selectors: ["mod@c.test"], environment: ["FEDICTL_TOKEN": "env-token"], logins: store, transport: transport)
        let credentials = try await resolver.credentials()
        #expect(credentials.login.id == "mod@c.test")
        #expect(credentials.token == "env-token")
        #expect(credentials.source == .environment)
        #expect(!credentials.isStored)
        #expect(store.reads.withLock { $0 } == 0)
        #expect(transport.requests.map { $0.header("Authorization") } == ["Bearer env-token"])
    }

    @Test func anotherAccountsTokenIsExit77NamingBoth() async {
        let transport = FakeTransport()
        transport.stub(.get, "/api/v1/accounts/verify_credentials", json: #"{"id": "3", "username": "mallory"}"#)
        let resolver = Self.resolver(
            selectors: ["admin@b.test"], environment: ["FEDICTL_TOKEN": "stolen"], transport: transport)
        let error = await Self.failure { _ = try await resolver.credentials() }
        #expect(error?.status == .permission)
        #expect(error?.message == "FEDICTL_TOKEN is mallory@b.test's token, not the selected account admin@b.test's")
        #expect(
            error?.hint
                == "select mallory@b.test with --account, or unset FEDICTL_TOKEN to use admin@b.test's stored token")
    }

    @Test func aTokenForAnotherServerIsAUsageErrorAndNothingIsSent() async {
        let transport = FakeTransport()
        let resolver = Self.resolver(
            selectors: ["work"], environment: ["FEDICTL_TOKEN": "b-token", "FEDICTL_INSTANCE": "b.test"],
            transport: transport)
        let error = await Self.failure { _ = try await resolver.credentials() }
        #expect(error?.status == .usage)
        #expect(
            error?.message
                == "FEDICTL_TOKEN is for b.test (FEDICTL_INSTANCE), but the selected account admin@a.test is on a.test")
        #expect(transport.requests.isEmpty)
        // The default nobody named does not get it either.
        let unnamed = await Self.failure {
            _ = try await Self.resolver(environment: ["FEDICTL_TOKEN": "t"]).credentials()
        }
        #expect(unnamed?.message == "FEDICTL_TOKEN does not say which server it is for, and no account is named")
    }

    // MARK: The keyring

    @Test func theStoredTokenComesFromTheKeyring() async throws {
        let credentials = try await Self.resolver(selectors: ["admin@b.test"]).credentials()
        #expect(credentials.token == "token-b.test")
        #expect(credentials.source == .keyring)
        #expect(credentials.isStored)
    }

    @Test func aMissingSecretIsExit77SayingHowToLogIn() async {
        let error = await Self.failure {
            _ = try await Self.resolver(keyring: InMemorySecretStore()).credentials()
        }
        #expect(error?.status == .permission)
        #expect(error?.message == "no token is stored for admin@a.test")
        #expect(error?.hint == "log in again: fedictl auth login a.test")
    }

    @Test func noKeyringIsExit77NamingTheUnattendedSources() async {
        let error = await Self.failure {
            _ = try await Self.resolver(keyring: InMemorySecretStore(failure: .unavailable("no bus"))).credentials()
        }
        #expect(error?.status == .permission)
        #expect(error?.message == "no token for admin@a.test: no Secret Service keyring is reachable (no bus)")
        #expect(error?.hint?.hasPrefix("give the token by one of: a systemd credential fedictl-admin@a.test") == true)
    }

    @Test func withInsecureStorageTheFileIsReadAndSaidOnce() async throws {
        let file = InMemorySecretStore(
            storageName: "file",
            secrets: [SecretKey(account: "admin@a.test", instance: "a.test", kind: .accessToken): "file-token"])
        let warnings = Mutex<[String]>([])
        let resolver = Self.resolver(
            keyring: InMemorySecretStore(failure: .unavailable("no bus")), insecureStorage: true,
            fileSecrets: { file }, warnOnce: { key, _ in warnings.withLock { $0.append(key) } })
        let credentials = try await resolver.credentials()
        #expect(credentials.token == "file-token")
        #expect(credentials.source == .file)
        #expect(warnings.withLock { $0 } == ["insecure storage"])
        #expect(resolver.storageForNewSecrets == .file)
    }
}
