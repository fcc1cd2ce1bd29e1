import FediCore
import FediTestSupport
import Foundation
import Testing

/// `accounts unsensitive` in the fast tier (Mastodon 3.3+, Pleroma, Akkoma).
@Suite struct AccountsUnsensitiveTests {
    @Test func mastodonLiftsForcedSensitiveMedia() async throws {
        let server = FakeServerAccount()
        server.transport.stub(
            .post, "/api/v1/admin/accounts/9/unsensitive",
            json: """
                {"id": "9", "username": "sam", "domain": null, "sensitized": false, "account": {"id": "9", "username": "sam", "acct": "sam"}}
                """)
        let result = await server.run(["accounts", "unsensitive", "9", "-o", "json"])
        #expect(result.status == 0, "\(result)")
        #expect(result.jsonObject?["sensitized"] as? Bool == false, "\(result)")
        #expect(server.transport.requests.map(\.route) == ["POST /api/v1/admin/accounts/9/unsensitive"])
        #expect(server.transport.unusedRoutes.isEmpty, "\(server.transport.unusedRoutes)")
    }

    @Test func akkomaRemovesTheMediaTag() async throws {
        let server = FakeServerAccount(software: "akkoma", version: "3.13.2")
        server.transport.stub(
            .get, "/api/v1/pleroma/admin/users/sam",
            json:
                #"{"id": "Aq2", "nickname": "sam", "is_active": true, "local": true, "tags": ["mrf_tag:media-force-nsfw"]}"#
        )
        server.transport.stub(.delete, "/api/v1/pleroma/admin/users/tag", status: 204, json: "")
        server.transport.stub(
            .get, "/api/v1/pleroma/admin/users/sam",
            json: #"{"id": "Aq2", "nickname": "sam", "is_active": true, "local": true, "tags": []}"#)
        let result = await server.run(["accounts", "unsensitive", "sam", "-o", "json"])
        #expect(result.status == 0, "\(result)")
        let untag = try #require(
            server.transport.requests.first { $0.route == "DELETE /api/v1/pleroma/admin/users/tag" })
        #expect(untag.jsonBody?["tags"] as? [String] == ["mrf_tag:media-force-nsfw"])
        #expect(untag.jsonBody?["nicknames"] as? [String] == ["sam"])
        #expect(server.transport.unusedRoutes.isEmpty, "\(server.transport.unusedRoutes)")
    }

    @Test func mastodonBefore33IsRefused() async throws {
        let server = FakeServerAccount(version: "3.2.2")
        let result = await server.run(["accounts", "unsensitive", "9"])
        #expect(result.status == 69, "\(result)")
        #expect(
            result.stderr.contains(
                "accounts unsensitive is not available on Mastodon 3.2.2\nhint: it needs Mastodon 3.3.0 or newer"),
            "\(result)")
        #expect(server.transport.requests.isEmpty)
    }

    @Test func anUnknownAccountIsExit66() async throws {
        let server = FakeServerAccount()
        server.transport.stub(
            .post, "/api/v1/admin/accounts/99/unsensitive", status: 404, json: #"{"error": "Record not found"}"#)
        let result = await server.run(["accounts", "unsensitive", "99"])
        #expect(result.status == 66, "\(result)")
        #expect(result.stderr.hasPrefix("fedictl: no account 99 on fake.test\nhint: "), "\(result)")
        #expect(server.transport.unusedRoutes.isEmpty)
    }
}
