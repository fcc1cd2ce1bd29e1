import ArgumentParser
import FediCore
import FediOutput
import FoundationEssentials

/// A moderation write over a selector instead of one target: the filters, and `--limit`.
public struct SelectionWrite: ParsableArguments, Sendable {
    public init() {}

    @OptionGroup public var filters: SelectorFilters

    @Option(name: [.customShort("L"), .long], help: "Act on at most this many (say so when more match).")
    public var limit = 500

    public func validate() throws {
        guard limit > 0 else { throw ValidationError("--limit must be at least 1") }
    }

    /// One account, or `-` or a selector for many; never one account and a selector.
    static func validate(account: String?, _ filters: SelectorFilters) throws {
        if account == nil, !filters.isGiven {
            throw ValidationError(
                "give an account, - (ids or handles on stdin), or a selector (--domain, --match, --since, --until)")
        }
        if let account, account != "-", filters.isGiven {
            throw ValidationError("give one account or a selector, not both (for a list of accounts, pipe them to -)")
        }
    }

    /// Whether the verb acts on a selection rather than on one named account.
    static func isBulk(_ account: String?) -> Bool { account == nil || account == "-" }
}

/// One target of a bulk moderation write and what became of it.
struct BulkTargetRow: Tabular {
    var id: String
    var target: String
    var result: String

    static let columns: [Column<BulkTargetRow>] = [
        Column("id") { .text($0.id) },
        Column("target", kind: .identifier) { .text($0.target) },
        Column("result") { .text($0.result) },
    ]
}

/// A bulk moderation write on the selected account's server: `targets` are what the server says is
/// still to do (still pending, still open), so a re-run after an interruption acts only on the rest.
struct BulkModeration<Target: Sendable>: Sendable {
    /// "approve", "reject", "resolve": the question's verb and the dry run's.
    var verb: String
    /// "sign-up", "report".
    var noun: String
    /// What the rows say once a write is done: "approved".
    var doneWord: String
    var cap: Int
    /// What the question and the dry run add after the count: " and resolve their 7 open reports".
    var also = ""
    var id: @Sendable (Target) -> String
    var name: @Sendable (Target) -> String
    /// Whether to ask first: not for ids named one by one, nor where each write is undone by its opposite.
    var confirms = true

    /// Asks once (a fleet merges the questions of every server into one), then writes each target
    /// through the bulk engine, paced, every write journaled; prints a row per target and exits as
    /// the engine's rule says. A selection that matches nothing says so and exits 0.
    func run(
        _ matched: [Target], in ctx: CommandContext, progress: BulkProgress,
        write: @escaping @Sendable (Target) async throws -> Void
    ) async throws {
        let host = try ctx.login().server.authority
        guard !matched.isEmpty else { return ctx.noteOutcome("no \(noun) matches the selection on \(host)") }
        let targets = Array(matched.prefix(cap))
        if matched.count > cap {
            ctx.status("\(matched.count) \(noun)s match on \(host); acting on the first \(cap) (--limit).")
        }
        let count = "\(targets.count) \(noun)\(targets.count == 1 ? "" : "s")"
        if ctx.globals.dryRun {
            try ctx.output.list(targets.map { BulkTargetRow(id: id($0), target: name($0), result: "would \(verb)") })
            return ctx.noteOutcome("dry run: would \(verb) \(count)\(also)")
        }
        let named = targets.prefix(5).map(name).joined(separator: ", ") + (targets.count > 5 ? ", …" : "")
        if confirms { try ctx.confirm("\(verb.capitalized) \(count)\(also) on \(host) (\(named))?") }
        let result = await BulkEngine(concurrency: ctx.globals.concurrency, observer: progress).run(targets, write)
        let rows = zip(targets, result.outcomes).map { target, outcome in
            BulkTargetRow(id: id(target), target: name(target), result: outcome.resultWord { _ in doneWord })
        }
        try ctx.output.list(rows)
        try result.finish(
            "\(doneWord) \(result.done) of \(count)", outcome: true, in: ctx, what: "\(noun)s", on: host,
            rerun: "run the same command again", name: name)
    }
}
