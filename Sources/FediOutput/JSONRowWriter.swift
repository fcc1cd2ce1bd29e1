import FediCore
import FoundationEssentials

/// fedictl's JSON for one row, written straight from its `Encodable` conformance: the bytes
/// `JSONCoding.encoder` would write (keys sorted by UTF-8, slashes unescaped, dates as
/// `FlexibleDate.format`, empty containers as `[]` and `{}`), with `--fields` applied to the top
/// level and server text made inert as `InertText.json` does (controls, bidi controls and line
/// separators as `\uXXXX` escapes). One pass instead of encode, parse, filter and encode again:
/// on a long list that round trip was most of fedictl's time.
struct JSONRowWriter {
    let pretty: Bool
    /// Top-level keys to keep; nil keeps all. Searched by comparing strings: a few `--fields`
    /// are found faster than hashed, and the encoder asks for every key of every row.
    let fields: [String]?
    /// The rows of a list are of one type: their top-level keys come in the same order every time,
    /// so their sorted order is worked out once.
    private let topLevelOrder = KeyOrder()
    /// A row's field buffers, kept from one row to the next (see `FieldBytes.Buffers`).
    private let rowBuffers = FieldBytes.Buffers()

    init(pretty: Bool, fields: [String]?) {
        self.pretty = pretty
        self.fields = fields
    }

