import ArgumentParser
import FediCore
import FediOutput
import FoundationEssentials
import Synchronization

/// What the log verbs share: reading the journal, over one account's context.
struct LogSteps {
    let ctx: CommandContext
    init(_ ctx: CommandContext) { self.ctx = ctx }

    /// The accounts whose entries `log` keeps: those selected (`--account` with an id, alias or
    /// group, or a group made the default); nil for every entry (nothing named, one default
    /// account, `--all-accounts`). The log verbs run once, never per account, so that over a group
    /// each entry shows once, a usage error is said once, and `log show -o json` is one object.
    func selectedAccountIDs() throws -> Set<String>? {
        if ctx.globals.allAccounts { return nil }
        if let pins = try ctx.accounts.selectedAccounts(moderation: false) { return Set(pins.map(\.login.id)) }
        guard let selector = ctx.globals.account else { return nil }
        // An account logged out since is no longer in the config: then its id as given.
        return [(try? ctx.login().id) ?? selector]
    }
}

extension Log {
    public struct List: FediCommand {
        public init() {}
        public static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "List journal entries, newest first on a terminal.",
            discussion: """
                Without filters, every entry. --account (a global option) keeps the entries of the accounts \
                it selects (an id, a unique prefix of it, an alias or a group; a group made the default \
                selects its accounts too); the journal is read once, so each entry shows once. --since and --until take a length of time \
                back from now (30m, 2d, 1w) or a date (2026-11-01, 2026-11-01T12:00:00Z). --target finds \
                every entry that touched a domain, account or report (lifts and undos included). Off a \
                terminal, and in JSON, entries come oldest first, in time order over every account, and are \
                streamed as the journal is read (memory stays small whatever its size).

                --remote also reads the selected account's server's own moderation log (Pleroma, Akkoma and \
                the Misskey family have one; its newest 100 entries) and merges it with the local entries \
                for that server; the source column says which is which. Mastodon and GoToSocial have no \
                API for theirs: that is said, and the local entries are shown.

                Examples:
                  $ fedictl log
                  $ fedictl log --since 2d --verb domain-blocks
                  $ fedictl log --server mastodon.example --failed -o json
                  $ fedictl log --target newbad.example --fields id,time,verb,before,after,undo
                  $ fedictl log --remote --account admin@akkoma.example
                """,
            aliases: ["ls"])

        /// The journal is one file: read once, whatever the selection (`LogSteps.selectedAccountIDs`).
        public static let traits = VerbTraits(.own, .reads)

        @OptionGroup public var globals: GlobalOptions

        @Option(help: ArgumentHelp("Only entries for this server (host).", valueName: "host"))
        public var server: String?

        @Option(
            help: ArgumentHelp(
                "Only this command or command group, e.g. 'domain-blocks' or 'accounts action'.", valueName: "verb"))
        public var verb: String?

        @Option(help: ArgumentHelp("Only entries whose target contains this text.", valueName: "text"))
        public var target: String?

        @Option(help: ArgumentHelp("Only entries since this long ago (2d) or this date.", valueName: "when"))
        public var since: String?

        @Option(help: ArgumentHelp("Only entries before this long ago (2d) or this date.", valueName: "when"))
        public var until: String?

        @Option(help: ArgumentHelp("Only the entries of this run (one invocation; the run column).", valueName: "run"))
        public var run: String?

        @Flag(help: "Only writes that failed or were refused.")
        public var failed = false

        @Flag(help: "Also read the server's own moderation log (Pleroma, Akkoma, Misskey family).")
        public var remote = false

        @Option(name: [.customShort("L"), .long], help: "Show at most this many entries (the newest).")
        public var limit: Int?

        public func validate() throws {
            if let limit, limit < 1 { throw ValidationError("--limit must be at least 1") }
        }

