import FediCommands
import FediCore
import FediTestSupport
import Foundation
import Testing

/// A write over a Mastodon and a GoToSocial account, over a fake transport: one confirmation
/// listing every account and what its server would get (GoToSocial's refusal of a silence
/// included), nothing sent before the answer. The real path is FleetConfirmationBinaryTests.
struct FleetConfirmationTests {
    static let ids = ["admin@a.test", "admin@g.test"]

    /// admin@a.test on Mastodon 4.3.0 and admin@g.test on GoToSocial 0.17.3, detected a moment ago.
    static func harness(_ transport: FakeTransport) -> CommandHarness {
        let mastodon = ServerInfo(flavour: .mastodon, softwareName: "mastodon", version: "4.3.0", detectedAt: Date())
        let gts = ServerInfo(flavour: .gotosocial, softwareName: "gotosocial", version: "0.17.3", detectedAt: Date())
        let config = LoginConfig(accounts: [
            Login(
                id: "admin@a.test", username: "admin", baseURL: "https://a.test", tokenStorage: .keyring,
                serverInfo: mastodon),
            Login(
                id: "admin@g.test", username: "admin", baseURL: "https://g.test", tokenStorage: .keyring,
                serverInfo: gts),
        ])
        let keyring = InMemorySecretStore(secrets: [
            SecretKey(account: "admin@a.test", instance: "a.test", kind: .accessToken): "token-a",
            SecretKey(account: "admin@g.test", instance: "g.test", kind: .accessToken): "token-g",
        ])
        return CommandHarness(transport: transport, secrets: keyring, logins: InMemoryLoginStore(config))
    }

    static let silence = [
        "--account", "admin@a.test,admin@g.test", "domain-blocks", "add", "loud.example", "--severity", "silence",
    ]

    static func posts(_ transport: FakeTransport) -> [String] {
        transport.requests.filter { $0.method == .post }.map { "\($0.url.host ?? "") \($0.route)" }
    }

