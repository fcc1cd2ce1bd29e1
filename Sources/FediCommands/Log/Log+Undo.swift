import ArgumentParser
import FediCore
import FediOutput
import FoundationEssentials

extension Log {
    public struct Undo: FediCommand {
        public init() {}
        public static let configuration = CommandConfiguration(
            commandName: "undo",
            abstract: "Undo journal entries: put what they changed back as it was.",
            discussion: """
                ID is an entry's id from `fedictl log`, or a unique prefix of it; give several to undo several, \
                in the order given. First says, per server, the command each undo runs; --dry-run stops there and \
                shows what each would send. Asks first on a terminal; elsewhere needs --yes.

                Before anything is sent, each subject fedictl can read back (a domain block, an account's \
                flags, a report's state and assignee, a group's members, GoToSocial's rules, drafts, excludes, \
                allows and subscriptions) is compared with \
                the entry's after: if someone changed it since, nothing is sent and the exit status is 79, as \
                for a stale plan; --force undoes it anyway. Each undo is journaled like any change, with the \
                id of the entry it undid, so it can be undone in turn. An entry whose change the server's \
                software cannot reverse (GoToSocial has no unsuspend) says why, and is refused (exit 69).

                --run RUN undoes every change one invocation made (the run column of `fedictl log`), over \
                every account it touched, newest first: a whole import, sync or spam wave. Its failed writes \
                changed nothing and are passed over; if any change of the run has no undo, nothing is sent.

                Examples:
                  $ fedictl log --target goodplace.example
                  $ fedictl log undo 3f2a9c --dry-run
                  $ fedictl log undo 3f2a9c --yes
                  $ fedictl log --fields run,verb,target --since 1h
                  $ fedictl log undo --run 8c1d0e --dry-run
                """)

        public static let traits = VerbTraits(.own, .writes)

        @OptionGroup public var globals: GlobalOptions

        @Argument(
            help: ArgumentHelp("Entry ids, or unique prefixes of them.", valueName: "id"),
            completion: .custom(JournalCompletion.candidates))
        public var ids: [String] = []

        @Option(
            help: ArgumentHelp("Undo every change of this run (the run column of `fedictl log`).", valueName: "run"))
        public var run: String?

        @Flag(help: "Undo even where the subject changed since the entry (the entry's after is no longer so).")
        public var force = false

        public func validate() throws {
            if ids.isEmpty == (run == nil) { throw ValidationError("give entry ids, or --run RUN (not both)") }
        }

        public func run(in ctx: CommandContext) async throws {
            let all = try await LogSteps(ctx).readJournal()
            let entries = try run.map { try Log.changes(ofRun: $0, in: all) } ?? ids.map { try Log.entry($0, in: all) }
            for entry in entries {
                let named = "entry \(entry.id) (\(entry.verb) \(entry.target ?? ""))"
                if entry.outcome == .pending {
                    throw FediError(
                        .dataError, "\(named) was cut short: whether the server acted is unknown",
                        hint: "check the server, then undo the other entries by id")
                }
                guard entry.outcome == .ok else {
                    throw FediError(
                        .dataError, "\(named) changed nothing: it failed",
                        hint: "only a change that was made can be undone")
                }
                guard entry.undoArguments != nil else {
                    throw FediError(
                        .unavailable, "\(named) has no undo" + (entry.noUndo.map { ": \($0)" } ?? ""),
                        hint: "`fedictl log show \(entry.id)` shows what it changed")
                }
            }
            for server in Self.servers(of: entries) {
                ctx.status("On \(server):")
                for entry in entries where entry.server == server {
                    ctx.status("  \(entry.undo ?? "")   # undoes \(entry.id): \(entry.verb) \(entry.target ?? "")")
                }
            }
            try await refuseStale(entries, in: ctx)
            if !ctx.globals.dryRun {
                try ctx.confirm("Undo \(entries.count == 1 ? "this change" : "these \(entries.count) changes")?")
            }
            // A line per server on a terminal: how many of its undos are done.
            let progress = UndoProgress(entries, board: ctx.globals.dryRun ? nil : BulkProgress.board(of: ctx))
            for entry in entries {
                var arguments = entry.undoArguments ?? []
                if ctx.globals.dryRun { arguments.append("--dry-run") }
                if let reason = ctx.globals.reason { arguments += ["--reason", reason] }
                // The undos are one run, this one: `log undo --run` of it puts the run back in turn.
                // Their output goes through this run's terminal, which keeps the progress lines below it.
                let status = await Services.$current.withValue(ctx.services) {
                    await JournalSession.$enclosingRun.withValue(ctx.journalSession?.runID) {
                        await JournalSession.$undoing.withValue(entry.id) { await FedictlMain.run(arguments) }
                    }
                }
                progress.undid(entry, ok: status == 0)
                guard status == 0 else {
                    throw FediError(
                        ExitStatus(rawValue: status) ?? .failure,
                        "the undo of \(entry.id) failed (above)"
                            + (entries.count > 1 ? "; the entries after it were not undone" : ""),
                        hint: "`fedictl log --since 1h` shows what was done")
                }
            }
            if let run, !ctx.globals.dryRun {
                let servers = Self.servers(of: entries).count
                ctx.noteOutcome(
                    "undid the \(entries.count) change\(entries.count == 1 ? "" : "s") of run \(run) "
                        + "on \(servers) server\(servers == 1 ? "" : "s")")
            }
        }

