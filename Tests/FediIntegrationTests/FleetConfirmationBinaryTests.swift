import FediCore
import FediTestSupport
import Foundation
import Testing

/// A write over a mastodon_mock account and a GoToSocial fixture account, through the built binary:
/// `--dry-run` shows each account's request; without `--yes` one confirmation lists every account
/// and what its server would get (GoToSocial's refusal of a silence included), on a terminal (a
/// pty from script(1)) and off one; `--yes` sends at once.
struct FleetConfirmationBinaryTests {
    /// Runs the binary on a pseudo-terminal (script(1)), typing `input`: stdout and stderr merged, LF line ends.
    static func onTerminal(_ sandbox: AuthSandbox, _ arguments: [String], input: String) async throws -> CommandResult {
        let quoted = ([RepoPaths.fedictlBinary.path] + arguments).map {
            "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'"
        }
        var result = try await ProcessRunner.run(
            "/usr/bin/script", ["-qec", quoted.joined(separator: " "), "/dev/null"],
            environment: BinaryRunner.userEnvironment(sandbox.environment.merging(state(sandbox)) { $1 }), input: input)
        result.stdout = result.stdout.replacingOccurrences(of: "\r\n", with: "\n")
        return result
    }

    /// The journal goes to the sandbox, not the shared temporary HOME.
    static func state(_ sandbox: AuthSandbox) -> [String: String] {
        ["XDG_STATE_HOME": sandbox.root.appendingPathComponent("state").path]
    }

    static func domains(on server: ServerProcess) async throws -> [String] {
        let blocks = try #require(
            try await server.json(.get, "/api/v1/admin/domain_blocks", token: MockServer.admin.token)
                as? [[String: Any]])
        return blocks.compactMap { $0["domain"] as? String }.sorted()
    }

    @Test func oneConfirmationListsWhatEachServerWouldGet() async throws {
        async let startMastodon = MockServer.start()
        async let startGTS = FixtureServer.start(flavour: "gotosocial")
        let mastodon = try await startMastodon
        let gts = try await startGTS
        defer {
            mastodon.stop()
            gts.stop()
        }
        let sandbox = AuthSandbox()
        // The GoToSocial fixture has no account of its own to show `auth add`.
        try await gts.addRoutes([
            "GET /api/v1/accounts/verify_credentials": [
                "json": [
                    "id": "01F8MH1H7YV1Z7D2C8K2730QBF", "username": "admin", "acct": "admin", "role": ["name": "admin"],
                ]
            ]
        ])
        for (server, token) in [(mastodon, MockServer.admin.token), (gts, "fixture-token")] {
            let added = try await sandbox.run(
                ["auth", "add", server.base, "--token-stdin", "--insecure-storage"], input: token,
                environment: Self.state(sandbox))
            #expect(added.status == 0, "\(added)")
        }
        let ids = try sandbox.logins.load().accounts.map(\.id)
        let idM = try #require(ids.first { $0.hasSuffix("@\(mastodon.base)") })
        let idG = try #require(ids.first { $0.hasSuffix("@\(gts.base)") })
        let both = ["--insecure-storage", "--account", "\(idM),\(idG)"]
        let silence = both + ["domain-blocks", "add", "loud.example", "--severity", "silence"]

        // --dry-run: each account's request, or its refusal; nothing sent, nothing asked.
        let dry = try await sandbox.run(
            both + ["domain-blocks", "add", "new.example", "--dry-run"], environment: Self.state(sandbox))
        #expect(dry.status == 0, "\(dry)")
        #expect(
            dry.stdout.contains(
                "\(idM): dry run: would send POST http://\(mastodon.base)/api/v1/admin/domain_blocks\n"), "\(dry)")
        #expect(
            dry.stdout.contains("\(idG): dry run: would send POST http://\(gts.base)/api/v1/admin/domain_blocks\n"),
            "\(dry)")
        #expect(!dry.stderr.contains("[y/N]"))

        // Off a terminal: the plan, then exit non-zero without --yes; nothing sent.
        let unconfirmed = try await sandbox.run(silence, environment: Self.state(sandbox))
        #expect(unconfirmed.status == 1, "\(unconfirmed)")
        let mastodonLine = try #require(
            unconfirmed.stderr.split(separator: "\n").first { $0.hasPrefix("  \(idM) (Mastodon ") },
            "\(unconfirmed.stderr)")
        #expect(
            mastodonLine.contains("): POST /api/v1/admin/domain_blocks {")
                && mastodonLine.contains("\"severity\":\"silence\""), "\(mastodonLine)")
        #expect(unconfirmed.stderr.contains("domain-blocks add over 2 accounts:\n"), "\(unconfirmed.stderr)")
        #expect(
            unconfirmed.stderr.contains(
                "  \(idG) (GoToSocial 0.20.0-rc1): refused: GoToSocial cannot keep severity silence (GoToSocial blocks can be: suspend) for loud.example\n"
            ),
            "\(unconfirmed.stderr)")
        #expect(
            unconfirmed.stderr.contains(
                "fedictl: 1 account needs a confirmation\nhint: not on a terminal: pass --yes to confirm\n"))
        #expect(try await Self.domains(on: mastodon).isEmpty)

        // On a terminal: one question; "n" sends nothing, "y" sends to the account that can keep it.
        let declined = try await Self.onTerminal(sandbox, silence, input: "n\n")
        #expect(declined.stdout.components(separatedBy: "Go ahead on 1 account? [y/N] ").count == 2, "\(declined)")
        #expect(declined.stdout.contains("fedictl: cancelled\n"), "\(declined)")
        #expect(try await Self.domains(on: mastodon).isEmpty)

        let confirmed = try await Self.onTerminal(sandbox, silence, input: "y\n")
        #expect(confirmed.status == 80, "one account done, one refused: the partial outcome \(confirmed)")
        #expect(
            confirmed.stdout.contains("(GoToSocial 0.20.0-rc1): refused: GoToSocial cannot keep severity silence"),
            "\(confirmed)")
        #expect(confirmed.stdout.contains("2 accounts: 1 ok, 1 failed\n"), "\(confirmed)")
        #expect(try await Self.domains(on: mastodon) == ["loud.example"])
        #expect(try await gts.received("POST", "/api/v1/admin/domain_blocks").isEmpty)

        // --yes: no question; each server gets the suspension.
        let yes = try await sandbox.run(
            both + ["--yes", "domain-blocks", "add", "new.example"], environment: Self.state(sandbox))
        #expect(yes.status == 0, "\(yes)")
        #expect(!yes.stderr.contains("over 2 accounts"), "\(yes)")
        #expect(try await Self.domains(on: mastodon) == ["loud.example", "new.example"])
        #expect(
            try await gts.received("POST", "/api/v1/admin/domain_blocks").map { $0["domain"] as? String } == [
                "new.example"
            ])

        // The journal holds what was sent, each account's entries shown once over both accounts.
        let log = try await sandbox.run(
            both + ["log", "--verb", "domain-blocks add", "--fields", "account,target"],
            environment: Self.state(sandbox))
        #expect(log.status == 0, "\(log)")
        #expect(
            tsvRows(log.stdout).map { $0.joined(separator: " ") }.sorted()
                == ["\(idG) new.example", "\(idM) loud.example", "\(idM) new.example"].sorted(),
            "\(log)")
    }
}
