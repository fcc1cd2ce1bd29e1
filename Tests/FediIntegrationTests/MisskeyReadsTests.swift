import FediCore
import FediTestSupport
import Foundation
import Testing

/// On the Misskey family every endpoint is a POST: a read (`call`) goes through `--dry-run`, only a
/// write (`perform`) is printed instead of sent.
struct MisskeyReadsTests {
    /// A local note (no `url`) whose id carries characters a path cannot hold as they are.
    private static var oddNote: [String: Any] {
        [
            "id": "9x/y z%", "createdAt": "2025-01-15T09:00:00.000Z", "userId": "9qhtom80q9rz0adg",
            "user": ["id": "9qhtom80q9rz0adg", "name": "Mika", "username": "mika", "host": NSNull()],
            "text": "Evening walk", "cw": NSNull(), "visibility": "public", "files": [Any](), "renoteId": NSNull(),
        ]
    }

    @Test func theHomeTimelineIsReadUnderDryRun() async throws {
        let server = try await FixtureServer.start(flavour: "misskey")
        try await server.addRoutes(["POST /api/notes/timeline": ["json": [Self.oddNote]]])
        let user = UserSide(fixture: server)
        let result = await user.run(["timelines", "show", "--dry-run"])
        #expect(result.status == 0, "\(result)")
        #expect(!result.stdout.contains("would send"), "\(result.stdout)")
        let rows = user.rows(result.stdout)
        #expect(rows.map { $0[1] } == ["@mika"], "\(result.stdout)")
        #expect(rows.first?[2] == "Evening walk")
        #expect(rows.first?[4] == "http://\(server.base)/notes/9x%2Fy%20z%25", "the id is one escaped segment")
        let sent = try await server.received("POST", "/api/notes/timeline")
        #expect(sent.count == 1)
        #expect(sent.first?["i"] as? String == "fixture-token")
    }

    @Test func aPinnedTimelineIsReadUnderDryRun() async throws {
        let server = try await FixtureServer.start(flavour: "misskey")
        let user = CommandHarness()
        #expect(await user.run(["timelines", "pin", server.base, "--name", "mk"]).status == 0)
        let result = await user.run(["timelines", "show", "mk", "--dry-run"])
        #expect(result.status == 0, "\(result)")
        #expect(
            RemoteTimelinesTests.rows(result.stdout).map { $0[1] } == [
                "@mika", "@mika", "@mika (boost of @alice@mastodon.example)",
            ],
            "\(result.stdout)")
        #expect(
            try await server.received("POST", "/api/notes/local-timeline").count == 2, "the pin's check and the read")
    }
}
