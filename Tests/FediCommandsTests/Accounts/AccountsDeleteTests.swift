import FediCore
import FediTestSupport
import Foundation
import Testing

/// `accounts delete` in the fast tier (Mastodon, Pleroma, Akkoma).
@Suite struct AccountsDeleteTests {
    static func account(suspended: Bool) -> String {
        #"{"id": "9", "username": "sam", "domain": "spam.example", "suspended": \#(suspended), "#
            + #""account": {"id": "9", "username": "sam", "acct": "sam@spam.example"}}"#
    }

    @Test func mastodonDeletesASuspendedAccountShowsItAndJournalsIt() async throws {
        let (journal, state) = try JournalUndoTests.journal("accounts-delete")
        defer { try? FileManager.default.removeItem(at: state) }
        let server = FakeServerAccount()
        server.transport.stub(.get, "/api/v1/admin/accounts/9", json: Self.account(suspended: true))
        server.transport.stub(.delete, "/api/v1/admin/accounts/9", json: Self.account(suspended: true))
        let result = await server.run(
            ["accounts", "delete", "9", "--yes", "--fields", "id,acct,status"], journal: journal)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "id\t9\nacct\t@sam@spam.example\nstatus\tsuspended\n", "\(result)")
        #expect(
            server.transport.requests.map(\.route) == [
                "GET /api/v1/admin/accounts/9", "DELETE /api/v1/admin/accounts/9",
            ])
        let entry = try #require(try journal.readNow().entries.last)
        #expect(entry.verb == "accounts delete" && entry.target == "9" && entry.after == "deleted", "\(entry)")
        #expect(entry.undo == nil && entry.outcome == .ok, "\(entry)")
        #expect(server.transport.unusedRoutes.isEmpty, "\(server.transport.unusedRoutes)")
    }

    @Test func mastodonRefusesAnAccountThatIsNotSuspendedWith65AndSendsNothing() async throws {
        let server = FakeServerAccount()
        server.transport.stub(.get, "/api/v1/admin/accounts/9", json: Self.account(suspended: false))
        let result = await server.run(["accounts", "delete", "9", "--yes"])
        #expect(result.status == 65, "\(result)")
        #expect(
            result.stderr == """
                fedictl: @sam@spam.example is not suspended; Mastodon deletes only suspended accounts, nothing was sent
                hint: suspend it first: fedictl accounts action 9 --type suspend

                """, "\(result)")
        #expect(server.transport.requests.map(\.route) == ["GET /api/v1/admin/accounts/9"])
    }

    @Test func withoutYesOffATerminalNothingIsDeleted() async throws {
        let server = FakeServerAccount()
        server.transport.stub(.get, "/api/v1/admin/accounts/9", json: Self.account(suspended: true))
        let result = await server.run(["accounts", "delete", "9"])
        #expect(result.status == 64, "\(result)")
        #expect(
            result.stderr.hasPrefix(
                "fedictl: Delete @sam@spam.example and all its data from fake.test for good: confirmation needed\n"),
            "\(result)")
        #expect(result.stderr.contains("\nhint: "), "\(result)")
        #expect(!server.transport.requests.contains { $0.method == .delete })
    }

    @Test func akkomaDeletesAnyAccountByNickname() async throws {
        let server = FakeServerAccount(software: "akkoma", version: "3.13.2")
        let user =
            #"{"id": "ApvTxsbBU5LXb17rf3", "nickname": "cheapwatches@spam.example", "is_active": true, "#
            + #""local": false, "tags": []}"#
        server.transport.stub(.get, "/api/v1/pleroma/admin/users/ApvTxsbBU5LXb17rf3", json: user)
        server.transport.stub(.get, "/api/v1/pleroma/admin/users/ApvTxsbBU5LXb17rf3", json: user)
        server.transport.stub(.delete, "/api/v1/pleroma/admin/users", json: #"["cheapwatches@spam.example"]"#)
        let result = await server.run(["accounts", "delete", "ApvTxsbBU5LXb17rf3", "--yes", "-o", "json"])
        #expect(result.status == 0, "\(result)")
        #expect(result.jsonObject?["id"] as? String == "ApvTxsbBU5LXb17rf3", "\(result)")
        let delete = try #require(server.transport.requests.last)
        #expect(delete.route == "DELETE /api/v1/pleroma/admin/users")
        #expect(delete.jsonBody?["nicknames"] as? [String] == ["cheapwatches@spam.example"], "\(delete)")
        #expect(server.transport.unusedRoutes.isEmpty, "\(server.transport.unusedRoutes)")
    }

    @Test func goToSocialIsRefused() async {
        await FakeServerAccount(software: "gotosocial", version: "0.17.3")
            .expectRefused(
                ["accounts", "delete", "01JH8ZQ3V5X7A9C1E3G5J7K9M1", "--yes"],
                startingWith: "fedictl: accounts delete is not available on GoToSocial 0.17.3")
    }

    @Test func misskeyIsRefused() async {
        await FakeServerAccount(software: "misskey", version: "2024.11.0")
            .expectRefused(
                ["accounts", "delete", "9abc", "--yes"],
                startingWith: "fedictl: accounts delete is not available on Misskey 2024.11.0")
    }
}
