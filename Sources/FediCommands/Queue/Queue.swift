import ArgumentParser
import FediCore
import Synchronization

/// `fedictl queue`: what waits for a moderator - open reports and pending sign-ups - in one list.
public struct Queue: FediCommand {
    public init() {}
    public static let configuration = CommandConfiguration(
        commandName: "queue",
        abstract: "Open reports and sign-ups waiting for approval, oldest first.",
        discussion: """
            One list of what waits for a moderator: every open report and every sign-up awaiting \
            approval, oldest first, with who filed or applied and why. Where the server's software \
            cannot list one kind, fedictl says so on stderr and shows the other. Needs an admin login.

            --kind trend lists instead the trending links, posts and hashtags awaiting review (Mastodon \
            3.5+; `fedictl trends … approve|reject` or `fedictl triage --kind trend` decides them), the \
            trend's kind as its category and its title as its comment. They are not in the default queue, \
            the watch or the default triage screen: a busy server always has some, and they carry no date. Other software is refused \
            (exit 69) as for any kind it cannot list.

            --exit-status gives a monitor three answers, over one account or several: 0 when every \
            server was asked and nothing waits; 1 when every server was asked and something waits \
            (like git diff --exit-code; no error is printed for it); 64 or more when a server could \
            not be asked (its error's status, as for any command: 75 for a server that is down or \
            answers 5xx, 77 for a refused token; 69 when several failed for different reasons). The \
            items of the servers that answered are still shown.

            --group-by KEY prints one row per e-mail domain (email-domain), sign-up IP (ip), domain of \
            the account concerned (domain) or reported account (target), over every selected server \
            at once: how many items share it, on which servers, and the oldest of them, largest group \
            first. A sign-up wave from one mail provider under rotating usernames reads as one line. \
            Items without the key (a report has no e-mail domain; some servers give no IP) are counted \
            on stderr and left out.

            --since-last shows only what is new since the last --since-last look at each server (the \
            items waiting then are kept in $XDG_STATE_HOME/fedictl/queue-looks.json; an item that left \
            the queue and came back is new again). With --exit-status it exits 1 when anything is new.

            With no --account (nor FEDICTL_ACCOUNT), the queue is every stored account's whose role \
            can moderate; --account narrows it. Over several servers it is one list, oldest first \
            across all of them, each row naming its server. Several accounts on one server show its \
            items once, as the first selected account (in account order) whose role can moderate, or \
            the first when none is known to; the others say so on stderr and ask nothing.

            --watch shows what waits now, then keeps running and prints each new item once, as it \
            arrives: a table line on a terminal, one JSON object a line with -o ndjson (or -o json). Where \
            the server streams notifications (Mastodon 4.0 and newer), new reports and sign-ups show as \
            they happen; the stream is reconnected with a growing, jittered wait, and one look after \
            each reconnection catches up. It also asks the server every --interval seconds (jittered \
            by a tenth), streaming or not, so a quiet stream delays nothing longer. Over several \
            accounts every server is followed at once, each line led by its account. A server that \
            stops answering is said once on stderr (and as {"event": "server_down"} with -o ndjson), \
            and once when it answers again ("server_up"); the watch never shows an item twice, and \
            ends cleanly (exit 0) on Ctrl-C or SIGTERM. --exec CMD runs CMD through /bin/sh for each \
            item that arrives while watching, with the item's JSON on its stdin and nothing the server \
            sent on its command line; it runs beside the watch, at most 4 at once, each stopped after \
            --exec-timeout seconds.

            Examples:
              $ fedictl queue
              $ fedictl queue --kind sign-up -o json
              $ fedictl queue --kind sign-up --group-by email-domain
              $ fedictl queue --exit-status >/dev/null || notify-send "moderation queue"
              $ fedictl queue --since-last --exit-status
              $ fedictl queue --watch -o ndjson
              $ fedictl queue --watch --interval 300 --exec 'jq -r .from | mail -s queue mods@example.org'
            """)

    public static let traits = VerbTraits(.moderation, .reads, everyAccountByDefault: true)

    @OptionGroup public var globals: GlobalOptions

    @Option(help: ArgumentHelp("Only this kind: report, sign-up or trend (trends only when asked).", valueName: "kind"))
    public var kind: QueueItem.Kind?

