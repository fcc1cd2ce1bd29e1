import FediCore
import FediTestSupport
import Foundation
import Testing

/// `filters delete` in the fast tier.
@Suite struct FiltersDeleteTests {
    static let politics = """
        {"id": "12", "title": "Politics", "context": ["home"], "expires_at": null, "filter_action": "warn", "keywords": [], "statuses": []}
        """

    @Test func mastodonReadsTheFilterDeletesItAndPrintsItAsItWas() async throws {
        let server = FakeServerAccount()
        server.transport.stub(.get, "/api/v2/filters/12", json: Self.politics)
        server.transport.stub(.delete, "/api/v2/filters/12", json: "{}")
        let result = await server.run(["filters", "delete", "12", "--yes", "-o", "json"])
        #expect(result.status == 0, "\(result)")
        #expect(result.jsonObject?["title"] as? String == "Politics", "\(result)")
        #expect(result.stderr == "Deleted filter 12 (Politics).\n", "\(result)")
        #expect(server.transport.requests.map(\.route) == ["GET /api/v2/filters/12", "DELETE /api/v2/filters/12"])
        #expect(server.transport.unusedRoutes.isEmpty, "\(server.transport.unusedRoutes)")
    }

    @Test func withoutYesOffATerminalNothingIsDeleted() async throws {
        let server = FakeServerAccount()
        server.transport.stub(.get, "/api/v2/filters/12", json: Self.politics)
        let result = await server.run(["filters", "delete", "12"])
        #expect(result.status == 64, "\(result)")
        #expect(result.stderr.contains("Delete filter 12 (Politics): confirmation needed"), "\(result)")
        #expect(!server.transport.requests.contains { $0.method == .delete })
        #expect(server.transport.unusedRoutes.isEmpty)
    }

    @Test func akkomaDeletesTheV1Filter() async throws {
        let server = FakeServerAccount(software: "akkoma", version: "3.13.2")
        server.transport.stub(
            .get, "/api/v1/filters/3",
            json: """
                {"id": "3", "phrase": "finale", "context": ["home"], "whole_word": false, "expires_at": null, "irreversible": true}
                """)
        server.transport.stub(.delete, "/api/v1/filters/3", json: "{}")
        let result = await server.run(["filters", "delete", "3", "-y"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr == "Deleted filter 3 (finale).\n", "\(result)")
        #expect(server.transport.requests.map(\.route) == ["GET /api/v1/filters/3", "DELETE /api/v1/filters/3"])
        #expect(server.transport.unusedRoutes.isEmpty, "\(server.transport.unusedRoutes)")
    }

    @Test func misskeyIsRefusedWithoutARequest() async throws {
        await FakeServerAccount(software: "misskey", version: "2024.11.0")
            .expectRefused(
                ["filters", "delete", "12", "--yes"],
                startingWith: "fedictl: filters are not available on Misskey 2024.11.0")
    }

    @Test func anUnknownFilterIsExit66AndNothingIsDeleted() async throws {
        let server = FakeServerAccount()
        server.transport.stub(.get, "/api/v2/filters/99", status: 404, json: #"{"error": "Record not found"}"#)
        let result = await server.run(["filters", "delete", "99", "--yes"])
        #expect(result.status == 66, "\(result)")
        #expect(result.stderr.contains("hint: check the id or name; it may have been deleted"), "\(result)")
        #expect(server.transport.requests.map(\.route) == ["GET /api/v2/filters/99"])
        #expect(server.transport.unusedRoutes.isEmpty)
    }
}