        public func run(in ctx: CommandContext) async throws {
            try ctx.output.validateFields(for: JournalEntry.self)
            let now = ctx.services.now()
            var filter = try LogFilter(
                accounts: nil, server: server, verb: verb, target: target,
                since: since.map { try LogFilter.time($0, flag: "--since", now: now) },
                until: until.map { try LogFilter.time($0, flag: "--until", now: now) }, failedOnly: failed)
            filter.run = run
            var output = ctx.output
            let selected = try LogSteps(ctx).selectedAccountIDs()
            if remote {
                let journal = try await LogSteps(ctx).readJournal()
                var entries: [JournalEntry] = []
                var servers = Set<String>()
                // Each selected account's server once: its own log, and fedictl's entries for it.
                for id in try selected.map({ $0.sorted() }) ?? [try ctx.login().id] {
                    let sub = try LogSteps(ctx).context(for: id)
                    let login = try sub.login()
                    guard servers.insert(login.server.authority).inserted else { continue }
                    entries += journal.filter { $0.server == login.server.authority }
                    entries += try await remoteEntries(for: login, in: sub)
                }
                // Tables show where each row came from; JSON and CSV carry every field anyway.
                if output.settings.fields == nil, output.settings.format == .table {
                    output.settings.fields = JournalEntry.columns.filter(\.isDefault).map(\.key) + ["source"]
                }
                entries = entries.filter(filter.matches).sorted { $0.time < $1.time }
                if let limit { entries = Array(entries.suffix(limit)) }
                return try show(entries, output: output, in: ctx)
            }
            filter.accounts = selected
            let wanted = filter  // fixed now: the reader thread uses it
            let isTTYTable = output.settings.format == .table && output.settings.isTTY
            if isTTYTable || limit != nil {
                // Newest first, or only the newest few: the matches are held (at most --limit of them).
                let kept = Mutex<[JournalEntry]>([])
                let damaged = try await ctx.services.journal.scan(prefilter: wanted.prefilter) { [limit] entry in
                    guard wanted.matches(entry) else { return }
                    kept.withLock { kept in
                        kept.append(entry)
                        if let limit, kept.count > limit * 2 + 1024 {
                            kept = Array(kept.sorted { $0.time < $1.time }.suffix(limit))
                        }
                    }
                }
                LogSteps(ctx).warnDamaged(damaged)
                var entries = kept.withLock { $0 }.sorted { $0.time < $1.time }
                if let limit { entries = Array(entries.suffix(limit)) }
                return try show(entries, output: output, in: ctx)
            }
            // Everything, oldest first: streamed as read, so memory stays bounded whatever the journal's size.
            let stream = try ListStream<JournalEntry>(renderer: output)
            let window = TimeOrderWindow(stream: stream)
            let damaged = try await ctx.services.journal.scan(prefilter: wanted.prefilter) { entry in
                if wanted.matches(entry) { try window.add(entry) }
            }
            try window.finish()
            LogSteps(ctx).warnDamaged(damaged)
        }

        func show(_ entries: [JournalEntry], output: Renderer, in ctx: CommandContext) throws {
            var entries = entries.map(\.local)
            if output.settings.format == .table, output.settings.isTTY {
                if entries.isEmpty { return ctx.status("No journal entries match.") }
                entries.reverse()
            }
            try output.list(entries)
        }

        /// The server's own moderation log, as entries marked `remote`.
        func remoteEntries(for login: Login, in ctx: CommandContext) async throws -> [JournalEntry] {
            let info = try await ctx.serverInfo(login.server, login: login).server
            // The log is kept by the admin API serving the reports, where that API keeps one.
            let read =
                info.offers(.reportsList)
                ? try await ctx.with(.moderationLog, on: (login.server, login)) { log in
                    try await log?.entries(limit: 100).value
                } : nil
            guard let fetched = read else {
                ctx.status(
                    "\(login.server.authority) runs \(info.label), which has no API for its moderation log; showing fedictl's own entries only."
                )
                return []
            }
            return fetched.map { item in
                JournalEntry(
                    id: item.id, time: item.time ?? .distantPast, account: item.actor, server: login.server.authority,
                    software: info.softwareName, softwareVersion: info.version, command: nil, verb: item.action,
                    target: item.target, outcome: .ok, message: item.message, source: "remote")
            }
        }
    }
}