    @Flag(help: "Exit 1 when anything waits, 0 when nothing does, 64 or more when a server could not be asked.")
    public var exitStatus = false

    @Flag(help: "Only what is new since the last --since-last look.")
    public var sinceLast = false

    @Flag(help: "Keep running and print each new item as it arrives.")
    public var watch = false

    @OptionGroup public var selector: SelectorOptions

    @Option(
        name: .customLong("group-by"),
        help: ArgumentHelp(
            "One row per e-mail domain, IP, domain or reported account, with its count and oldest item.",
            valueName: "key"))
    public var groupBy: QueueGrouping?

    public var stdinReferences: StdinReferences? { selector.stdinReferences(takes: nil) }

    @Option(help: ArgumentHelp("With --watch: seconds between looks at the server.", valueName: "seconds"))
    public var interval: Double = 60

    @Option(
        help: ArgumentHelp("With --watch: run this command for each new item, its JSON on stdin.", valueName: "command")
    )
    public var exec: String?

    @Option(
        name: .customLong("exec-timeout"),
        help: ArgumentHelp(
            "With --exec: stop a run of the command after this many seconds (default 30).",
            valueName: "seconds"))
    public var execTimeoutGiven: Double?

    /// Optional, so its default is said once, in the text the man page shows too.
    public var execTimeout: Double { execTimeoutGiven ?? 30 }

    public func validate() throws {
        guard interval >= 1, interval <= 86_400 else {
            throw ValidationError("--interval must be between 1 and 86400 seconds")
        }
        if !watch, exec != nil { throw ValidationError("--exec needs --watch") }
        guard execTimeout > 0, execTimeout <= 86_400 else {
            throw ValidationError("--exec-timeout must be between 0 and 86400 seconds")
        }
        if watch, exitStatus { throw ValidationError("--exit-status cannot be used with --watch") }
        if groupBy != nil, watch || sinceLast {
            throw ValidationError("--group-by cannot be used with \(watch ? "--watch" : "--since-last")")
        }
        if watch, sinceLast { throw ValidationError("--since-last cannot be used with --watch") }
        if kind == .trend, watch {
            throw ValidationError("--kind trend cannot be watched: poll `fedictl queue --kind trend`")
        }
        if kind == .trend, selector.isGiven || groupBy != nil {
            throw ValidationError("--kind trend takes no selector nor --group-by (trends have no account or domain)")
        }
        if watch, selector.isGiven {
            throw ValidationError("--watch takes no selector (--domain, --match, --since, --until, -)")
        }
        // What --since-last records as seen is the whole queue; a selection would drop the rest from it.
        if sinceLast, selector.isGiven {
            throw ValidationError("--since-last takes no selector (--domain, --match, --since, --until, -)")
        }
    }

    public func run(in ctx: CommandContext) async throws {
        try ctx.output.validateFields(for: QueueItem.self)
        let kinds = kind.map { [$0] } ?? QueueItem.Kind.byDefault
        if watch {
            let watch = QueueWatch(kinds: kinds, interval: interval, exec: exec, execTimeout: execTimeout)
            return try await watch.run(in: ctx)
        }
        let selection = try selector.selection(in: ctx, takes: nil)
        if let groupBy {
            let found = try await QueueGroup.print(by: groupBy, in: ctx, everyByDefault: true) { member in
                try await Self.waiting(kinds: kinds, in: member, selection: selection)
            }
            if exitStatus, found > 0 { throw Finding(status: 1) }
            return
        }
        let waiting = try await Self.waiting(kinds: kinds, in: ctx, selection: selection)
        let items = try await QueueLooks.turn(sinceLast, in: ctx) {
            let items = sinceLast ? try await QueueLooks.new(among: waiting, in: ctx) : waiting
            if items.isEmpty, selection.isActive {
                ctx.status("Nothing waits that matches the selection.")
            } else if items.isEmpty, ctx.output.settings.format == .table, ctx.output.settings.isTTY {
                ctx.status("Nothing waits.")
            } else {
                try ctx.output.list(items, mergedBy: QueueItem.fleetOrder)
            }
            if sinceLast { try await QueueLooks.record(waiting, kinds: kinds, in: ctx) }
            return items
        }
        if exitStatus, !items.isEmpty { throw Finding(status: 1) }
    }

