import FoundationEssentials

/// JSON of a shape fedictl does not model: a server's error body, a config tree it edits and sends
/// back, a request body built field by field. Read as `[String: Any]`, `[Any]`, `String`, `Int`,
/// `Double`, `Bool` or `JSONNull`, as JSONSerialization read it (which is in full Foundation only).
public enum JSONText {
    public static func object(from data: Data) throws -> Any {
        try JSONDecoder().decode(Value.self, from: data).any
    }

    /// Compact, or pretty-printed; keys sorted and slashes unescaped either way, so the bytes are stable.
    public static func data(from object: Any, pretty: Bool = false) throws -> Data {
        let encoder = TidyJSONEncoder()
        encoder.outputFormatting =
            pretty ? [.sortedKeys, .withoutEscapingSlashes, .prettyPrinted] : [.sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(try Value(object))
    }

    /// A tree read by `object(from:)` (or built of the same types), to go inside a typed body.
    public struct Tree: Encodable {
        public let value: Any

        public init(_ value: Any) {
            self.value = value
        }

        public func encode(to encoder: any Encoder) throws {
            try Value(value).encode(to: encoder)
        }
    }

    private enum Value: Codable {
        case null, bool(Bool), int(Int), double(Double), string(String), array([Value]), object([String: Value])

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if container.decodeNil() {
                self = .null
            } else if let flag = try? container.decode(Bool.self) {
                self = .bool(flag)
            } else if let number = try? container.decode(Int.self) {
                self = .int(number)
            } else if let number = try? container.decode(Double.self) {
                self = .double(number)
            } else if let text = try? container.decode(String.self) {
                self = .string(text)
            } else if let items = try? container.decode([Value].self) {
                self = .array(items)
            } else {
                self = .object(try container.decode([String: Value].self))
            }
        }

        init(_ any: Any) throws {
            switch any {
            case is JSONNull: self = .null
            case let flag as Bool: self = .bool(flag)
            case let number as Int: self = .int(number)
            case let number as Int64: self = .int(Int(number))
            case let number as Double: self = .double(number)
            case let text as String: self = .string(text)
            case let text as Substring: self = .string(String(text))
            case let items as [Any]: self = .array(try items.map(Value.init))
            case let fields as [String: Any]: self = .object(try fields.mapValues(Value.init))
            default:
                // An Optional inside Any: nil is null, a value is itself.
                let mirror = Mirror(reflecting: any)
                guard mirror.displayStyle == .optional else {
                    throw EncodingError.invalidValue(
                        any, .init(codingPath: [], debugDescription: "not a JSON value: \(type(of: any))"))
                }
                self = try mirror.children.first.map { try Value($0.value) } ?? .null
            }
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .null: try container.encodeNil()
            case .bool(let flag): try container.encode(flag)
            case .int(let number): try container.encode(number)
            case .double(let number): try container.encode(number)
            case .string(let text): try container.encode(text)
            case .array(let items): try container.encode(items)
            case .object(let fields): try container.encode(fields)
            }
        }

        var any: Any {
            switch self {
            case .null: JSONNull()
            case .bool(let flag): flag
            case .int(let number): number
            case .double(let number): number
            case .string(let text): text
            case .array(let items): items.map(\.any)
            case .object(let fields): fields.mapValues(\.any)
            }
        }
    }
}

/// A JSONEncoder whose pretty-printed empty arrays and objects read `[]` and `{}`: swift-foundation
/// writes them as `[`, a blank line and an indented `]`, in fedictl's output and its config alike.
public final class TidyJSONEncoder: JSONEncoder, @unchecked Sendable {
    public override func encode<T: Encodable>(_ value: T) throws -> Data {
        let data = try super.encode(value)
        return outputFormatting.contains(.prettyPrinted) ? Self.collapsingEmptyContainers(data) : data
    }

    /// `[` or `{`, then only line breaks and spaces, then its closer, becomes `[]` or `{}`. A raw line
    /// break never occurs inside a JSON string (it is escaped there), so an opener followed by one is
    /// always structure, never text.
    static func collapsingEmptyContainers(_ data: Data) -> Data {
        let bytes = [UInt8](data)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            out.append(byte)
            index += 1
            guard byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{"), index < bytes.count,
                bytes[index] == UInt8(ascii: "\n")
            else { continue }
            let closer = byte == UInt8(ascii: "[") ? UInt8(ascii: "]") : UInt8(ascii: "}")
            var end = index
            while end < bytes.count, bytes[end] == UInt8(ascii: "\n") || bytes[end] == UInt8(ascii: " ") { end += 1 }
            if end < bytes.count, bytes[end] == closer {
                out.append(closer)
                index = end + 1
            }
        }
        return Data(out)
    }
}

/// JSON's null in a tree read by `JSONText.object(from:)`.
public struct JSONNull: Hashable, Sendable {
    public init() {}
}
