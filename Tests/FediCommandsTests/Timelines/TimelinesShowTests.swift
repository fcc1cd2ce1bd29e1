import FediCore
import FediTestSupport
import Foundation
import Testing

/// `timelines show` in the fast tier: a pin's local timeline, the home timeline, refusals.
@Suite struct TimelinesShowTests {
    @Test func aPinShowsTheLocalTimelineAsJSON() async throws {
        let server = try TimelinePinStubs.accountWithPins()
        try TimelinePinStubs.stubDetection(server)
        server.transport.stub(.get, "/api/v1/timelines/public?local=true", json: TimelinePinStubs.posts)
        let result = await server.run(["timelines", "show", "art", "-o", "json"])
        #expect(result.status == 0, "\(result)")
        let rows = try #require(try result.json() as? [[String: Any]], "\(result)")
        #expect(rows.map { $0["id"] as? String } == ["102", "101"])
        #expect(server.transport.unusedRoutes.isEmpty, "\(server.transport.unusedRoutes)")
    }

    @Test func sinceLastAsksForPostsAfterTheLastSeenOne() async throws {
        let server = try TimelinePinStubs.accountWithPins()
        try TimelinePinStubs.stubDetection(server)
        server.transport.stub(.get, "/api/v1/timelines/public?local=true&min_id=100", json: TimelinePinStubs.posts)
        let result = await server.run(["timelines", "show", "art", "--since-last", "-o", "json"])
        #expect(result.status == 0, "\(result)")
        #expect(server.transport.unusedRoutes.isEmpty, "\(server.transport.requests.map(\.url))")
        #expect(try server.logins.load().pins?.first?.lastSeenID == "102", "the pin remembers the newest post shown")
    }

    @Test func anUnknownNameThatIsNoServerIsExit66() async throws {
        let server = FakeServerAccount()
        let result = await server.run(["timelines", "show", "nope"])
        #expect(result.status == 66, "\(result)")
        #expect(result.stderr.hasPrefix("fedictl: no timeline is pinned as nope\nhint: "), "\(result)")
        #expect(server.transport.requests.isEmpty)
    }

    @Test func sinceLastWithoutAPinIsAUsageError() async throws {
        let server = FakeServerAccount()
        let result = await server.run(["timelines", "show", "other.example", "--since-last"])
        #expect(result.status == 64, "\(result)")
        #expect(server.transport.requests.isEmpty)
    }
}
