import FediCore
import FediTestSupport
import Foundation
import Testing

/// `ip-blocks remove` in the fast tier.
@Suite struct IPBlocksRemoveTests {
    @Test func mastodonReadsTheBlockThenDeletesItAndJournalsIt() async throws {
        let (journal, state) = try JournalUndoTests.journal("ip-remove")
        defer { try? FileManager.default.removeItem(at: state) }
        let server = FakeServerAccount()
        server.transport.stub(.get, "/api/v1/admin/ip_blocks/7", json: IPBlockStubs.block("7", "192.0.2.0/24"))
        server.transport.stub(.delete, "/api/v1/admin/ip_blocks/7", json: "{}")
        let result = await server.run(["ip-blocks", "remove", "7", "--yes", "-o", "json"], journal: journal)
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr == "Lifted the block on 192.0.2.0/24.\n", "\(result)")
        #expect(result.jsonObject?["ip"] as? String == "192.0.2.0/24", "\(result)")
        #expect(
            server.transport.requests.map(\.route) == [
                "GET /api/v1/admin/ip_blocks/7", "DELETE /api/v1/admin/ip_blocks/7",
            ])
        let entry = try #require(try journal.readNow().entries.last)
        #expect(entry.verb == "ip-blocks remove" && entry.target == "7" && entry.outcome == .ok, "\(entry)")
        #expect(entry.undo == nil, "\(entry)")
        #expect(server.transport.unusedRoutes.isEmpty, "\(server.transport.unusedRoutes)")
    }

    @Test func withoutYesOffATerminalNothingIsDeleted() async throws {
        let server = FakeServerAccount()
        server.transport.stub(.get, "/api/v1/admin/ip_blocks/7", json: IPBlockStubs.block("7", "192.0.2.0/24"))
        let result = await server.run(["ip-blocks", "remove", "7"])
        #expect(result.status == 64, "\(result)")
        #expect(
            result.stderr.hasPrefix(
                "fedictl: Lift the sign_up_block block on 192.0.2.0/24: confirmation needed\nhint: "),
            "\(result)")
        #expect(server.transport.requests.map(\.route) == ["GET /api/v1/admin/ip_blocks/7"])
    }

    @Test func anUnknownIdIsExit66AndSendsNoDelete() async throws {
        let server = FakeServerAccount()
        server.transport.stub(.get, "/api/v1/admin/ip_blocks/99", status: 404, json: #"{"error": "Record not found"}"#)
        let result = await server.run(["ip-blocks", "remove", "99", "--yes"])
        #expect(result.status == 66, "\(result)")
        #expect(result.stderr.contains("\nhint: `fedictl ip-blocks list` shows the blocks and their ids"), "\(result)")
        #expect(!server.transport.requests.contains { $0.method == .delete })
    }

    @Test func goToSocialIsRefused() async {
        await FakeServerAccount(software: "gotosocial", version: "0.17.3")
            .expectRefused(
                ["ip-blocks", "remove", "7", "--yes"],
                startingWith: "fedictl: ip-blocks remove is not available on GoToSocial 0.17.3")
    }
}
