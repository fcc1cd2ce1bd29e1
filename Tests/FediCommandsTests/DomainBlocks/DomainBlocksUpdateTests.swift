import FediCore
import FediTestSupport
import Foundation
import Testing

/// `domain-blocks update` in the fast tier.
@Suite struct DomainBlocksUpdateTests {
    @Test func mastodonPutsTheChangedSettingsAndJournalsTheBlockAsItWas() async throws {
        let (journal, state) = try JournalUndoTests.journal("db-update")
        defer { try? FileManager.default.removeItem(at: state) }
        let server = FakeServerAccount()
        server.transport.stub(.get, "/api/v1/admin/domain_blocks", json: DomainBlockStubs.two)
        server.transport.stub(
            .put, "/api/v1/admin/domain_blocks/2", json: DomainBlockStubs.block("2", "noisy.example", media: false))
        let result = await server.run(
            ["domain-blocks", "update", "noisy.example", "--severity", "suspend", "--no-reject-media", "-o", "json"],
            journal: journal)
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.hasPrefix("Updated the block on noisy.example: "), "\(result)")
        #expect(result.jsonObject?["severity"] as? String == "suspend", "\(result)")
        let put = try #require(server.transport.requests.last)
        #expect(put.route == "PUT /api/v1/admin/domain_blocks/2")
        #expect(
            put.jsonBody?["severity"] as? String == "suspend" && put.jsonBody?["reject_media"] as? Bool == false,
            "\(put.bodyText ?? "")")
        let entry = try #require(try journal.readNow().entries.last)
        #expect(entry.verb == "domain-blocks update" && entry.target == "noisy.example", "\(entry)")
        #expect(entry.before?.hasPrefix("severity: silence; reject_media: yes") == true, "\(entry)")
        #expect(
            entry.undo?.contains("domain-blocks add noisy.example --severity silence --reject-media") == true,
            "\(entry)")
        #expect(server.transport.unusedRoutes.isEmpty, "\(server.transport.unusedRoutes)")
    }

    @Test func settingsItAlreadyHasSendNothing() async throws {
        let server = FakeServerAccount()
        server.transport.stub(.get, "/api/v1/admin/domain_blocks", json: DomainBlockStubs.two)
        let result = await server.run(["domain-blocks", "update", "spam.example", "--severity", "suspend"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr == "spam.example is already blocked with these settings; nothing sent.\n", "\(result)")
        #expect(result.stdout.hasPrefix("id\t1\ndomain\tspam.example\nseverity\tsuspend\n"), "\(result)")
        #expect(server.transport.requests.map(\.route) == ["GET /api/v1/admin/domain_blocks"])
    }

    @Test func nothingToChangeIsAUsageError() async {
        await FakeServerAccount().expectRefused(
            ["domain-blocks", "update", "spam.example"], status: 64,
            startingWith: "fedictl: nothing to change: give at least one setting (see --help)\n")
    }

    @Test func aSettingGoToSocialCannotKeepIsExit65AndNothingIsSent() async throws {
        let server = FakeServerAccount(software: "gotosocial", version: "0.19.1")
        server.transport.stub(
            .get, "/api/v1/admin/domain_blocks",
            json: #"[{"id": "01J", "domain": "spam.example", "obfuscate": false, "public_comment": "Spam"}]"#)
        let result = await server.run(["domain-blocks", "update", "spam.example", "--severity", "silence"])
        #expect(result.status == 65, "\(result)")
        #expect(result.stderr.hasPrefix("fedictl: GoToSocial cannot keep severity"), "\(result)")
        #expect(result.stderr.contains("\nhint: leave it out;"), "\(result)")
        #expect(server.transport.requests.map(\.route) == ["GET /api/v1/admin/domain_blocks"])
    }

    @Test func goToSocialBefore019IsRefused() async {
        await FakeServerAccount(software: "gotosocial", version: "0.17.3")
            .expectRefused(
                ["domain-blocks", "update", "spam.example", "--public-comment", "x"],
                startingWith: "fedictl: domain-blocks update is not available on GoToSocial 0.17.3")
    }
}
