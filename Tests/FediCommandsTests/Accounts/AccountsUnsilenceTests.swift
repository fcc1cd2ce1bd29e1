import FediCore
import FediTestSupport
import Foundation
import Testing

/// `accounts unsilence` in the fast tier (Mastodon, Pleroma, Akkoma).
@Suite struct AccountsUnsilenceTests {
    @Test func mastodonUnsilences() async throws {
        let server = FakeServerAccount()
        server.transport.stub(
            .post, "/api/v1/admin/accounts/9/unsilence",
            json: """
                {"id": "9", "username": "loud", "domain": "big.example", "silenced": false, "account": {"id": "9", "username": "loud", "acct": "loud@big.example"}}
                """)
        let result = await server.run(["accounts", "unsilence", "9", "-o", "json"])
        #expect(result.status == 0, "\(result)")
        #expect(
            result.jsonObject?["silenced"] as? Bool == false && result.jsonObject?["status"] as? String == "active",
            "\(result)")
        #expect(server.transport.requests.map(\.route) == ["POST /api/v1/admin/accounts/9/unsilence"])
        #expect(server.transport.unusedRoutes.isEmpty, "\(server.transport.unusedRoutes)")
    }

    @Test func pleromaRemovesBothSilencingTagsThenReadsTheUserAgain() async throws {
        let server = FakeServerAccount(software: "pleroma", version: "2.7.0")
        server.transport.stub(
            .get, "/api/v1/pleroma/admin/users/loud",
            json:
                #"{"id": "Aq1", "nickname": "loud", "is_active": true, "local": true, "tags": ["mrf_tag:force-unlisted"]}"#
        )
        server.transport.stub(.delete, "/api/v1/pleroma/admin/users/tag", status: 204, json: "")
        server.transport.stub(
            .get, "/api/v1/pleroma/admin/users/loud",
            json: #"{"id": "Aq1", "nickname": "loud", "is_active": true, "local": true, "tags": []}"#)
        let result = await server.run(["accounts", "unsilence", "loud", "-o", "json"])
        #expect(result.status == 0, "\(result)")
        #expect(result.jsonObject?["silenced"] as? Bool == false, "\(result)")
        let untag = try #require(
            server.transport.requests.first { $0.route == "DELETE /api/v1/pleroma/admin/users/tag" })
        #expect(untag.jsonBody?["nicknames"] as? [String] == ["loud"])
        #expect(untag.jsonBody?["tags"] as? [String] == ["mrf_tag:force-unlisted", "mrf_tag:sandbox"])
        #expect(server.transport.unusedRoutes.isEmpty, "\(server.transport.unusedRoutes)")
    }

    @Test func misskeyIsRefused() async throws {
        await FakeServerAccount(software: "misskey", version: "2024.11.0")
            .expectRefused(
                ["accounts", "unsilence", "9abc"],
                startingWith: "fedictl: accounts unsilence is not available on Misskey 2024.11.0")
    }

    @Test func anUnknownAccountIsExit66() async throws {
        let server = FakeServerAccount()
        server.transport.stub(
            .post, "/api/v1/admin/accounts/99/unsilence", status: 404, json: #"{"error": "Record not found"}"#)
        let result = await server.run(["accounts", "unsilence", "99"])
        #expect(result.status == 66, "\(result)")
        #expect(
            result.stderr == """
                fedictl: no account 99 on fake.test
                hint: `fedictl accounts list` shows ids; `fedictl accounts show @user@host` finds one

                """, "\(result)")
        #expect(server.transport.unusedRoutes.isEmpty)
    }
}
