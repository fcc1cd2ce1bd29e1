import FediCore
import FediTestSupport
import Foundation
import Testing

/// The journal's write-ahead and file checks, in the fast tier (`log undo` is LogUndoTests); its
/// `journal(_:)` gives the other suites a journal of their own.
@Suite struct JournalUndoTests {
    /// A journal in a fresh temporary state directory (the second value; the caller removes it).
    static func journal(_ name: String) throws -> (FileJournal, URL) {
        try SeededJournal.make(name, [])
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

    /// A write held by the pacer when the run is cut short (Ctrl-C in a paced bulk run) was never
    /// sent: nothing of it is journaled, neither an intent nor an outcome (issue 44: 8 entries
    /// "unknown (cut short)" after one SIGINT). The intent goes in once the write goes out.
    /// Over the fake transport the pacer still lets the resolve go (it asks for no wait); the real
    /// path is tested: FediIntegrationTests.JournalUndoTests
    /// .anImportInterruptedWhileItWaitsForTheRateLimitJournalsOnlyWhatItSent (issue 44 item 2).
    @Test(.disabled("over the fake transport the pacer asks for no wait: see the comment"))
    func aWriteCutShortWhileItWaitedForThePacerIsNotJournaled() async throws {
        let server = FakeServerAccount(waitsBeforeCancel: 0)
        let journal = OrderJournal(transport: server.transport)
        // The list's answer spends the window: the first resolve waits a minute for the next.
        let reset = String(Int(Date().timeIntervalSince1970) + 60)
        server.transport.stub(
            .get, "/api/v1/admin/reports", json: "[\(JournalModerationTests.report("5"))]",
            headers: ["x-ratelimit-limit": "300", "x-ratelimit-remaining": "0", "x-ratelimit-reset": reset])
        let result = await server.run(["reports", "resolve", "-", "--yes"], input: "5\n", journal: journal)
        #expect(result.status != 0, "\(result)")
        #expect(server.sleeps.all.isEmpty, "cut short at the first wait: \(server.sleeps.all)")
        #expect(server.transport.requests.map(\.route) == ["GET /api/v1/admin/reports"], "nothing sent")
        #expect(journal.appends.all.isEmpty, "\(journal.appends.all)")
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
