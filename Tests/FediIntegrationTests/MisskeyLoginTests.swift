import FediCore
import FediTestSupport
import Foundation
import Testing

/// Upstream Misskey has no Mastodon API: a token is checked with its own `POST /api/i`.
@Suite struct MisskeyLoginTests {
    @Test func authAddAndStatusCheckTheTokenWithMisskeysOwnEndpoint() async throws {
        let server = try await FixtureServer.start(flavour: "misskey")
        let sandbox = AuthSandbox()
        let keyring = InMemorySecretStore()
        let added = await InProcessRun(
            ["auth", "add", server.base, "--token-stdin", "-o", "json"], secrets: keyring,
            logins: sandbox.logins, input: "misskey-token\n"
        ).finish()
        #expect(added.status == 0, "\(added)")
        let object = try #require(try added.json() as? [String: Any])
        #expect(object["account"] as? String == "mika@\(server.base)", "\(object)")
        #expect(try await server.received("POST", "/api/i").first?["i"] as? String == "misskey-token")
        // Asked first (Mastodon forks of Misskey have it); upstream Misskey's 404 leads to /api/i.
        #expect(try await server.received("GET", "/api/v1/accounts/verify_credentials").count == 1)

        let status = await InProcessRun(
            ["auth", "status", "--fields", "account,username,admin"], secrets: keyring,
            logins: sandbox.logins
        ).finish()
        #expect(status.status == 0, "\(status)")
        #expect(status.stdout == "account\tmika@\(server.base)\nusername\tmika\nadmin\tyes\n", "\(status)")
        #expect(try await server.received("POST", "/api/i").count == 2)
    }

    /// `FEDICTL_TOKEN` standing in for the Misskey login: its owner is asked with `POST /api/i` and
    /// compared (before: a verify_credentials probe answered 404, and nothing compared) (issue 47).
    /// A FEDICTL_TOKEN run reads no stored state: knowing nothing of the server, it asks Mastodon's
    /// verify_credentials first, and Misskey's own question once that is absent.
    @Test func fedictlTokensOwnerIsAskedWithApiIAndCompared() async throws {
        let server = try await FixtureServer.start(flavour: "misskey")
        try await server.addRoutes(["POST /api/notes/timeline": ["json": [Any]()]])
        let shown = await InProcessRun(
            ["--account", "mika@\(server.base)", "timelines", "show"], secrets: InMemorySecretStore(),
            logins: AuthSandbox().logins, environment: ["FEDICTL_TOKEN": "env-token"]
        ).finish()
        #expect(shown.status == 0, "\(shown)")
        let asked = try await server.received("POST", "/api/i")
        #expect(asked.last?["i"] as? String == "env-token", "\(asked)")
        #expect(try await server.received("POST", "/api/notes/timeline").last?["i"] as? String == "env-token")

        let other = await InProcessRun(
            ["--account", "alice@\(server.base)", "timelines", "show"], secrets: InMemorySecretStore(),
            logins: AuthSandbox().logins, environment: ["FEDICTL_TOKEN": "env-token"]
        ).finish()
        #expect(other.status == 77, "\(other)")
        #expect(
            other.stderr.contains(
                "FEDICTL_TOKEN is mika@\(server.base)'s token, not the selected account alice@\(server.base)'s"),
            "\(other)")
        #expect(try await server.received("POST", "/api/notes/timeline").count == 1, "nothing read as alice")
    }
}