        /// Exit 79 when a subject is no longer as its entry left it (and not --force).
        func refuseStale(_ entries: [JournalEntry], in ctx: CommandContext) async throws {
            for entry in entries {
                guard let after = entry.after else { continue }
                // An entry without an account is a local change (a group): read where it was made.
                let sub = try entry.account.map { try LogSteps(ctx).context(for: $0) } ?? ctx
                guard let now = try await JournalUndo.currentState(of: entry, in: sub), now != after else { continue }
                let target = entry.target ?? ""
                if force {
                    ctx.status("fedictl: warning: \(target) changed since \(entry.id); undoing anyway (--force)")
                    continue
                }
                throw FediError(
                    .stalePlan,
                    "\(target) on \(entry.server) changed since entry \(entry.id): it is now "
                        + "\(now), the entry left it \(after); nothing was sent",
                    hint: "check with `fedictl log --target \(target)`; --force undoes it anyway")
            }
        }

        /// The progress lines of the undos, one per server.
        final class UndoProgress {
            let board: ProgressBoard?
            var rows: [String: (row: Int, total: Int, done: Int, failed: Int)] = [:]

            init(_ entries: [JournalEntry], board: ProgressBoard?) {
                self.board = board
                guard let board else { return }
                for server in Undo.servers(of: entries) {
                    let total = entries.count { $0.server == server }
                    if let row = board.begin(server, total: total) { rows[server] = (row, total, 0, 0) }
                }
            }

            func undid(_ entry: JournalEntry, ok: Bool) {
                guard let board, var line = rows[entry.server] else { return }
                if ok { line.done += 1 } else { line.failed += 1 }
                rows[entry.server] = line
                board.progress(line.row, done: line.done + line.failed, failed: line.failed)
                if line.done + line.failed == line.total { board.end(line.row) }
            }
        }

        static func servers(of entries: [JournalEntry]) -> [String] {
            var seen: Set<String> = []
            return entries.map(\.server).filter { seen.insert($0).inserted }
        }
    }

    /// The changes run `run` (or the one run it is a unique prefix of) made, newest first: each
    /// write's last line (its outcome, not its intent), failed writes left out (they changed nothing).
    static func changes(ofRun run: String, in entries: [JournalEntry]) throws -> [JournalEntry] {
        let wanted = run.lowercased()
        let runs = Set(entries.compactMap(\.run).filter { $0.hasPrefix(wanted) })
        guard let only = runs.first else {
            throw FediError(
                .noInput, "no journal entry belongs to run \(run)",
                hint: "`fedictl log --fields id,run,verb,target` shows the runs")
        }
        guard runs.count == 1 else {
            throw FediError(
                .usage, "'\(run)' starts \(runs.count) runs' ids",
                hint: "give more of the run: \(runs.sorted().prefix(5).joined(separator: ", "))")
        }
        var latest: [String: JournalEntry] = [:]
        for entry in entries where entry.run == only { latest[entry.id] = entry }
        return latest.values.filter { $0.outcome != .error }.sorted { ($0.time, $0.id) > ($1.time, $1.id) }
    }

    /// The entry `id` names (exactly, or as the unique prefix of one id); exit 66 or 64 otherwise.
    static func entry(_ id: String, in entries: [JournalEntry]) throws -> JournalEntry {
        let wanted = id.lowercased()
        if let exact = entries.last(where: { $0.id == wanted }) { return exact }
        let ids = Set(entries.map(\.id).filter { $0.hasPrefix(wanted) })
        guard let only = ids.first else {
            throw FediError(.noInput, "no journal entry \(id)", hint: "`fedictl log` lists the entries and their ids")
        }
        guard ids.count == 1 else {
            throw FediError(
                .usage, "'\(id)' starts \(ids.count) journal entries' ids",
                hint: "give more of the id: \(ids.sorted().prefix(5).joined(separator: ", "))")
        }
        return entries.last { $0.id == only }!
    }
}

extension LogSteps {
    /// A context acting as `account` (its login, server and journal session), for reading its state.
    func context(for account: String) throws -> CommandContext {
        var options = try GlobalOptions.parse(["--account", account])
        options.timeout = ctx.globals.timeout
        var sub = CommandContext(services: ctx.services, globals: options)
        sub.journalSession = ctx.journalSession
        return sub
    }
}

extension Log.Undo: JournaledCommand {
    /// An undo's entries are the changes it made, each with its own undo.
    public func undoArguments(target: String?, createdID: String?) -> [String]? { nil }
}
