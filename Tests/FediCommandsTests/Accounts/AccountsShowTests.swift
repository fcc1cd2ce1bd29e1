import FediCore
import FediTestSupport
import Foundation
import Testing

/// `accounts show` in the fast tier.
@Suite struct AccountsShowTests {
    static let newbie = """
        {"id": "31", "username": "newbie", "domain": null, "created_at": "2026-11-21T08:00:00.000Z", "email": "newbie@mail.example",
         "ip": "198.51.100.7", "locale": "en", "invite_request": "hi there", "confirmed": true, "approved": false, "disabled": false,
         "silenced": false, "suspended": false, "account": {"id": "31", "username": "newbie", "acct": "newbie", "display_name": "Newbie"}}
        """

    @Test func mastodonLooksTheHandleUpThenReadsTheAdminRecord() async throws {
        let server = FakeServerAccount()
        server.transport.stub(
            .get, "/api/v1/accounts/lookup?acct=newbie", json: #"{"id": "31", "username": "newbie", "acct": "newbie"}"#)
        server.transport.stub(.get, "/api/v1/admin/accounts/31", json: Self.newbie)
        let result = await server.run(["accounts", "show", "@newbie@fake.test", "-o", "json"])
        #expect(result.status == 0, "\(result)")
        let shown = try #require(try result.json() as? [String: Any])
        #expect(shown["id"] as? String == "31")
        #expect(shown["status"] as? String == "pending")
        #expect(shown["email"] as? String == "newbie@mail.example")
        #expect(shown["reason"] as? String == "hi there")
        #expect(
            server.transport.requests.map(\.route) == ["GET /api/v1/accounts/lookup", "GET /api/v1/admin/accounts/31"])
        #expect(server.transport.unusedRoutes.isEmpty, "\(server.transport.unusedRoutes)")
    }

    /// Posts and followers come from the account the admin record embeds; a negative count (a
    /// broken or hostile server) is absent, not shown.
    @Test func postsAndFollowersAreTheEmbeddedAccountsCounts() async throws {
        let server = FakeServerAccount()
        let counted = Self.newbie.replacing(
            #""display_name": "Newbie"}"#,
            with: #""display_name": "Newbie", "statuses_count": 12, "followers_count": -3}"#)
        server.transport.stub(.get, "/api/v1/admin/accounts/31", json: counted)
        let result = await server.run(["accounts", "show", "31", "--fields", "acct,posts,followers", "-o", "json"])
        #expect(result.status == 0, "\(result)")
        let shown = try #require(try result.json() as? [String: Any])
        #expect(shown["posts"] as? Int == 12, "\(shown)")
        #expect(shown["followers"] is NSNull || shown["followers"] == nil, "\(shown)")
    }

    @Test func fieldsPicksTheKeyValueLinesOfTheItem() async throws {
        let server = FakeServerAccount()
        server.transport.stub(.get, "/api/v1/admin/accounts/31", json: Self.newbie)
        let result = await server.run(["accounts", "show", "31", "--fields", "id,acct,status,ip"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "id\t31\nacct\t@newbie\nstatus\tpending\nip\t198.51.100.7\n", "\(result)")
        #expect(server.transport.unusedRoutes.isEmpty)
    }

    @Test func goToSocialAnswersFromItsAdminAPI() async throws {
        let server = FakeServerAccount(software: "gotosocial", version: "0.20.0-rc1")
        try server.transport.stub(
            .get, "/api/v1/admin/accounts/01JH8ZQ3V5X7A9C1E3G5J7K9M1", fixture: "gotosocial/admin-account-pending.json")
        let result = await server.run(["accounts", "show", "01JH8ZQ3V5X7A9C1E3G5J7K9M1", "-o", "json"])
        #expect(result.status == 0, "\(result)")
        let shown = try #require(try result.json() as? [String: Any])
        #expect(shown["acct"] as? String == "birdfan")
        #expect(shown["status"] as? String == "pending")
        #expect(shown["reason"] as? String == "I'd like to join to talk about birds in the Netherlands.")
        #expect(server.transport.unusedRoutes.isEmpty, "\(server.transport.unusedRoutes)")
    }

    @Test func goToSocialBefore016IsRefused() async throws {
        let server = FakeServerAccount(software: "gotosocial", version: "0.15.0")
        let result = await server.run(["accounts", "show", "01JH8ZQ3V5X7A9C1E3G5J7K9M1"])
        #expect(result.status == 69, "\(result)")
        #expect(
            result.stderr == """
                fedictl: accounts show is not available on GoToSocial 0.15.0
                hint: it needs GoToSocial 0.16.0 or newer; `fedictl instance features fake.test` lists what this server can do

                """, "\(result)")
        #expect(server.transport.requests.isEmpty)
    }

    @Test func anUnknownIdIsExit66NamingIt() async throws {
        let server = FakeServerAccount()
        server.transport.stub(.get, "/api/v1/admin/accounts/99", status: 404, json: #"{"error": "Record not found"}"#)
        let result = await server.run(["accounts", "show", "99"])
        #expect(result.status == 66, "\(result)")
        #expect(
            result.stderr == """
                fedictl: no account 99 on fake.test
                hint: `fedictl accounts list` shows ids; `fedictl accounts show @user@host` finds one

                """, "\(result)")
        #expect(server.transport.unusedRoutes.isEmpty)
    }
}
