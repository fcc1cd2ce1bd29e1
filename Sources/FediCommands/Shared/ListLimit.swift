import ArgumentParser
import FediCore
import FediOutput
import Synchronization

/// `--limit N` and `--all` for the commands that list what the user blocks, mutes and hides.
public struct ListLimit: ParsableArguments, Sendable {
    public init() {}

    /// How many a list shows without `--limit` or `--all`.
    public static let shown = 40

    /// Optional, so that `--all` with it is refused rather than one of them silently dropped.
    @Option(name: [.customShort("L"), .long], help: "Show at most this many (default: \(shown)).")
    public var limit: Int?

    @Flag(help: "Show them all, however many pages that takes.")
    public var all = false

    /// What to ask the API for: nil means every page.
    public var count: Int? { all ? nil : limit ?? Self.shown }

    public func validate() throws {
        if let limit, limit < 1 { throw ValidationError("--limit must be at least 1") }
        if all, limit != nil {
            throw ValidationError("--all and --limit cannot be used together: --all shows every one")
        }
    }
}

/// How a command prints a list it reads page by page: the rows as they arrive, what an empty or
/// a cut list says on stderr, and (`printSelected`) the rows a selection keeps.
struct Listing {
    let ctx: CommandContext
    init(_ ctx: CommandContext) { self.ctx = ctx }

    /// Prints a list as its pages arrive (`ListStream`; `--raw` each page's own JSON), holding no
    /// more than the page at hand. On a terminal, an empty table says `empty` on stderr instead,
    /// and a list that stopped at `--limit` says so there ("40 of more"), as a full page means the
    /// server has more.
    func printPages<Row: Tabular>(
        of type: Row.Type, empty: String, limit: ListLimit,
        _ fetch: (@escaping PageHandler<Row>) async throws -> [Row]
    ) async throws {
        let output = ctx.output
        let raw = ctx.globals.raw
        let stream = try ListStream<Row>(renderer: output)
        let shown = RowCount()
        // Rows decode only the keys this output shows: --fields, else JSON's every key, else the default columns.
        let settings = output.settings
        let everyKey = raw || settings.format == .json || settings.format == .ndjson
        let keys = settings.fields ?? (everyKey ? nil : Row.columns.filter(\.isDefault).map(\.key))
        _ = try await ShownFields.$current.withValue(ShownFields(Row.self, keys: raw ? nil : keys)) {
            try await fetch { rows, data in
                shown.add(rows.count)
                if raw { output.raw(data) } else { try stream.add(rows) }
            }
        }
        if !raw, shown.total == 0, output.settings.format == .table, output.settings.isTTY { return ctx.status(empty) }
        if !raw { stream.finish() }
        if let count = limit.count, shown.total >= count, ctx.terminal.stderrIsTTY {
            ctx.status("\(shown.total) of more; --all for every one, or --limit N.")
        }
    }
}

/// How many rows a list has shown so far (its pages arrive in a `@Sendable` handler).
private final class RowCount: Sendable {
    private let count = Atomic(0)

    func add(_ rows: Int) { count.add(rows, ordering: .relaxed) }
    var total: Int { count.load(ordering: .relaxed) }
}
