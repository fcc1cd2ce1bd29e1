import FediCore
import FediTestSupport
import Foundation
import Testing

/// `filters list` in the fast tier: v2 where the server has it, v1 elsewhere.
@Suite struct FiltersListTests {
    @Test func mastodonListsV2FiltersWithKeywordIdsAsTSV() async throws {
        let server = FakeServerAccount()
        server.transport.stub(
            .get, "/api/v2/filters",
            json: """
                [{"id": "12", "title": "Politics", "context": ["home", "public"], "expires_at": null, "filter_action": "warn",
                  "keywords": [{"id": "31", "keyword": "election", "whole_word": true}], "statuses": [{"id": "7", "status_id": "1098"}]}]
                """)
        let result = await server.run(["filters", "list"])
        #expect(result.status == 0, "\(result)")
        #expect(
            result.stdout
                == "admin@fake.test\t12\tPolitics\twarn\thome, public\telection (#31, whole word)\tpost 1098 (#7)\t\n",
            "\(result)")
        #expect(server.transport.requests.map(\.route) == ["GET /api/v2/filters"])
        #expect(server.transport.unusedRoutes.isEmpty, "\(server.transport.unusedRoutes)")
    }

    @Test func goToSocialAnswersV2InItsOwnShape() async throws {
        let server = FakeServerAccount(software: "gotosocial", version: "0.20.0-rc1")
        try server.transport.stub(.get, "/api/v2/filters", fixture: "gotosocial/filters-v2.json")
        let result = await server.run(["filters", "list", "-o", "json"])
        #expect(result.status == 0, "\(result)")
        let rows = try #require(try result.json() as? [[String: Any]])
        #expect(rows.map { $0["title"] as? String } == ["Politics", "Spoilers"], "\(result)")
        #expect(rows.map { $0["filter_action"] as? String } == ["warn", "hide"])
        #expect(rows.map { $0["api"] as? String } == ["v2", "v2"])
        #expect(server.transport.unusedRoutes.isEmpty, "\(server.transport.unusedRoutes)")
    }

    @Test func akkomaHasOnlyV1FiltersEachOnePhrase() async throws {
        let server = FakeServerAccount(software: "akkoma", version: "3.13.2")
        try server.transport.stub(.get, "/api/v1/filters", fixture: "akkoma/filters-v1.json")
        let result = await server.run(["filters", "list"])
        #expect(result.status == 0, "\(result)")
        #expect(
            result.stdout == """
                admin@fake.test\t1\telection\twarn\thome, public\telection (#1, whole word)\t\t
                admin@fake.test\t3\tfinale\thide\thome, notifications, thread\tfinale (#3)\t\t2025-02-01T00:00:00Z

                """, "\(result)")
        #expect(server.transport.requests.map(\.route) == ["GET /api/v1/filters"])
        #expect(server.transport.unusedRoutes.isEmpty, "\(server.transport.unusedRoutes)")
    }

    @Test func misskeyHasNoFiltersAPI() async throws {
        let server = FakeServerAccount(software: "misskey", version: "2024.11.0")
        let result = await server.run(["filters", "list"])
        #expect(result.status == 69, "\(result)")
        #expect(
            result.stderr == """
                fedictl: filters are not available on Misskey 2024.11.0
                hint: Misskey has no API for it; `fedictl instance features fake.test` lists what this server can do

                """, "\(result)")
        #expect(server.transport.requests.isEmpty)
    }

    @Test func aTokenWithoutReadFiltersIsExit77() async throws {
        let server = FakeServerAccount()
        server.transport.stub(
            .get, "/api/v2/filters", status: 403, json: #"{"error": "This action is outside the authorized scopes"}"#)
        let result = await server.run(["filters", "list"])
        #expect(result.status == 77, "\(result)")
        #expect(result.stderr.contains("hint: the account or token lacks permission for /api/v2/filters"), "\(result)")
        #expect(server.transport.unusedRoutes.isEmpty)
    }
}
