import FediCore
import FediTestSupport
import Foundation
import Testing

/// `accounts approve` in the fast tier.
@Suite struct AccountsApproveTests {
    @Test func mastodonApprovesByIdAndShowsTheAccountNowActive() async throws {
        let server = FakeServerAccount()
        server.transport.stub(
            .post, "/api/v1/admin/accounts/31/approve",
            json: """
                {"id": "31", "username": "newbie", "domain": null, "email": "newbie@mail.example", "approved": true, "disabled": false,
                 "silenced": false, "suspended": false, "account": {"id": "31", "username": "newbie", "acct": "newbie"}}
                """)
        let result = await server.run(["accounts", "approve", "31", "-o", "json"])
        #expect(result.status == 0, "\(result)")
        #expect(
            result.jsonObject?["id"] as? String == "31" && result.jsonObject?["status"] as? String == "active",
            "\(result)")
        #expect(server.transport.requests.map(\.route) == ["POST /api/v1/admin/accounts/31/approve"])
        #expect(server.transport.unusedRoutes.isEmpty, "\(server.transport.unusedRoutes)")
    }

    @Test func akkomaApprovesByNicknameThroughThePleromaAdminAPI() async throws {
        let server = FakeServerAccount(software: "akkoma", version: "3.13.2")
        let user = """
            {"id": "Aq55kMdeh3ZMOUqExC", "nickname": "newbie", "email": "newbie@mail.example", "is_active": true, "local": true,
             "is_confirmed": true, "is_approved": false, "tags": [], "roles": {"admin": false, "moderator": false}}
            """
        // The handle gives the id; the id gives the nickname the write takes.
        server.transport.stub(.get, "/api/v1/pleroma/admin/users/newbie", json: user)
        server.transport.stub(.get, "/api/v1/pleroma/admin/users/Aq55kMdeh3ZMOUqExC", json: user)
        try server.transport.stub(
            .patch, "/api/v1/pleroma/admin/users/approve", fixture: "akkoma/admin-users-approved.json")
        let result = await server.run(["accounts", "approve", "@newbie", "-o", "json"])
        #expect(result.status == 0, "\(result)")
        let shown = try #require(try result.json() as? [String: Any])
        #expect(shown["id"] as? String == "Aq55kMdeh3ZMOUqExC" && shown["status"] as? String == "active", "\(result)")
        let approve = try #require(server.transport.requests.last)
        #expect(approve.route == "PATCH /api/v1/pleroma/admin/users/approve")
        #expect(approve.jsonBody?["nicknames"] as? [String] == ["newbie"])
        #expect(server.transport.unusedRoutes.isEmpty, "\(server.transport.unusedRoutes)")
    }

    /// A remote account (one `accounts show` finds) is no sign-up: 65 saying so, before anything is
    /// sent where the account is read first (reject; approve with the journal on) (issue 47).
    @Test func aRemoteAccountIsNoSignUpAndNothingIsSent() async throws {
        let (journal, state) = try JournalUndoTests.journal("approve-remote")
        defer { try? FileManager.default.removeItem(at: state) }
        for verb in ["approve", "reject"] {
            let server = FakeServerAccount(software: "gotosocial", version: "0.20.0")
            server.transport.stub(
                .get, "/api/v1/accounts/lookup?acct=spammer@remote.example",
                json: #"{"id": "01REM", "username": "spammer", "acct": "spammer@remote.example"}"#)
            server.transport.stub(
                .get, "/api/v1/admin/accounts/01REM",
                json: """
                    {"id": "01REM", "username": "spammer", "domain": "remote.example", "approved": false,
                     "account": {"id": "01REM", "username": "spammer", "acct": "spammer@remote.example"}}
                    """)
            let result = await server.run(["accounts", verb, "@spammer@remote.example", "--yes"], journal: journal)
            #expect(result.status == 65, "\(result)")
            #expect(
                result.stderr.hasPrefix(
                    "fedictl: @spammer@remote.example is an account on remote.example, not a sign-up on fake.test"),
                "\(result)")
            #expect(
                !server.transport.requests.contains { $0.method != .get }, "\(server.transport.requests.map(\.route))")
        }
    }

    @Test func misskeyHasNoApproval() async throws {
        await FakeServerAccount(software: "misskey", version: "2024.11.0")
            .expectRefused(
                ["accounts", "approve", "9abc"],
                startingWith:
                    "fedictl: accounts approve is not available on Misskey 2024.11.0\nhint: Misskey has no API for it")
    }

    @Test func aModeratorWithoutTheRightIsExit77() async throws {
        let server = FakeServerAccount()
        server.transport.stub(
            .post, "/api/v1/admin/accounts/31/approve", status: 403, json: #"{"error": "This action is not allowed"}"#)
        let result = await server.run(["accounts", "approve", "31"])
        #expect(result.status == 77, "\(result)")
        #expect(
            result.stderr == """
                fedictl: fake.test does not allow this (HTTP 403): This action is not allowed
                hint: this needs an admin login: fedictl auth login fake.test --admin

                """, "\(result)")
        #expect(server.transport.unusedRoutes.isEmpty)
    }
}
