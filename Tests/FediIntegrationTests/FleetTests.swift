import FediCore
import FediTestSupport
import Foundation
import Testing

/// One command over several accounts on several real local servers (two mastodon_mock instances and
/// a GoToSocial fixture server), through libcurl: merged output, failures per account, writes.
struct FleetTests {
    /// Stored accounts on the servers, tokens in an in-memory keyring.
    struct Fleet {
        let mastodonA: ServerProcess
        let mastodonB: ServerProcess
        let gts: ServerProcess
        let logins: InMemoryLoginStore
        let secrets: InMemorySecretStore

        var idA: String { "admin@\(mastodonA.base)" }
        var idB: String { "admin@\(mastodonB.base)" }
        var idG: String { "admin@\(gts.base)" }
        /// The ids in the order merged output follows.
        var ids: [String] { [idA, idB, idG].sorted() }

        static func start() async throws -> Fleet {
            async let a = MockServer.start()
            async let b = MockServer.start()
            async let g = FixtureServer.start(flavour: "gotosocial")
            let fleet = Fleet(
                mastodonA: try await a, mastodonB: try await b, gts: try await g,
                logins: InMemoryLoginStore(), secrets: InMemorySecretStore())
            try await fleet.add(fleet.mastodonA, token: MockServer.admin.token)
            try await fleet.add(fleet.mastodonB, token: MockServer.admin.token)
            try await fleet.add(fleet.gts, token: "fixture-token")
            return fleet
        }

        /// Stores `username@server` with `token`.
        func add(_ server: ServerProcess, username: String = "admin", token: String) async throws {
            let login = Login(id: "\(username)@\(server.base)", username: username, baseURL: "http://\(server.base)")
            try logins.update { $0.accounts.append(login) }
            try await secrets.store(token, for: login.tokenKey)
        }

        func run(
            _ arguments: [String], tty: Bool = false, input: String = "", environment: [String: String] = [:],
            journal: (any Journal)? = nil
        ) async -> CommandResult {
            var harness = CommandHarness(secrets: secrets, logins: logins, environment: environment)
            if let journal { harness.journal = journal }
            return await harness.run(arguments, tty: tty, input: input)
        }

        /// Two domain blocks on each mastodon_mock, one of them on both.
        func seedBlocks() async throws {
            for server in [mastodonA, mastodonB] {
                for domain in ["common.example", "only-\(server.port).example"] {
                    _ = try await server.json(
                        .post, "/api/v1/admin/domain_blocks", token: MockServer.admin.token,
                        body: ["domain": domain, "severity": "silence"])
                }
            }
        }

        func stop() {
            for server in [mastodonA, mastodonB, gts] { server.stop() }
        }
    }

    /// The domains each account's rows name, from TSV with the account first.
    static func domainsByAccount(_ tsv: String, domainColumn: Int) -> [String: [String]] {
        var result: [String: [String]] = [:]
        for row in tsvRows(tsv) { result[row[0], default: []].append(row[domainColumn]) }
        return result
    }

    @Test func mergedOutputInEveryFormatLeadsWithTheAccount() async throws {
        let fleet = try await Fleet.start()
        defer { fleet.stop() }
        try await fleet.seedBlocks()
        let all = ["--all-accounts", "domain-blocks", "list"]
        let gtsDomains = ["spam.example", "badactors.example", "scrapers.example"]

        // TSV: the account first, accounts in id order, each server's own order kept.
        let tsv = await fleet.run(all + ["--fields", "domain,severity"])
        #expect(tsv.status == 0, "\(tsv)")
        let rows = tsvRows(tsv.stdout)
        #expect(rows.map(\.[0]) == fleet.ids.flatMap { id in Array(repeating: id, count: id == fleet.idG ? 3 : 2) })
        let byAccount = Self.domainsByAccount(tsv.stdout, domainColumn: 1)
        #expect(byAccount[fleet.idG] == gtsDomains)
        #expect(Set(byAccount[fleet.idA] ?? []) == ["common.example", "only-\(fleet.mastodonA.port).example"])
        #expect(tsv.stderr.isEmpty, "no summary off a terminal: \(tsv.stderr)")

        // JSON: one array; every object has the account as its first key.
        let json = await fleet.run(all + ["-o", "json"])
        #expect(json.status == 0, "\(json)")
        let objects = try #require(try json.json() as? [[String: Any]])
        #expect(objects.count == 7)
        #expect(objects.map { $0["account"] as? String } == rows.map(\.[0]))
        #expect(objects.map { $0["domain"] as? String } == rows.map(\.[1]))
        #expect(
            json.stdout.components(separatedBy: "{\n    \"account\" : ").count - 1 == 7,
            "account is the first key:\n\(json.stdout)")

