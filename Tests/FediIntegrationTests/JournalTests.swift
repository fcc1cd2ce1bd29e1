import FediCore
import FediTestSupport
import Foundation
import Testing

/// A user of a test server whose runs record into a journal in a temporary state directory.
struct JournaledUser {
    let server: ServerProcess
    let username: String
    let token: String
    let journal: FileJournal

    init(_ server: ServerProcess, _ account: SeedAccount, journal: FileJournal) {
        self.server = server
        username = account.username
        token = account.token
        self.journal = journal
    }

    var id: String { "\(username)@\(server.base)" }

    /// A user of a fixture server (any token is accepted there).
    init(fixture server: ServerProcess, username: String, journal: FileJournal) {
        self.server = server
        self.username = username
        token = "fixture-token"
        self.journal = journal
    }

    func run(_ arguments: [String], tty: Bool = false, input: String = "") async -> CommandResult {
        var harness = CommandHarness(environment: ["FEDICTL_TOKEN": token])
        harness.journal = journal
        return await harness.run(arguments + ["--account", id], tty: tty, input: input)
    }
}

/// The journal records every change, over libcurl against mastodon_mock, and `fedictl log` reads it.
struct JournalTests {
    /// Every file in the state directory, as text (to look for secrets).
    static func stateText(_ directory: URL) throws -> String {
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        return try names.map { try String(contentsOf: directory.appendingPathComponent($0), encoding: .utf8) }.joined(
            separator: "\n")
    }

