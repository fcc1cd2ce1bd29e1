import ArgumentParser
import FediCore
import FediOutput
import FoundationEssentials
import Synchronization

/// The selectors every moderation list and bulk write takes, the same everywhere: `--domain`,
/// `--match` with `--match-field`, `--since`/`--until`. What they mean lives in one place,
/// `Selection.matches`; `-` (ids or handles on stdin) is the verb's argument.
public struct SelectorFilters: ParsableArguments, Sendable {
    public init() {}

    @Option(help: ArgumentHelp("Only accounts of this domain (reports: about them).", valueName: "domain"))
    public var domain: String?

    @Option(help: ArgumentHelp("Only those whose --match-field matches this regular expression.", valueName: "regex"))
    public var match: String?

    @Option(
        help: ArgumentHelp(
            "What --match looks at: username, display-name or email (reports: the target's name).",
            valueName: "field"))
    public var matchField: Selection.Field = .username

    @Option(
        help: ArgumentHelp(
            "Only those that signed up (reports: were filed) since then: 1h, 2d, or a date.",
            valueName: "when"))
    public var since: String?

    @Option(
        help: ArgumentHelp(
            "Only those that signed up (reports: were filed) until then: 1h, 2d, or a date.",
            valueName: "when"))
    public var until: String?

    @Option(
        help: ArgumentHelp(
            "Only accounts whose address (as the server shows it: Mastodon, GoToSocial) is this "
                + "or in this range: 203.0.113.7, 203.0.113.0/24, 2001:db8::/32.", valueName: "cidr"))
    public var ip: String?

    @Flag(
        help: ArgumentHelp(
            "With - over several servers: send ids that name no server to every one (the same id is meant on each)."
        ))
    public var eachServer = false

    /// Whether any filter was given.
    var isGiven: Bool { domain != nil || match != nil || since != nil || until != nil || ip != nil }

    /// The selection, with the ids or handles read from stdin when `stdin` that are meant for this
    /// context's server (`StdinReferences.values`); a list that names nothing here selects nothing.
    /// `takes`: what the verb acts on, so a queue line of the other kind is refused.
    func selection(in ctx: CommandContext, stdin: Bool, takes kind: QueueItem.Kind?) throws -> Selection {
        var targets: [String]?
        if stdin { targets = try StdinReferences(eachServer: eachServer, takes: kind).values(in: ctx) }
        return try Selection(
            domain: domain, match: match, field: matchField, since: since, until: until, ip: ip,
            targets: targets, now: ctx.services.now())
    }
}

/// A moderation list's selectors: the filters, and `-` for ids or handles on stdin.
public struct SelectorOptions: ParsableArguments, Sendable {
    public init() {}

    @OptionGroup public var filters: SelectorFilters

    @Argument(help: ArgumentHelp("- to read ids or @user@host handles from stdin, one a line.", valueName: "-"))
    public var fromStdin: String?

    public func validate() throws {
        if let fromStdin, fromStdin != "-" {
            throw ValidationError(
                "the only argument taken is - (ids or @user@host handles on stdin), not '\(fromStdin)'")
        }
    }

    var isGiven: Bool { filters.isGiven || fromStdin != nil }

    func selection(in ctx: CommandContext, takes kind: QueueItem.Kind?) throws -> Selection {
        try filters.selection(in: ctx, stdin: fromStdin != nil, takes: kind)
    }

    /// What the list reads on stdin, when it reads it: checked once for the whole selection.
    func stdinReferences(takes kind: QueueItem.Kind?) -> StdinReferences? {
        fromStdin == nil ? nil : StdinReferences(eachServer: filters.eachServer, takes: kind)
    }
}

extension Selection.Field: ExpressibleByArgument {}

extension Selection {
    /// `--ip` on a verb about reports: a report shows no address, so the range would select none.
    func refuseAddressesForReports() throws {
        guard addresses != nil else { return }
        throw FediError(
            .usage, "--ip selects accounts by address, and a report shows none",
            hint: "fedictl accounts list --ip RANGE shows them; "
                + "fedictl accounts action --ip RANGE acts on them")
    }
}

/// `--count`: how many rows the selection holds, one row per server.
struct SelectionCount: Tabular {
    var count: Int

    static let columns: [Column<SelectionCount>] = [Column("count") { .number($0.count) }]
}

extension Listing {
    /// Prints the rows of a moderation list that `selection` keeps, as `printPages` prints a list.
    /// With a selection, every page is read (the matches may be anywhere) and `--limit` caps the rows
    /// shown; nothing matched says so on stderr and exits 0; `countOnly` prints only the count.
    func printSelected<Row: Tabular>(
        of type: Row.Type, empty: String, limit: ListLimit, selection: Selection,
        countOnly: Bool, keep: @escaping @Sendable (Row) -> Bool,
        _ fetch: (Int?, @escaping PageHandler<Row>) async throws -> [Row]
    ) async throws {
        guard selection.isActive || countOnly else {
            return try await printPages(of: type, empty: empty, limit: limit) { onPage in
                try await fetch(limit.count, onPage)
            }
        }
        if ctx.globals.raw {
            throw FediError(
                .usage, "--raw shows the server's own pages, which a selector or --count cannot filter",
                hint: "drop --raw, or the selector")
        }
        let cap = countOnly ? nil : limit.count
        // Pages are handed over as they arrive (the list keeps none): only the matches are kept.
        let kept = Mutex<[Row]>([])
        // A selection or a count reads every page: what matches, or how many there are, is known only then.
        _ = try await fetch(nil) { page, _ in
            kept.withLock { $0 += page.filter(keep) }
        }
        let matched = kept.withLock { $0 }
        let rows = Array(matched.prefix(cap ?? Int.max))
        let output = ctx.output
        if countOnly { return try output.list([SelectionCount(count: rows.count)]) }
        if rows.isEmpty { ctx.status(selection.isActive ? "Nothing matches the selection." : empty) }
        try output.list(rows)
        if let cap, matched.count > cap {
            ctx.status("Showing the first \(cap) that match; --all for every one, or --limit N.")
        }
    }
}
