import ArgumentParser
import FediCore
import FediOutput

/// `--limit N` and `--all` for the commands that list what the user blocks, mutes and hides.
public struct ListLimit: ParsableArguments, Sendable {
    public init() {}

    @Option(name: [.customShort("L"), .long], help: "Show at most this many.")
    public var limit = 40

    @Flag(help: "Show them all, however many pages that takes.")
    public var all = false

    /// What to ask the API for: nil means every page.
    public var count: Int? { all ? nil : limit }

    public func validate() throws {
        guard limit > 0 else { throw ValidationError("--limit must be at least 1") }
    }
}

extension CommandContext {
    /// Prints a list as its pages arrive (NDJSON and TSV rows at once; `--raw` each page's own JSON).
    /// On a terminal, an empty table says `empty` on stderr instead, and a list that stopped at
    /// `--limit` says so there ("40 of more"), as a full page means the server has more.
    func printPages<Row: Tabular>(of type: Row.Type, empty: String, limit: ListLimit,
                                  _ fetch: (@escaping PageHandler<Row>) async throws -> [Row]) async throws {
        let output = self.output
        let raw = globals.raw
        let stream = try ListStream<Row>(renderer: output)
        let rows = try await fetch { rows, data in
            if raw { output.raw(data) } else { try stream.add(rows) }
        }
        if !raw, rows.isEmpty, output.settings.format == .table, output.settings.isTTY { return status(empty) }
        if !raw { try stream.finish() }
        if let count = limit.count, rows.count >= count, terminal.stderrIsTTY {
            status("\(rows.count) of more; --all for every one, or --limit N.")
        }
    }
}
