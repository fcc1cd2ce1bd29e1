import FoundationEssentials
import FediCore

/// fedictl's JSON for one row, written straight from its `Encodable` conformance: the bytes
/// `JSONCoding.encoder` would write (keys sorted by UTF-8, slashes unescaped, dates as
/// `FlexibleDate.format`, empty containers as `[]` and `{}`), with `--fields` applied to the top
/// level and server text made inert as `InertText.json` does (controls, bidi controls and line
/// separators as `\uXXXX` escapes). One pass instead of encode, parse, filter and encode again:
/// on a long list that round trip was most of fedictl's time.
struct JSONRowWriter {
    let pretty: Bool
    /// Top-level keys to keep; nil keeps all.
    let fields: Set<String>?

    /// `value` as JSON text; `indent` levels of two spaces before every line after the first
    /// (an element inside a pretty-printed array).
    func text<Value: Encodable>(_ value: Value, indent: Int = 0) throws -> String {
        let root = JSONNode.Slot()
        try value.encode(to: JSONNodeEncoder(slot: root, codingPath: []))
        var out = ""
        write(root.node ?? .object(JSONNode.Object()), depth: indent, topLevel: true, into: &out)
        return out
    }

    private func write(_ node: JSONNode, depth: Int, topLevel: Bool, into out: inout String) {
        switch node {
        case .literal(let text): out += text
        case .string(let text): Self.quote(text, into: &out)
        case .array(let array):
            let items = array.items.compactMap(\.node)
            if items.isEmpty { out += "[]"; return }
            out += "["
            for (index, item) in items.enumerated() {
                if index > 0 { out += "," }
                newline(depth + 1, &out)
                write(item, depth: depth + 1, topLevel: false, into: &out)
            }
            newline(depth, &out)
            out += "]"
        case .object(let object):
            var entries: [(key: String, node: JSONNode, order: Int)] = []
            entries.reserveCapacity(object.entries.count)
            for (order, entry) in object.entries.enumerated() {
                guard let node = entry.slot.node else { continue }
                if topLevel, let fields, !fields.contains(entry.key) { continue }
                entries.append((entry.key, node, order))
            }
            if entries.isEmpty { out += "{}"; return }
            entries.sort { a, b in
                if a.key.utf8.lexicographicallyPrecedes(b.key.utf8) { return true }
                if b.key.utf8.lexicographicallyPrecedes(a.key.utf8) { return false }
                return a.order < b.order
            }
            out += "{"
            var first = true
            for (index, entry) in entries.enumerated() {
                // A key encoded twice keeps its last value, as JSONEncoder's dictionary does.
                if index + 1 < entries.count, entries[index + 1].key.utf8.elementsEqual(entry.key.utf8) { continue }
                if !first { out += "," }
                first = false
                newline(depth + 1, &out)
                Self.quote(entry.key, into: &out)
                out += pretty ? " : " : ":"
                write(entry.node, depth: depth + 1, topLevel: false, into: &out)
            }
            newline(depth, &out)
            out += "}"
        }
    }

    private func newline(_ depth: Int, _ out: inout String) {
        guard pretty else { return }
        out += "\n"
        for _ in 0..<depth { out += "  " }
    }

    /// A JSON string: `"` and `\` escaped, C0 controls as JSONEncoder writes them, and the scalars
    /// `InertText` makes inert (DEL, C1 controls, bidi controls, U+2028/U+2029) as `\uXXXX`.
    static func quote(_ text: String, into out: inout String) {
        out += "\""
        let needsEscape = text.utf8.contains { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 >= 0x7F }
        guard needsEscape else { out += text; out += "\""; return }
        var plainStart = text.unicodeScalars.startIndex
        var index = plainStart
        let scalars = text.unicodeScalars
        while index < scalars.endIndex {
            let scalar = scalars[index]
            let escape: String? = switch scalar {
            case "\"": "\\\""
            case "\\": "\\\\"
            case "\n": "\\n"
            case "\r": "\\r"
            case "\t": "\\t"
            case "\u{08}": "\\b"
            case "\u{0C}": "\\f"
            case _ where InertText.isControl(scalar) || InertText.isBidiControl(scalar) || scalar.value == 0x2028 || scalar.value == 0x2029:
                hexEscape(scalar)
            default: nil
            }
            if let escape {
                out.unicodeScalars.append(contentsOf: scalars[plainStart..<index])
                out += escape
                plainStart = scalars.index(after: index)
            }
            index = scalars.index(after: index)
        }
        out.unicodeScalars.append(contentsOf: scalars[plainStart..<scalars.endIndex])
        out += "\""
    }

