import FediCore
import FediTestSupport
import Foundation
import Testing

/// `filters update` in the fast tier.
@Suite struct FiltersUpdateTests {
    @Test func mastodonPutsOnlyWhatChanges() async throws {
        let server = FakeServerAccount()
        server.transport.stub(
            .put, "/api/v2/filters/12",
            json: """
                {"id": "12", "title": "Politics", "context": ["home", "notifications"], "expires_at": null, "filter_action": "hide",
                 "keywords": [], "statuses": []}
                """)
        let result = await server.run([
            "filters", "update", "12", "--action", "hide", "--context", "home", "--context", "notifications",
            "--never-expires", "-o", "json",
        ])
        #expect(result.status == 0, "\(result)")
        #expect(result.jsonObject?["context"] as? [String] == ["home", "notifications"], "\(result)")
        #expect(server.transport.requests.map(\.route) == ["PUT /api/v2/filters/12"])
        let body = try #require(server.transport.requests.first?.jsonBody)
        #expect(body.keys.sorted() == ["context", "expires_in", "filter_action"], "\(body)")
        #expect(body["expires_in"] is NSNull, "JSON null clears the expiry on every server (GoToSocial refuses \"\")")
        #expect(body["context"] as? [String] == ["home", "notifications"])
        #expect(server.transport.unusedRoutes.isEmpty, "\(server.transport.unusedRoutes)")
    }

    @Test func akkomaReadsTheV1FilterAndPutsItBackWhole() async throws {
        let server = FakeServerAccount(software: "akkoma", version: "3.13.2")
        server.transport.stub(
            .get, "/api/v1/filters/1",
            json: """
                {"id": "1", "phrase": "election", "context": ["home", "public"], "whole_word": true, "expires_at": null, "irreversible": false}
                """)
        server.transport.stub(
            .put, "/api/v1/filters/1",
            json: """
                {"id": "1", "phrase": "election", "context": ["home", "public"], "whole_word": true, "expires_at": null, "irreversible": true}
                """)
        let result = await server.run([
            "filters", "update", "1", "--action", "hide", "--expires-in", "1d", "-o", "json",
        ])
        #expect(result.status == 0, "\(result)")
        #expect((try result.json() as? [String: Any])?["filter_action"] as? String == "hide", "\(result)")
        #expect(server.transport.requests.map(\.route) == ["GET /api/v1/filters/1", "PUT /api/v1/filters/1"])
        let body = try #require(server.transport.requests.last?.jsonBody)
        #expect(body["phrase"] as? String == "election")
        #expect(body["context"] as? [String] == ["home", "public"])
        #expect(body["irreversible"] as? Bool == true)
        #expect(body["whole_word"] as? Bool == true)
        #expect(body["expires_in"] as? Int == 86400)
        #expect(server.transport.unusedRoutes.isEmpty, "\(server.transport.unusedRoutes)")
    }

    @Test func blurOnAV1ServerIsRefusedBeforeAnyRequest() async throws {
        let server = FakeServerAccount(software: "pleroma", version: "2.7.0")
        let result = await server.run(["filters", "update", "1", "--action", "blur"])
        #expect(result.status == 65, "\(result)")
        #expect(result.stderr.contains("this server runs Pleroma 2.7.0 (v1 filters only)"), "\(result)")
        #expect(server.transport.requests.isEmpty)
    }

    @Test func misskeyIsRefusedWithoutARequest() async throws {
        await FakeServerAccount(software: "misskey", version: "2024.11.0")
            .expectRefused(
                ["filters", "update", "1", "--title", "x"],
                startingWith: "fedictl: filters are not available on Misskey 2024.11.0")
    }

    @Test func anUnknownFilterIsExit66() async throws {
        let server = FakeServerAccount()
        server.transport.stub(.put, "/api/v2/filters/99", status: 404, json: #"{"error": "Record not found"}"#)
        let result = await server.run(["filters", "update", "99", "--title", "x"])
        #expect(result.status == 66, "\(result)")
        #expect(result.stderr.contains("fake.test has no /api/v2/filters/99 (HTTP 404)"), "\(result)")
        #expect(result.stderr.contains("hint: check the id or name; it may have been deleted"), "\(result)")
        #expect(server.transport.requests.first?.jsonBody?.keys.sorted() == ["title"])
        #expect(server.transport.unusedRoutes.isEmpty)
    }
}
