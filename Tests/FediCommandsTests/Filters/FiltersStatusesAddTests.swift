import FediCore
import FediTestSupport
import Foundation
import Testing

/// `filters statuses add` in the fast tier (v2 filters only).
@Suite struct FiltersStatusesAddTests {
    @Test func mastodonPostsTheStatusIdToTheFilter() async throws {
        let server = FakeServerAccount()
        server.transport.stub(.post, "/api/v2/filters/12/statuses", json: #"{"id": "7", "status_id": "109876543210"}"#)
        let result = await server.run(["filters", "statuses", "add", "12", "109876543210", "-o", "json"])
        #expect(result.status == 0, "\(result)")
        #expect(result.jsonObject as? [String: String] == ["id": "7", "status_id": "109876543210"], "\(result)")
        #expect(server.transport.requests.map(\.route) == ["POST /api/v2/filters/12/statuses"])
        #expect(server.transport.requests.first?.jsonBody as? [String: String] == ["status_id": "109876543210"])
        #expect(server.transport.unusedRoutes.isEmpty, "\(server.transport.unusedRoutes)")
    }

    @Test func aV1OnlyServerCannotHideSinglePosts() async throws {
        let server = FakeServerAccount(software: "akkoma", version: "3.13.2")
        let result = await server.run(["filters", "statuses", "add", "1", "AbCd"])
        #expect(result.status == 65, "\(result)")
        #expect(
            result.stderr == """
                fedictl: Akkoma 3.13.2 has only v1 filters, which cannot hide single posts
                hint: mute the author instead, or filter a phrase of the post

                """, "\(result)")
        #expect(server.transport.requests.isEmpty)
    }

    @Test func misskeyIsRefusedWithoutARequest() async throws {
        await FakeServerAccount(software: "misskey", version: "2024.11.0")
            .expectRefused(
                ["filters", "statuses", "add", "1", "9xyz"],
                startingWith: "fedictl: filters are not available on Misskey 2024.11.0")
    }

    @Test func aPostTheServerDoesNotKnowIsExit66() async throws {
        let server = FakeServerAccount()
        server.transport.stub(
            .post, "/api/v2/filters/12/statuses", status: 404, json: #"{"error": "Record not found"}"#)
        let result = await server.run(["filters", "statuses", "add", "12", "1"])
        #expect(result.status == 66, "\(result)")
        #expect(
            result.stderr.contains("fake.test has no /api/v2/filters/12/statuses (HTTP 404): Record not found\nhint: "),
            "\(result)")
        #expect(server.transport.unusedRoutes.isEmpty)
    }
}
