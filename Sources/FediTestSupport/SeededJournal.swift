import FediCore
import Foundation

/// A journal with known entries in a fresh temporary state directory, for the `log` tests of both
/// tiers; the caller removes `state`.
public enum SeededJournal {
    /// The time the entries are dated from (a test's clock).
    public static let now = FlexibleDate.parse("2026-11-23T12:00:00Z")!

    public static func make(_ label: String, _ entries: [JournalEntry]) throws -> (journal: FileJournal, state: URL) {
        let state = try TemporaryDirectory.make(label)
        let journal = FileJournal(directory: state.appendingPathComponent("fedictl"))
        for entry in entries { try journal.appendNow(try entry.line()) }
        return (journal, state)
    }

    /// A Mastodon change by `account` (`user@host`) some hours before `now`; a failed one is a 403.
    public static func entry(
        _ id: String, hoursAgo: Double, account: String, verb: String, target: String, failed: Bool = false,
        undo: String? = nil
    ) -> JournalEntry {
        let server = String(account.split(separator: "@").last!)
        return JournalEntry(
            id: id, time: now.addingTimeInterval(-hoursAgo * 3600), account: account, server: server,
            software: "mastodon", softwareVersion: "4.3.0", command: "fedictl \(verb) \(target)", verb: verb,
            target: target, outcome: failed ? .error : .ok, errorKind: failed ? "permission" : nil,
            httpStatus: failed ? 403 : 200, message: failed ? "one.example does not allow this (HTTP 403)" : nil,
            undo: undo)
    }

    /// Four entries over two accounts and five days: a block with its undo, a failed action, a lift
    /// and a filter.
    public static let four = [
        entry(
            "aaaa00000001", hoursAgo: 120, account: "a@one.example", verb: "domain-blocks add", target: "spam.example",
            undo: "fedictl --account a@one.example domain-blocks remove spam.example"),
        entry(
            "aaaa00000002", hoursAgo: 26, account: "a@one.example", verb: "accounts action", target: "123", failed: true
        ),
        entry(
            "bbbb00000003", hoursAgo: 2, account: "b@two.example", verb: "domain-blocks remove",
            target: "spam.example"),
        entry("cccc00000004", hoursAgo: 0.5, account: "b@two.example", verb: "filters create", target: "Spoilers"),
    ]

    /// Runs `arguments` over `journal` with no server and the clock at `now`.
    public static func run(_ journal: FileJournal, _ arguments: [String], tty: Bool = false) async -> CommandResult {
        var harness = CommandHarness(transport: FakeTransport(), now: { now })
        harness.journal = journal
        return await harness.run(arguments, tty: tty, width: 160)
    }
}
