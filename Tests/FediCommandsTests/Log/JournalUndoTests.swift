import FediCore
import FediTestSupport
import Foundation
import Testing

/// The journal's write-ahead, file checks, whole before/after and `log undo`, in the fast tier.
@Suite struct JournalUndoTests {
    /// A journal in a fresh temporary state directory.
    static func journal(_ name: String) throws -> (FileJournal, URL) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "fedictl-\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return (FileJournal(directory: directory.appendingPathComponent("fedictl")), directory)
    }

    static let silenced =
        "["
        + #"{"id": "2", "domain": "noisy.example", "severity": "silence", "reject_media": true, "#
        + #""reject_reports": false, "#
        + #""public_comment": "Unmoderated", "private_comment": "see #12", "obfuscate": false}"# + "]"

    /// The silenced noisy.example lifted on a fake server, and the lift's entry.
    static func lifted(_ journal: FileJournal) async throws -> (FakeServerAccount, JournalEntry) {
        let server = FakeServerAccount()
        server.transport.stub(.get, "/api/v1/admin/domain_blocks", json: Self.silenced)
        server.transport.stub(.delete, "/api/v1/admin/domain_blocks/2", json: "{}")
        let lift = await server.run(["domain-blocks", "remove", "noisy.example", "--yes"], journal: journal)
        #expect(lift.status == 0, "\(lift)")
        return (server, try #require(try journal.readNow().entries.last))
    }

    @Test func aLiftedSilenceBlockIsJournaledWholeAndUndoneAsSilence() async throws {
        let (journal, state) = try Self.journal("undo-lift")
        defer { try? FileManager.default.removeItem(at: state) }
        let server = FakeServerAccount()
        server.transport.stub(.get, "/api/v1/admin/domain_blocks", json: Self.silenced)
        server.transport.stub(.delete, "/api/v1/admin/domain_blocks/2", json: "{}")
        let lift = await server.run(
            ["domain-blocks", "remove", "noisy.example", "--yes", "--reason", "appeal #4 granted"], journal: journal)
        #expect(lift.status == 0, "\(lift)")
        let entry = try #require(try journal.readNow().entries.last)
        #expect(
            entry.target == "noisy.example" && entry.subject == "domain-block" && entry.reason == "appeal #4 granted",
            "\(entry)")
        #expect(
            entry.before
                == #"severity: silence; reject_media: yes; reject_reports: no; obfuscate: no; "#
                + #"public_comment: "Unmoderated"; private_comment: "see #12""#
        )
        #expect(entry.after == "none")
        #expect(
            entry.undo
                == "fedictl --account admin@fake.test domain-blocks add noisy.example "
                + "--severity silence --reject-media "
                + "--no-reject-reports --no-obfuscate --public-comment Unmoderated --private-comment 'see #12' --yes",
            "\(entry)")

        // Undo: the block is read (still gone: not stale), then made again exactly as it was.
        server.transport.stub(.get, "/api/v1/admin/domain_blocks", json: "[]")
        server.transport.stub(.get, "/api/v1/admin/domain_blocks", json: "[]")
        server.transport.stub(
            .post, "/api/v1/admin/domain_blocks",
            json: #"{"id": "3", "domain": "noisy.example", "severity": "silence"}"#)
        let undo = await server.run(["log", "undo", String(entry.id.prefix(6)), "--yes"], journal: journal)
        #expect(undo.status == 0, "\(undo)")
        #expect(
            undo.stderr.hasPrefix(
                "On fake.test:\n  fedictl --account admin@fake.test domain-blocks add noisy.example "
                    + "--severity silence"),
            "\(undo)")
        let post = try #require(server.transport.requests.last)
        #expect(post.route == "POST /api/v1/admin/domain_blocks")
        #expect(
            post.jsonBody?["severity"] as? String == "silence" && post.jsonBody?["reject_media"] as? Bool == true,
            "\(post.jsonBody ?? [:])")
        #expect(
            post.jsonBody?["public_comment"] as? String == "Unmoderated"
                && post.jsonBody?["private_comment"] as? String == "see #12")
        #expect(server.transport.unusedRoutes.isEmpty, "\(server.transport.unusedRoutes)")
        // The undo is journaled, names what it undid, and can be undone in turn.
        let redo = try #require(try journal.readNow().entries.last)
        #expect(redo.undoes == entry.id && redo.before == "none" && redo.verb == "domain-blocks add", "\(redo)")
        #expect(redo.undo == "fedictl --account admin@fake.test domain-blocks remove noisy.example --yes")
    }

    @Test func aSubjectChangedSinceIsRefusedWith79UnlessForced() async throws {
        let (journal, state) = try Self.journal("undo-stale")
        defer { try? FileManager.default.removeItem(at: state) }
        let (server, entry) = try await Self.lifted(journal)
        // Someone blocked it again meanwhile, as a suspension.
        let remade = "[" + #"{"id": "9", "domain": "noisy.example", "severity": "suspend"}"# + "]"
        server.transport.stub(.get, "/api/v1/admin/domain_blocks", json: remade)
        let stale = await server.run(["log", "undo", entry.id, "--yes"], journal: journal)
        #expect(stale.status == 79, "\(stale)")
        #expect(
            stale.stderr.contains(
                "fedictl: noisy.example on fake.test changed since entry \(entry.id): it is now severity: suspend;"),
            "\(stale)")
        #expect(stale.stderr.contains("nothing was sent\nhint: ") && stale.stderr.contains("--force"), "\(stale)")
        #expect(!server.transport.requests.contains { $0.method == .post || $0.method == .put })

        server.transport.stub(.get, "/api/v1/admin/domain_blocks", json: remade)
        server.transport.stub(.get, "/api/v1/admin/domain_blocks", json: remade)
        server.transport.stub(
            .put, "/api/v1/admin/domain_blocks/9",
            json: #"{"id": "9", "domain": "noisy.example", "severity": "silence"}"#)
        let forced = await server.run(["log", "undo", entry.id, "--yes", "--force"], journal: journal)
        #expect(forced.status == 0, "\(forced)")
        #expect(server.transport.requests.last?.jsonBody?["severity"] as? String == "silence")
    }

    @Test func dryRunShowsTheUndoAndSendsNothing() async throws {
        let (journal, state) = try Self.journal("undo-dry")
        defer { try? FileManager.default.removeItem(at: state) }
        let (server, entry) = try await Self.lifted(journal)
        server.transport.stub(.get, "/api/v1/admin/domain_blocks", json: "[]")
        server.transport.stub(.get, "/api/v1/admin/domain_blocks", json: "[]")
        let sentBefore = server.transport.requests.count
        let dry = await server.run(["log", "undo", entry.id, "--dry-run"], journal: journal)
        #expect(dry.status == 0, "\(dry)")
        #expect(dry.stderr.contains("domain-blocks add noisy.example --severity silence"), "\(dry)")
        #expect(server.transport.requests.dropFirst(sentBefore).allSatisfy { $0.method == .get })
        #expect(try journal.readNow().entries.count == 1)
        // Without --yes off a terminal: asks, so refuses.
        server.transport.stub(.get, "/api/v1/admin/domain_blocks", json: "[]")
        let unconfirmed = await server.run(["log", "undo", entry.id], journal: journal)
        #expect(unconfirmed.status == 64 && unconfirmed.stderr.contains("pass --yes"), "\(unconfirmed)")
    }

    @Test func aFailedEntryHasNoUndo() async throws {
        let (journal, state) = try Self.journal("undo-failed")
        defer { try? FileManager.default.removeItem(at: state) }
        let server = FakeServerAccount()
        server.transport.stub(.get, "/api/v1/admin/domain_blocks", json: "[]")
        server.transport.stub(.post, "/api/v1/admin/domain_blocks", status: 403, json: #"{"error": "forbidden"}"#)
        #expect(await server.run(["domain-blocks", "add", "x.example"], journal: journal).status == 77)
        let entry = try #require(try journal.readNow().entries.last)
        #expect(entry.outcome == .error && entry.undo == nil && entry.undoArguments == nil, "\(entry)")
        let undo = await server.run(["log", "undo", entry.id, "--yes"], journal: journal)
        #expect(undo.status == 65 && undo.stderr.contains("changed nothing: it failed"), "\(undo)")
    }

    /// Write-ahead: the intent is in the journal before the write goes out; a full disk sends nothing.
    @Test func aFullDiskRefusesWith78AndSendsNothing() async throws {
        let (_, state) = try Self.journal("full")
        defer { try? FileManager.default.removeItem(at: state) }
        let server = FakeServerAccount()
        server.transport.stub(.get, "/api/v1/admin/domain_blocks", json: "[]")
        let full = FileJournal.fullDisk(directory: state.appendingPathComponent("fedictl"))
        let result = await server.run(["domain-blocks", "add", "spam.example"], journal: full)
        #expect(result.status == 78, "\(result)")
        #expect(
            result.stderr.hasPrefix(
                "fedictl: the journal cannot be written, so the change was not sent: cannot append to "), "\(result)")
        #expect(result.stderr.contains("No space left on device"), "\(result)")
        #expect(server.transport.requests.map(\.route) == ["GET /api/v1/admin/domain_blocks"])
    }

    @Test func theIntentIsRecordedBeforeTheWriteIsSent() async throws {
        let server = FakeServerAccount()
        let journal = OrderJournal(transport: server.transport)
        server.transport.stub(.get, "/api/v1/admin/domain_blocks", json: "[]")
        server.transport.stub(
            .post, "/api/v1/admin/domain_blocks", json: #"{"id": "7", "domain": "spam.example", "severity": "suspend"}"#
        )
        let result = await server.run(["domain-blocks", "add", "spam.example"], journal: journal)
        #expect(result.status == 0, "\(result)")
        // (outcome, requests the server had seen when the line was appended)
        #expect(journal.appends.all.map { "\($0.0.rawValue) \($0.1)" } == ["pending 1", "ok 2"])
        #expect(Set(journal.appends.all.map(\.2)).count == 1, "the outcome is under the intent's id")
    }

    @Test(arguments: ["symlink", "fifo"])
    func aJournalThatIsNotARegularFileIsRefused(kind: String) async throws {
        let (journal, state) = try Self.journal("type-\(kind)")
        defer { try? FileManager.default.removeItem(at: state) }
        try FileManager.default.createDirectory(at: journal.directory, withIntermediateDirectories: true)
        let elsewhere = state.appendingPathComponent("elsewhere.jsonl")
        if kind == "symlink" {
            try Data().write(to: elsewhere)
            try FileManager.default.createSymbolicLink(
                atPath: journal.currentFile.path, withDestinationPath: elsewhere.path)
        } else {
            #expect(mkfifo(journal.currentFile.path, 0o600) == 0)
        }
        let server = FakeServerAccount()
        server.transport.stub(.get, "/api/v1/admin/domain_blocks", json: "[]")
        let result = await server.run(["domain-blocks", "add", "spam.example"], journal: journal)
        #expect(result.status == 78, "\(result)")
        let what = kind == "symlink" ? "is a symbolic link" : "is a FIFO"
        #expect(
            result.stderr.contains(
                "\(journal.currentFile.path) \(what); fedictl uses only regular files of its own there"), "\(result)")
        #expect(server.transport.requests.allSatisfy { $0.method == .get })
        if kind == "symlink" { #expect(try Data(contentsOf: elsewhere).isEmpty, "the link was followed") }
        let log = await server.run(["log"], journal: journal)
        #expect(log.status == 78 && log.stderr.contains(what), "\(log)")
    }
}

/// A journal that notes, at each append, how many requests the transport had been sent.
final class OrderJournal: Journal, @unchecked Sendable {
    let transport: FakeTransport
    let appends = Recorded<(JournalEntry.Outcome, Int, String)>()
    init(transport: FakeTransport) { self.transport = transport }
    var isRecording: Bool { true }
    func checkWritable() async throws {}
    func append(_ entry: JournalEntry) async throws {
        appends.append((entry.outcome, transport.requests.count, entry.id))
    }
    func read() async throws -> JournalContents { JournalContents(entries: [], damagedLines: 0) }
}