    @Test func oneConfirmationListsWhatEachServerWouldGetThenSendsOnYes() async throws {
        let transport = FakeTransport()
        // Mastodon's list is read twice: on the first pass, and again when it runs for real.
        transport.stub(.get, "/api/v1/admin/domain_blocks", host: "a.test", json: "[]")
        transport.stub(.get, "/api/v1/admin/domain_blocks", host: "a.test", json: "[]")
        transport.stub(.get, "/api/v1/admin/domain_blocks", host: "g.test", json: "[]")
        transport.stub(
            .post, "/api/v1/admin/domain_blocks", host: "a.test",
            json: #"{"id": "7", "domain": "loud.example", "severity": "silence", "created_at": "2024-01-01T00:00:00Z"}"#
        )
        let result = await Self.harness(transport).run(Self.silence, tty: true, input: "y\n")

        // Mastodon took it, GoToSocial refused it: partial.
        #expect(result.status == 80, "\(result)")
        let plan = """
            domain-blocks add over 2 accounts:
              admin@a.test (Mastodon 4.3.0): POST /api/v1/admin/domain_blocks
            """
        #expect(result.stderr.contains(plan), "\(result.stderr)")
        #expect(
            result.stderr.contains(
                "\n  admin@g.test (GoToSocial 0.17.3): refused: GoToSocial cannot keep severity silence (GoToSocial blocks can be: suspend) for loud.example\nGo ahead on 1 account? [y/N] "
            ),
            "\(result.stderr)")
        let mastodonLine = try #require(result.stderr.split(separator: "\n").first { $0.hasPrefix("  admin@a.test") })
        #expect(mastodonLine.contains("loud.example") && mastodonLine.contains("silence"), "\(mastodonLine)")
        #expect(result.stderr.components(separatedBy: "[y/N]").count == 2, "one question: \(result.stderr)")
        #expect(Self.posts(transport) == ["a.test POST /api/v1/admin/domain_blocks"])
        #expect(result.stdout.contains("admin@a.test") && result.stdout.contains("loud.example"), "\(result)")
        #expect(transport.unusedStubs == 0)
    }

    @Test func noAnswerOrNoTerminalSendsNothing() async throws {
        for (tty, input) in [(true, "n\n"), (false, "")] {
            let transport = FakeTransport()
            transport.stub(.get, "/api/v1/admin/domain_blocks", host: "a.test", json: "[]")
            transport.stub(.get, "/api/v1/admin/domain_blocks", host: "g.test", json: "[]")
            let result = await Self.harness(transport).run(Self.silence, tty: tty, input: input)
            // Mastodon's account: cancelled (1) or unconfirmed (64); GoToSocial's: refused (65). They differ: 1.
            #expect(result.status == 1, "\(result)")
            #expect(
                result.stderr.contains("  admin@a.test (Mastodon 4.3.0): POST /api/v1/admin/domain_blocks"),
                "\(result.stderr)")
            if !tty {
                #expect(
                    result.stderr.contains(
                        "fedictl: 1 account needs a confirmation\nhint: not on a terminal: pass --yes to confirm\n"),
                    "\(result.stderr)")
            }
            #expect(Self.posts(transport).isEmpty)
        }
    }

    /// In JSON each account's outcome is an object: the unconfirmed one's error too.
    @Test func unconfirmedAccountsGetTheirErrorObject() async throws {
        let transport = FakeTransport()
        transport.stub(.get, "/api/v1/admin/domain_blocks", host: "a.test", json: "[]")
        transport.stub(.get, "/api/v1/admin/domain_blocks", host: "g.test", json: "[]")
        let result = await Self.harness(transport).run(Self.silence + ["-o", "json"])
        let objects = try #require(try result.json() as? [[String: Any]], "\(result)")
        let statuses = objects.map {
            "\($0["account"] as? String ?? "") \(($0["error"] as? [String: Any])?["exit_status"] as? Int ?? 0)"
        }
        #expect(statuses == ["admin@a.test 64", "admin@g.test 65"], "\(result)")
        #expect(Self.posts(transport).isEmpty)
    }

    /// --fail-fast: the refusal on GoToSocial stops the run before anything is asked or sent.
    @Test func failFastStopsBeforeAskingWhenAnAccountIsRefused() async throws {
        let transport = FakeTransport()
        transport.stub(.get, "/api/v1/admin/domain_blocks", host: "a.test", json: "[]")
        transport.stub(.get, "/api/v1/admin/domain_blocks", host: "g.test", json: "[]")
        // One at a time, in account order: Mastodon's account has found its write when GoToSocial's refuses.
        let result = await Self.harness(transport).run(
            Self.silence + ["--fail-fast", "--concurrency", "1"], tty: true, input: "y\n")
        #expect(result.status == 65, "\(result)")
        #expect(!result.stderr.contains("[y/N]"), "\(result.stderr)")
        #expect(result.stderr.hasSuffix("2 accounts: 0 ok, 1 failed, 1 not run (--fail-fast)\n"), "\(result.stderr)")
        #expect(Self.posts(transport).isEmpty)
    }

    @Test func withYesNothingIsAskedAndEachServerGetsItsOwn() async throws {
        let transport = FakeTransport()
        transport.stub(.get, "/api/v1/admin/domain_blocks", host: "a.test", json: "[]")
        transport.stub(.get, "/api/v1/admin/domain_blocks", host: "g.test", json: "[]")
        transport.stub(
            .post, "/api/v1/admin/domain_blocks", host: "a.test",
            json: #"{"id": "7", "domain": "new.example", "severity": "suspend", "created_at": "2024-01-01T00:00:00Z"}"#)
        transport.stub(
            .post, "/api/v1/admin/domain_blocks", host: "g.test",
            json: #"{"id": "01HX", "domain": "new.example", "created_at": "2024-01-01T00:00:00Z"}"#)
        let result = await Self.harness(transport).run(
            ["--account", "admin@a.test,admin@g.test", "--yes", "domain-blocks", "add", "new.example"], tty: true)
        #expect(result.status == 0, "\(result)")
        #expect(!result.stderr.contains("[y/N]") && !result.stderr.contains("over 2 accounts"), "\(result.stderr)")
        #expect(
            Set(Self.posts(transport)) == [
                "a.test POST /api/v1/admin/domain_blocks", "g.test POST /api/v1/admin/domain_blocks",
            ])
    }

    @Test func readsOverSeveralAccountsAskNothing() async throws {
        let transport = FakeTransport()
        transport.stub(.get, "/api/v1/admin/domain_blocks", host: "a.test", json: "[]")
        transport.stub(.get, "/api/v1/admin/domain_blocks", host: "g.test", json: "[]")
        let result = await Self.harness(transport).run(
            ["--account", "admin@a.test,admin@g.test", "domain-blocks", "list"], tty: true)
        #expect(result.status == 0, "\(result)")
        #expect(!result.stderr.contains("[y/N]") && !result.stderr.contains("over 2 accounts"), "\(result.stderr)")
        #expect(result.stderr.hasSuffix("2 accounts: 2 ok, 0 failed\n"), "\(result.stderr)")
        #expect(transport.unusedStubs == 0)
    }
}