        // NDJSON: one object per line, each keyed by account first (lines may interleave by account).
        let ndjson = await fleet.run(all + ["-o", "ndjson"])
        let lines = ndjson.stdout.split(separator: "\n")
        #expect(lines.count == 7 && lines.allSatisfy { $0.hasPrefix("{\"account\":\"admin@127.0.0.1:") }, "\(ndjson)")
        let ndjsonPairs = try lines.map { line -> String in
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            return "\(object["account"] as? String ?? "") \(object["domain"] as? String ?? "")"
        }
        #expect(ndjsonPairs.sorted() == zip(rows.map(\.[0]), rows.map(\.[1])).map { "\($0) \($1)" }.sorted())

        // CSV: one header with account first.
        let csv = await fleet.run(all + ["-o", "csv", "--fields", "domain"])
        #expect(csv.stdout == "account,domain\r\n" + rows.map { "\($0[0]),\($0[1])\r\n" }.joined(), "\(csv)")

        // A terminal: one aligned table led by each account's server (the shortest name that
        // tells them apart: one account a server), and the summary on stderr.
        let table = await fleet.run(all + ["--fields", "domain"], tty: true, environment: ["NO_COLOR": "1"])
        let tableLines = table.stdout.split(separator: "\n").map(String.init)
        #expect(
            tableLines.first?.hasPrefix("SERVER ") == true && tableLines.first?.hasSuffix("DOMAIN") == true, "\(table)"
        )
        #expect(tableLines.count == 8)
        #expect(tableLines.dropFirst().allSatisfy { $0.hasPrefix("127.0.0.1:") }, "\(table)")
        #expect(table.stderr == "3 accounts: 3 ok, 0 failed\n")

        // One object per account (items) merges the same way.
        let show = await fleet.run([
            "--account", "\(fleet.idA),\(fleet.idB)", "domain-blocks", "show", "common.example", "-o", "json",
        ])
        let shown = try #require(try show.json() as? [[String: Any]], "\(show)")
        #expect(shown.map { $0["account"] as? String } == [fleet.idA, fleet.idB].sorted())
        #expect(shown.allSatisfy { $0["domain"] as? String == "common.example" })
    }

    @Test func oneAccountFailingNeverStopsTheOthers() async throws {
        let fleet = try await Fleet.start()
        defer { fleet.stop() }
        try await fleet.seedBlocks()
        // Down: a server that is gone. Slow: a mastodon_mock that holds its answer past --timeout.
        // Refused: a stored account whose token the server does not know (401).
        let gone = try await MockServer.start()
        try await fleet.add(gone, token: MockServer.admin.token)
        gone.stop()
        let slow = try await MockServer.start()
        defer { slow.stop() }
        try await fleet.add(slow, token: MockServer.admin.token)
        try await slow.addFault([
            "match": ["path": "/api/v1/admin/domain_blocks"], "effect": ["type": "latency", "delay_ms": 4000],
        ])
        try await fleet.add(fleet.mastodonA, username: "ghost", token: "revoked-token")
        let ghost = "ghost@\(fleet.mastodonA.base)"
        let slowID = "admin@\(slow.base)"
        let goneID = "admin@\(gone.base)"

        // --per-account: ghost is a second login on A's server, run as itself.
        let result = await fleet.run(
            ["--all-accounts", "--per-account", "domain-blocks", "list", "-o", "json", "--timeout", "2"], tty: false)
        // Three failures (69 unreachable, 75 timeout, 77 refused) beside three servers done: partial.
        #expect(result.status == 80, "\(result)")
        let objects = try #require(try result.json() as? [[String: Any]], "\(result)")
        let errors = Dictionary(
            uniqueKeysWithValues: objects.compactMap { object -> (String, [String: Any])? in
                guard let error = object["error"] as? [String: Any] else { return nil }
                return (object["account"] as! String, error)
            })
        #expect(errors[goneID]?["exit_status"] as? Int == 69)
        #expect(errors[slowID]?["exit_status"] as? Int == 75)
        #expect(errors[ghost]?["exit_status"] as? Int == 77)
        #expect(errors[ghost]?["kind"] as? String == "permission")
        #expect((errors[ghost]?["message"] as? String)?.contains("HTTP 401") == true)
        #expect(errors.count == 3)
        // The healthy accounts' rows are all there.
        let domains = objects.filter { $0["error"] == nil }.map {
            "\($0["account"] as! String) \($0["domain"] as! String)"
        }
        #expect(domains.count == 7, "\(domains)")
        #expect(Set(objects.map { $0["account"] as! String }) == Set(fleet.ids + [goneID, slowID, ghost]))
        for id in [goneID, slowID, ghost] {
            #expect(result.stderr.contains("fedictl: \(id): "), "\(result.stderr)")
        }
        #expect(result.stderr.contains("hint: log in again: fedictl auth login \(fleet.mastodonA.base)"))

        // One refused, one done: the failure's own status (77: a token to fix), so a monitor knows what to do;
        // --fail-fast stops at the first and keeps its status.
        let refusedOnly = await fleet.run([
            "--account", "\(ghost),\(fleet.idB)", "domain-blocks", "list", "--fields", "domain",
        ])
        #expect(refusedOnly.status == 77, "\(refusedOnly)")
        #expect(Set(tsvRows(refusedOnly.stdout).map(\.[0])) == [fleet.idB])
        try await fleet.add(fleet.mastodonA, username: "zoe", token: MockServer.alice.token)
        let failFast = await fleet.run(
            [
                "--account", "\(ghost),zoe@\(fleet.mastodonA.base)", "--per-account", "--fail-fast", "--concurrency",
                "1",
                "domain-blocks", "list",
            ], tty: true)
        #expect(failFast.status == 77, "\(failFast)")
        #expect(
            failFast.stderr.hasSuffix("2 accounts: 0 ok, 1 failed, 1 not run (--fail-fast)\n"), "\(failFast.stderr)")
    }

    /// A write over several accounts leaves one journal entry per account, each naming its own
    /// account, server software and outcome (a refusal included).
    @Test func aFannedOutWriteIsJournaledPerAccount() async throws {
        let fleet = try await Fleet.start()
        defer { fleet.stop() }
        let state = try TemporaryDirectory.make("fleet-journal")
        defer { try? FileManager.default.removeItem(at: state) }
        let journal = FileJournal(directory: state.appendingPathComponent("fedictl"))
        let result = await fleet.run(
            [
                "--account", "\(fleet.idA),\(fleet.idG)", "--yes", "domain-blocks", "add", "loud.example", "--severity",
                "silence",
            ],
            journal: journal)
        #expect(result.status == 80, "Mastodon took it, GoToSocial refused it: \(result)")
        let entries = try journal.readNow().entries
        let mastodon = try #require(entries.first { $0.account == fleet.idA }, "\(entries)")
        #expect(
            mastodon.verb == "domain-blocks add" && mastodon.target == "loud.example" && mastodon.outcome == .ok,
            "\(mastodon)")
        #expect(
            mastodon.undo?.contains("--account \(fleet.idA) domain-blocks remove loud.example") == true, "\(mastodon)")
        // GoToSocial refused it before sending: nothing was sent there, so nothing was changed.
        #expect(!entries.contains { $0.account == fleet.idG && $0.outcome == .ok }, "\(entries)")
    }

    @Test func aWriteFansOutToMastodonAndGoToSocialWithOneConfirmation() async throws {
        let fleet = try await Fleet.start()
        defer { fleet.stop() }
        let both = ["--account", "\(fleet.idA),\(fleet.idG)"]

        // Each server gets its own requests; the dry run shows every account's, and sends none.
        let dry = await fleet.run(both + ["domain-blocks", "add", "newspam.example", "--dry-run"])
        #expect(dry.status == 0, "\(dry)")
        #expect(
            dry.stdout.contains(
                "\(fleet.idA): dry run: would send POST http://\(fleet.mastodonA.base)/api/v1/admin/domain_blocks\n"))
        #expect(
            dry.stdout.contains(
                "\(fleet.idG): dry run: would send POST http://\(fleet.gts.base)/api/v1/admin/domain_blocks\n"))
        #expect(try await fleet.gts.received("POST", "/api/v1/admin/domain_blocks").isEmpty)

        // Off a terminal a write over several accounts needs --yes: the plan is listed, nothing is sent.
        let unconfirmed = await fleet.run(both + ["domain-blocks", "add", "loud.example", "--severity", "silence"])
        #expect(unconfirmed.status == 1, "64 for Mastodon's account, 65 for GoToSocial's: \(unconfirmed)")
        #expect(unconfirmed.stderr.contains("domain-blocks add over 2 accounts:\n"), "\(unconfirmed.stderr)")
        #expect(
            unconfirmed.stderr.contains("): refused: GoToSocial cannot keep severity silence"), "\(unconfirmed.stderr)")
        #expect(unconfirmed.stderr.contains("fedictl: 1 account needs a confirmation\n"), "\(unconfirmed.stderr)")
        let beforeConfirming = try #require(
            try await fleet.mastodonA.json(.get, "/api/v1/admin/domain_blocks", token: MockServer.admin.token) as? [Any]
        )
        #expect(beforeConfirming.isEmpty)

        // What one server cannot keep is refused there (GoToSocial only suspends); the other gets it.
        let silence = await fleet.run(
            both + ["--yes", "domain-blocks", "add", "loud.example", "--severity", "silence", "-o", "json"])
        #expect(silence.status == 80, "\(silence)")
        #expect(
            silence.stderr.contains("fedictl: \(fleet.idG): GoToSocial cannot keep severity silence"),
            "\(silence.stderr)")
        let created = try #require(try silence.json() as? [[String: Any]])
        #expect(created.count == 2)
        #expect(
            created.contains {
                $0["account"] as? String == fleet.idA && $0["domain"] as? String == "loud.example"
                    && $0["severity"] as? String == "silence"
            })
        #expect(
            created.contains {
                $0["account"] as? String == fleet.idG && ($0["error"] as? [String: Any])?["exit_status"] as? Int == 65
            })
        let onMastodon = try #require(
            try await fleet.mastodonA.json(.get, "/api/v1/admin/domain_blocks", token: MockServer.admin.token)
                as? [[String: Any]])
        #expect(onMastodon.map { $0["domain"] as? String } == ["loud.example"])
        #expect(try await fleet.gts.received("POST", "/api/v1/admin/domain_blocks").isEmpty)

        let suspend = await fleet.run(both + ["--yes", "domain-blocks", "add", "newspam.example"])
        #expect(suspend.status == 0, "\(suspend)")
        #expect(
            try await fleet.gts.received("POST", "/api/v1/admin/domain_blocks").map { $0["domain"] as? String } == [
                "newspam.example"
            ])
        let afterAdd = try #require(
            try await fleet.mastodonA.json(.get, "/api/v1/admin/domain_blocks", token: MockServer.admin.token)
                as? [[String: Any]])
        #expect(Set(afterAdd.compactMap { $0["domain"] as? String }) == ["loud.example", "newspam.example"])

        // A destructive verb asks once for every account; off a terminal that needs --yes, and nothing is removed.
        let spam = try #require(
            try await fleet.mastodonA.json(
                .post, "/api/v1/admin/domain_blocks", token: MockServer.admin.token,
                body: ["domain": "spam.example"]) as? [String: Any])
        let spamID = try #require(spam["id"] as? String)
        let refused = await fleet.run(both + ["domain-blocks", "remove", "spam.example"])
        #expect(refused.status == 64, "\(refused)")
        #expect(refused.stderr.contains("fedictl: 2 accounts need a confirmation\n"), "\(refused.stderr)")
        #expect(
            try await fleet.gts.received("DELETE", "/api/v1/admin/domain_blocks/01HX1A3C5E7G9J1M3P5R7T9W1Y").isEmpty)

        let confirmed = await fleet.run(both + ["domain-blocks", "remove", "spam.example"], tty: true, input: "y\n")
        #expect(confirmed.status == 0, "\(confirmed)")
        #expect(confirmed.stderr.components(separatedBy: "[y/N]").count == 2, "one prompt: \(confirmed)")
        let lines = confirmed.stderr.split(separator: "\n")
        #expect(
            lines.contains {
                $0.hasPrefix("  \(fleet.idA) (Mastodon ")
                    && $0.hasSuffix(
                        "): Lift the silence block on spam.example? DELETE /api/v1/admin/domain_blocks/\(spamID)")
            },
            "\(confirmed.stderr)")
        #expect(
            lines.contains {
                $0.hasPrefix("  \(fleet.idG) (GoToSocial ")
                    && $0.hasSuffix(
                        "): Lift the suspend block on spam.example? DELETE /api/v1/admin/domain_blocks/01HX1A3C5E7G9J1M3P5R7T9W1Y"
                    )
            },
            "\(confirmed.stderr)")
        #expect(
            try await fleet.gts.received("DELETE", "/api/v1/admin/domain_blocks/01HX1A3C5E7G9J1M3P5R7T9W1Y").count == 1)
        let afterRemove = try #require(
            try await fleet.mastodonA.json(.get, "/api/v1/admin/domain_blocks", token: MockServer.admin.token)
                as? [[String: Any]])
        #expect(!afterRemove.contains { $0["domain"] as? String == "spam.example" })
    }

    @Test func groupsSelectTheirAccounts() async throws {
        let fleet = try await Fleet.start()
        defer { fleet.stop() }
        try await fleet.seedBlocks()
        let made = await fleet.run(["auth", "group", "mods", fleet.idA, fleet.idB])
        #expect(made.status == 0, "\(made)")
        #expect(try fleet.logins.load().groups == ["mods": [fleet.idA, fleet.idB].sorted()])
        let listed = await fleet.run(["auth", "group", "list"])
        #expect(listed.stdout == "mods\t\([fleet.idA, fleet.idB].sorted().joined(separator: ", "))\n")

        for (arguments, environment) in [
            (["--account", "mods"], [:]), ([], ["FEDICTL_ACCOUNT": "mods"]), (["--account", "MODS,\(fleet.idA)"], [:]),
        ] {
            let result = await fleet.run(
                arguments + ["domain-blocks", "list", "--fields", "domain"], environment: environment)
            #expect(result.status == 0, "\(result)")
            #expect(
                Set(tsvRows(result.stdout).map(\.[0])) == [fleet.idA, fleet.idB],
                "\(arguments) \(environment): \(result)")
        }
        // A group of one behaves like naming that account: its rows led by that account, as one account's are.
        _ = await fleet.run(["auth", "group", "solo", fleet.idG])
        let solo = await fleet.run(["--account", "solo", "domain-blocks", "list", "--fields", "domain"])
        #expect(
            solo.stdout
                == ["spam.example", "badactors.example", "scrapers.example"].map { "\(fleet.idG)\t\($0)\n" }.joined(),
            "\(solo)")

        let clash = await fleet.run(["auth", "alias", fleet.idA, "mods"])
        #expect(clash.status == 65, "\(clash)")
        let removed = await fleet.run(["auth", "group", "remove", "mods"])
        #expect(removed.status == 0)
        #expect(try fleet.logins.load().groups == ["solo": [fleet.idG]])
        let gone = await fleet.run(["--account", "mods", "domain-blocks", "list"])
        #expect(gone.status == 66, "\(gone)")
    }

    @Test func fedictlTokenStaysWithItsOwnServer() async throws {
        let fleet = try await Fleet.start()
        defer { fleet.stop() }
        try await fleet.seedBlocks()
        // A token only mastodonB knows, named for B's server.
        let devUser = try #require(
            try await fleet.mastodonB.json(.post, "/api/v1/_mock/dev_user", body: ["username": "bea", "admin": true])
                as? [String: Any])
        let realTokenB = try #require(devUser["access_token"] as? String)
        let environment = ["FEDICTL_TOKEN": realTokenB, "FEDICTL_INSTANCE": fleet.mastodonB.base]

        // Acting as an account on another server is a conflict, named: nothing is sent to A.
        let conflict = await fleet.run(["--account", fleet.idA, "domain-blocks", "list"], environment: environment)
        #expect(conflict.status == 64, "\(conflict)")
        #expect(
            conflict.stderr.contains(
                "FEDICTL_TOKEN is for \(fleet.mastodonB.base) (FEDICTL_INSTANCE), but the selected account \(fleet.idA) is on \(fleet.mastodonA.base)"
            ))
        #expect(conflict.stderr.contains("hint: unset FEDICTL_TOKEN and FEDICTL_INSTANCE"))

        // Over several accounts, the token goes to B's account only; A uses its stored token and works.
        // The server says the token is bea's: standing in for admin@B it is refused, naming both.
        let notTheirs = await fleet.run(
            ["--account", "\(fleet.idA),\(fleet.idB)", "domain-blocks", "list", "--fields", "domain"],
            environment: environment)
        #expect(notTheirs.status == 77, "every failure a refused token: \(notTheirs)")
        #expect(
            notTheirs.stderr.contains(
                "FEDICTL_TOKEN is bea@\(fleet.mastodonB.base)'s token, not the selected account \(fleet.idB)'s"),
            "\(notTheirs)")
        #expect(Set(tsvRows(notTheirs.stdout).map(\.[0])) == [fleet.idA])
        try await fleet.add(fleet.mastodonB, username: "bea", token: "stored-elsewhere")
        let beaID = "bea@\(fleet.mastodonB.base)"
        let both = await fleet.run(
            ["--account", "\(fleet.idA),\(beaID)", "domain-blocks", "list", "--fields", "domain"],
            environment: environment)
        #expect(both.status == 0, "\(both)")
        #expect(Set(tsvRows(both.stdout).map(\.[0])) == [fleet.idA, beaID])

        // With no FEDICTL_INSTANCE, a token cannot be placed among several accounts.
        let unplaced = await fleet.run(
            ["--account", "\(fleet.idA),\(fleet.idB)", "domain-blocks", "list"],
            environment: ["FEDICTL_TOKEN": realTokenB])
        #expect(unplaced.status == 64, "\(unplaced)")
        #expect(unplaced.stderr.contains("hint: set FEDICTL_INSTANCE to the token's server, or unset FEDICTL_TOKEN"))
    }

    @Test func accountFactsComeFromTheServer() async throws {
        let fleet = try await Fleet.start()
        defer { fleet.stop() }
        let base = fleet.mastodonA.base
        // The software is known right after adding; ADMIN follows the role, not the scopes asked for.
        let admin = await fleet.run(
            ["auth", "add", base, "--token-stdin", "--scopes", "read", "-o", "json"], input: MockServer.admin.token)
        let adminRow = try #require(try admin.json() as? [String: Any], "\(admin)")
        #expect(adminRow["software"] as? String == "Mastodon 4.6.0")
        #expect(adminRow["admin"] as? Bool == true && adminRow["role"] as? String == "Admin")
        let alice = await fleet.run(
            ["auth", "add", base, "--token-stdin", "--scopes", "read admin:read admin:write", "-o", "json"],
            input: MockServer.alice.token)
        let aliceRow = try #require(try alice.json() as? [String: Any], "\(alice)")
        #expect(aliceRow["admin"] as? Bool == false, "a user with admin scopes is no admin: \(alice)")
        let list = await fleet.run(["auth", "list", "--fields", "account,software,admin"])
        #expect(list.stdout.contains("alice@\(base)\tMastodon 4.6.0\tno\n"), "\(list)")

        // --all-accounts leaves out, for moderation verbs, an account whose role cannot moderate.
        let blocks = await fleet.run(["--all-accounts", "domain-blocks", "list", "-o", "json"])
        #expect(blocks.status == 0, "\(blocks)")
        let accounts = Set(try #require(try blocks.json() as? [[String: Any]]).map { $0["account"] as? String })
        #expect(accounts == [fleet.idG], "only GoToSocial has blocks; alice is not asked: \(blocks)")

        // auth status --all checks every account; a refused token is reported for its account alone.
        try await fleet.add(fleet.mastodonB, username: "ghost", token: "revoked-token")
        // GoToSocial names the role and sends no Mastodon permissions.
        try await fleet.gts.addRoutes([
            "GET /api/v1/accounts/verify_credentials": [
                "json": [
                    "id": "01F8MH1H7YV1Z7D2C8K2730QBF", "username": "admin", "acct": "admin", "role": ["name": "admin"],
                ]
            ]
        ])
        let status = await fleet.run(["auth", "status", "--all", "-o", "json"])
        #expect(status.status == 77, "one refused token among working ones: \(status)")
        let rows = try #require(try status.json() as? [[String: Any]], "\(status)")
        #expect(
            rows.map { $0["account"] as? String }
                == (fleet.ids + ["alice@\(base)", "ghost@\(fleet.mastodonB.base)"]).sorted())
        #expect(rows.first { $0["account"] as? String == "alice@\(base)" }?["admin"] as? Bool == false)
        #expect(rows.first { $0["account"] as? String == fleet.idB }?["admin"] as? Bool == true)
        #expect(rows.first { $0["account"] as? String == fleet.idG }?["admin"] as? Bool == true)
        #expect(
            try fleet.logins.load().accounts.first { $0.id == fleet.idG }?.role?.isAdmin == true, "the role is recorded"
        )
        #expect(
            status.stderr.contains(
                "fedictl: ghost@\(fleet.mastodonB.base): the token for ghost@\(fleet.mastodonB.base) no longer works"))
    }
}
