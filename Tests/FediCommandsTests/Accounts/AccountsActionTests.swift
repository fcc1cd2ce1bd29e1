import FediCore
import FediTestSupport
import Foundation
import Testing

/// `accounts action` in the fast tier.
@Suite struct AccountsActionTests {
    static func account(suspended: Bool) -> String {
        """
        {"id": "9", "username": "spammer", "domain": "spam.example", "approved": true, "disabled": false, "silenced": false,
         "suspended": \(suspended), "account": {"id": "9", "username": "spammer", "acct": "spammer@spam.example"}}
        """
    }

    @Test func mastodonSuspendsWithTheReportAndTextThenShowsTheAccountAsItIsNow() async throws {
        let server = FakeServerAccount()
        // The report is read first: on Mastodon it may be another moderator's (claims).
        server.transport.stub(.get, "/api/v1/admin/reports/17", json: JournalModerationTests.report("17"))
        server.transport.stub(.get, "/api/v1/admin/accounts/9", json: Self.account(suspended: false))
        server.transport.stub(.post, "/api/v1/admin/accounts/9/action", json: "{}")
        server.transport.stub(.get, "/api/v1/admin/accounts/9", json: Self.account(suspended: true))
        let result = await server.run([
            "accounts", "action", "9", "--type", "suspend", "--report", "17", "--text", "spam", "--no-notify",
            "--yes", "-o", "json",
        ])
        #expect(result.status == 0, "\(result)")
        #expect(result.jsonObject?["status"] as? String == "suspended", "\(result)")
        #expect(
            server.transport.requests.map(\.route) == [
                "GET /api/v1/admin/reports/17", "GET /api/v1/admin/accounts/9", "POST /api/v1/admin/accounts/9/action",
                "GET /api/v1/admin/accounts/9",
            ])
        let body = try #require(server.transport.requests[2].jsonBody)
        #expect(body["type"] as? String == "suspend")
        #expect(body["report_id"] as? String == "17")
        #expect(body["text"] as? String == "spam")
        #expect(body["send_email_notification"] as? Bool == false)
        #expect(
            server.transport.requests[2].bodyText
                == #"{"report_id":"17","send_email_notification":false,"text":"spam","type":"suspend"}"#)
        #expect(server.transport.unusedRoutes.isEmpty, "\(server.transport.unusedRoutes)")
    }

    @Test func aSuspensionOffATerminalNeedsYes() async throws {
        let server = FakeServerAccount()
        server.transport.stub(.get, "/api/v1/admin/accounts/9", json: Self.account(suspended: false))
        let result = await server.run(["accounts", "action", "9", "--type", "suspend"])
        #expect(result.status == 64, "\(result)")
        #expect(result.stderr.contains("Suspend @spammer@spam.example on fake.test: confirmation needed"), "\(result)")
        #expect(!server.transport.requests.contains { $0.method == .post })
        #expect(server.transport.unusedRoutes.isEmpty)
    }

    @Test func goToSocialCanOnlySuspend() async throws {
        let server = FakeServerAccount(software: "gotosocial", version: "0.17.3")
        let result = await server.run([
            "accounts", "action", "01JGZ4B6D8F0H2K4M6P8R0T2V4", "--type", "silence", "--yes",
        ])
        #expect(result.status == 69, "\(result)")
        #expect(
            result.stderr == """
                fedictl: accounts action --type silence is not available on GoToSocial 0.17.3
                hint: GoToSocial's admin API can only suspend accounts

                """, "\(result)")
        #expect(server.transport.requests.isEmpty)
    }

    @Test func goToSocialSuspendsWithTypeAndTextOnly() async throws {
        let server = FakeServerAccount(software: "gotosocial", version: "0.17.3")
        let id = "01JH8ZQ3V5X7A9C1E3G5J7K9M1"
        try server.transport.stub(
            .get, "/api/v1/admin/accounts/\(id)", fixture: "gotosocial/admin-account-approved.json")
        server.transport.stub(.post, "/api/v1/admin/accounts/\(id)/action", json: "{}")
        // GoToSocial suspends in the background: the account is read again until it shows suspended.
        try server.transport.stub(
            .get, "/api/v1/admin/accounts/\(id)", fixture: "gotosocial/admin-account-approved.json")
        let approved = try String(
            contentsOf: RepoPaths.fixtures.appendingPathComponent("gotosocial/admin-account-approved.json"),
            encoding: .utf8)
        server.transport.stub(
            .get, "/api/v1/admin/accounts/\(id)",
            json: approved.replacingOccurrences(of: "\"suspended\": false", with: "\"suspended\": true"))
        let result = await server.run([
            "accounts", "action", id, "--type", "suspend", "--text", "spam", "-y", "-o", "json",
        ])
        #expect(result.status == 0, "\(result)")
        let body = try #require(server.transport.requests[1].jsonBody)
        #expect(body as? [String: String] == ["type": "suspend", "text": "spam"], "\(body)")
        #expect(server.transport.requests[1].bodyText == #"{"text":"spam","type":"suspend"}"#)
        #expect(server.transport.unusedRoutes.isEmpty, "\(server.transport.unusedRoutes)")
    }

    @Test func mastodonBefore291IsRefused() async throws {
        let server = FakeServerAccount(version: "2.9.0")
        let result = await server.run(["accounts", "action", "9", "--type", "none"])
        #expect(result.status == 69, "\(result)")
        #expect(
            result.stderr.contains(
                "accounts action is not available on Mastodon 2.9.0\nhint: it needs Mastodon 2.9.1 or newer"),
            "\(result)")
        #expect(server.transport.requests.isEmpty)
    }

    @Test func anUnknownAccountIsExit66() async throws {
        let server = FakeServerAccount()
        server.transport.stub(
            .post, "/api/v1/admin/accounts/99/action", status: 404, json: #"{"error": "Record not found"}"#)
        let result = await server.run(["accounts", "action", "99", "--type", "none", "--text", "please stop"])
        #expect(result.status == 66, "\(result)")
        #expect(result.stderr.hasPrefix("fedictl: no account 99 on fake.test\nhint: "), "\(result)")
        #expect(server.transport.unusedRoutes.isEmpty, "\(server.transport.unusedRoutes)")
    }
}