    /// The waiting items of `kinds` on the selected account's server, oldest first. A kind the
    /// software cannot list is named on stderr; when it can list none of them, that is the error (69).
    static func waiting(
        kinds: [QueueItem.Kind], in ctx: CommandContext, quiet: Bool = false,
        selection: Selection = Selection()
    ) async throws -> [QueueItem] {
        let client = try await ctx.client()
        let host = client.server.authority
        var login = try ctx.login()
        let detected = try await ctx.serverInfo(client.server, login: login).server
        // Each kind's door reads this detection: the lists below run at once and must not detect again.
        login.serverInfo = detected
        let target = (server: client.server, login: Optional(login))
        let listable = kinds.filter { detected.offers($0.capability) }
        for kind in kinds where !listable.contains(kind) {
            // The capability table's own wording; only the last refusal is fatal.
            guard let refusal = detected.refusal(of: kind.capability, host: host) else { continue }
            if listable.isEmpty { throw refusal }
            if !quiet { ctx.status("fedictl: \(refusal.message); showing the rest") }
        }
        // Reports and sign-ups at once: a watch's poll, or a server that answers slowly, waits for
        // the slower list rather than both in turn.
        let lists = await concurrently(listable, limit: listable.count) { kind -> Result<[QueueItem], any Error> in
            do {
                switch kind {
                case .report:
                    return .success(
                        try await ctx.with(.reports(kind.capability), on: target, as: .client(client)) { reports in
                            try await pageByPage {
                                try await reports.list(ReportQuery(resolved: false), limit: nil, onPage: $0)
                            } mapping: {
                                selection.matches($0, on: host) ? QueueItem(report: $0, server: host) : nil
                            }
                        })
                case .signUp:
                    return .success(
                        try await ctx.with(.accounts(kind.capability), on: target, as: .client(client)) { accounts in
                            try await pageByPage {
                                try await accounts.list(AccountQuery(status: .pending), limit: nil, onPage: $0)
                            } mapping: {
                                selection.matches($0, on: host) ? QueueItem(signUp: $0, server: host) : nil
                            }
                        })
                case .trend:
                    let pending = try await ctx.with(.trends(kind.capability), on: target, as: .client(client)) {
                        trends in
                        var pending: [QueueItem] = []
                        for trendKind in Trend.Kind.allCases {
                            pending += try await trends.list(trendKind, limit: nil).filter { $0.review == .pending }
                                .map { QueueItem(trend: $0, server: host) }
                        }
                        return pending
                    }
                    return .success(pending)
                }
            } catch {
                return .failure(error)
            }
        }
        return try lists.flatMap { try $0.get() }.sorted(by: QueueItem.oldestFirst)
    }
}

extension Queue {
    /// A list read into queue items page by page, each page's rows dropped once made into items:
    /// 10,000 decoded reports (their accounts, posts and notes) are never held at once, only their
    /// items (bench/triage's peak RSS).
    static func pageByPage<Row: Sendable>(
        _ list: (@escaping PageHandler<Row>) async throws -> [Row],
        mapping item: @escaping @Sendable (Row) -> QueueItem?
    ) async throws -> [QueueItem] {
        let items = Mutex<[QueueItem]>([])
        // An adapter hands each page on and returns nothing; one that returned its rows still counts.
        let returned = try await list { rows, _ in
            let made = rows.compactMap(item)
            items.withLock { $0 += made }
        }
        return items.withLock { $0 } + returned.compactMap(item)
    }
}

extension Queue: FindingVerb {
    public var reportsFindings: Bool { exitStatus }
}

extension QueueItem.Kind: ExpressibleByArgument {}

extension QueueItem.Kind {
    /// What listing this kind needs from the server.
    var capability: Capability {
        switch self {
        case .report: .queueReports
        case .signUp: .queueSignUps
        case .trend: .queueTrends
        }
    }
}

/// A watch over several accounts follows each server itself (QueueWatch): lines as items arrive.
extension Queue {
    /// So is a grouping: its groups are the fleet's, not each server's (QueueGroup).
    public var fansOut: Bool { !watch && groupBy == nil }
}
