import FediCore
import FediTestSupport
import Foundation
import Testing

/// `fedictl reports file`: a user's report reaches the admin's queue on mastodon_mock; the
/// GoToSocial and Misskey fixtures show the requests those servers get.
@Suite struct UserSideReportsTests {
    /// The admin's view of the open reports, straight from the server.
    func adminReports(_ server: ServerProcess) async throws -> [[String: Any]] {
        try #require(
            try await server.json(.get, "/api/v1/admin/reports", token: MockServer.admin.token) as? [[String: Any]])
    }

    @Test func aliceReportsBobAndTheAdminSeesIt() async throws {
        let server = try await MockServer.start()
        let alice = UserSide(server, MockServer.alice)
        let post = try #require(
            try await server.json(
                .post, "/api/v1/statuses", token: MockServer.bob.token,
                body: ["status": "buy cheap watches"]) as? [String: Any])
        let statusID = try #require(post["id"] as? String)

        let result = await alice.run([
            "reports", "file", "@bob", "--status", statusID, "--category", "spam",
            "--comment", "watch spam in my mentions", "-o", "json",
        ])
        #expect(result.status == 0, "\(result)")
        let filed = try #require(try result.json() as? [String: Any])
        #expect(filed["target"] as? String == "bob")
        #expect(filed["category"] as? String == "spam")
        #expect(filed["status_ids"] as? [String] == [statusID])
        #expect(result.stderr.contains("Reported @bob to the moderators of \(server.base)."))

        let reports = try await adminReports(server)
        #expect(reports.count == 1)
        let report = try #require(reports.first)
        #expect(report["id"] as? String == filed["id"] as? String)
        #expect(report["comment"] as? String == "watch spam in my mentions")
        #expect(report["category"] as? String == "spam")
        #expect(((report["account"] as? [String: Any])?["username"] as? String) == "alice")
        #expect(((report["target_account"] as? [String: Any])?["username"] as? String) == "bob")
        #expect((report["statuses"] as? [[String: Any]])?.first?["id"] as? String == statusID)

        // And in the admin's `reports list`.
        let listed = await UserSide(server, MockServer.admin).run(["reports", "list", "-o", "json"])
        #expect(listed.status == 0, "\(listed)")
        let queue = try #require(try listed.json() as? [[String: Any]])
        #expect(queue.count == 1)
        #expect(queue.first?["id"] as? String == filed["id"] as? String)
        #expect(queue.first?["comment"] as? String == "watch spam in my mentions")
        #expect(queue.first?["reporter"] as? String == "@alice@\(server.base)")
        #expect(queue.first?["target"] as? String == "@bob@\(server.base)")
    }

    @Test func rulesAreCheckedRememberedAndCompleted() async throws {
        let server = try await MockServer.start(settings: #"rules = ["No spam", "Be kind to each other"]"#)
        let login = Login(id: "alice@\(server.base)", username: "alice", baseURL: server.baseURL.absoluteString)
        let logins = InMemoryLoginStore(LoginConfig(defaultAccount: login.id, accounts: [login]))
        let secrets = InMemorySecretStore(secrets: [login.tokenKey: MockServer.alice.token])
        let harness = CommandHarness(secrets: secrets, logins: logins)

        let unknown = await harness.run(["reports", "file", "@bob", "--rule", "9", "--comment", "x"])
        #expect(unknown.status == 65, "\(unknown)")
        #expect(unknown.stderr.contains("has no rule 9"))
        #expect(unknown.stderr.contains("1 (No spam), 2 (Be kind to each other)"))
        #expect(try await adminReports(server).isEmpty)

        let filed = await harness.run([
            "reports", "file", "@bob", "--rule", "2", "--comment", "rude replies", "-o", "json",
        ])
        #expect(filed.status == 0, "\(filed)")
        #expect((try filed.json() as? [String: Any])?["rule_ids"] as? [String] == ["2"])
        // mastodon_mock's admin view always lists `rules: []` (a quirk); the reporter's answer above
        // carries the rule ids the server stored.
        #expect(try await adminReports(server).count == 1)

        // The rules are remembered in the config, and --rule completes from there alone.
        let remembered = try logins.load().accounts.first?.instanceRules ?? []
        #expect(remembered.map { $0.id } == ["1", "2"])
        let words = ["fedictl", "reports", "file", "@bob", "--rule", ""]
        let completed = await CommandHarness(transport: FakeTransport(), secrets: InMemorySecretStore(), logins: logins)
            .run(["---completion", "reports", "file", "--", "--rule", String(words.count - 1), "0"] + words)
        #expect(completed.status == 0, "\(completed)")
        #expect(completed.stdout == "1\n2\n")
    }

    @Test func ruleCompletionIsEmptyWithoutACache() async throws {
        let login = Login(id: "alice@mastodon.example", username: "alice", baseURL: "https://mastodon.example")
        let words = ["fedictl", "reports", "file", "@bob", "--rule", ""]
        let result = await CommandHarness(
            transport: FakeTransport(), logins: InMemoryLoginStore(LoginConfig(accounts: [login]))
        )
        .run(["---completion", "reports", "file", "--", "--rule", String(words.count - 1), "0"] + words)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.isEmpty)
    }

    @Test func unknownAccountIsNotFound() async throws {
        let server = try await MockServer.start()
        let result = await UserSide(server, MockServer.alice).run(["reports", "file", "@nobody", "--comment", "x"])
        #expect(result.status == 66, "\(result)")
        #expect(try await adminReports(server).isEmpty)
    }

    @Test func goToSocialGetsTheMastodonRequest() async throws {
        let server = try await FixtureServer.start(flavour: "gotosocial")
        let target: [String: Any] = [
            "id": "01JGZ4B6D8F0H2K4M6P8R0T2V4", "username": "spammer", "acct": "spammer@spam.example",
        ]
        try await server.addRoutes([
            "GET /api/v1/accounts/lookup": ["json": target],
            "POST /api/v1/reports": [
                "json": [
                    "id": "01JK0000000000000000000000", "action_taken": false, "category": "violation",
                    "comment": "rule breaking", "forwarded": true, "created_at": "2025-01-12T15:01:44.000Z",
                    "status_ids": [], "rule_ids": ["01HQ2Y3C2H5M8P1S4V7Y0B3E6G"], "target_account": target,
                ]
            ],
        ])
        let result = await UserSide(fixture: server).run([
            "reports", "file", "@spammer@spam.example", "--rule", "01HQ2Y3C2H5M8P1S4V7Y0B3E6G",
            "--comment", "rule breaking", "--forward", "-o", "json",
        ])
        #expect(result.status == 0, "\(result)")
        let sent = try #require(try await server.received("POST", "/api/v1/reports").first)
        #expect(sent["account_id"] as? String == "01JGZ4B6D8F0H2K4M6P8R0T2V4")
        #expect(sent["rule_ids"] as? [String] == ["01HQ2Y3C2H5M8P1S4V7Y0B3E6G"])
        #expect(sent["forward"] as? Bool == true)
        #expect(sent["comment"] as? String == "rule breaking")
        let filed = try #require(try result.json() as? [String: Any])
        #expect(filed["target"] as? String == "spammer@spam.example")
        #expect(filed["forwarded"] as? Bool == true)
    }

    @Test func misskeyReportAbuseTakesUserIdAndComment() async throws {
        let server = try await FixtureServer.start(flavour: "misskey")
        try await server.addRoutes([
            "POST /api/users/show": [
                "json": ["id": "9x8y7z6w5v", "username": "troll", "host": "remote.example", "name": "Troll"]
            ],
            "POST /api/users/report-abuse": ["status": 204],
        ])
        let result = await UserSide(fixture: server).run([
            "reports", "file", "@troll@remote.example", "--comment", "see notes/9abc", "-o", "json",
        ])
        #expect(result.status == 0, "\(result)")
        let lookup = try #require(try await server.received("POST", "/api/users/show").first)
        #expect(lookup["username"] as? String == "troll")
        #expect(lookup["host"] as? String == "remote.example")
        let sent = try #require(try await server.received("POST", "/api/users/report-abuse").first)
        #expect(sent["userId"] as? String == "9x8y7z6w5v")
        #expect(sent["comment"] as? String == "see notes/9abc")
        #expect(sent["i"] as? String == "fixture-token")
        let filed = try #require(try result.json() as? [String: Any])
        #expect(filed["target"] as? String == "troll@remote.example")
        #expect(filed["id"] == nil || filed["id"] is NSNull)
    }

    @Test(arguments: [["--status", "1"], ["--category", "spam"], ["--rule", "1"], ["--forward"]])
    func misskeyRefusesWhatItCannotCarry(extra: [String]) async throws {
        let server = try await FixtureServer.start(flavour: "misskey")
        let result = await UserSide(fixture: server).run(
            ["reports", "file", "@troll@remote.example", "--comment", "x"] + extra)
        #expect(result.status == 65, "\(result)")
        #expect(result.stderr.contains("carry only a comment: \(extra[0])"))
        #expect(try await server.received("POST", "/api/users/report-abuse").isEmpty)
    }
}
