import FediCore
import FediTestSupport
import Foundation
import Testing

/// `ip-blocks update` in the fast tier.
@Suite struct IPBlocksUpdateTests {
    @Test func mastodonPutsOnlyTheFieldsGivenAndJournalsTheChange() async throws {
        let (journal, state) = try JournalUndoTests.journal("ip-update")
        defer { try? FileManager.default.removeItem(at: state) }
        let server = FakeServerAccount()
        server.transport.stub(
            .put, "/api/v1/admin/ip_blocks/7",
            json: IPBlockStubs.block("7", "192.0.2.0/23", severity: "no_access", comment: "worse"))
        let result = await server.run(
            ["ip-blocks", "update", "7", "--ip", "192.0.2.0/23", "--severity", "no_access", "--comment", "worse"],
            journal: journal)
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr == "Updated IP block 7 (192.0.2.0/23).\n", "\(result)")
        #expect(
            result.stdout == "id\t7\nip\t192.0.2.0/23\nseverity\tno_access\ncomment\tworse\nexpires_at\t\n",
            "\(result)")
        let put = try #require(server.transport.requests.last)
        #expect(server.transport.requests.map(\.route) == ["PUT /api/v1/admin/ip_blocks/7"])
        #expect(put.bodyText == #"{"comment":"worse","ip":"192.0.2.0/23","severity":"no_access"}"#, "\(put)")
        let entry = try #require(try journal.readNow().entries.last)
        #expect(entry.verb == "ip-blocks update" && entry.target == "7" && entry.outcome == .ok, "\(entry)")
        #expect(entry.undo == nil, "\(entry)")
        #expect(server.transport.unusedRoutes.isEmpty, "\(server.transport.unusedRoutes)")
    }

    @Test func jsonShowsTheBlockAsTheServerAnswered() async throws {
        let server = FakeServerAccount()
        server.transport.stub(
            .put, "/api/v1/admin/ip_blocks/7",
            json: IPBlockStubs.block("7", "192.0.2.0/24", expiresAt: "2026-12-23T10:00:00.000Z"))
        let result = await server.run(["ip-blocks", "update", "7", "--expires-in", "30d", "-o", "json"])
        #expect(result.status == 0, "\(result)")
        #expect(result.jsonObject?["expires_at"] as? String == "2026-12-23T10:00:00Z", "\(result)")
        #expect(server.transport.requests.last?.bodyText == #"{"expires_in":2592000}"#)
    }

    @Test func anUnknownIdIsExit66WithAHint() async throws {
        let server = FakeServerAccount()
        server.transport.stub(.put, "/api/v1/admin/ip_blocks/99", status: 404, json: #"{"error": "Record not found"}"#)
        let result = await server.run(["ip-blocks", "update", "99", "--severity", "no_access"])
        #expect(result.status == 66, "\(result)")
        #expect(
            result.stderr
                == "fedictl: no IP block 99 on fake.test\n"
                + "hint: `fedictl ip-blocks list` shows the blocks and their ids\n",
            "\(result)")
    }

    @Test func nothingToChangeIsAUsageError() async {
        await FakeServerAccount().expectRefused(
            ["ip-blocks", "update", "7"], status: 64,
            startingWith: "fedictl: nothing to change: give --ip, --severity, --comment or --expires-in\n")
    }

    @Test func aBadDurationIsAUsageError() async {
        await FakeServerAccount().expectRefused(
            ["ip-blocks", "update", "7", "--expires-in", "soon"], status: 64, startingWith: "fedictl: --expires-in")
    }

    @Test func akkomaIsRefused() async {
        await FakeServerAccount(software: "akkoma", version: "3.13.2")
            .expectRefused(
                ["ip-blocks", "update", "7", "--severity", "no_access"],
                startingWith: "fedictl: ip-blocks update is not available on Akkoma 3.13.2")
    }
}
