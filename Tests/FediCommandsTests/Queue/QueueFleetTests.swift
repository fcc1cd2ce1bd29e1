import FediCommands
import FediCore
import FediTestSupport
import Foundation
import Testing

/// `queue` over several accounts (fast tier): one server's items once, --since-last.
@Suite struct QueueFleetFastTests {
    static func report(_ id: String, at time: String) -> String {
        #"{"id": "\#(id)", "action_taken": false, "category": "spam", "created_at": "\#(time)", "statuses": []}"#
    }

    static let mastodon = ServerInfo(flavour: .mastodon, softwareName: "mastodon", version: "4.3.0", detectedAt: Date())

    /// `ids` as accounts (`user@host`), each with token `token-<id>`; `roles` by id.
    static func harness(
        _ ids: [String], roles: [String: AccountRole] = [:], transport: FakeTransport,
        lastLooks: InMemoryLastLookStore = InMemoryLastLookStore()
    ) -> CommandHarness {
        let logins = ids.map { id -> Login in
            let parts = id.split(separator: "@").map(String.init)
            var login = Login(
                id: id, username: parts[0], baseURL: "https://\(parts[1])", tokenStorage: .keyring, serverInfo: mastodon
            )
            login.role = roles[id]
            return login
        }
        let keyring = InMemorySecretStore(
            secrets: Dictionary(uniqueKeysWithValues: logins.map { ($0.tokenKey, "token-\($0.id)") }))
        var harness = CommandHarness(
            transport: transport, secrets: keyring, logins: InMemoryLoginStore(LoginConfig(accounts: logins)))
        harness.lastLooks = lastLooks
        return harness
    }

    @Test func twoAccountsOnOneServerShowItsItemsOnceUnderTheFirstThatCanModerate() async throws {
        let transport = FakeTransport()
        transport.stub(
            .get, "/api/v1/admin/reports", host: "a.test", json: "[\(Self.report("1", at: "2026-11-20T10:00:00Z"))]")
        transport.stub(
            .get, "/api/v1/admin/reports", host: "b.test", json: "[\(Self.report("7", at: "2026-11-19T10:00:00Z"))]")
        let user = AccountRole(name: "User", permissions: 0, isAdmin: false, canModerate: false)
        let harness = Self.harness(
            ["alice@a.test", "mod@a.test", "admin@b.test"], roles: ["alice@a.test": user], transport: transport)

        let result = await harness.run([
            "--account", "alice@a.test,mod@a.test,admin@b.test", "queue", "--kind", "report", "--fields", "id",
        ])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "7\n1\n", "one list, oldest first: \(result)")
        #expect(
            result.stderr
                == "alice@a.test: same server as mod@a.test, which acts for it; nothing sent as alice@a.test\n",
            "\(result)")
        // One look at a.test, with the account that can moderate.
        let sent = transport.requests.map { "\($0.url.host ?? "") \($0.header("Authorization") ?? "")" }
        #expect(sent.sorted() == ["a.test Bearer token-mod@a.test", "b.test Bearer token-admin@b.test"])
        #expect(transport.unusedStubs == 0)
    }

    @Test func sinceLastShowsOnlyWhatIsNewPerServerAndRemembersWhatWaits() async throws {
        let transport = FakeTransport()
        let one = Self.report("1", at: "2026-11-20T10:00:00Z")
        let two = Self.report("2", at: "2026-11-21T10:00:00Z")
        transport.stub(.get, "/api/v1/admin/reports", host: "a.test", json: "[\(one)]")
        transport.stub(.get, "/api/v1/admin/reports", host: "a.test", json: "[\(one), \(two)]")
        transport.stub(.get, "/api/v1/admin/reports", host: "a.test", json: "[\(two)]")
        for _ in 0..<3 { transport.stub(.get, "/api/v1/admin/reports", host: "b.test", json: "[]") }
        let looks = InMemoryLastLookStore()
        let harness = Self.harness(["admin@a.test", "admin@b.test"], transport: transport, lastLooks: looks)
        let arguments = [
            "--all-accounts", "queue", "--kind", "report", "--since-last", "--exit-status", "--fields", "id",
        ]

        let first = await harness.run(arguments)
        #expect(first.status == 1, "\(first)")
        #expect(first.stdout == "1\n")
        let second = await harness.run(arguments)
        #expect(second.status == 1, "\(second)")
        #expect(second.stdout == "2\n", "only the new one: \(second)")
        let third = await harness.run(arguments)
        #expect(third.status == 0, "nothing new: \(third)")
        #expect(third.stdout.isEmpty)
        #expect(try await looks.seen(on: "a.test") == ["report 2"])
        #expect(looks.servers == ["a.test", "b.test"])
    }

    @Test func sinceLastNeedsNoWatchAndADamagedStateIsAnError() async throws {
        let server = FakeServerAccount()
        let refused = await server.run(["queue", "--since-last", "--watch"])
        #expect(refused.status == 64, "\(refused)")
        #expect(refused.stderr.contains("--since-last cannot be used with --watch"), "\(refused)")

        // The real file store: a file fedictl cannot read stays as it is, and the run says so.
        let root = try TemporaryDirectory.make("since-last")
        defer { try? FileManager.default.removeItem(at: root) }
        let file = root.appendingPathComponent("fedictl/queue-looks.json")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("{\"version\": 1, \"servers\": [".utf8).write(to: file)
        let store = FileLastLookStore(paths: StatePaths(environment: ["XDG_STATE_HOME": root.path]))
        server.transport.stub(.get, "/api/v1/admin/reports", json: "[\(Self.report("1", at: "2026-11-20T10:00:00Z"))]")
        var harness = CommandHarness(transport: server.transport, secrets: server.keyring, logins: server.logins)
        harness.lastLooks = store
        let damaged = await harness.run(["queue", "--kind", "report", "--since-last"])
        #expect(damaged.status == 78, "\(damaged)")
        #expect(
            damaged.stderr.hasPrefix(
                "fedictl: cannot read the queue's last look \(file.path): it is not the JSON fedictl writes\nhint: "),
            "\(damaged)")
        #expect(try String(contentsOf: file, encoding: .utf8) == "{\"version\": 1, \"servers\": [")

        // Once moved away, the first look shows everything and is remembered in the file.
        try FileManager.default.removeItem(at: file)
        server.transport.stub(.get, "/api/v1/admin/reports", json: "[\(Self.report("1", at: "2026-11-20T10:00:00Z"))]")
        let fresh = await harness.run(["queue", "--kind", "report", "--since-last", "--fields", "id"])
        #expect(fresh.stdout == "1\n", "\(fresh)")
        #expect(try await store.seen(on: "fake.test") == ["report 1"])
        let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
    }
}
