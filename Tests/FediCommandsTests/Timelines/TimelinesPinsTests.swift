import FediCore
import FediTestSupport
import Foundation
import Testing

/// `timelines pins` in the fast tier: the config alone.
@Suite struct TimelinesPinsTests {
    @Test func listsThePinsWithoutARequest() async throws {
        let server = try TimelinePinStubs.accountWithPins()
        let result = await server.run(["timelines", "pins", "-o", "json"])
        #expect(result.status == 0, "\(result)")
        let rows = try #require(try result.json() as? [[String: Any]], "\(result)")
        #expect(rows.map { $0["name"] as? String } == ["art"])
        #expect(server.transport.requests.isEmpty)
    }

    @Test func noPinsOnATerminalSaysHowToPinOne() async throws {
        let server = FakeServerAccount()
        let result = await server.run(["timelines", "pins"], tty: true)
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr == "No pinned timelines. Pin one with: fedictl timelines pin HOST\n", "\(result)")
        #expect(result.stdout.isEmpty)
    }
}
