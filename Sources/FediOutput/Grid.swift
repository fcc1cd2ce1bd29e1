import FediCore
import FoundationEssentials

/// A table whose columns are known only when it runs: each domain against each server (`domain-blocks
/// matrix`, `diff`). `rows` carry the cells as text, in `columns`' order, and the object JSON writes.
public struct Grid<Object: Encodable & Sendable>: Sendable {
    /// The first column's key and header ("domain").
    public var corner: String
    /// The other columns' names, in order (the servers').
    public var columns: [String]
    public var rows: [(name: String, cells: [String], object: Object)]

    public init(corner: String, columns: [String], rows: [(name: String, cells: [String], object: Object)]) {
        self.corner = corner
        self.columns = columns
        self.rows = rows
    }
}

extension Renderer {
    /// A grid in the run's format: on a terminal an aligned table (identifiers, never cut; empty cells
    /// as `-`); piped, TSV without a header; CSV with one; JSON an array of the rows' objects, NDJSON
    /// one a line. `--fields` does not apply: the columns are the run's.
    public func grid<Object>(_ grid: Grid<Object>) throws {
        switch settings.format {
        case .json, .ndjson:
            let pretty = settings.format == .json
            let objects = try grid.rows.map { try jsonText($0.object, pretty: pretty) }
            if pretty {
                write(
                    objects.isEmpty
                        ? "[]\n" : "[\n" + objects.map { Self.indented($0) }.joined(separator: ",\n") + "\n]\n")
            } else {
                write(objects.map { $0 + "\n" }.joined())
            }
        case .csv:
            write(
                csvHeader([grid.corner] + grid.columns)
                    + grid.rows.map { csvLine(([$0.name] + $0.cells).map { .text($0) }) }.joined())
        default:
            guard settings.isTTY else {
                return write(grid.rows.map { tsvLine(([$0.name] + $0.cells).map { .text($0) }) }.joined())
            }
            guard !grid.rows.isEmpty else { return }
            // The first column stays; a server's goes whole or, on a terminal too narrow, not at all (noted).
            let columns =
                [TableColumn(header: grid.corner, key: grid.corner, kind: .identifier, priority: .required)]
                + grid.columns.map { TableColumn(header: $0, key: $0, kind: .identifier, priority: .high) }
            let cells = grid.rows.map { row in
                ([row.name] + row.cells.map { $0.isEmpty ? "-" : $0 }).map { Self.inert($0) }
            }
            write(AlignedTable.render(columns: columns, cells: cells, renderer: self))
        }
    }

    /// A pretty JSON object as an element of a pretty array.
    static func indented(_ object: String) -> String {
        object.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }.joined(separator: "\n")
    }
}
