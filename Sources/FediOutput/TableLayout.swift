import FediCore
import FoundationEssentials

/// An aligned table for a terminal: upper-case headers, two spaces between columns. Columns empty
/// in every row are left out (unless `--fields` named them); when the table is wider than the
/// terminal, free text is cut with an ellipsis first, then other columns; identifiers (ids,
/// accounts, URLs, domains) are never cut, as the next command needs them whole.
struct TableLayout<Row: Tabular> {
    let renderer: Renderer
    let columns: [Column<Row>]
    let rows: [Row]

    func render() -> String {
        var columns = self.columns
        var cells = rows.map { row in columns.map { renderer.ttyText($0.value(row)) } }
        if !renderer.settings.keepEmptyColumns, !rows.isEmpty {
            // A column the software never fills (GoToSocial's assignee) only takes width.
            let kept = columns.indices.filter { index in cells.contains { !$0[index].isEmpty } }
            columns = kept.map { columns[$0] }
            cells = cells.map { row in kept.map { row[$0] } }
        }
        return AlignedTable.render(columns: columns.map { ($0.header, $0.key, $0.kind) }, cells: cells, renderer: renderer)
    }
}

/// The layout itself, for cells already made terminal text (also a fleet's merged rows).
enum AlignedTable {
    static func render(columns: [(header: String, key: String, kind: ColumnKind)], cells: [[String]], renderer: Renderer) -> String {
        let headers = columns.map { $0.header.uppercased() }
        var cells = cells
        var widths = headers.indices.map { index in max(headers[index].count, cells.map { $0[index].count }.max() ?? 0) }
        let gap = 2
        if let limit = renderer.settings.width {
            let floors = headers.map { max(8, $0.count) }
            // Shrink the widest free text one character at a time, then the widest other column;
            // never below its header or 8 characters, never an identifier.
            while widths.reduce(0, +) + gap * max(0, widths.count - 1) > limit {
                let shrinkable = { (kind: ColumnKind) in
                    widths.indices.filter { columns[$0].kind == kind && widths[$0] > floors[$0] }.max { widths[$0] < widths[$1] }
                }
                guard let widest = shrinkable(.freeText) ?? shrinkable(.other) else { break }
                widths[widest] -= 1
            }
            cells = cells.map { row in row.indices.map { Self.truncate(row[$0], to: widths[$0]) } }
        }
        var out = ""
        if !renderer.settings.noHeaders {
            out += renderer.style(Self.join(headers, widths: widths, gap: gap), bold: true) + "\n"
        }
        let keys = columns.map(\.key)
        for row in cells {
            out += Self.join(row, widths: widths, gap: gap) { index, text in renderer.tinted(text, key: keys[index], value: row[index]) } + "\n"
        }
        return out
    }

    /// Pads each cell to its column's width; `tint` colours a cell after its width is measured.
    static func join(_ cells: [String], widths: [Int], gap: Int, tint: (Int, String) -> String = { $1 }) -> String {
        var line = ""
        for (index, cell) in cells.enumerated() {
            let isLast = index == cells.count - 1
            let padding = isLast ? 0 : max(0, widths[index] + gap - cell.count)
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
            ("minute", 60, 60), ("hour", 3600, 24), ("day", day, 45), ("month", day * 30.4375, 12), ("year", day * 365.25, .max),
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
