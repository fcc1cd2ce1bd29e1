import FediTestSupport
import Foundation
import Testing

@testable import FediCore

#if canImport(Glibc)
    import Glibc
#endif

@Suite("FileJournal: the journal of changes")
struct FileJournalTests {
    static func entry(_ target: String) -> JournalEntry {
        JournalEntry(
            time: Date(timeIntervalSince1970: 1_763_900_000), account: "a@x.example", server: "x.example",
            command: "fedictl domain-blocks add \(target)", verb: "domain-blocks add", target: target, outcome: .ok)
    }

    static func mode(_ path: String) -> mode_t {
        var info = stat()
        _ = stat(path, &info)
        return info.st_mode & 0o777
    }

    @Test func theStateDirectoryFollowsXDG() {
        #expect(StatePaths(environment: ["XDG_STATE_HOME": "/s", "HOME": "/h"]).directory.path == "/s/fedictl")
        #expect(
            StatePaths(environment: ["XDG_STATE_HOME": "relative", "HOME": "/h"]).directory.path
                == "/h/.local/state/fedictl")
    }

    @Test func appendsArePrivateAndReadBackInOrder() async throws {
        let root = try TemporaryDirectory.make("journal-core")
        defer { try? FileManager.default.removeItem(at: root) }
        let journal = FileJournal(directory: root.appendingPathComponent("state/fedictl"))
        try await journal.append(Self.entry("one.example"))
        try await journal.append(Self.entry("two.example"))
        #expect(Self.mode(journal.directory.path) == 0o700)
        #expect(Self.mode(journal.currentFile.path) == 0o600)
        let contents = try await journal.read()
        #expect(contents.entries.map(\.target) == ["one.example", "two.example"])
        #expect(contents.damagedLines == 0)
        let text = try String(contentsOf: journal.currentFile, encoding: .utf8)
        #expect(text.split(separator: "\n").count == 2 && text.hasSuffix("}\n"))
        #expect(text.contains(#""time":"2025-11-23T12:13:20Z""#))
    }

    @Test func aLooseDirectoryAndFileAreTightened() async throws {
        let root = try TemporaryDirectory.make("journal-loose")
        defer { try? FileManager.default.removeItem(at: root) }
        let journal = FileJournal(directory: root.appendingPathComponent("fedictl"))
        try FileManager.default.createDirectory(at: journal.directory, withIntermediateDirectories: true)
        chmod(journal.directory.path, 0o755)
        FileManager.default.createFile(atPath: journal.currentFile.path, contents: nil)
        chmod(journal.currentFile.path, 0o644)
        try await journal.append(Self.entry("one.example"))
        #expect(Self.mode(journal.directory.path) == 0o700)
        #expect(Self.mode(journal.currentFile.path) == 0o600)
    }

    @Test func aFullFileIsRotatedAndBothAreRead() async throws {
        let root = try TemporaryDirectory.make("journal-rotate")
        defer { try? FileManager.default.removeItem(at: root) }
        let journal = FileJournal(directory: root.appendingPathComponent("fedictl"), rotationBytes: 600)
        for index in 0..<6 { try await journal.append(Self.entry("d\(index).example")) }
        let names = try FileManager.default.contentsOfDirectory(atPath: journal.directory.path).filter {
            $0.hasSuffix(".jsonl")
        }
        #expect(names.count > 1 && names.contains("journal.jsonl"), "\(names)")
        #expect(
            names.filter { $0.hasPrefix("journal-") }.allSatisfy {
                Self.mode(journal.directory.appendingPathComponent($0).path) == 0o600
            })
        let contents = try await journal.read()
        #expect(contents.entries.map(\.target) == (0..<6).map { "d\($0).example" })
    }

    @Test func aPartialLineIsEndedByTheNextWriterAndSkippedByReaders() async throws {
        let root = try TemporaryDirectory.make("journal-partial")
        defer { try? FileManager.default.removeItem(at: root) }
        let journal = FileJournal(directory: root.appendingPathComponent("fedictl"))
        try await journal.append(Self.entry("one.example"))
        let line = try Self.entry("cut.example").line()
        let handle = try FileHandle(forWritingTo: journal.currentFile)
        try handle.seekToEnd()
        try handle.write(contentsOf: line.prefix(40))
        try handle.close()
        #expect(try await journal.read().damagedLines == 1)
        try await journal.append(Self.entry("two.example"))
        let contents = try await journal.read()
        #expect(contents.entries.map(\.target) == ["one.example", "two.example"])
        #expect(contents.damagedLines == 1)
    }

    /// `log --target`'s prefilter skips a line without decoding it only where its bytes say all: a
    /// target in other case, as a `\u` escape or past ASCII (the Kelvin sign lower-cases to `k`) is kept.
    @Test func thePrefilterHasNoFalseNegatives() throws {
        let root = try TemporaryDirectory.make("journal-prefilter")
        defer { try? FileManager.default.removeItem(at: root) }
        let journal = FileJournal(directory: root.appendingPathComponent("fedictl"))
        try FileManager.default.createDirectory(
            at: journal.directory, withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700])
        var lines = try ["SPAM.Example", "\u{212A}ill.example", "other.example"].map { try Self.entry($0).line() }
        let escaped = String(decoding: try Self.entry("spam.example").line(), as: UTF8.self)
            .replacing("\"target\":\"spam", with: "\"target\":\"\\u0073pam")
        lines.append(Data(escaped.utf8))
        lines.append(Data("{\"skipped\": not decoded}\n".utf8))
        try lines.reduce(Data(), +).write(to: journal.currentFile)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: journal.currentFile.path)
        var seen: [String] = []
        let damaged = try journal.scanNow(prefilter: "spam") { seen.append($0.target ?? "") }
        #expect(seen == ["SPAM.Example", "\u{212A}ill.example", "spam.example"], "\(seen)")
        #expect(damaged == 0, "a plain line without the text is skipped unread")
        var kelvin: [String] = []
        _ = try journal.scanNow(prefilter: "kill") { kelvin.append($0.target ?? "") }
        #expect(kelvin == ["\u{212A}ill.example", "spam.example"], "\(kelvin): the escaped line is decoded too")
        #expect(try journal.scanNow(prefilter: nil) { _ in } == 1, "unfiltered, the bad line is damaged")
    }

    @Test func aMissingJournalReadsEmpty() async throws {
        let journal = FileJournal(directory: URL(fileURLWithPath: "/nonexistent-\(UUID().uuidString)/fedictl"))
        let contents = try await journal.read()
        #expect(contents.entries.isEmpty && contents.damagedLines == 0)
    }

    @Test func commandLinesLoseTheirSecrets() {
        let masked = Redaction.arguments(
            [
                "auth", "add", "--token", "s3cret", "--password=hunter2", "--client-secret", "cs",
                "https://x.example/cb?code=abc&state=1", "sk-live-token", "spam.example",
            ],
            secrets: ["sk-live-token"])
        #expect(
            masked == [
                "auth", "add", "--token", "[REDACTED]", "--password=[REDACTED]", "--client-secret", "[REDACTED]",
                "https://x.example/cb?code=%5BREDACTED%5D&state=1", "[REDACTED]", "spam.example",
            ])
    }

    @Test func shellWordsQuoteOnlyWhatNeedsIt() {
        #expect(
            ShellWords.join(["fedictl", "--account", "a@x.example:3000", "reports", "note", "1", "it's spam"])
                == #"fedictl --account a@x.example:3000 reports note 1 'it'\''s spam'"#)
        #expect(ShellWords.quote("") == "''")
        #expect(ShellWords.quote("$HOME") == "'$HOME'")
    }
}
