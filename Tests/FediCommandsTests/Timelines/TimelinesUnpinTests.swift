import FediCore
import FediTestSupport
import Foundation
import Testing

/// `timelines unpin` in the fast tier: the config changes, nothing is sent.
@Suite struct TimelinesUnpinTests {
    @Test func removesThePinFromTheConfig() async throws {
        let server = try TimelinePinStubs.accountWithPins()
        let result = await server.run(["timelines", "unpin", "art"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr == "Unpinned art.\n", "\(result)")
        #expect(try server.logins.load().pins?.isEmpty ?? true)
        #expect(server.transport.requests.isEmpty)
    }

    @Test func aDryRunKeepsThePin() async throws {
        let server = try TimelinePinStubs.accountWithPins()
        let result = await server.run(["timelines", "unpin", "art", "--dry-run"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr == "dry run: would unpin art\n", "\(result)")
        #expect(try server.logins.load().pins?.map(\.name) == ["art"])
    }

    @Test func anUnknownNameIsExit66() async throws {
        let server = try TimelinePinStubs.accountWithPins()
        let result = await server.run(["timelines", "unpin", "nope"])
        #expect(result.status == 66, "\(result)")
        #expect(
            result.stderr == "fedictl: no timeline is pinned as nope\nhint: `fedictl timelines pins` lists the pins\n",
            "\(result)")
        #expect(try server.logins.load().pins?.map(\.name) == ["art"])
    }
}
