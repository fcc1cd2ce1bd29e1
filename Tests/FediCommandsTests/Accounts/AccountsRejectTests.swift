import FediCore
import FediTestSupport
import Foundation
import Testing

/// `accounts reject` in the fast tier.
@Suite struct AccountsRejectTests {
    static let pending = """
        {"id": "31", "username": "newbie", "domain": null, "email": "newbie@mail.example", "approved": false, "disabled": false,
         "silenced": false, "suspended": false, "account": {"id": "31", "username": "newbie", "acct": "newbie"}}
        """

    @Test func mastodonReadsTheSignUpAsksThenRejects() async throws {
        let server = FakeServerAccount()
        server.transport.stub(.get, "/api/v1/admin/accounts/31", json: Self.pending)
        server.transport.stub(.post, "/api/v1/admin/accounts/31/reject", json: Self.pending)
        let result = await server.run(["accounts", "reject", "31", "--yes", "-o", "json"])
        #expect(result.status == 0, "\(result)")
        #expect(result.jsonObject?["acct"] as? String == "newbie", "\(result)")
        #expect(
            server.transport.requests.map(\.route) == [
                "GET /api/v1/admin/accounts/31", "POST /api/v1/admin/accounts/31/reject",
            ])
        #expect(server.transport.unusedRoutes.isEmpty, "\(server.transport.unusedRoutes)")
    }

    @Test func withoutYesOffATerminalNothingIsRejected() async throws {
        let server = FakeServerAccount()
        server.transport.stub(.get, "/api/v1/admin/accounts/31", json: Self.pending)
        let result = await server.run(["accounts", "reject", "31"])
        #expect(result.status == 64, "\(result)")
        #expect(
            result.stderr.contains("Reject the sign-up of @newbie on fake.test and delete it: confirmation needed"),
            "\(result)")
        #expect(!server.transport.requests.contains { $0.method == .post })
        #expect(server.transport.unusedRoutes.isEmpty)
    }

    @Test func goToSocialRejectsWithItsOwnAnswer() async throws {
        let server = FakeServerAccount(software: "gotosocial", version: "0.20.0-rc1")
        let id = "01JH9A1C3E5G7J9L1N3Q5S7U9W"  // trainfan, whose rejection was recorded
        try server.transport.stub(
            .get, "/api/v1/admin/accounts/\(id)",
            fixture: "gotosocial/admin-account-pending-2.json")
        try server.transport.stub(
            .post, "/api/v1/admin/accounts/\(id)/reject", fixture: "gotosocial/admin-account-rejected.json")
        let result = await server.run(["accounts", "reject", id, "-y", "-o", "json"])
        #expect(result.status == 0, "\(result)")
        #expect((try result.json() as? [String: Any])?["acct"] as? String == "trainfan", "\(result)")
        #expect(server.transport.requests.last?.route == "POST /api/v1/admin/accounts/\(id)/reject")
        #expect(server.transport.unusedRoutes.isEmpty, "\(server.transport.unusedRoutes)")
    }

    @Test func akkomaRefusesToRejectAnApprovedAccount() async throws {
        let server = FakeServerAccount(software: "akkoma", version: "3.13.2")
        let alice = """
            {"id": "Aq0aaaa", "nickname": "alice", "is_active": true, "local": true, "is_approved": true, "tags": []}
            """
        // The nickname gives the user; the reject reads it again by its id.
        server.transport.stub(.get, "/api/v1/pleroma/admin/users/alice", json: alice)
        server.transport.stub(.get, "/api/v1/pleroma/admin/users/Aq0aaaa", json: alice)
        let result = await server.run(["accounts", "reject", "alice", "--yes"])
        #expect(result.status == 65, "\(result)")
        #expect(
            result.stderr == """
                fedictl: @alice on fake.test is not waiting for approval
                hint: to remove an approved account: fedictl accounts delete Aq0aaaa

                """, "\(result)")
        #expect(!server.transport.requests.contains { $0.method == .delete })
        #expect(server.transport.unusedRoutes.isEmpty, "\(server.transport.unusedRoutes)")
    }

    @Test func misskeyHasNoRejection() async throws {
        await FakeServerAccount(software: "misskey", version: "2024.11.0")
            .expectRefused(
                ["accounts", "reject", "9abc", "--yes"],
                startingWith: "fedictl: accounts reject is not available on Misskey 2024.11.0")
    }
}
