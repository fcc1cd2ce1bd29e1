import FediCore
import FoundationEssentials

/// One value in a table, typed so each format can show it its own way.
public enum Cell: Sendable, Equatable {
    case text(String?)
    case date(Date?)
    case number(Int?)
    case flag(Bool?)
    case list([String])

    /// No value at all (nil, "" or no items).
    var isEmpty: Bool {
        switch self {
        case .text(let text): text?.isEmpty ?? true
        case .date(let date): date == nil
        case .number(let number): number == nil
        case .flag(let flag): flag == nil
        case .list(let items): items.isEmpty
        }
    }
}

/// How a column gives way when a table is wider than the terminal.
public enum ColumnKind: Sendable, Equatable {
    /// What the next command needs (an id, an account, a URL, a domain): never cut.
    case identifier
    /// Prose (a comment, a post's text, a name): cut first.
    case freeText
    /// Everything else: cut once free text can give no more.
    case other
    /// Which server or account a row comes from: an identifier, shown on a terminal only when rows
    /// come from several (a fleet), by the shortest name that tells them apart (`OriginNames`).
    case origin

    /// The kind a key names: `id`, `*_id`, `url`, `*_url`, `account`, `domain`... are identifiers;
    /// `comment`, `*_comment`, `content`, `note`, `title`, `reason`... are free text.
    public init(key: String) {
        if Self.identifiers.contains(key) || key.hasSuffix("_id") || key.hasSuffix("_url") {
            self = .identifier
        } else if Self.prose.contains(key) || key.hasSuffix("_comment") {
            self = .freeText
        } else {
            self = .other
        }
    }

    // Made once: each column made both sets anew, and every run makes its table's columns.
    private static let identifiers: Set = ["id", "url", "uri", "account", "acct", "domain", "host", "ip"]
    private static let prose: Set = [
        "comment", "content", "note", "notes", "text", "title", "reason", "message", "display_name", "description",
        "hint",
    ]
}

/// Which columns a terminal too narrow for the whole table drops first: `low` ones (extras that
/// `--wide` or `--fields` bring back) once free text is cut, then `normal` ones, `high` ones last;
/// among equals, the rightmost first. A `required` one is never dropped: its lines run on instead.
public enum ColumnPriority: Int, Sendable, Comparable {
    case low, normal, high, required

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// A column: its key (also the JSON key and the `--fields` name), header and value.
public struct Column<Row>: Sendable {
    public let key: String
    public let header: String
    public let isDefault: Bool
    /// How it gives way on a narrow terminal; by default what its key names (`ColumnKind(key:)`).
    public let kind: ColumnKind
    /// When it is dropped on a narrow terminal; by default `high` for identifiers, else `normal`.
    public let priority: ColumnPriority
    public let value: @Sendable (Row) -> Cell
    /// One object's table leaves the line out when the value is empty (a field that does not apply to
    /// this kind of object, such as an exclude's permission type), unless --fields names it.
    public let hidesWhenEmpty: Bool

    public init(
        _ key: String, _ header: String? = nil, default isDefault: Bool = true, kind: ColumnKind? = nil,
        hidesWhenEmpty: Bool = false, priority: ColumnPriority? = nil, _ value: @escaping @Sendable (Row) -> Cell
    ) {
        self.hidesWhenEmpty = hidesWhenEmpty
        self.key = key
        // Keys are ASCII words joined by `_` (`replacing` is a generic search, set up on first use).
        self.header =
            header ?? String(decoding: key.utf8.map { $0 == UInt8(ascii: "_") ? UInt8(ascii: " ") : $0 }, as: UTF8.self)
        self.isDefault = isDefault
        let kind = kind ?? ColumnKind(key: key)
        self.kind = kind
        self.priority = priority ?? (kind == .identifier || kind == .origin ? .high : .normal)
        self.value = value
    }
}

/// Anything a command prints: its JSON is the model itself, its table the columns.
public protocol Tabular: Encodable, Sendable {
    static var columns: [Column<Self>] { get }
    /// Writes the row's JSON fields into `fields` and returns true when it is `FieldEncodable`;
    /// any other row returns false and is written through `Encodable`. A requirement, so the row's
    /// conformance picks its answer when compiled: no conformance is looked up while a list runs.
    func writeJSONFields<Fields: FieldWriting>(into fields: inout Fields) -> Bool
}

extension Tabular {
    public func writeJSONFields<Fields: FieldWriting>(into fields: inout Fields) -> Bool { false }
}

extension Tabular where Self: FieldEncodable {
    public func writeJSONFields<Fields: FieldWriting>(into fields: inout Fields) -> Bool {
        writeFields(into: &fields)
        return true
    }
}

extension Tabular {
    public static var fieldNames: [String] { columns.map(\.key) }
}