    /// `value` as JSON text; `indent` levels of two spaces before every line after the first
    /// (an element inside a pretty-printed array).
    func text<Value: Encodable>(_ value: Value, indent: Int = 0) throws -> String {
        var out: [UInt8] = []
        try write(value, indent: indent, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// A list's row, appended to `out` as UTF-8 (a list writes a page of rows into one buffer):
    /// straight from its fields when it has them (`FieldEncodable`), else as `write(_:indent:into:)`.
    /// Each key's bytes (comma, line break, indent, quoted key, colon) are made once for the list,
    /// not for every row: quoting a row's keys anew was a third of writing it.
    func write<Row: Tabular>(row: Row, indent: Int = 0, into out: inout [UInt8]) throws {
        // A list's rows come with the same keys: once they came in the order they are written (a
        // model that writes its fields sorted), a row goes into one buffer as it comes, heads and
        // values together. A row whose keys differ is written again the other way.
        if let expected = topLevelOrder.inOrder(depth: indent) {
            var fields = FieldBytes(writer: self, depth: indent + 1, reusing: rowBuffers, expecting: expected)
            defer { fields.giveBack(to: rowBuffers) }
            if row.writeJSONFields(into: &fields), fields.cameAsExpected {
                out.append(UInt8(ascii: "{"))
                out.append(contentsOf: fields.values)
                newline(indent, &out)
                out.append(UInt8(ascii: "}"))
                return
            }
        }
        var fields = FieldBytes(writer: self, depth: indent + 1, reusing: rowBuffers)
        guard row.writeJSONFields(into: &fields) else { return try write(row, indent: indent, into: &out) }
        defer { fields.giveBack(to: rowBuffers) }
        let layout = topLevelOrder.layout(of: fields.entries, fields: self.fields, depth: indent) {
            key, position, out in
            writeHead(key, position: position, depth: indent, into: &out)
        }
        guard !layout.order.isEmpty else { return out.append(contentsOf: "{}".utf8) }
        out.append(UInt8(ascii: "{"))
        for (position, index) in layout.order.enumerated() {
            layout.appendHead(position, to: &out)
            fields.values.withUnsafeBufferPointer { values in
                out.append(
                    contentsOf: UnsafeBufferPointer(
                        rebasing: values[fields.start(of: index)..<fields.entries[index].end]))
            }
        }
        newline(indent, &out)
        out.append(UInt8(ascii: "}"))
    }

    /// The same, appended to `out` as UTF-8: a list writes a page of rows into one buffer.
    func write<Value: Encodable>(_ value: Value, indent: Int = 0, into out: inout [UInt8]) throws {
        let root = JSONNode.Slot()
        // A top-level key `--fields` leaves out is not encoded at all: on a long list with a few
        // fields, encoding the rest was most of writing a row. (`KeyOrder` still applies `fields`:
        // a row that encodes through another value's encoder reaches the top level unfiltered.)
        try value.encode(to: JSONNodeEncoder(slot: root, codingPath: [], keeping: fields))
        write(root.node ?? .object(JSONNode.Object()), depth: indent, topLevel: true, into: &out)
    }

    private func write(_ node: JSONNode, depth: Int, topLevel: Bool, into out: inout [UInt8]) {
        switch node {
        case .literal(let text): out.append(contentsOf: text.utf8)
        case .string(let text): Self.quote(text, into: &out)
        case .slot(let slot): if let node = slot.node { write(node, depth: depth, topLevel: topLevel, into: &out) }
        case .array(let array):
            let items = array.items.filter(\.isPresent)
            writeArray(items.count, depth: depth, into: &out) { index, out in
                write(items[index], depth: depth + 1, topLevel: false, into: &out)
            }
        case .object(let object):
            let entries = object.entries
            let order =
                topLevel ? topLevelOrder.order(of: entries, fields: fields) : KeyOrder.sorted(entries, fields: nil)
            writeObject(entries, depth: depth, order: order, into: &out) { index, out in
                write(entries[index].node, depth: depth + 1, topLevel: false, into: &out)
            }
        }
    }

    /// An array of `count` elements, each written by `element`.
    func writeArray(_ count: Int, depth: Int, into out: inout [UInt8], element: (Int, inout [UInt8]) -> Void) {
        if count == 0 {
            out.append(contentsOf: "[]".utf8)
            return
        }
        out.append(UInt8(ascii: "["))
        for index in 0..<count {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            newline(depth + 1, &out)
            element(index, &out)
        }
        newline(depth, &out)
        out.append(UInt8(ascii: "]"))
    }

    /// An object of `entries` in `order`, each entry's value written by `value`.
    private func writeObject<Entry: KeyedEntry>(
        _ entries: [Entry], depth: Int, order: [Int], into out: inout [UInt8],
        value: (Int, inout [UInt8]) -> Void
    ) {
        if order.isEmpty {
            out.append(contentsOf: "{}".utf8)
            return
        }
        out.append(UInt8(ascii: "{"))
        for (position, index) in order.enumerated() {
            writeHead(entries[index].key, position: position, depth: depth, into: &out)
            value(index, &out)
        }
        newline(depth, &out)
        out.append(UInt8(ascii: "}"))
    }

    /// What goes before the value of an object's member at `position`: its comma, line break and
    /// indent, quoted key and colon.
    private func writeHead(_ key: String, position: Int, depth: Int, into out: inout [UInt8]) {
        if position > 0 { out.append(UInt8(ascii: ",")) }
        newline(depth + 1, &out)
        Self.quote(key, into: &out)
        out.append(contentsOf: (pretty ? " : " : ":").utf8)
    }

    func newline(_ depth: Int, _ out: inout [UInt8]) {
        guard pretty else { return }
        out.append(UInt8(ascii: "\n"))
        for _ in 0..<depth {
            out.append(UInt8(ascii: " "))
            out.append(UInt8(ascii: " "))
        }
    }

    /// A JSON string: `"` and `\` escaped, C0 controls as JSONEncoder writes them, and the scalars
    /// `InertText` makes inert (DEL, C1 controls, bidi controls, U+2028/U+2029) as `\uXXXX`.
    static func quote(_ text: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        defer { out.append(UInt8(ascii: "\"")) }
        // Most text needs no escape and is copied as it is: plain ASCII (found eight bytes at a
        // time), or other text without a quote, a backslash or a control.
        var bytes = text
        let copied = bytes.withUTF8 { bytes in
            guard
                PlainASCII.end(of: bytes, from: 0) == bytes.count
                    || !bytes.contains(where: { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") })
                        && !InertText.mayHoldControls(text)
            else { return false }
            out.append(contentsOf: bytes)
            return true
        }
        if copied { return }
        for scalar in text.unicodeScalars {
            let escape: String? =
                switch scalar {
                case "\"": "\\\""
                case "\\": "\\\\"
                case "\n": "\\n"
                case "\r": "\\r"
                case "\t": "\\t"
                case "\u{08}": "\\b"
                case "\u{0C}": "\\f"
                case _
                where InertText.isControl(scalar) || InertText.isBidiControl(scalar) || scalar.value == 0x2028
                    || scalar.value == 0x2029:
                    hexEscape(scalar)
                default: nil
                }
            if let escape { out.append(contentsOf: escape.utf8) } else { UTF8.encode(scalar) { out.append($0) } }
        }
    }

    static func hexEscape(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16)
        return "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}

/// The order an object's entries are written in: keys sorted by UTF-8 as JSONEncoder's
/// `.sortedKeys` does, `fields` kept, and of a key encoded twice its last value, as JSONEncoder's
/// dictionary keeps it. Remembers the last key sequence it was asked about, with its answer.
final class KeyOrder {
    /// The keys last asked about, when every one had a value (nil otherwise), and their order.
    private var keys: [String]?
    private var indices: [Int] = []
    /// The bytes before each value in that order, for one depth (nil: not made for these keys).
    private var layout: Layout?

    /// An object's keys in the order they are written, with what is written before each value.
    struct Layout {
        let depth: Int
        let order: [Int]
        /// The keys in `order`.
        var keys: [String] = []
        /// The bytes before the value at each position in `order`, one after the other.
        var heads: [UInt8] = []
        /// Where each position's bytes end in `heads` (they start where the one before ends).
        var headEnds: [Int] = []

        /// Whether the keys are written in the order they came: none left out, none twice.
        var keepsOrder: Bool { order.indices.elementsEqual(order) }

        func appendHead(_ position: Int, to out: inout [UInt8]) {
            heads.withUnsafeBufferPointer { heads in
                out.append(
                    contentsOf: UnsafeBufferPointer(
                        rebasing: heads[(position == 0 ? 0 : headEnds[position - 1])..<headEnds[position]]))
            }
        }
    }

    func order<Entry: KeyedEntry>(of entries: [Entry], fields: [String]?) -> [Int] {
        if let keys, entries.count == keys.count, zip(entries, keys).allSatisfy({ $0.key == $1 && $0.isPresent }) {
            return indices
        }
        indices = Self.sorted(entries, fields: fields)
        keys = entries.allSatisfy(\.isPresent) ? entries.map(\.key) : nil
        layout = nil
        return indices
    }

    /// `order(of:fields:)` with the bytes `head` writes before each value (given the key and its
    /// position), made again only when the keys or the depth change.
    func layout<Entry: KeyedEntry>(
        of entries: [Entry], fields: [String]?, depth: Int, head: (String, Int, inout [UInt8]) -> Void
    ) -> Layout {
        let order = order(of: entries, fields: fields)
        if let layout, layout.depth == depth { return layout }
        var made = Layout(depth: depth, order: order)
        for (position, index) in order.enumerated() {
            made.keys.append(entries[index].key)
            head(entries[index].key, position, &made.heads)
            made.headEnds.append(made.heads.count)
        }
        layout = made
        return made
    }

    /// The layout last made for `depth`, when the keys it was made for are written in the order
    /// they came (and there are some): a row with the same keys can be written as it comes.
    func inOrder(depth: Int) -> Layout? {
        guard let layout, layout.depth == depth, keys != nil, !layout.order.isEmpty, layout.keepsOrder else {
            return nil
        }
        return layout
    }

    static func sorted<Entry: KeyedEntry>(_ entries: [Entry], fields: [String]?) -> [Int] {
        var kept: [Int] = []
        kept.reserveCapacity(entries.count)
        for (index, entry) in entries.enumerated() where entry.isPresent {
            if let fields, !fields.contains(entry.key) { continue }
            kept.append(index)
        }
        kept.sort { a, b in
            if entries[a].key.utf8.lexicographicallyPrecedes(entries[b].key.utf8) { return true }
            if entries[b].key.utf8.lexicographicallyPrecedes(entries[a].key.utf8) { return false }
            return a < b
        }
        var unique: [Int] = []
        unique.reserveCapacity(kept.count)
        for (position, index) in kept.enumerated() {
            if position + 1 < kept.count, entries[kept[position + 1]].key.utf8.elementsEqual(entries[index].key.utf8) {
                continue
            }
            unique.append(index)
        }
        return unique
    }
}

/// An object's member as `KeyOrder` sees it.
protocol KeyedEntry {
    var key: String { get }
    /// Whether it is written (a value that encoded nothing is not).
    var isPresent: Bool { get }
}

/// The tree one row encodes to: small, and thrown away once written.
enum JSONNode {
    /// Number, `true`, `false` or `null`, as JSON text.
    case literal(String)
    case string(String)
    case array(Array)
    case object(Object)
    /// A value encoded through its own `encode(to:)`, which may leave it empty.
    case slot(Slot)

    /// Where a value goes once encoded (an element's, or the root).
    final class Slot { var node: JSONNode? }
    final class Array { var items: [JSONNode] = [] }
    final class Object {
        struct Entry: KeyedEntry {
            let key: String
            let node: JSONNode
            var isPresent: Bool { node.isPresent }
        }
        /// Room for a row's keys from the start: grown one by one, a row's array was six allocations.
        var entries: [Entry] = []
        init() { entries.reserveCapacity(24) }
    }

    /// Whether it is written: a slot whose value encoded nothing is not.
    var isPresent: Bool {
        if case .slot(let slot) = self { return slot.node?.isPresent ?? false }
        return true
    }
}

private struct JSONNodeEncoder: Encoder {
    let slot: JSONNode.Slot
    let codingPath: [any CodingKey]
    /// The keys its object keeps (the top level's `--fields`); nil keeps every key.
    var keeping: [String]? = nil
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        let object: JSONNode.Object
        if case .object(let existing)? = slot.node {
            object = existing
        } else {
            object = JSONNode.Object()
            slot.node = .object(object)
        }
        return KeyedEncodingContainer(JSONKeyedContainer<Key>(object: object, codingPath: codingPath, keeping: keeping))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        let array: JSONNode.Array
        if case .array(let existing)? = slot.node {
            array = existing
        } else {
            array = JSONNode.Array()
            slot.node = .array(array)
        }
        return JSONUnkeyedContainer(array: array, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        JSONSingleValue(slot: slot, codingPath: codingPath)
    }
}

/// One value's node: JSON's own types directly, dates as fedictl writes them, anything else
/// through its own `encode(to:)` into a slot.
/// (`codingPath` is made only when needed: most values never need it.)
private func encodedNode<T: Encodable>(_ value: T, codingPath: @autoclosure () -> [any CodingKey]) throws -> JSONNode {
    // The optionals rows are made of, by metatype rather than by cast: this runs for every field of every row.
    if T.self == String?.self { return unsafeBitCast(value, to: String?.self).map { .string($0) } ?? .literal("null") }
    if T.self == Bool?.self {
        return unsafeBitCast(value, to: Bool?.self).map { .literal($0 ? "true" : "false") } ?? .literal("null")
    }
    if T.self == Date?.self {
        return unsafeBitCast(value, to: Date?.self).map { .string(FlexibleDate.format($0)) } ?? .literal("null")
    }
    if T.self == Int?.self {
        return unsafeBitCast(value, to: Int?.self).map { .literal(String($0)) } ?? .literal("null")
    }
    switch value {
    case let text as String: return .string(text)
    case let flag as Bool: return .literal(flag ? "true" : "false")
    case let number as Int: return .literal(String(number))
    case let date as Date: return .string(FlexibleDate.format(date))
    case let number as Double: return .literal(try jsonNumber(number, codingPath))
    case let number as Float: return .literal(try jsonNumber(Double(number), codingPath))
    case let number as any BinaryInteger: return .literal(String(describing: number))
    default:
        let slot = JSONNode.Slot()
        try value.encode(to: JSONNodeEncoder(slot: slot, codingPath: codingPath()))
        return .slot(slot)
    }
}

/// A number as JSONEncoder writes it (`1` for `1.0`); JSON has no infinity or NaN.
private func jsonNumber(_ number: Double, _ codingPath: () -> [any CodingKey]) throws -> String {
    guard number.isFinite else {
        throw EncodingError.invalidValue(
            number, .init(codingPath: codingPath(), debugDescription: "\(number) is not valid JSON"))
    }
    var text = number.description
    if text.hasSuffix(".0") { text.removeLast(2) }
    return text
}

private struct JSONKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let object: JSONNode.Object
    let codingPath: [any CodingKey]
    let keeping: [String]?

    /// Whether `key`'s value is written (the writer leaves the others out anyway).
    private func keeps(_ key: Key) -> Bool { keeping?.contains(key.stringValue) ?? true }

    /// Where a kept key's value goes; the value of a key left out is encoded into a slot never written.
    private func slot(_ key: Key) -> JSONNode.Slot {
        let slot = JSONNode.Slot()
        if keeps(key) { object.entries.append(.init(key: key.stringValue, node: .slot(slot))) }
        return slot
    }

    mutating func encodeNil(forKey key: Key) throws {
        if keeps(key) { object.entries.append(.init(key: key.stringValue, node: .literal("null"))) }
    }
    mutating func encode(_ value: String, forKey key: Key) throws {
        if keeps(key) { object.entries.append(.init(key: key.stringValue, node: .string(value))) }
    }
    mutating func encode(_ value: Bool, forKey key: Key) throws {
        if keeps(key) { object.entries.append(.init(key: key.stringValue, node: .literal(value ? "true" : "false"))) }
    }
    mutating func encode(_ value: Int, forKey key: Key) throws {
        if keeps(key) { object.entries.append(.init(key: key.stringValue, node: .literal(String(value)))) }
    }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        guard keeps(key) else { return }
        let node = try encodedNode(value, codingPath: codingPath + [key])
        object.entries.append(.init(key: key.stringValue, node: node))
    }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
        -> KeyedEncodingContainer<NestedKey>
    {
        JSONNodeEncoder(slot: slot(key), codingPath: codingPath + [key]).container(keyedBy: keyType)
    }
    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        JSONNodeEncoder(slot: slot(key), codingPath: codingPath + [key]).unkeyedContainer()
    }
    mutating func superEncoder() -> any Encoder {
        JSONNodeEncoder(slot: slot(Key(stringValue: "super")!), codingPath: codingPath)
    }
    mutating func superEncoder(forKey key: Key) -> any Encoder {
        JSONNodeEncoder(slot: slot(key), codingPath: codingPath + [key])
    }
}

private struct JSONUnkeyedContainer: UnkeyedEncodingContainer {
    let array: JSONNode.Array
    let codingPath: [any CodingKey]
    var count: Int { array.items.count }

    private func slot() -> JSONNode.Slot {
        let slot = JSONNode.Slot()
        array.items.append(.slot(slot))
        return slot
    }

    mutating func encodeNil() throws { array.items.append(.literal("null")) }
    mutating func encode<T: Encodable>(_ value: T) throws {
        array.items.append(try encodedNode(value, codingPath: codingPath))
    }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<
        NestedKey
    > {
        JSONNodeEncoder(slot: slot(), codingPath: codingPath).container(keyedBy: keyType)
    }
    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        JSONNodeEncoder(slot: slot(), codingPath: codingPath).unkeyedContainer()
    }
    mutating func superEncoder() -> any Encoder { JSONNodeEncoder(slot: slot(), codingPath: codingPath) }
}

private struct JSONSingleValue: SingleValueEncodingContainer {
    let slot: JSONNode.Slot
    let codingPath: [any CodingKey]

    mutating func encodeNil() throws { slot.node = .literal("null") }
    mutating func encode<T: Encodable>(_ value: T) throws { slot.node = try encodedNode(value, codingPath: codingPath) }
}