    @Test func everyWriteFamilyLeavesAnEntryWithItsTargetAndUndo() async throws {
        let server = try await MockServer.start()
        let (journal, state) = try SeededJournal.make("journal-families", [])
        defer { try? FileManager.default.removeItem(at: state) }
        let admin = JournaledUser(server, MockServer.admin, journal: journal)
        let alice = JournaledUser(server, MockServer.alice, journal: journal)
        let bobID = try await TriageScene.accountID("bob", on: server)

        let runs: [(JournaledUser, [String])] = [
            (admin, ["domain-blocks", "add", "spam.example", "--severity", "suspend"]),
            (admin, ["accounts", "action", bobID, "--type", "silence", "-y"]),
            (admin, ["ip-blocks", "add", "192.0.2.0/24", "--severity", "sign_up_block"]),
            (admin, ["email-blocks", "add", "mailinator.example"]),
            (alice, ["reports", "file", bobID, "--comment", "spam"]),
            (alice, ["filters", "create", "Spoilers", "--keyword", "finale", "--context", "home"]),
            (alice, ["blocks", "add", bobID, "-y"]),
            (alice, ["mutes", "add", bobID]),
        ]
        for (user, arguments) in runs {
            let result = await user.run(arguments)
            #expect(result.status == 0, "\(arguments): \(result)")
        }
        let reportID =
            try #require(
                try await server.json(.get, "/api/v1/admin/reports", token: MockServer.admin.token) as? [[String: Any]]
            ).first?["id"] as? String
        let resolve = await admin.run(["reports", "resolve", try #require(reportID)])
        #expect(resolve.status == 0, "\(resolve)")

        let entries = try journal.readNow().entries
        func entry(_ verb: String) throws -> JournalEntry {
            try #require(entries.first { $0.verb == verb }, "no entry for \(verb): \(entries.map(\.verb))")
        }
        for verb in [
            "domain-blocks add", "accounts action", "ip-blocks add", "email-blocks add", "reports file",
            "filters create",
            "blocks add", "mutes add", "reports resolve",
        ] {
            let found = try entry(verb)
            #expect(found.outcome == .ok, "\(found)")
            #expect(found.server == server.base)
            #expect(found.software == "mastodon" && found.softwareVersion == "4.6.0", "\(found)")
            #expect(found.command?.hasPrefix("fedictl \(verb)") == true, "\(found)")
        }
        let block = try entry("domain-blocks add")
        #expect(block.account == admin.id)
        #expect(block.target == "spam.example")
        #expect(
            block.before == "none" && block.after?.hasPrefix("severity: suspend; reject_media: no;") == true, "\(block)"
        )
        #expect(block.request == "POST /api/v1/admin/domain_blocks")
        #expect(block.undo == "fedictl --account \(admin.id) domain-blocks remove spam.example --yes")
        let silence = try entry("accounts action")
        #expect(silence.target == "@bob@\(server.base)" && silence.subjectID == bobID, "\(silence)")
        #expect(silence.before == "suspended: no; silenced: no; disabled: no; sensitized: no", "\(silence)")
        #expect(silence.after == "suspended: no; silenced: yes; disabled: no; sensitized: no", "\(silence)")
        #expect(silence.undo == "fedictl --account \(admin.id) accounts unsilence \(bobID) --yes")
        let ipBlock = try entry("ip-blocks add")
        #expect(
            ipBlock.undo == "fedictl --account \(admin.id) ip-blocks remove \(try #require(ipBlock.createdID)) --yes")
        let filter = try entry("filters create")
        #expect(filter.account == alice.id && filter.target == "Spoilers")
        #expect(filter.undo == "fedictl --account \(alice.id) filters delete \(try #require(filter.createdID)) --yes")
        #expect(try entry("blocks add").undo == "fedictl --account \(alice.id) blocks remove \(bobID) --yes")
        #expect(
            try entry("reports resolve").undo
                == "fedictl --account \(admin.id) reports reopen \(try #require(reportID)) --yes")

        // The state directory is private and holds no token.
        let directory = state.appendingPathComponent("fedictl")
        #expect(try FileManager.default.attributesOfItem(atPath: directory.path)[.posixPermissions] as? Int == 0o700)
        #expect(
            try FileManager.default.attributesOfItem(atPath: journal.currentFile.path)[.posixPermissions] as? Int
                == 0o600)
        let text = try Self.stateText(directory)
        for secret in [MockServer.admin.token, MockServer.alice.token, "Bearer"] {
            #expect(!text.contains(secret), "\(secret) in the journal")
        }
    }

    /// Bulk work records one entry per write, each with its own target and undo.
    @Test func anImportRecordsEachDomain() async throws {
        let server = try await MockServer.start()
        let (journal, state) = try SeededJournal.make("journal-import", [])
        defer { try? FileManager.default.removeItem(at: state) }
        let admin = JournaledUser(server, MockServer.admin, journal: journal)
        let result = await admin.run(
            ["domain-blocks", "import", "-"], input: "one.example\ntwo.example\nthree.example\n")
        #expect(result.status == 0, "\(result)")
        let entries = try journal.readNow().entries
        #expect(Set(entries.map { $0.target ?? "" }) == ["one.example", "two.example", "three.example"], "\(entries)")
        #expect(entries.allSatisfy { $0.verb == "domain-blocks import" && $0.outcome == .ok })
        #expect(
            entries.allSatisfy {
                $0.undo == "fedictl --account \(admin.id) domain-blocks remove \($0.target ?? "") --yes"
            })
    }

    /// Misskey's API carries the token in the body (`i`): the entry has the target, never the token.
    @Test func aMisskeyWriteIsRecordedWithoutItsToken() async throws {
        let server = try await FixtureServer.start(flavour: "misskey")
        let (journal, state) = try SeededJournal.make("journal-misskey", [])
        defer { try? FileManager.default.removeItem(at: state) }
        let admin = JournaledUser(fixture: server, username: "mika", journal: journal)
        let result = await admin.run(["domain-blocks", "add", "evil.example"])
        #expect(result.status == 0, "\(result)")
        let entry = try #require(try journal.readNow().entries.first)
        #expect(entry.request == "POST /api/admin/update-meta" && entry.target == "evil.example", "\(entry)")
        #expect(
            entry.software == "misskey"
                && entry.undo == "fedictl --account \(admin.id) domain-blocks remove evil.example --yes")
        #expect(!(try Self.stateText(state.appendingPathComponent("fedictl"))).contains("fixture-token"))
    }

    @Test func aDryRunLeavesNoEntryAndNoJournalFlagNeither() async throws {
        let server = try await MockServer.start()
        let (journal, state) = try SeededJournal.make("journal-dry", [])
        defer { try? FileManager.default.removeItem(at: state) }
        let admin = JournaledUser(server, MockServer.admin, journal: journal)
        let dry = await admin.run(["domain-blocks", "add", "spam.example", "--dry-run"])
        #expect(dry.status == 0 && dry.stdout.hasPrefix("dry run: would send POST"), "\(dry)")
        let off = await admin.run(["domain-blocks", "add", "quiet.example", "--no-journal"])
        #expect(off.status == 0, "\(off)")
        #expect(try journal.readNow().entries.isEmpty)
        // A real write is recorded (the same journal, so the test can fail).
        #expect(await admin.run(["domain-blocks", "remove", "quiet.example", "-y"]).status == 0)
        #expect(try journal.readNow().entries.map(\.verb) == ["domain-blocks remove"])
    }

    @Test func aRefusedWriteIsRecordedWithItsError() async throws {
        let server = try await MockServer.start()
        let (journal, state) = try SeededJournal.make("journal-refused", [])
        defer { try? FileManager.default.removeItem(at: state) }
        let admin = JournaledUser(server, MockServer.admin, journal: journal)
        try await server.addFault([
            "match": ["methods": ["POST"], "path": "/api/v1/admin/domain_blocks"],
            "effect": ["type": "status", "status": 403],
        ])
        let result = await admin.run(["domain-blocks", "add", "spam.example"])
        #expect(result.status == 77, "\(result)")
        let entry = try #require(try journal.readNow().entries.first)
        #expect(entry.outcome == .error)
        #expect(entry.httpStatus == 403 && entry.errorKind == "permission", "\(entry)")
        #expect(entry.message?.contains("does not allow this (HTTP 403)") == true, "\(entry)")
        #expect(entry.target == "spam.example" && entry.undo == nil)

        let failed = await admin.run(["log", "--failed", "--fields", "verb,target,outcome"])
        #expect(failed.stdout == "domain-blocks add\tspam.example\terror 403 permission\n", "\(failed)")
    }

    /// A journal that cannot be written stops the write before it is sent: no unrecorded change.
    @Test func anUnwritableJournalRefusesTheWrite() async throws {
        let server = try await MockServer.start()
        let admin = JournaledUser(
            server, MockServer.admin, journal: FileJournal(directory: URL(fileURLWithPath: "/dev/null/fedictl")))
        let result = await admin.run(["domain-blocks", "add", "spam.example"])
        #expect(result.status == 78, "\(result)")
        #expect(result.stderr.contains("the journal cannot be written, so the change was not sent"), "\(result)")
        #expect(result.stderr.contains("hint: ") && result.stderr.contains("--no-journal"))
        let blocks = try #require(
            try await server.json(.get, "/api/v1/admin/domain_blocks", token: MockServer.admin.token) as? [Any])
        #expect(blocks.isEmpty)
    }

    @Test func loginAliasUseAndLogoutAreRecorded() async throws {
        let server = try await MockServer.start()
        let state = try TemporaryDirectory.make("journal-config")
        defer { try? FileManager.default.removeItem(at: state) }
        var harness = CommandHarness(secrets: InMemorySecretStore(storageName: "keyring"), logins: InMemoryLoginStore())
        let journal = FileJournal(directory: state.appendingPathComponent("fedictl"))
        harness.journal = journal
        let alice = "alice@\(server.base)"
        let bob = "bob@\(server.base)"
        #expect(
            await harness.run(["auth", "add", server.base, "--token-stdin"], input: MockServer.alice.token).status == 0)
        #expect(
            await harness.run(["auth", "add", server.base, "--token-stdin"], input: MockServer.bob.token).status == 0)
        #expect(await harness.run(["auth", "alias", alice, "work"]).status == 0)
        #expect(await harness.run(["auth", "use", bob]).status == 0)
        #expect(await harness.run(["auth", "logout", alice]).status == 0)

        let entries = try journal.readNow().entries
        #expect(entries.map(\.verb) == ["auth add", "auth add", "auth alias", "auth use", "auth logout"], "\(entries)")
        #expect(
            entries[0].account == alice && entries[0].after == "account added"
                && entries[0].undo == "fedictl --account \(alice) auth logout \(alice) --yes")
        #expect(entries[2].before == "aliases: none" && entries[2].after == "aliases: work")
        #expect(entries[2].undo == "fedictl --account \(alice) auth alias \(alice) work --remove --yes")
        #expect(
            entries[3].after == "default: \(bob)"
                && entries[3].undo == "fedictl --account \(bob) auth use \(alice) --yes")
        #expect(entries[4].account == alice && entries[4].after == "account removed")
        // Other config changes (pins here; groups alike) are recorded as one entry.
        let pin = await harness.run(["timelines", "pin", server.base, "--name", "mock"])
        #expect(pin.status == 0, "\(pin)")
        let last = try #require(try journal.readNow().entries.last)
        #expect(last.verb == "timelines pin" && last.target == "pins" && last.after == "config updated", "\(last)")
        let text = try JournalTests.stateText(state.appendingPathComponent("fedictl"))
        #expect(!text.contains(MockServer.alice.token) && !text.contains(MockServer.bob.token))
    }

    @Test func theConfigSettingTurnsRecordingOff() async throws {
        let server = try await MockServer.start()
        let state = try TemporaryDirectory.make("journal-setting")
        defer { try? FileManager.default.removeItem(at: state) }
        let logins = InMemoryLoginStore()
        var harness = CommandHarness(secrets: InMemorySecretStore(storageName: "keyring"), logins: logins)
        let journal = FileJournal(directory: state.appendingPathComponent("fedictl"))
        harness.journal = journal
        #expect(
            await harness.run(["auth", "add", server.base, "--token-stdin"], input: MockServer.admin.token).status == 0)
        #expect(try journal.readNow().entries.count == 1)
        try logins.update { $0.settings = ConfigSettings(journal: false) }
        #expect(await harness.run(["domain-blocks", "add", "spam.example"]).status == 0)
        #expect(await harness.run(["auth", "alias", "admin@\(server.base)", "boss"]).status == 0)
        #expect(try journal.readNow().entries.count == 1)
    }
}
