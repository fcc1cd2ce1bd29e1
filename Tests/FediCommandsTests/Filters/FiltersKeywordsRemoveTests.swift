import FediCore
import FediTestSupport
import Foundation
import Testing

/// `filters keywords remove` in the fast tier (v2 filters only).
@Suite struct FiltersKeywordsRemoveTests {
    @Test func mastodonDeletesTheKeywordByItsOwnId() async throws {
        let server = FakeServerAccount()
        server.transport.stub(.delete, "/api/v2/filters/keywords/31", json: "{}")
        let result = await server.run(["filters", "keywords", "remove", "31"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.isEmpty, "\(result)")
        #expect(result.stderr == "Removed keyword 31.\n", "\(result)")
        #expect(server.transport.requests.map(\.route) == ["DELETE /api/v2/filters/keywords/31"])
        #expect(server.transport.unusedRoutes.isEmpty, "\(server.transport.unusedRoutes)")
    }

    @Test func aV1OnlyServerIsToldToDeleteTheWholeFilter() async throws {
        let server = FakeServerAccount(software: "pleroma", version: "2.7.0")
        let result = await server.run(["filters", "keywords", "rm", "3"])
        #expect(result.status == 65, "\(result)")
        #expect(
            result.stderr == """
                fedictl: Pleroma 2.7.0 has only v1 filters, which cannot lose their one phrase and stay
                hint: delete the whole filter: fedictl filters delete 3

                """, "\(result)")
        #expect(server.transport.requests.isEmpty)
    }

    @Test func misskeyIsRefusedWithoutARequest() async throws {
        await FakeServerAccount(software: "sharkey", version: "2024.9.1")
            .expectRefused(
                ["filters", "keywords", "remove", "31"],
                startingWith: "fedictl: filters are not available on Sharkey 2024.9.1")
    }

    @Test func anUnknownKeywordIsExit66() async throws {
        let server = FakeServerAccount()
        server.transport.stub(
            .delete, "/api/v2/filters/keywords/99", status: 404, json: #"{"error": "Record not found"}"#)
        let result = await server.run(["filters", "keywords", "remove", "99"])
        #expect(result.status == 66, "\(result)")
        #expect(result.stderr.contains("fake.test has no /api/v2/filters/keywords/99 (HTTP 404)"), "\(result)")
        #expect(result.stderr.contains("\nhint: check the id"), "\(result)")
        #expect(server.transport.unusedRoutes.isEmpty)
    }
}
