import FediCore
import FoundationEssentials

public enum OutputFormat: String, CaseIterable, Sendable, Codable {
    case table, json, ndjson, csv
}

/// How to render, decided once from the flags and the terminal.
public struct OutputSettings: Sendable {
    public var format: OutputFormat
    /// Keys chosen with `--fields`; nil means the default columns (tables) or every key (JSON).
    public var fields: [String]?
    public var noHeaders: Bool
    /// stdout is a terminal: aligned table, relative dates. Otherwise TSV with RFC 3339 dates.
    public var isTTY: Bool
    public var width: Int?
    public var color: Bool
    public var now: Date
    /// The user chose the columns (`--fields`): a terminal table keeps them even when every row is empty.
    public var keepEmptyColumns: Bool
    /// `--raw`: a fetched result is shown as the server's own JSON.
    public var raw = false
    /// The server one account's rows come from (`host[:port]`): a terminal table shows its own
    /// accounts as `@user`.
    public var localHost: String?

    public init(
        format: OutputFormat = .table, fields: [String]? = nil, noHeaders: Bool = false, isTTY: Bool = false,
        width: Int? = nil, color: Bool = false, now: Date = Date(), keepEmptyColumns: Bool = false
    ) {
        self.format = format
        self.fields = fields
        self.noHeaders = noHeaders
        self.isTTY = isTTY
        self.width = width
        self.color = color
        self.now = now
        self.keepEmptyColumns = keepEmptyColumns
    }

    /// Colour only on a terminal, and never with NO_COLOR (any value) or TERM=dumb.
    public static func colorAllowed(isTTY: Bool, environment: [String: String], noColorFlag: Bool) -> Bool {
        isTTY && !noColorFlag && environment["NO_COLOR"] == nil && environment["TERM"] != "dumb"
    }
}
