import FediCore
import FediTestSupport
import Foundation
import Testing

/// `filters show` in the fast tier.
@Suite struct FiltersShowTests {
    @Test func mastodonShowsOneV2Filter() async throws {
        let server = FakeServerAccount()
        server.transport.stub(
            .get, "/api/v2/filters/12",
            json: """
                {"id": "12", "title": "Politics", "context": ["home"], "expires_at": "2026-12-01T00:00:00.000Z", "filter_action": "hide",
                 "keywords": [{"id": "31", "keyword": "election", "whole_word": false}, {"id": "32", "keyword": "senate", "whole_word": true}],
                 "statuses": []}
                """)
        let result = await server.run(["filters", "show", "12", "-o", "json"])
        #expect(result.status == 0, "\(result)")
        let shown = try #require(result.jsonObject, "\(result)")
        #expect(shown["filter_action"] as? String == "hide" && shown["expires_at"] as? String == "2026-12-01T00:00:00Z")
        #expect((shown["keywords"] as? [[String: Any]])?.map { $0["id"] as? String } == ["31", "32"])
        #expect(server.transport.requests.map(\.route) == ["GET /api/v2/filters/12"])
        #expect(server.transport.unusedRoutes.isEmpty, "\(server.transport.unusedRoutes)")
    }

    @Test func pleromaReadsTheV1FilterAsATitledFilterWithOneKeyword() async throws {
        let server = FakeServerAccount(software: "pleroma", version: "2.7.0")
        server.transport.stub(
            .get, "/api/v1/filters/3",
            json: """
                {"id": "3", "phrase": "finale", "context": ["home", "thread"], "whole_word": false, "expires_at": null, "irreversible": true}
                """)
        let result = await server.run(["filters", "show", "3", "-o", "json"])
        #expect(result.status == 0, "\(result)")
        let shown = try #require(try result.json() as? [String: Any])
        #expect(shown["title"] as? String == "finale")
        #expect(shown["filter_action"] as? String == "hide")
        #expect(shown["api"] as? String == "v1")
        #expect((shown["keywords"] as? [[String: Any]])?.first?["id"] as? String == "3", "\(result)")
        #expect(server.transport.unusedRoutes.isEmpty, "\(server.transport.unusedRoutes)")
    }

    /// `--raw` is the server's own answer, v1 shape and all, in one output call with the item.
    @Test func rawShowsTheServersOwnFilter() async throws {
        let server = FakeServerAccount(software: "pleroma", version: "2.7.0")
        let answer =
            #"{"id": "3", "phrase": "finale", "context": ["home"], "whole_word": false, "expires_at": null, "irreversible": true}"#
        server.transport.stub(.get, "/api/v1/filters/3", json: answer)
        let result = await server.run(["filters", "show", "3", "--raw"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == answer + "\n", "\(result)")
        server.transport.stub(.get, "/api/v1/filters", json: "[\(answer)]")
        let listed = await server.run(["filters", "list", "--raw"])
        #expect(listed.stdout == "[\(answer)]\n", "\(listed)")
        #expect(server.transport.unusedRoutes.isEmpty, "\(server.transport.unusedRoutes)")
    }

    @Test func mastodonBeforeV1FiltersIsRefused() async throws {
        let server = FakeServerAccount(version: "2.4.0")
        let result = await server.run(["filters", "show", "12"])
        #expect(result.status == 69, "\(result)")
        #expect(
            result.stderr.contains(
                "fedictl: filters are not available on Mastodon 2.4.0\nhint: it needs Mastodon 2.4.3 or newer"),
            "\(result)")
        #expect(server.transport.requests.isEmpty)
    }

    @Test func anUnknownIdIsExit66() async throws {
        let server = FakeServerAccount()
        server.transport.stub(.get, "/api/v2/filters/99", status: 404, json: #"{"error": "Record not found"}"#)
        let result = await server.run(["filters", "show", "99"])
        #expect(result.status == 66, "\(result)")
        #expect(
            result.stderr == """
                fedictl: fake.test has no /api/v2/filters/99 (HTTP 404): Record not found
                hint: check the id or name; it may have been deleted

                """, "\(result)")
        #expect(server.transport.unusedRoutes.isEmpty)
    }
}
