import FediCore
import FediTestSupport
import Foundation
import Testing

/// `filters statuses remove` in the fast tier (v2 filters only).
@Suite struct FiltersStatusesRemoveTests {
    @Test func mastodonDeletesTheEntryByItsOwnId() async throws {
        let server = FakeServerAccount()
        server.transport.stub(.delete, "/api/v2/filters/statuses/7", json: "{}")
        let result = await server.run(["filters", "statuses", "remove", "7"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.isEmpty, "\(result)")
        #expect(result.stderr == "Removed post entry 7 from its filter.\n", "\(result)")
        #expect(server.transport.requests.map(\.route) == ["DELETE /api/v2/filters/statuses/7"])
        #expect(server.transport.unusedRoutes.isEmpty, "\(server.transport.unusedRoutes)")
    }

    @Test func goToSocialBefore016HasOnlyV1Filters() async throws {
        let server = FakeServerAccount(software: "gotosocial", version: "0.15.2")
        let result = await server.run(["filters", "statuses", "remove", "7"])
        #expect(result.status == 65, "\(result)")
        #expect(
            result.stderr == """
                fedictl: GoToSocial 0.15.2 has only v1 filters, which cannot hide single posts
                hint: v1 filters hold no posts to remove

                """, "\(result)")
        #expect(server.transport.requests.isEmpty)
    }

    @Test func goToSocialBefore015HasNoFiltersAtAll() async throws {
        let server = FakeServerAccount(software: "gotosocial", version: "0.14.0")
        let result = await server.run(["filters", "statuses", "remove", "7"])
        #expect(result.status == 69, "\(result)")
        #expect(
            result.stderr.contains(
                "fedictl: filters are not available on GoToSocial 0.14.0\nhint: it needs GoToSocial 0.15.0 or newer"),
            "\(result)")
        #expect(server.transport.requests.isEmpty)
    }

    @Test func aForbiddenRemoveIsExit77() async throws {
        let server = FakeServerAccount()
        server.transport.stub(
            .delete, "/api/v2/filters/statuses/7", status: 403,
            json: #"{"error": "This action is outside the authorized scopes"}"#)
        let result = await server.run(["filters", "statuses", "remove", "7"])
        #expect(result.status == 77, "\(result)")
        #expect(
            result.stderr.contains("hint: the account or token lacks permission for /api/v2/filters/statuses/7"),
            "\(result)")
        #expect(server.transport.unusedRoutes.isEmpty)
    }
}
