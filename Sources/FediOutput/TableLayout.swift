import FediCore
import FoundationEssentials

/// An aligned table for a terminal, written page by page: upper-case headers, two spaces between
/// columns, the columns and their widths set by the first page (later pages keep them, so a long
/// list needs no more memory than a page). Columns empty in every row of that page are left out
/// (unless `--fields` named them); when the table is wider than the terminal, free text is cut
/// with an ellipsis first, then other columns; identifiers (ids, accounts, URLs, domains) are
/// never cut, as the next command needs them whole (a longer one on a later page overflows).
struct TableLayout<Row: Tabular> {
    let renderer: Renderer
    let columns: [Column<Row>]
    /// Set by the first page that has rows: the columns shown and their widths.
    private var shown: (columns: [(header: String, key: String, kind: ColumnKind)], kept: [Int], widths: [Int])?

    init(renderer: Renderer, columns: [Column<Row>]) {
        self.renderer = renderer
        self.columns = columns
    }

    /// The table's lines for these rows (with the header, on the first page that has rows).
    mutating func add(_ rows: [Row]) -> String {
        guard !rows.isEmpty else { return "" }
        let cells = rows.map { row in columns.map { renderer.ttyText($0.value(row)) } }
        if let shown {
            return AlignedTable.rows(
                cells.map { row in shown.kept.map { row[$0] } }, columns: shown.columns, widths: shown.widths,
                renderer: renderer)
        }
        // A column the software never fills (GoToSocial's assignee) only takes width.
        let kept =
            renderer.settings.keepEmptyColumns
            ? Array(columns.indices)
            : columns.indices.filter { index in cells.contains { !$0[index].isEmpty } }
        let described = kept.map { (columns[$0].header, columns[$0].key, columns[$0].kind) }
        let keptCells = cells.map { row in kept.map { row[$0] } }
        let widths = AlignedTable.widths(columns: described, cells: keptCells, renderer: renderer)
        shown = (described, kept, widths)
        return AlignedTable.header(described, widths: widths, renderer: renderer)
            + AlignedTable.rows(keptCells, columns: described, widths: widths, renderer: renderer)
    }

    /// A list with no rows at all: the header alone.
    func finish() -> String {
        guard shown == nil else { return "" }
        let described = columns.map { ($0.header, $0.key, $0.kind) }
        return AlignedTable.render(columns: described, cells: [], renderer: renderer)
    }
}

/// The layout itself, for cells already made terminal text (also a fleet's merged rows).
enum AlignedTable {
    static let gap = 2

    static func render(
        columns: [(header: String, key: String, kind: ColumnKind)], cells: [[String]], renderer: Renderer
    ) -> String {
        let widths = widths(columns: columns, cells: cells, renderer: renderer)
        return header(columns, widths: widths, renderer: renderer)
            + rows(cells, columns: columns, widths: widths, renderer: renderer)
    }

    /// Each column as wide as its widest cell or header; on a terminal too narrow for that, the
    /// widest free text gives way one character at a time, then the widest other column; never
    /// below its header or 8 characters, never an identifier.
    static func widths(
        columns: [(header: String, key: String, kind: ColumnKind)], cells: [[String]], renderer: Renderer
    ) -> [Int] {
        let headers = columns.map { $0.header.uppercased() }
        var widths = headers.indices.map { index in max(headers[index].count, cells.map { $0[index].count }.max() ?? 0)
        }
        if let limit = renderer.settings.width {
            let floors = headers.map { max(8, $0.count) }
            while widths.reduce(0, +) + gap * max(0, widths.count - 1) > limit {
                let shrinkable = { (kind: ColumnKind) in
                    widths.indices.filter { columns[$0].kind == kind && widths[$0] > floors[$0] }.max {
                        widths[$0] < widths[$1]
                    }
                }
                guard let widest = shrinkable(.freeText) ?? shrinkable(.other) else { break }
                widths[widest] -= 1
            }
        }
        return widths
    }

    static func header(_ columns: [(header: String, key: String, kind: ColumnKind)], widths: [Int], renderer: Renderer)
        -> String
    {
        guard !renderer.settings.noHeaders else { return "" }
        return renderer.style(join(columns.map { $0.header.uppercased() }, widths: widths, gap: gap), bold: true) + "\n"
    }

    /// The rows, each cell cut to its column's width on a terminal of known width (an identifier
    /// never: one longer than its column overflows it).
    static func rows(
        _ cells: [[String]], columns: [(header: String, key: String, kind: ColumnKind)], widths: [Int],
        renderer: Renderer
    ) -> String {
        let keys = columns.map(\.key)
        var out = ""
        for cells in cells {
            let row =
                renderer.settings.width == nil
                ? cells
                : cells.indices.map {
                    columns[$0].kind == .identifier ? cells[$0] : truncate(cells[$0], to: widths[$0])
                }
            out +=
                join(row, widths: widths, gap: gap) { index, text in
                    renderer.tinted(text, key: keys[index], value: row[index])
                } + "\n"
        }
        return out
    }

    /// Pads each cell to its column's width; `tint` colours a cell after its width is measured.
    static func join(_ cells: [String], widths: [Int], gap: Int, tint: (Int, String) -> String = { $1 }) -> String {
        var line = ""
        for (index, cell) in cells.enumerated() {
            let isLast = index == cells.count - 1
            // A cell wider than its column (an identifier on a later page) still gets a space after it.
            let padding = isLast ? 0 : max(1, widths[index] + gap - cell.count)
            line += tint(index, cell) + String(repeating: " ", count: padding)
        }
        while line.hasSuffix(" ") { line.removeLast() }
        return line
    }

    static func truncate(_ text: String, to width: Int) -> String {
        text.count <= width ? text : String(text.prefix(max(0, width - 1))) + "…"
    }
}

/// "3 minutes ago", "in 2 days": how a person reads a date on a terminal. Each unit is rounded to
/// the nearest (a 30-day expiry a few seconds on is "in about 30 days", not 29); days go on to
/// 44, so the expiries people type (30d, 6 weeks) read as they were typed.
public enum RelativeTime {
    public static func describe(_ date: Date, now: Date) -> String {
        let seconds = now.timeIntervalSince(date)
        // A server's garbage date (epoch 1e300) must not trap the conversion to Int.
        let magnitude = min(abs(seconds), 1e15)
        if magnitude < 60 { return seconds >= 0 ? "just now" : "in a moment" }
        let day = 86400.0
        let units: [(name: String, length: Double, below: Int)] = [
            ("minute", 60, 60), ("hour", 3600, 24), ("day", day, 45), ("month", day * 30.4375, 12),
            ("year", day * 365.25, .max),
        ]
        var phrase = ""
        for unit in units {
            let value = max(1, Int((magnitude / unit.length).rounded()))
            if value < unit.below {
                phrase = "\(value) \(unit.name)\(value == 1 ? "" : "s")"
                break
            }
        }
        return seconds >= 0 ? "about \(phrase) ago" : "in about \(phrase)"
    }
}
