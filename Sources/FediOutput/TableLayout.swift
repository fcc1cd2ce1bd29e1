import FediCore
import FoundationEssentials

/// An aligned table for a terminal, written page by page: upper-case headers, two spaces between
/// columns, the columns and their widths set by the first page (later pages keep them, so a long
/// list needs no more memory than a page). Columns empty in every row of that page are left out
/// (unless `--fields` named them), and so is the server the rows come from (one account's rows all
/// come from one); an account of that server shows as `@user`. How a table narrower than its rows
/// gives way: `AlignedTable.layout`. Identifiers are never cut (a longer one on a later page
/// overflows its column).
struct TableLayout<Row: Tabular> {
    let renderer: Renderer
    let columns: [Column<Row>]
    /// Set by the first page that has rows: the columns shown and their widths.
    private var shown: (columns: [TableColumn], kept: [Int], widths: [Int])?

    init(renderer: Renderer, columns: [Column<Row>]) {
        self.renderer = renderer
        self.columns = columns
    }

    /// The table's lines for these rows (with the header, on the first page that has rows).
    mutating func add(_ rows: [Row]) -> String {
        guard !rows.isEmpty else { return "" }
        let described = columns.map(TableColumn.init)
        var cells = rows.map { row in columns.map { renderer.ttyText($0.value(row)) } }
        TerminalNames.shortenLocalHandles(&cells, columns: described, host: { _ in renderer.settings.localHost })
        if let shown {
            return AlignedTable.rows(
                cells.map { row in shown.kept.map { row[$0] } }, columns: shown.columns, widths: shown.widths,
                renderer: renderer)
        }
        // A column the software never fills (GoToSocial's assignee) only takes width.
        let filled =
            renderer.settings.keepEmptyColumns
            ? Array(columns.indices)
            : columns.indices.filter { index in
                described[index].kind != .origin && cells.contains { !$0[index].isEmpty }
            }
        let layout = AlignedTable.layout(
            columns: filled.map { described[$0] }, cells: cells.map { row in filled.map { row[$0] } },
            renderer: renderer)
        let kept = layout.kept.map { filled[$0] }
        let shownColumns = kept.map { described[$0] }
        shown = (shownColumns, kept, layout.widths)
        AlignedTable.noteLeftOut(layout.left.map { described[filled[$0]] }, renderer: renderer)
        let keptCells = cells.map { row in kept.map { row[$0] } }
        return AlignedTable.header(shownColumns, widths: layout.widths, renderer: renderer)
            + AlignedTable.rows(keptCells, columns: shownColumns, widths: layout.widths, renderer: renderer)
    }

    /// A list with no rows at all: the header alone.
    func finish() -> String {
        guard shown == nil else { return "" }
        let described = columns.map(TableColumn.init).filter {
            $0.kind != .origin || renderer.settings.keepEmptyColumns
        }
        let layout = AlignedTable.layout(columns: described, cells: [], renderer: renderer)
        return AlignedTable.header(layout.kept.map { described[$0] }, widths: layout.widths, renderer: renderer)
    }
}

/// A column as a terminal table lays it out.
struct TableColumn: Sendable, Equatable {
    var header: String
    var key: String
    var kind: ColumnKind
    var priority: ColumnPriority

    init(header: String, key: String, kind: ColumnKind, priority: ColumnPriority) {
        (self.header, self.key, self.kind, self.priority) = (header, key, kind, priority)
    }

    init<Row>(_ column: Column<Row>) {
        self.init(header: column.header, key: column.key, kind: column.kind, priority: column.priority)
    }

    /// Cut with an ellipsis when the terminal is narrow; an identifier never is.
    var isCuttable: Bool { kind == .freeText || kind == .other }
}

/// The layout itself, for cells already made terminal text (also a fleet's merged rows).
enum AlignedTable {
    static let gap = 2

    /// The columns kept (indices into `columns`), their widths, and the columns left out that
    /// are worth a note (any but `low` ones).
    struct Layout: Equatable {
        var kept: [Int]
        var widths: [Int]
        var left: [Int]
    }

    static func render(columns: [TableColumn], cells: [[String]], renderer: Renderer) -> String {
        let layout = layout(columns: columns, cells: cells, renderer: renderer)
        noteLeftOut(layout.left.map { columns[$0] }, renderer: renderer)
        let shown = layout.kept.map { columns[$0] }
        return header(shown, widths: layout.widths, renderer: renderer)
            + rows(
                cells.map { row in layout.kept.map { row[$0] } }, columns: shown, widths: layout.widths,
                renderer: renderer)
    }

