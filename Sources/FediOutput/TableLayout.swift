import FediCore
import FoundationEssentials

/// An aligned table for a terminal: upper-case headers, two spaces between columns, and the
/// widest columns cut with an ellipsis until the table fits the terminal's width.
struct TableLayout<Row: Tabular> {
    let renderer: Renderer
    let columns: [Column<Row>]
    let rows: [Row]

    func render() -> String {
        AlignedTable.render(headers: columns.map(\.header), cells: rows.map { row in columns.map { renderer.ttyText($0.value(row)) } }, renderer: renderer)
    }
}

/// The layout itself, for cells already made terminal text (also a fleet's merged rows).
enum AlignedTable {
    static func render(headers: [String], cells: [[String]], renderer: Renderer) -> String {
        let headers = headers.map { $0.uppercased() }
        var cells = cells
        var widths = headers.indices.map { index in max(headers[index].count, cells.map { $0[index].count }.max() ?? 0) }
        let gap = 2
        if let limit = renderer.settings.width {
            // Shrink the widest column one character at a time; never below its header or 8 characters.
            while widths.reduce(0, +) + gap * max(0, widths.count - 1) > limit {
                guard let widest = widths.indices.filter({ widths[$0] > max(8, headers[$0].count) }).max(by: { widths[$0] < widths[$1] }) else { break }
                widths[widest] -= 1
            }
            cells = cells.map { row in row.indices.map { Self.truncate(row[$0], to: widths[$0]) } }
        }
        var out = ""
        if !renderer.settings.noHeaders {
            out += renderer.style(Self.join(headers, widths: widths, gap: gap), bold: true) + "\n"
        }
        for row in cells { out += Self.join(row, widths: widths, gap: gap) + "\n" }
        return out
    }

    static func join(_ cells: [String], widths: [Int], gap: Int) -> String {
        var line = ""
        for (index, cell) in cells.enumerated() {
            let isLast = index == cells.count - 1
            line += isLast ? cell : cell.padded(to: widths[index] + gap)
        }
        while line.hasSuffix(" ") { line.removeLast() }
        return line
    }

    static func truncate(_ text: String, to width: Int) -> String {
        text.count <= width ? text : String(text.prefix(max(0, width - 1))) + "…"
    }
}

/// "3 minutes ago", "in 2 days": how a person reads a date on a terminal.
public enum RelativeTime {
    public static func describe(_ date: Date, now: Date) -> String {
        let seconds = now.timeIntervalSince(date)
        let magnitude = abs(seconds)
        let (value, unit): (Int, String)
        switch magnitude {
        case ..<60: return seconds >= 0 ? "just now" : "in a moment"
        case ..<3600: (value, unit) = (Int(magnitude / 60), "minute")
        case ..<86400: (value, unit) = (Int(magnitude / 3600), "hour")
        case ..<(86400 * 30): (value, unit) = (Int(magnitude / 86400), "day")
        case ..<(86400 * 365): (value, unit) = (Int(magnitude / (86400 * 30)), "month")
        default: (value, unit) = (Int(magnitude / (86400 * 365)), "year")
        }
        let phrase = "\(value) \(unit)\(value == 1 ? "" : "s")"
        return seconds >= 0 ? "about \(phrase) ago" : "in about \(phrase)"
    }
}
