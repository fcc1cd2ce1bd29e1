import FediCore
import FediOutput
import FoundationEssentials
import Synchronization

/// The live decider: runs the matching fedictl command in-process, parsed by the root command's
/// own parser, with its output captured for the status line. So the doors, the capability table's
/// refusals (69, said and never sent), the journal with before and after, --dry-run and one write
/// per server are the command's own. Every decision of one screen shares the screen's journal run
/// (`fedictl log undo --run` undoes the whole session).
struct CommandDecider: TriageDecider {
    /// The screen's services: everything but the terminal (captured) and the journal (watched, to
    /// learn which entries each decision wrote).
    var services: Services
    /// Global options the screen was given that each command takes too (--dry-run, --timeout ...).
    var passedOn: [String]
    var runID: String

    func decide(_ batch: TriageBatch, progress: @escaping @Sendable (String) -> Void) async -> [TriageOutcome] {
        let (outcome, rows) = await run(batch.arguments + passedOn, input: batch.input, progress: progress)
        return batch.outcomes(of: outcome, rows: rows)
    }

    func undo(_ entries: [String]) async -> TriageOutcome {
        await run(["log", "undo"] + entries + ["--yes"] + passedOn.filter { $0 == "--dry-run" }, progress: { _ in }).0
    }

    /// The outcome, and what the command wrote on stdout (a bulk form's rows).
    private func run(_ arguments: [String], input: String? = nil, progress: @escaping @Sendable (String) -> Void)
        async -> (TriageOutcome, String)
    {
        let capture = CapturedTerminal(input: input, progress: progress)
        let journal = WatchedJournal(wrapped: services.journal)
        var services = self.services
        services.terminal = capture.terminal
        services.journal = journal
        let status = await Services.$current.withValue(services) {
            await JournalSession.$enclosingRun.withValue(runID) { await FedictlMain.run(arguments) }
        }
        let outcome = TriageOutcome(
            status: status, message: capture.summary(succeeded: status == 0), undoable: journal.undoable)
        return (outcome, capture.stdout)
    }
}

/// A command's stdout and stderr, kept for one status line.
final class CapturedTerminal: Sendable {
    private let text = Mutex<(out: String, err: String)>(("", ""))
    let input: String?
    /// Hears each line the command says on stderr as it says it.
    let progress: @Sendable (String) -> Void

    init(input: String? = nil, progress: @escaping @Sendable (String) -> Void = { _ in }) {
        self.input = input
        self.progress = progress
    }

    /// The terminal the command writes to (and reads `input` from).
    var terminal: StatusTerminal {
        StatusTerminal(
            out: { [self] line in text.withLock { $0.out += line + "\n" } },
            err: { [self] line in
                text.withLock { $0.err += line + "\n" }
                progress(line)
            }, input: Data((input ?? "").utf8))
    }

    var stdout: String { text.withLock { $0.out } }

    /// The error a failed command gave (its `fedictl:` line), or what a dry run would send, or the
    /// last thing said; one line.
    func summary(succeeded: Bool) -> String {
        let (out, err) = text.withLock { $0 }
        let lines = (err + out).split(separator: "\n").map { String($0) }
        if !succeeded, let error = lines.first(where: { $0.hasPrefix("fedictl: ") }) {
            return String(error.dropFirst("fedictl: ".count))
        }
        let sends = lines.filter { $0.contains("dry run: would send") }
        if !sends.isEmpty {
            return sends.map { $0.replacing("dry run: would send ", with: "") }.joined(separator: "; ")
        }
        return err.split(separator: "\n").last.map(String.init) ?? ""
    }
}

/// The run's journal, noting the ids of the entries written through it that can be undone.
final class WatchedJournal: Journal, @unchecked Sendable {
    let wrapped: any Journal
    private let ids = Mutex<[String]>([])

    init(wrapped: any Journal) { self.wrapped = wrapped }

    var isRecording: Bool { wrapped.isRecording }
    func checkWritable() async throws { try await wrapped.checkWritable() }
    func read() async throws -> JournalContents { try await wrapped.read() }
    func scan(prefilter: String?, _ visit: @escaping @Sendable (JournalEntry) throws -> Void) async throws -> Int {
        try await wrapped.scan(prefilter: prefilter, visit)
    }

    func append(_ entry: JournalEntry) async throws {
        try await wrapped.append(entry)
        // An entry's outcome line follows its intent under the same id: only a change made counts.
        guard entry.outcome == .ok, entry.undoArguments != nil else { return }
        ids.withLock { if !$0.contains(entry.id) { $0.append(entry.id) } }
    }

    var undoable: [String] { ids.withLock { $0 } }
}
