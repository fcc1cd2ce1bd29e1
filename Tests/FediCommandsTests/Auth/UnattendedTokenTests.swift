import FediCommands
import FediCore
import FediTestSupport
import Foundation
import Testing

/// Tokens for runs without a desktop session (fast tier): a systemd credential, then
/// --token-file / FEDICTL_TOKEN_FILE, then the keyring; the token's owner is checked; when none
/// works, exit 77 naming every way. No token ever shows in the output.
@Suite struct UnattendedTokenTests {
    static let me = #"{"id": "1", "username": "admin", "acct": "admin"}"#
    static let bob = #"{"id": "2", "username": "bob", "acct": "bob"}"#

    /// A directory with `files` (name: token) at `mode`.
    static func directory(_ files: [String: String], mode: Int = 0o600) throws -> URL {
        let root = try TemporaryDirectory.make("tokens")
        for (name, token) in files {
            let url = root.appendingPathComponent(name)
            try Data((token + "\n").utf8).write(to: url)
            try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: url.path)
        }
        return root
    }

    static func sentTokens(_ transport: FakeTransport) -> [String] {
        transport.requests.compactMap { $0.header("Authorization") }
    }

    @Test func aSystemdCredentialComesFirstAndItsOwnerIsChecked() async throws {
        let credentials = try Self.directory(["fedictl-admin@fake.test": "cred-token"], mode: 0o400)
        let files = try Self.directory(["admin@fake.test": "file-token"])
        defer { [credentials, files].forEach { try? FileManager.default.removeItem(at: $0) } }
        let server = FakeServerAccount()
        server.transport.stub(.get, "/api/v1/accounts/verify_credentials", json: Self.me)
        server.transport.stub(.get, "/api/v1/admin/reports", json: "[]")
        let result = await server.run(
            ["--verbose", "queue", "--kind", "report"],
            environment: ["CREDENTIALS_DIRECTORY": credentials.path, "FEDICTL_TOKEN_FILE": files.path])
        #expect(result.status == 0, "\(result)")
        #expect(
            result.stderr.contains("/api/v1/accounts/verify_credentials") && !result.stderr.contains("cred-token"),
            "logged, the token never: \(result)")
        #expect(Self.sentTokens(server.transport) == ["Bearer cred-token", "Bearer cred-token"])
        #expect(server.transport.unusedRoutes.isEmpty, "\(server.transport.unusedRoutes)")
    }

    @Test func aTokenOfAnotherAccountIsExit77NamingBoth() async throws {
        let credentials = try Self.directory(["fedictl-admin@fake.test": "bobs-token"])
        defer { try? FileManager.default.removeItem(at: credentials) }
        let server = FakeServerAccount()
        server.transport.stub(.get, "/api/v1/accounts/verify_credentials", json: Self.bob)
        let result = await server.run(["queue"], environment: ["CREDENTIALS_DIRECTORY": credentials.path])
        #expect(result.status == 77, "\(result)")
        #expect(
            result.stderr.hasPrefix(
                "fedictl: the systemd credential \(credentials.path)/fedictl-admin@fake.test holds the token of bob@fake.test, not of admin@fake.test\nhint: "
            ), "\(result)")
        #expect(!result.stderr.contains("bobs-token") && result.stdout.isEmpty, "\(result)")
        #expect(Self.sentTokens(server.transport) == ["Bearer bobs-token"], "nothing else is sent with it")
    }

    /// Misskey has no verify_credentials: a token file's owner is asked with its own `POST /api/i`,
    /// compared, and the run goes on (before: exit 69 on every unattended run there) (issue 47).
    @Test func onMisskeyTheOwnerIsAskedWithApiI() async throws {
        let files = try Self.directory(["admin@fake.test": "file-token"])
        defer { try? FileManager.default.removeItem(at: files) }
        let server = FakeServerAccount(software: "misskey", version: "2024.11.0")
        server.transport.stub(.post, "/api/i", json: #"{"id": "9a", "username": "admin", "isAdmin": true}"#)
        server.transport.stub(.post, "/api/admin/abuse-user-reports", json: "[]")
        let result = await server.run(["queue", "--kind", "report"], environment: ["FEDICTL_TOKEN_FILE": files.path])
        #expect(result.status == 0, "\(result)")
        #expect(
            server.transport.requests.map(\.route) == ["POST /api/i", "POST /api/admin/abuse-user-reports"],
            "no verify_credentials probe: \(server.transport.requests.map(\.route))")

        let other = FakeServerAccount(software: "misskey", version: "2024.11.0")
        other.transport.stub(.post, "/api/i", json: #"{"id": "9b", "username": "bob"}"#)
        let refused = await other.run(["queue", "--kind", "report"], environment: ["FEDICTL_TOKEN_FILE": files.path])
        #expect(refused.status == 77, "\(refused)")
        #expect(refused.stderr.contains("holds the token of bob@fake.test, not of admin@fake.test"), "\(refused)")
    }

    /// `FEDICTL_TOKEN` on Misskey: its owner is asked with `POST /api/i` too, and compared, instead
    /// of a verify_credentials probe answered 404 on every run that compared nothing (issue 47).
    /// The server was detected by an earlier run (the cache by host that a FEDICTL_TOKEN run uses).
    @Test func onMisskeyFEDICTL_TOKENsOwnerIsAskedWithApiI() async throws {
        let server = FakeServerAccount(software: "misskey", version: "2024.11.0")
        let detected = InMemoryServerInfoCache()
        detected.remember(try #require(server.login.serverInfo), for: FakeServerAccount.host)
        server.transport.stub(.post, "/api/i", json: #"{"id": "9a", "username": "admin", "isAdmin": true}"#)
        server.transport.stub(.post, "/api/admin/abuse-user-reports", json: "[]")
        let result = await server.run(
            ["queue", "--kind", "report", "--account", "admin@fake.test"], environment: ["FEDICTL_TOKEN": "env-token"],
            serverCache: detected)
        #expect(result.status == 0, "\(result)")
        #expect(
            server.transport.requests.map(\.route) == ["POST /api/i", "POST /api/admin/abuse-user-reports"],
            "no verify_credentials probe: \(server.transport.requests.map(\.route))")

        let other = FakeServerAccount(software: "misskey", version: "2024.11.0")
        other.transport.stub(.post, "/api/i", json: #"{"id": "9b", "username": "bob"}"#)
        let refused = await other.run(
            ["queue", "--kind", "report", "--account", "admin@fake.test"], environment: ["FEDICTL_TOKEN": "env-token"],
            serverCache: detected)
        #expect(refused.status == 77, "\(refused)")
        #expect(
            refused.stderr.contains(
                "FEDICTL_TOKEN is bob@fake.test's token, not the selected account admin@fake.test's"),
            "\(refused)")
    }

    @Test func aTokenFileIsReadOnlyAt0600AndOwnedByTheUser() async throws {
        let loose = try Self.directory(["admin@fake.test": "file-token"], mode: 0o644)
        defer { try? FileManager.default.removeItem(at: loose) }
        let file = loose.appendingPathComponent("admin@fake.test").path
        let server = FakeServerAccount()
        let refused = await server.run(["--token-file", file, "queue"])
        #expect(refused.status == 77, "\(refused)")
        #expect(
            refused.stderr.hasPrefix(
                "fedictl: refusing the token file \(file): its mode is 644, readable by others\nhint: chmod 600"),
            "\(refused)")
        #expect(!refused.stderr.contains("file-token") && server.transport.requests.isEmpty, "\(refused)")

        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file)
        server.transport.stub(.get, "/api/v1/accounts/verify_credentials", json: Self.me)
        server.transport.stub(.get, "/api/v1/admin/reports", json: "[]")
        let accepted = await server.run(["queue", "--kind", "report"], environment: ["FEDICTL_TOKEN_FILE": file])
        #expect(accepted.status == 0, "\(accepted)")
        #expect(Self.sentTokens(server.transport) == ["Bearer file-token", "Bearer file-token"])
    }

    @Test func aDirectoryHoldsAFilePerAccountAndOneFileServesOneAccount() async throws {
        let files = try Self.directory(["admin@a.test": "token-a", "admin@b.test": "token-b"])
        defer { try? FileManager.default.removeItem(at: files) }
        let transport = FakeTransport()
        for host in ["a.test", "b.test"] {
            transport.stub(.get, "/api/v1/accounts/verify_credentials", host: host, json: Self.me)
            transport.stub(.get, "/api/v1/admin/reports", host: host, json: "[]")
        }
        let harness = QueueFleetFastTests.harness(["admin@a.test", "admin@b.test"], transport: transport)
        let result = await harness.run(["--all-accounts", "--token-file", files.path, "queue", "--kind", "report"])
        #expect(result.status == 0, "\(result)")
        let sent = transport.requests.map { "\($0.url.host ?? "") \($0.header("Authorization") ?? "")" }
        #expect(Set(sent) == ["a.test Bearer token-a", "b.test Bearer token-b"], "\(sent)")

        let one = files.appendingPathComponent("admin@a.test").path
        let refused = await harness.run(["--all-accounts", "--token-file", one, "queue", "--kind", "report"])
        #expect(refused.status == 64, "\(refused)")
        #expect(refused.stderr.contains("holds one account's token, but several accounts are selected"), "\(refused)")
    }

    @Test func withNoKeyringAndNoFileEveryWayIsNamed() async throws {
        let account = FakeServerAccount()
        let keyring = InMemorySecretStore(
            failure: .unavailable("no D-Bus session bus: DBUS_SESSION_BUS_ADDRESS is not set"))
        let harness = CommandHarness(transport: account.transport, secrets: keyring, logins: account.logins)
        let result = await harness.run(["queue"])
        #expect(result.status == 77, "\(result)")
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 2, "one error line and a hint: \(result)")
        #expect(
            lines.first
                == "fedictl: no token for admin@fake.test: no Secret Service keyring is reachable (no D-Bus session bus: DBUS_SESSION_BUS_ADDRESS is not set)"
        )
        for way in [
            "fedictl-admin@fake.test", "$CREDENTIALS_DIRECTORY", "--token-file", "FEDICTL_TOKEN_FILE", "/run/user/",
            "FEDICTL_TOKEN",
        ] {
            #expect(result.stderr.contains(way), "\(way): \(result)")
        }
        #expect(account.transport.requests.isEmpty)
    }
}
