import FediCore
import FediTestSupport
import Foundation
import Testing

/// `canonical-email-blocks remove` in the fast tier (Mastodon 4.0+ only).
@Suite struct CanonicalEmailBlocksRemoveTests {
    @Test func mastodonDeletesTheBlockById() async throws {
        let server = FakeServerAccount()
        server.transport.stub(.delete, "/api/v1/admin/canonical_email_blocks/3", json: "{}")
        let result = await server.run(["canonical-email-blocks", "remove", "3", "--yes"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.isEmpty, "\(result)")
        #expect(result.stderr == "Lifted canonical e-mail block 3.\n", "\(result)")
        #expect(server.transport.requests.map(\.route) == ["DELETE /api/v1/admin/canonical_email_blocks/3"])
        #expect(server.transport.unusedRoutes.isEmpty, "\(server.transport.unusedRoutes)")
    }

    @Test func withoutYesOffATerminalNothingIsDeleted() async throws {
        let server = FakeServerAccount()
        let result = await server.run(["canonical-email-blocks", "remove", "3"])
        #expect(result.status == 64, "\(result)")
        #expect(
            result.stderr.contains(
                "Lift canonical e-mail block 3: confirmation needed\nhint: not on a terminal: pass --yes"), "\(result)")
        #expect(server.transport.requests.isEmpty)
    }

    @Test func misskeyIsRefusedWithoutARequest() async throws {
        await FakeServerAccount(software: "misskey", version: "2024.11.0")
            .expectRefused(
                ["canonical-email-blocks", "remove", "3", "--yes"],
                startingWith: "fedictl: canonical-email-blocks remove is not available on Misskey 2024.11.0")
    }

    @Test func anUnknownIdIsExit66NamingIt() async throws {
        let server = FakeServerAccount()
        server.transport.stub(
            .delete, "/api/v1/admin/canonical_email_blocks/99", status: 404, json: #"{"error": "Record not found"}"#)
        let result = await server.run(["canonical-email-blocks", "remove", "99", "--yes"])
        #expect(result.status == 66, "\(result)")
        #expect(
            result.stderr == """
                fedictl: no canonical e-mail block 99 on fake.test
                hint: `fedictl canonical-email-blocks list` shows the blocks and their ids

                """, "\(result)")
        #expect(server.transport.unusedRoutes.isEmpty)
    }
}
