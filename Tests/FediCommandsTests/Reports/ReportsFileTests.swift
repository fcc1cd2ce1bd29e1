import FediCore
import FediTestSupport
import Foundation
import Testing

/// `reports file` in the fast tier.
@Suite struct ReportsFileTests {
    static let spammer = #"{"id": "9", "username": "spammer", "acct": "spammer@spam.example"}"#

    @Test func mastodonChecksTheRulesThenPostsEverythingGiven() async throws {
        let server = FakeServerAccount()
        try server.transport.stub(.get, "/api/v1/instance/rules", fixture: "mastodon/instance-rules.json")
        server.transport.stub(.get, "/api/v1/accounts/lookup?acct=spammer@spam.example", json: Self.spammer)
        server.transport.stub(
            .post, "/api/v1/reports",
            json: """
                {"id": "44", "action_taken": false, "category": "violation", "comment": "link spam", "forwarded": true,
                 "created_at": "2026-11-23T10:00:00Z", "status_ids": ["100"], "rule_ids": ["2"], "target_account": \(Self.spammer)}
                """)
        let result = await server.run([
            "reports", "file", "@spammer@spam.example", "--status", "100", "--category", "violation",
            "--rule", "2", "--comment", "link spam", "--forward", "-o", "json",
        ])
        #expect(result.status == 0, "\(result)")
        let shown = try #require(result.jsonObject, "\(result)")
        #expect(shown["id"] as? String == "44" && shown["target"] as? String == "spammer@spam.example")
        #expect(result.stderr == "Reported @spammer@spam.example to the moderators of fake.test.\n", "\(result)")
        let body = try #require(server.transport.requests.last?.jsonBody)
        #expect(body["account_id"] as? String == "9")
        #expect(body["status_ids"] as? [String] == ["100"])
        #expect(body["rule_ids"] as? [String] == ["2"])
        #expect(body["category"] as? String == "violation")
        #expect(body["comment"] as? String == "link spam")
        #expect(body["forward"] as? Bool == true)
        // The rules are remembered for --rule completion.
        #expect(try server.logins.load().accounts.first?.instanceRules?.map(\.id) == ["1", "2", "4"])
        #expect(server.transport.unusedRoutes.isEmpty, "\(server.transport.unusedRoutes)")
    }

    @Test func aRuleTheServerDoesNotHaveIsRefusedWithItsRules() async throws {
        let server = FakeServerAccount()
        try server.transport.stub(.get, "/api/v1/instance/rules", fixture: "mastodon/instance-rules.json")
        let result = await server.run(["reports", "file", "9", "--rule", "3", "--comment", "x"])
        #expect(result.status == 65, "\(result)")
        #expect(result.stderr.hasPrefix("fedictl: fake.test has no rule 3\nhint: its rules: 1 (Be kind."), "\(result)")
        #expect(!server.transport.requests.contains { $0.method == .post })
        #expect(server.transport.unusedRoutes.isEmpty)
    }

    @Test func misskeyTakesOnlyAComment() async throws {
        let server = FakeServerAccount(software: "misskey", version: "2024.11.0")
        server.transport.stub(
            .post, "/api/users/show", json: #"{"id": "9abc", "username": "troll", "host": "misskey.example"}"#)
        server.transport.stub(.post, "/api/users/report-abuse", status: 204, json: "")
        let result = await server.run([
            "reports", "file", "@troll@misskey.example", "--comment", "see the note", "-o", "json",
        ])
        #expect(result.status == 0, "\(result)")
        #expect(result.jsonObject?["target"] as? String == "troll@misskey.example", "\(result)")
        let body = try #require(server.transport.requests.last?.jsonBody)
        #expect(body["userId"] as? String == "9abc" && body["comment"] as? String == "see the note")
        #expect(server.transport.unusedRoutes.isEmpty, "\(server.transport.unusedRoutes)")

        let refused = await server.run([
            "reports", "file", "@troll@misskey.example", "--status", "1", "--forward", "--comment", "x",
        ])
        #expect(refused.status == 65, "\(refused)")
        #expect(
            refused.stderr.hasPrefix(
                "fedictl: Misskey-family reports carry only a comment: --status, --forward cannot be sent"),
            "\(refused)")
        #expect(server.transport.requests.count == 2, "nothing more was sent")
    }

    @Test func pixelfedIsRefused() async throws {
        await FakeServerAccount(software: "pixelfed", version: "0.12.4")
            .expectRefused(
                ["reports", "file", "9", "--comment", "x"],
                startingWith:
                    "fedictl: reports file is not available on Pixelfed 0.12.4\nhint: Pixelfed has no API for it")
    }

    @Test func aRejectedReportIsExit65() async throws {
        let server = FakeServerAccount()
        server.transport.stub(.get, "/api/v1/accounts/9", json: Self.spammer)
        server.transport.stub(
            .post, "/api/v1/reports", status: 422, json: #"{"error": "Validation failed: Comment is too long"}"#)
        let result = await server.run(["reports", "file", "9", "--comment", "x"])
        #expect(result.status == 65, "\(result)")
        #expect(
            result.stderr.contains("(HTTP 422): Validation failed: Comment is too long\nhint: check the values given"),
            "\(result)")
        #expect(result.stdout.isEmpty)
        #expect(server.transport.unusedRoutes.isEmpty)
    }
}