    static func layout(columns: [TableColumn], cells: [[String]], renderer: Renderer) -> Layout {
        layout(
            columns: columns, cells: cells, width: renderer.settings.width,
            chosen: renderer.settings.keepEmptyColumns)
    }

    /// Each column as wide as its widest cell or header, when the terminal has room. When it has
    /// not, in this order until the table fits: free text is cut (not below 8 characters or its
    /// header); `low` columns are left out, the rightmost first; other text is cut the same way;
    /// then whole columns go, `normal` before `high`, the rightmost first (an identifier is never
    /// cut: it is shown whole or not at all). Columns that fit again once others are gone come
    /// back, the most important first, and the room left goes to the cut columns, free text last,
    /// as it gave way first. `chosen` (`--fields`): every column stays and a line may run on.
    static func layout(columns: [TableColumn], cells: [[String]], width limit: Int?, chosen: Bool) -> Layout {
        let natural = columns.indices.map { index in
            max(columns[index].header.count, cells.map { $0[index].count }.max() ?? 0)
        }
        var kept = Array(columns.indices)
        var widths = natural
        func total(_ columns: [Int]) -> Int { columns.reduce(0) { $0 + widths[$1] } + gap * max(0, columns.count - 1) }
        guard let limit, total(kept) > limit else { return Layout(kept: kept, widths: natural, left: []) }
        let floors = columns.indices.map { index in
            columns[index].isCuttable ? min(natural[index], max(8, columns[index].header.count)) : natural[index]
        }
        var dropped: [Int] = []
        func drop(through priority: ColumnPriority) {
            while total(kept) > limit, kept.count > 1,
                let lowest = kept.map({ columns[$0].priority }).min(), lowest <= priority,
                let index = kept.last(where: { columns[$0].priority == lowest })
            {
                kept.removeAll { $0 == index }
                dropped.append(index)
            }
        }
        for index in kept where columns[index].kind == .freeText { widths[index] = floors[index] }
        if !chosen { drop(through: .low) }
        if total(kept) > limit {
            for index in kept where columns[index].kind == .other { widths[index] = floors[index] }
        }
        if !chosen { drop(through: .high) }
        for index in dropped.sorted(by: { (columns[$0].priority, $1) > (columns[$1].priority, $0) }) {
            widths[index] = floors[index]
            let tried = (kept + [index]).sorted()
            if total(tried) <= limit {
                kept = tried
                dropped.removeAll { $0 == index }
            }
        }
        var spare = limit - total(kept)
        for kind in [ColumnKind.other, .freeText] {
            for index in kept where columns[index].kind == kind && spare > 0 {
                let grown = min(spare, natural[index] - widths[index])
                widths[index] += grown
                spare -= grown
            }
        }
        return Layout(
            kept: kept, widths: kept.map { widths[$0] },
            left: dropped.filter { columns[$0].priority > .low }.sorted())
    }

    /// One line on stderr naming the columns a narrow terminal left out (not the extras `--wide`
    /// and `--fields` bring back), so that nobody takes the table for all there is.
    static func noteLeftOut(_ columns: [TableColumn], renderer: Renderer) {
        guard !columns.isEmpty, let width = renderer.settings.width else { return }
        let names = columns.map(\.header).joined(separator: ", ")
        let text = "Left out to fit \(width) columns: \(names); --wide shows every column."
        renderer.note(Renderer.wrap(text, width: width).joined(separator: "\n") + "\n")
    }

    static func header(_ columns: [TableColumn], widths: [Int], renderer: Renderer) -> String {
        guard !renderer.settings.noHeaders else { return "" }
        return renderer.style(join(columns.map { $0.header.uppercased() }, widths: widths, gap: gap), bold: true) + "\n"
    }

    /// The rows, each cell cut to its column's width on a terminal of known width (an identifier
    /// never: one longer than its column overflows it).
    static func rows(_ cells: [[String]], columns: [TableColumn], widths: [Int], renderer: Renderer) -> String {
        let keys = columns.map(\.key)
        var out = ""
        for cells in cells {
            let row =
                renderer.settings.width == nil
                ? cells
                : cells.indices.map {
                    columns[$0].isCuttable ? truncate(cells[$0], to: widths[$0]) : cells[$0]
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
