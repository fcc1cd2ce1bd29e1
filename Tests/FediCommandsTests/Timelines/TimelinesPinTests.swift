import FediCore
import FediTestSupport
import Foundation
import Testing

/// `timelines pin` in the fast tier: one post is read to prove the timeline readable, then the pin is stored.
@Suite struct TimelinesPinTests {
    @Test func readsOnePostThenStoresThePin() async throws {
        let server = FakeServerAccount()
        try TimelinePinStubs.stubDetection(server)
        server.transport.stub(.get, "/api/v1/timelines/public?local=true&limit=1", json: TimelinePinStubs.posts)
        let result = await server.run(["timelines", "pin", "fake.test", "--name", "home-server"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.hasPrefix("Pinned fake.test ("), "\(result)")
        #expect(try server.logins.load().pins?.map(\.name) == ["home-server"])
        #expect(server.transport.unusedRoutes.isEmpty, "\(server.transport.requests.map(\.url))")
    }

    @Test func aDryRunStoresNothing() async throws {
        let server = FakeServerAccount()
        try TimelinePinStubs.stubDetection(server)
        server.transport.stub(.get, "/api/v1/timelines/public?local=true&limit=1", json: TimelinePinStubs.posts)
        let result = await server.run(["timelines", "pin", "fake.test", "--dry-run"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr == "dry run: would pin fake.test as fake.test\n", "\(result)")
        #expect(try server.logins.load().pins?.isEmpty ?? true)
    }
}
