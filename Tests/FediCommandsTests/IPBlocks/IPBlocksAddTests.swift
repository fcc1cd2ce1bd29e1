import FediCore
import FediTestSupport
import Foundation
import Testing

/// `ip-blocks add` in the fast tier.
@Suite struct IPBlocksAddTests {
    @Test func mastodonReadsTheListThenPostsTheBlockAndJournalsItsUndo() async throws {
        let (journal, state) = try JournalUndoTests.journal("ip-add")
        defer { try? FileManager.default.removeItem(at: state) }
        let server = FakeServerAccount()
        server.transport.stub(.get, "/api/v1/admin/ip_blocks", json: "[]")
        server.transport.stub(
            .post, "/api/v1/admin/ip_blocks",
            json: IPBlockStubs.block("7", "192.0.2.0/24", expiresAt: "2026-12-01T10:00:00.000Z"))
        let result = await server.run(
            [
                "ip-blocks", "add", "192.0.2.0/24", "--severity", "sign_up_block", "--comment", "spam wave",
                "--expires-in", "2w", "-o", "json",
            ], journal: journal)
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr == "Blocked 192.0.2.0/24 (sign_up_block).\n", "\(result)")
        #expect(result.jsonObject?["id"] as? String == "7", "\(result)")
        #expect(
            server.transport.requests.map(\.route) == ["GET /api/v1/admin/ip_blocks", "POST /api/v1/admin/ip_blocks"])
        let body = try #require(server.transport.requests.last?.jsonBody)
        #expect(body["ip"] as? String == "192.0.2.0/24" && body["severity"] as? String == "sign_up_block", "\(body)")
        #expect(body["comment"] as? String == "spam wave" && body["expires_in"] as? Int == 14 * 86400, "\(body)")
        let entry = try #require(try journal.readNow().entries.last)
        #expect(entry.verb == "ip-blocks add" && entry.target == "192.0.2.0/24" && entry.createdID == "7", "\(entry)")
        #expect(entry.undo == "fedictl --account admin@fake.test ip-blocks remove 7 --yes", "\(entry)")
        #expect(server.transport.unusedRoutes.isEmpty, "\(server.transport.unusedRoutes)")
    }

    @Test func aBlockWithTheSameSettingsIsShownAndNothingIsSent() async throws {
        let server = FakeServerAccount()
        server.transport.stub(
            .get, "/api/v1/admin/ip_blocks", json: "[" + IPBlockStubs.block("7", "192.0.2.0/24") + "]")
        let result = await server.run(
            ["ip-blocks", "add", "192.0.2.0/24", "--severity", "sign_up_block", "--comment", "spam wave"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr == "192.0.2.0/24 is already blocked with these settings; nothing sent.\n", "\(result)")
        #expect(
            result.stdout.hasPrefix("id\t7\nip\t192.0.2.0/24\nseverity\tsign_up_block\ncomment\tspam wave\n"),
            "\(result)")
        #expect(server.transport.requests.map(\.route) == ["GET /api/v1/admin/ip_blocks"])
        #expect(server.transport.unusedRoutes.isEmpty, "\(server.transport.unusedRoutes)")
    }

    @Test func aBlockedAddressIsUpdatedWithOnlyWhatDiffers() async throws {
        let server = FakeServerAccount()
        // A bare address is the same block as the /32 the server shows.
        server.transport.stub(
            .get, "/api/v1/admin/ip_blocks", json: "[" + IPBlockStubs.block("7", "192.0.2.9/32") + "]")
        server.transport.stub(
            .put, "/api/v1/admin/ip_blocks/7", json: IPBlockStubs.block("7", "192.0.2.9/32", severity: "no_access"))
        let result = await server.run(
            ["ip-blocks", "add", "192.0.2.9", "--severity", "no_access", "--comment", "spam wave"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr == "Updated the block on 192.0.2.9/32.\n", "\(result)")
        let put = try #require(server.transport.requests.last)
        #expect(put.route == "PUT /api/v1/admin/ip_blocks/7")
        #expect(put.bodyText == #"{"severity":"no_access"}"#, "\(put.bodyText ?? "")")
        #expect(server.transport.unusedRoutes.isEmpty, "\(server.transport.unusedRoutes)")
    }

    @Test func dryRunPrintsThePostAndSendsNothing() async throws {
        let server = FakeServerAccount()
        server.transport.stub(.get, "/api/v1/admin/ip_blocks", json: "[]")
        let result = await server.run(["ip-blocks", "add", "2001:db8::/32", "--severity", "no_access", "--dry-run"])
        #expect(result.status == 0, "\(result)")
        #expect(
            result.stdout == "dry run: would send POST https://fake.test/api/v1/admin/ip_blocks\n"
                + #"{"ip":"2001:db8::/32","severity":"no_access"}"# + "\n", "\(result)")
        #expect(server.transport.requests.map(\.route) == ["GET /api/v1/admin/ip_blocks"])
    }

    @Test func aMissingSeverityIsAUsageErrorAndNothingIsSent() async {
        await FakeServerAccount().expectRefused(
            ["ip-blocks", "add", "192.0.2.0/24"], status: 64,
            startingWith: "fedictl: --severity is required: sign_up_requires_approval, sign_up_block or no_access\n")
    }

    @Test func goToSocialIsRefused() async {
        await FakeServerAccount(software: "gotosocial", version: "0.17.3")
            .expectRefused(
                ["ip-blocks", "add", "192.0.2.0/24", "--severity", "no_access"],
                startingWith: "fedictl: ip-blocks add is not available on GoToSocial 0.17.3")
    }
}
