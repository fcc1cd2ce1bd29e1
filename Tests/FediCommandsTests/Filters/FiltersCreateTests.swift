import FediCore
import FediTestSupport
import Foundation
import Testing

/// `filters create` in the fast tier.
@Suite struct FiltersCreateTests {
    static let created = """
        {"id": "12", "title": "Politics", "context": ["home", "public"], "expires_at": null, "filter_action": "hide",
         "keywords": [{"id": "31", "keyword": "election", "whole_word": true}, {"id": "32", "keyword": "senate", "whole_word": true}],
         "statuses": []}
        """

    @Test func mastodonPostsTheKeywordsAsAttributesOfOneFilter() async throws {
        let server = FakeServerAccount()
        server.transport.stub(.get, "/api/v2/filters", json: "[]")
        server.transport.stub(.post, "/api/v2/filters", json: Self.created)
        let result = await server.run([
            "filters", "create", "Politics", "--keyword", "election", "--keyword", "senate", "--whole-word",
            "--context", "home", "--context", "public", "--action", "hide", "--expires-in", "2w", "-o", "json",
        ])
        #expect(result.status == 0, "\(result)")
        #expect(
            (result.jsonObject?["keywords"] as? [[String: Any]])?.map { $0["id"] as? String } == ["31", "32"],
            "\(result)")
        #expect(server.transport.requests.map(\.route) == ["GET /api/v2/filters", "POST /api/v2/filters"])
        let body = try #require(server.transport.requests.last?.jsonBody)
        #expect(body["title"] as? String == "Politics")
        #expect(body["context"] as? [String] == ["home", "public"])
        #expect(body["filter_action"] as? String == "hide")
        #expect(body["expires_in"] as? Int == 14 * 86400)
        let keywords = try #require(body["keywords_attributes"] as? [[String: Any]])
        #expect(keywords.map { $0["keyword"] as? String } == ["election", "senate"])
        #expect(keywords.allSatisfy { $0["whole_word"] as? Bool == true })
        let keywordsBytes = #"[{"keyword":"election","whole_word":true},{"keyword":"senate","whole_word":true}]"#
        #expect(
            server.transport.requests.last?.bodyText
                == #"{"context":["home","public"],"expires_in":1209600,"filter_action":"hide","keywords_attributes":"#
                + keywordsBytes + #","title":"Politics"}"#)
        #expect(server.transport.unusedRoutes.isEmpty, "\(server.transport.unusedRoutes)")
    }

    @Test func aLostAnswerIsReadBackInsteadOfSentTwice() async throws {
        let server = FakeServerAccount()
        server.transport.stub(.get, "/api/v2/filters", json: "[]")
        server.transport.stub(.post, "/api/v2/filters", status: 503, json: #"{"error": "down"}"#)
        server.transport.stub(.get, "/api/v2/filters", json: "[\(Self.created)]")
        server.transport.stub(.get, "/api/v2/filters/12", json: Self.created)
        let result = await server.run([
            "filters", "create", "Politics", "--keyword", "election", "--context", "home", "-o", "json",
        ])
        #expect(result.status == 0, "\(result)")
        #expect((try result.json() as? [String: Any])?["id"] as? String == "12", "\(result)")
        #expect(server.transport.requests.filter { $0.method == .post }.count == 1)
        #expect(server.transport.unusedRoutes.isEmpty, "\(server.transport.unusedRoutes)")
    }

    @Test func akkomaPostsOneV1PhraseWithIrreversibleForHide() async throws {
        let server = FakeServerAccount(software: "akkoma", version: "3.13.2")
        try server.transport.stub(.get, "/api/v1/filters", fixture: "akkoma/filters-v1.json")
        server.transport.stub(
            .post, "/api/v1/filters",
            json: """
                {"id": "5", "phrase": "crypto", "context": ["public"], "whole_word": false, "expires_at": null, "irreversible": true}
                """)
        let result = await server.run([
            "filters", "create", "crypto", "--context", "public", "--action", "hide", "-o", "json",
        ])
        #expect(result.status == 0, "\(result)")
        #expect(result.jsonObject?["id"] as? String == "5" && result.jsonObject?["api"] as? String == "v1", "\(result)")
        let body = try #require(server.transport.requests.last?.jsonBody)
        #expect(server.transport.requests.last?.route == "POST /api/v1/filters")
        #expect(body["phrase"] as? String == "crypto")
        #expect(body["irreversible"] as? Bool == true)
        #expect(body["whole_word"] as? Bool == false)
        #expect(
            server.transport.requests.last?.bodyText
                == #"{"context":["public"],"irreversible":true,"phrase":"crypto","whole_word":false}"#)
        #expect(body["context"] as? [String] == ["public"])
        #expect(body["title"] == nil && body["keywords_attributes"] == nil)
        #expect(server.transport.unusedRoutes.isEmpty, "\(server.transport.unusedRoutes)")
    }

    @Test func whatV1CannotHoldIsRefusedBeforeAnyRequest() async throws {
        let server = FakeServerAccount(software: "akkoma", version: "3.13.2")
        let result = await server.run([
            "filters", "create", "Politics", "--keyword", "election", "--keyword", "senate", "--context", "home",
        ])
        #expect(result.status == 65, "\(result)")
        #expect(
            result.stderr == """
                fedictl: Akkoma 3.13.2 has only v1 filters, which hold one phrase each: 2 keywords cannot go into one filter
                hint: create one filter per keyword: fedictl filters create WORD

                """, "\(result)")
        #expect(server.transport.requests.isEmpty)
    }

    @Test func blurNeedsMastodonAPIVersion5() async throws {
        let server = FakeServerAccount(version: "4.3.0")
        let result = await server.run(["filters", "create", "Politics", "--context", "home", "--action", "blur"])
        #expect(result.status == 65, "\(result)")
        #expect(
            result.stderr.hasPrefix("fedictl: filter action blur needs Mastodon 4.4 or newer (API version 5)"),
            "\(result)")
        #expect(result.stderr.contains("hint: use --action warn or --action hide"), "\(result)")
        #expect(server.transport.requests.isEmpty)
    }

    @Test func misskeyIsRefusedWithoutARequest() async throws {
        await FakeServerAccount(software: "misskey", version: "2024.11.0")
            .expectRefused(
                ["filters", "create", "x", "--context", "home"],
                startingWith: "fedictl: filters are not available on Misskey 2024.11.0")
    }

    @Test func aRejectedFilterIsExit65AndNotReadBack() async throws {
        let server = FakeServerAccount()
        server.transport.stub(.get, "/api/v2/filters", json: "[]")
        server.transport.stub(
            .post, "/api/v2/filters", status: 422,
            json: #"{"error": "Validation failed: Keywords keyword can't be blank"}"#)
        let result = await server.run(["filters", "create", "Politics", "--context", "home"])
        #expect(result.status == 65, "\(result)")
        #expect(
            result.stderr.contains(
                "rejected the request (HTTP 422): Validation failed: Keywords keyword can't be blank\nhint: "),
            "\(result)")
        #expect(server.transport.requests.map(\.route) == ["GET /api/v2/filters", "POST /api/v2/filters"])
        #expect(server.transport.unusedRoutes.isEmpty)
    }
}