    static func hexEscape(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16)
        return "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}

/// The tree one row encodes to: small, and thrown away once written.
enum JSONNode {
    /// Number, `true`, `false` or `null`, as JSON text.
    case literal(String)
    case string(String)
    case array(Array)
    case object(Object)

    /// Where a value goes once encoded (a key's, an element's, or the root).
    final class Slot { var node: JSONNode? }
    final class Array { var items: [Slot] = [] }
    final class Object { var entries: [(key: String, slot: Slot)] = [] }
}

private struct JSONNodeEncoder: Encoder {
    let slot: JSONNode.Slot
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        let object: JSONNode.Object
        if case .object(let existing)? = slot.node { object = existing } else { object = JSONNode.Object(); slot.node = .object(object) }
        return KeyedEncodingContainer(JSONKeyedContainer<Key>(object: object, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        let array: JSONNode.Array
        if case .array(let existing)? = slot.node { array = existing } else { array = JSONNode.Array(); slot.node = .array(array) }
        return JSONUnkeyedContainer(array: array, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { JSONSingleValue(slot: slot, codingPath: codingPath) }
}

/// Encodes one value into `slot`: JSON's own types directly, dates as fedictl writes them,
/// anything else through its own `encode(to:)`.
/// (`codingPath` is made only when needed: most values never need it.)
private func encodeValue<T: Encodable>(_ value: T, into slot: JSONNode.Slot, codingPath: @autoclosure () -> [any CodingKey]) throws {
    switch value {
    case let text as String: slot.node = .string(text)
    case let flag as Bool: slot.node = .literal(flag ? "true" : "false")
    case let number as Int: slot.node = .literal(String(number))
    case let date as Date: slot.node = .string(FlexibleDate.format(date))
    case let number as Double: slot.node = .literal(try jsonNumber(number, codingPath))
    case let number as Float: slot.node = .literal(try jsonNumber(Double(number), codingPath))
    case let number as any BinaryInteger: slot.node = .literal(String(describing: number))
    default: try value.encode(to: JSONNodeEncoder(slot: slot, codingPath: codingPath()))
    }
}

/// A number as JSONEncoder writes it (`1` for `1.0`); JSON has no infinity or NaN.
private func jsonNumber(_ number: Double, _ codingPath: () -> [any CodingKey]) throws -> String {
    guard number.isFinite else {
        throw EncodingError.invalidValue(number, .init(codingPath: codingPath(), debugDescription: "\(number) is not valid JSON"))
    }
    var text = number.description
    if text.hasSuffix(".0") { text.removeLast(2) }
    return text
}

private struct JSONKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let object: JSONNode.Object
    let codingPath: [any CodingKey]

    private func slot(_ key: Key) -> JSONNode.Slot {
        let slot = JSONNode.Slot()
        object.entries.append((key.stringValue, slot))
        return slot
    }

    mutating func encodeNil(forKey key: Key) throws { slot(key).node = .literal("null") }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try encodeValue(value, into: slot(key), codingPath: codingPath + [key])
    }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        JSONNodeEncoder(slot: slot(key), codingPath: codingPath + [key]).container(keyedBy: keyType)
    }
    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        JSONNodeEncoder(slot: slot(key), codingPath: codingPath + [key]).unkeyedContainer()
    }
    mutating func superEncoder() -> any Encoder { JSONNodeEncoder(slot: slot(Key(stringValue: "super")!), codingPath: codingPath) }
    mutating func superEncoder(forKey key: Key) -> any Encoder { JSONNodeEncoder(slot: slot(key), codingPath: codingPath + [key]) }
}

private struct JSONUnkeyedContainer: UnkeyedEncodingContainer {
    let array: JSONNode.Array
    let codingPath: [any CodingKey]
    var count: Int { array.items.count }

    private func slot() -> JSONNode.Slot {
        let slot = JSONNode.Slot()
        array.items.append(slot)
        return slot
    }

    mutating func encodeNil() throws { slot().node = .literal("null") }
    mutating func encode<T: Encodable>(_ value: T) throws { try encodeValue(value, into: slot(), codingPath: codingPath) }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        JSONNodeEncoder(slot: slot(), codingPath: codingPath).container(keyedBy: keyType)
    }
    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { JSONNodeEncoder(slot: slot(), codingPath: codingPath).unkeyedContainer() }
    mutating func superEncoder() -> any Encoder { JSONNodeEncoder(slot: slot(), codingPath: codingPath) }
}

private struct JSONSingleValue: SingleValueEncodingContainer {
    let slot: JSONNode.Slot
    let codingPath: [any CodingKey]

    mutating func encodeNil() throws { slot.node = .literal("null") }
    mutating func encode<T: Encodable>(_ value: T) throws { try encodeValue(value, into: slot, codingPath: codingPath) }
}