/// Which entries `fedictl log` keeps.
struct LogFilter: Sendable {
    /// The selected accounts' entries only (nil: every entry).
    var accounts: Set<String>?
    var server: String?
    var verb: String?
    var target: String?
    var since: Date?
    var until: Date?
    var failedOnly: Bool
    /// A run's id, or a prefix of it.
    var run: String?

    /// What every matching entry's line must contain, for the journal to skip the rest unread: the
    /// target's text where it is plain ASCII (a domain, an id), which JSON writes as it is.
    var prefilter: String? {
        guard let target, !target.isEmpty,
            target.unicodeScalars.allSatisfy({
                $0.isASCII
                    && ($0.properties.isAlphabetic
                        || ("0"..."9").contains(Character($0)) || ".-_@:".unicodeScalars.contains($0))
            })
        else { return nil }
        return target.lowercased()
    }

    func matches(_ entry: JournalEntry) -> Bool {
        if let accounts, !accounts.contains(entry.account ?? "") { return false }
        if let server, !entry.server.lowercased().hasPrefix(server.lowercased()) { return false }
        if let verb, entry.verb != verb, !entry.verb.hasPrefix(verb + " ") { return false }
        if let target, !(entry.target ?? "").lowercased().contains(target.lowercased()) { return false }
        if let since, entry.time < since { return false }
        if let until, entry.time >= until { return false }
        if failedOnly, entry.outcome != .error { return false }
        if let run, !(entry.run ?? "").hasPrefix(run.lowercased()) { return false }
        return true
    }

    /// A length of time back from `now` (`2d`), or a date.
    static func time(_ text: String, flag: String, now: Date) throws -> Date {
        if let duration = DurationText(text) { return now.addingTimeInterval(-duration.timeInterval) }
        if let date = FlexibleDate.parse(text), text.contains("-") { return date }
        throw FediError(
            .usage, "\(flag) '\(text)' is neither a length of time nor a date",
            hint: "use 30m, 12h, 2d, 1w, or a date such as 2026-11-01 or 2026-11-01T12:00:00Z")
    }
}

/// Entries put out in time order as they are read, holding a window of them: appends from concurrent
/// processes land nearly in time order, so a few thousand entries of slack set them straight.
final class TimeOrderWindow: Sendable {
    let stream: ListStream<JournalEntry>
    private let held = Mutex<[JournalEntry]>([])
    static let size = 4096

    init(stream: ListStream<JournalEntry>) {
        self.stream = stream
    }

    func add(_ entry: JournalEntry) throws {
        let ready: [JournalEntry] = held.withLock { held in
            held.append(entry.local)
            guard held.count >= Self.size else { return [] }
            held.sort { $0.time < $1.time }
            defer { held.removeFirst(Self.size / 2) }
            return Array(held.prefix(Self.size / 2))
        }
        if !ready.isEmpty { try stream.add(ready) }
    }

    func finish() throws {
        let rest = held.withLock { held in
            defer { held = [] }
            return held.sorted { $0.time < $1.time }
        }
        if !rest.isEmpty { try stream.add(rest) }
        stream.finish()
    }
}

extension JournalEntry {
    /// The entry as `log` shows it: from the local journal unless it says otherwise.
    var local: JournalEntry {
        var entry = self
        entry.source = entry.source ?? "local"
        return entry
    }
}

extension LogSteps {
    /// The journal's entries in file order; damaged lines (a write cut short) are skipped and mentioned.
    func readJournal() async throws -> [JournalEntry] {
        let contents = try await ctx.services.journal.read()
        warnDamaged(contents.damagedLines)
        return contents.entries.map(\.local)
    }

    func warnDamaged(_ count: Int) {
        guard count > 0 else { return }
        let lines = count == 1 ? "1 damaged line" : "\(count) damaged lines"
        ctx.status("fedictl: warning: skipped \(lines) in the journal (an append was cut short)")
    }
}
