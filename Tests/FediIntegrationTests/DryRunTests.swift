import FediCore
import FediTestSupport
import Foundation
import Testing

/// `--dry-run` prints the write a command would send and sends nothing; reads still happen.
struct DryRunTests {
    @Test func mastodonWriteIsPrintedNotSent() async throws {
        let server = try await MockServer.start()
        let alice = UserSide(server, MockServer.alice)
        let bob = try #require(
            try await server.json(.get, "/api/v1/accounts/verify_credentials", token: MockServer.bob.token)
                as? [String: Any])
        let bobID = try #require(bob["id"] as? String)

        let result = await alice.run(["blocks", "add", bobID, "--dry-run"])
        #expect(result.status == 0, "\(result)")
        #expect(
            result.stdout.hasPrefix(
                "dry run: would send POST http://127.0.0.1:\(server.port)/api/v1/accounts/\(bobID)/block"),
            "\(result.stdout)")
        let blocks = try #require(
            try await server.json(.get, "/api/v1/blocks", token: MockServer.alice.token) as? [Any])
        #expect(blocks.isEmpty)
        #expect(!result.stdout.contains(MockServer.alice.token))
    }

    /// Local writes too: a token is not stored and the config not changed; what would be is said
    /// (never the token itself).
    @Test func keyringAndConfigWritesArePrintedNotMade() async throws {
        let server = try await MockServer.start()
        let keyring = InMemorySecretStore(storageName: "keyring")
        let logins = InMemoryLoginStore()
        let harness = CommandHarness(secrets: keyring, logins: logins)

        let add = await harness.run(
            ["auth", "add", server.base, "--token-stdin", "--dry-run"], input: MockServer.alice.token)
        #expect(add.status == 0, "\(add)")
        #expect(add.stdout == "dry run: would store fedictl access token for alice@\(server.base) in the keyring\n")
        #expect(!add.stdout.contains(MockServer.alice.token) && !add.stderr.contains(MockServer.alice.token))
        #expect(await keyring.secrets.isEmpty)
        #expect(try logins.load() == LoginConfig())

        _ = await harness.run(["auth", "add", server.base, "--token-stdin"], input: MockServer.alice.token)
        _ = await harness.run(["auth", "add", server.base, "--token-stdin"], input: MockServer.bob.token)
        let before = try logins.load()
        #expect(before.defaultAccount == "alice@\(server.base)")

        let use = await harness.run(["auth", "use", "bob@\(server.base)", "--dry-run"])
        #expect(use.status == 0, "\(use)")
        #expect(use.stdout == "dry run: would change the config: make bob@\(server.base) the default\n")
        let alias = await harness.run(["auth", "alias", "bob@\(server.base)", "work", "--dry-run"])
        #expect(alias.stdout == "dry run: would change the config: update account bob@\(server.base)\n", "\(alias)")
        let logout = await harness.run(["auth", "logout", "bob@\(server.base)", "--dry-run"])
        #expect(logout.status == 0, "\(logout)")
        #expect(try logins.load() == before)
        #expect(await keyring.secrets.count == 2)
    }

    @Test func misskeyReadsGoThroughAndTheWriteIsPrinted() async throws {
        // Misskey reads with POST too (meta, admin/meta): those are not writes.
        let server = try await FixtureServer.start(flavour: "misskey")
        let admin = UserSide(fixture: server)
        let result = await admin.run(["domain-blocks", "add", "evil.example", "--dry-run"])
        #expect(result.status == 0, "\(result)")
        #expect(
            result.stdout.hasPrefix("dry run: would send POST http://127.0.0.1:\(server.port)/api/admin/update-meta\n"),
            "\(result.stdout)")
        #expect(result.stdout.contains("evil.example"))
        #expect(result.stdout.contains(#""i":"[REDACTED]""#), "the token in the body is masked: \(result.stdout)")
        let paths = try await server.receivedRequests().compactMap { $0["path"] as? String }
        #expect(paths.contains("/api/admin/meta"))
        #expect(!paths.contains("/api/admin/update-meta"))
    }
}
