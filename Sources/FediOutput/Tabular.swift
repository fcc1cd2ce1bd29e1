import FoundationEssentials

/// One value in a table, typed so each format can show it its own way.
public enum Cell: Sendable, Equatable {
    case text(String?)
    case date(Date?)
    case number(Int?)
    case flag(Bool?)
    case list([String])
}

/// A column: its key (also the JSON key and the `--fields` name), header and value.
public struct Column<Row>: Sendable {
    public let key: String
    public let header: String
    public let isDefault: Bool
    public let value: @Sendable (Row) -> Cell

    public init(_ key: String, _ header: String? = nil, default isDefault: Bool = true, _ value: @escaping @Sendable (Row) -> Cell) {
        self.key = key
        self.header = header ?? key.replacing("_", with: " ")
        self.isDefault = isDefault
        self.value = value
    }
}

/// Anything a command prints: its JSON is the model itself, its table the columns.
public protocol Tabular: Encodable, Sendable {
    static var columns: [Column<Self>] { get }
}

extension Tabular {
    public static var fieldNames: [String] { columns.map(\.key) }
}
