import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// fedictl's JSON decoder (`JSONCoding.decoder()`): models are decoded from a `JSONTape` instead of
/// swift-foundation's JSONDecoder, which builds a dictionary of every object's keys, with a String
/// for each, before the first lookup: on a long list that was most of fedictl's CPU.
///
/// It decodes as JSONDecoder with fedictl's date strategy does, and whenever it cannot (a body the
/// tape refuses, or a model that throws), JSONDecoder decodes the body instead: a malformed or
/// hostile answer gets JSONDecoder's result and error, word for word, at no cost to the good ones.
public final class JSONTapeDecoder: JSONDecoder, @unchecked Sendable {
    public override func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        if let value = Self.decodeFromTape(type, from: data) { return value }
        return try super.decode(type, from: data)
    }

    /// The value read from the tape alone; nil when the tape refuses the body or the model throws.
    static func decodeFromTape<T: Decodable>(_ type: T.Type, from data: Data) -> T? {
        guard let tape = JSONTape(data) else { return nil }
        return tape.withView { try? TapeDecoding(tape: $0, codingPath: []).decode(type, at: 0) }
    }
}

/// Decodes values from one tape: the state the containers share, for the length of one decode.
private struct TapeDecoding {
    let tape: JSONTape.View
    let codingPath: [any CodingKey]

    func node(_ index: Int) -> JSONTape.Node { tape.nodes[index] }

    func path(_ key: some CodingKey) -> [any CodingKey] { codingPath + [key] }

    func mismatch(_ type: Any.Type, _ index: Int, _ codingPath: @autoclosure () -> [any CodingKey]) -> DecodingError {
        let node = node(index)
        if node.kind == .null {
            return .valueNotFound(
                type,
                .init(
                    codingPath: codingPath(),
                    debugDescription: "Cannot get value of type \(type) -- found null value instead"))
        }
        return .typeMismatch(
            type,
            .init(
                codingPath: codingPath(), debugDescription: "Expected to decode \(type) but found \(node.kind) instead."
            ))
    }

    func corrupted(_ text: String, _ codingPath: @autoclosure () -> [any CodingKey]) -> DecodingError {
        .dataCorrupted(.init(codingPath: codingPath(), debugDescription: text))
    }

    /// The value node of `object`'s first member named `name`: lengths compared first, then the
    /// first byte (most keys of one length differ there), then the rest, in one loop (the first of
    /// duplicate keys wins, as in JSONDecoder).
    func member(_ name: String, of object: Int) -> Int? {
        var name = name
        let bytes = tape.bytes
        return name.withUTF8 { name in
            tape.nodes.withUnsafeBufferPointer { nodes in
                var member = object + 1
                for _ in 0..<nodes[object].end {
                    let node = nodes[member]
                    if node.flag {
                        if tape.string(node) == String(decoding: name, as: UTF8.self) { return member + 1 }
                    } else if node.end - node.start == name.count,
                        name.isEmpty
                            || bytes[node.start] == name[0]
                                && memcmp(bytes.baseAddress! + node.start, name.baseAddress!, name.count) == 0
                    {
                        return member + 1
                    }
                    member = nodes[member + 1].next
                }
                return nil
            }
        }
    }

    // MARK: JSON's own types

    func string(at index: Int, _ codingPath: @autoclosure () -> [any CodingKey]) throws -> String {
        let node = node(index)
        guard node.kind == .string else { throw mismatch(String.self, index, codingPath()) }
        return tape.string(node)
    }

    func bool(at index: Int, _ codingPath: @autoclosure () -> [any CodingKey]) throws -> Bool {
        let node = node(index)
        guard node.kind == .bool else { throw mismatch(Bool.self, index, codingPath()) }
        return node.flag
    }

    /// An integer as JSONDecoder reads one: exactly, or from a number with a fraction or exponent
    /// that is whole and in range; anything else is an error, never a trap.
    func integer<T: FixedWidthInteger>(_ type: T.Type, at index: Int, _ codingPath: @autoclosure () -> [any CodingKey])
        throws -> T
    {
        let node = node(index)
        guard node.kind == .number else { throw mismatch(type, index, codingPath()) }
        if let whole = tape.int64(node), let value = T(exactly: whole) { return value }
        let text = tape.numberText(node)
        if !node.flag {
            if let value = T(text) { return value }  // beyond Int64: UInt64's upper half
        } else if let double = Double(text), double.isFinite, let value = T(exactly: double) {
            return value
        }
        throw corrupted("Number \(text) is not representable in Swift.", codingPath())
    }

    func double(at index: Int, _ codingPath: @autoclosure () -> [any CodingKey]) throws -> Double {
        let node = node(index)
        guard node.kind == .number else { throw mismatch(Double.self, index, codingPath()) }
        if let whole = tape.int64(node), whole.magnitude < 1 << 53 { return Double(whole) }
        return try floatingPoint(Double.self, node, codingPath())
    }

    func float(at index: Int, _ codingPath: @autoclosure () -> [any CodingKey]) throws -> Float {
        let node = node(index)
        guard node.kind == .number else { throw mismatch(Float.self, index, codingPath()) }
        return try floatingPoint(Float.self, node, codingPath())
    }

    /// As JSONDecoder reads one: a number that overflows to infinity, or underflows to zero from
    /// digits that are not all zero, is an error.
    func floatingPoint<T: BinaryFloatingPoint & LosslessStringConvertible>(
        _ type: T.Type, _ node: JSONTape.Node,
        _ codingPath: @autoclosure () -> [any CodingKey]
    ) throws -> T {
        let text = tape.numberText(node)
        guard let value = T(text), value.isFinite,
            !value.isZero
                || !text.prefix(while: { $0 != "e" && $0 != "E" }).contains(where: { ("1"..."9").contains($0) })
        else {
            throw corrupted("Number \(text) is not representable in Swift.", codingPath())
        }
        return value
    }

    /// fedictl's dates (`JSONCoding.decoder`'s strategy): epoch seconds (or milliseconds) as a
    /// number, or any form `FlexibleDate.parse` reads.
    func date(at index: Int, _ codingPath: @autoclosure () -> [any CodingKey]) throws -> Date {
        if node(index).kind == .number, let number = try? double(at: index, codingPath()) {
            return Date(timeIntervalSince1970: number > 100_000_000_000 ? number / 1000 : number)
        }
        if node(index).kind == .string, let date = tape.date(node(index)) { return date }
        let text = try string(at: index, codingPath())
        throw corrupted("not a date: \(text)", codingPath())
    }

    // MARK: Any Decodable

    /// The standard library's integer types besides `Int`, found by metatype: a cast to `any
    /// FixedWidthInteger.Type` looked the conformance up for each type decoded, a scan of the
    /// binary's conformance records on each type's first decode (a sixth of a millisecond of a
    /// cached `instance info`).
    private static let otherIntegerTypes: [any (FixedWidthInteger & SendableMetatype).Type] = [
        Int8.self, Int16.self, Int32.self, Int64.self, Int128.self, UInt.self, UInt8.self, UInt16.self, UInt32.self,
        UInt64.self, UInt128.self,
    ]

    func decode<T: Decodable>(_ type: T.Type, at index: Int) throws -> T {
        try decode(type, at: index, codingPath)
    }

    /// The types JSONDecoder reads itself (dates with fedictl's strategy, URLs and Data as
    /// strings), JSON's own, or the type's own `init(from:)` over a decoder at `index`.
    func decode<T: Decodable>(_ type: T.Type, at index: Int, _ codingPath: @autoclosure () -> [any CodingKey]) throws
        -> T
    {
        // Metatype comparisons, not casts: this runs for every nested value of a long list.
        if T.self == String.self { return unsafeBitCast(try string(at: index, codingPath()), to: T.self) }
        if T.self == Date.self { return unsafeBitCast(try date(at: index, codingPath()), to: T.self) }
        if T.self == Int.self { return unsafeBitCast(try integer(Int.self, at: index, codingPath()), to: T.self) }
        if T.self == Bool.self { return unsafeBitCast(try bool(at: index, codingPath()), to: T.self) }
        if T.self == Double.self { return unsafeBitCast(try double(at: index, codingPath()), to: T.self) }
        if T.self == Float.self { return unsafeBitCast(try float(at: index, codingPath()), to: T.self) }
        // The other integer types (their own init(from:) would ask this decoder for themselves again).
        if let integerType = Self.otherIntegerTypes.first(where: { ObjectIdentifier($0) == ObjectIdentifier(T.self) }) {
            return try integer(integerType, at: index, codingPath()) as! T
        }
        if T.self == URL.self {
            let text = try string(at: index, codingPath())
            guard let url = URL(string: text) else { throw corrupted("Invalid URL string.", codingPath()) }
            return url as! T
        }
        if T.self == Data.self {
            let text = try string(at: index, codingPath())
            guard let data = Data(base64Encoded: text) else {
                throw corrupted("Encountered Data is not valid Base64.", codingPath())
            }
            return data as! T
        }
        return try T(from: TapeDecoder(decoding: TapeDecoding(tape: tape, codingPath: codingPath()), index: index))
    }
}

extension FieldDecodable {
    /// Reads the object `decoder` is at: straight from the tape when `JSONTapeDecoder` decodes it,
    /// through its keyed container otherwise. (A cast to the one decoder type, not a conformance
    /// check on every type decoded: those scan the binary's conformance records, at start-up too.)
    init(readingFieldsOf decoder: Decoder) throws {
        if let tape = decoder as? TapeDecoder {
            try self.init(fields: try tape.fields())
        } else {
            try self.init(fields: try decoder.container(keyedBy: AnyKey.self))
        }
    }
}

/// An object's members read straight from the tape, for the models decoded on every row of a long
/// list (`FieldDecodable`): what `KeyedDecodingContainer<AnyKey>`'s lenient reads return over a
/// `TapeKeyedContainer`, one lookup each, without the protocol boxes, closures and thrown
/// mismatches in between.
private struct TapeFields: FieldReading {
    let decoding: TapeDecoding
    let object: Int
    /// The key of an object read through `fields(of:)`, which is not in `decoding`'s path: the
    /// path is made only if an error needs it.
    var key: AnyKey? = nil
    var codingPath: [any CodingKey] { key.map { decoding.codingPath + [$0] } ?? decoding.codingPath }

    /// The value of `key`, unless it is absent or null (for which every lenient read is nil).
    func present(_ key: AnyKey) -> Int? {
        guard let index = decoding.member(key.stringValue, of: object), decoding.node(index).kind != .null else {
            return nil
        }
        return index
    }

    func lenientString(_ key: AnyKey) -> String? {
        guard let index = present(key) else { return nil }
        let node = decoding.node(index)
        switch node.kind {
        case .string: return decoding.tape.string(node)
        case .number:
            if let number = try? decoding.integer(Int64.self, at: index, []) { return String(number) }
            return (try? decoding.double(at: index, [])).map { String($0) }
        default: return nil
        }
    }

    func lenientInt(_ key: AnyKey) -> Int? {
        guard let index = present(key) else { return nil }
        let node = decoding.node(index)
        switch node.kind {
        case .number:
            if let number = try? decoding.integer(Int.self, at: index, []) { return number }
            return (try? decoding.double(at: index, [])).flatMap { Int(exactly: $0) }
        case .string: return Int(decoding.tape.string(node).trimmed())
        default: return nil
        }
    }

    func lenientBool(_ key: AnyKey) -> Bool? {
        guard let index = present(key) else { return nil }
        let node = decoding.node(index)
        switch node.kind {
        case .bool: return node.flag
        case .number: return (try? decoding.integer(Int.self, at: index, [])).map { $0 != 0 }
        case .string: return LenientBool.parse(decoding.tape.string(node))
        default: return nil
        }
    }

    func lenientDate(_ key: AnyKey) -> Date? {
        guard let index = present(key) else { return nil }
        let node = decoding.node(index)
        switch node.kind {
        case .string: return decoding.tape.date(node)
        case .number: return (try? decoding.double(at: index, [])).map { Date(timeIntervalSince1970: $0) }
        default: return nil
        }
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: AnyKey) throws -> T? {
        guard let index = present(key) else { return nil }
        return try decoding.decode(type, at: index, codingPath + [key])
    }

    func fields(of key: AnyKey) -> TapeFields? {
        guard let index = present(key), decoding.node(index).kind == .object else { return nil }
        let decoding = self.key == nil ? decoding : TapeDecoding(tape: decoding.tape, codingPath: codingPath)
        return TapeFields(decoding: decoding, object: index, key: key)
    }
}

private struct TapeDecoder: Decoder {
    let decoding: TapeDecoding
    let index: Int
    var codingPath: [any CodingKey] { decoding.codingPath }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard decoding.node(index).kind == .object else {
            throw decoding.mismatch([String: Any].self, index, codingPath)
        }
        return KeyedDecodingContainer(TapeKeyedContainer<Key>(decoding: decoding, object: index))
    }

    /// The object's members for `FieldReading`, refused as `container(keyedBy:)` refuses a non-object.
    func fields() throws -> TapeFields {
        guard decoding.node(index).kind == .object else {
            throw decoding.mismatch([String: Any].self, index, codingPath)
        }
        return TapeFields(decoding: decoding, object: index)
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard decoding.node(index).kind == .array else { throw decoding.mismatch([Any].self, index, codingPath) }
        return TapeUnkeyedContainer(decoding: decoding, array: index)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        TapeSingleValue(decoding: decoding, index: index)
    }
}

/// An object's members, found by comparing key bytes in document order: the first of duplicate
/// keys wins, as in JSONDecoder.
private final class TapeKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoding: TapeDecoding
    let object: Int
    var codingPath: [any CodingKey] { decoding.codingPath }

    init(decoding: TapeDecoding, object: Int) {
        self.decoding = decoding
        self.object = object
    }

    var allKeys: [Key] {
        var keys: [Key] = []
        var seen = Set<String>()
        var member = object + 1
        for _ in 0..<decoding.node(object).end {
            let name = decoding.tape.string(decoding.node(member))
            if seen.insert(name).inserted, let key = Key(stringValue: name) { keys.append(key) }
            member = decoding.node(member + 1).next
        }
        return keys
    }

    func valueIndex(_ key: Key) -> Int? { decoding.member(key.stringValue, of: object) }

    func contains(_ key: Key) -> Bool { valueIndex(key) != nil }

    func require(_ key: Key) throws -> Int {
        guard let index = valueIndex(key) else {
            throw DecodingError.keyNotFound(
                key,
                .init(
                    codingPath: codingPath,
                    debugDescription: "No value associated with key \(key) (\"\(key.stringValue)\")."))
        }
        return index
    }

    func decodeNil(forKey key: Key) throws -> Bool { decoding.node(try require(key)).kind == .null }

    func decode(_ type: String.Type, forKey key: Key) throws -> String {
        try decoding.string(at: try require(key), decoding.path(key))
    }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
        try decoding.bool(at: try require(key), decoding.path(key))
    }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int {
        try decoding.integer(type, at: try require(key), decoding.path(key))
    }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 {
        try decoding.integer(type, at: try require(key), decoding.path(key))
    }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
        try decoding.double(at: try require(key), decoding.path(key))
    }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
        try decoding.float(at: try require(key), decoding.path(key))
    }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try decoding.decode(type, at: try require(key), decoding.path(key))
    }

    /// One lookup for a key that may be absent or null (the protocol's default makes three).
    func present(_ key: Key) -> Int? {
        guard let index = valueIndex(key), decoding.node(index).kind != .null else { return nil }
        return index
    }

    /// The value of a key that may be absent or null, read by `read`.
    func ifPresent<Value>(_ key: Key, _ read: (Int, () -> [any CodingKey]) throws -> Value) throws -> Value? {
        guard let index = present(key) else { return nil }
        return try read(index, { [decoding] in decoding.path(key) })
    }

    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
        try ifPresent(key) { try decoding.string(at: $0, $1()) }
    }
    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
        try ifPresent(key) { try decoding.bool(at: $0, $1()) }
    }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? {
        try ifPresent(key) { try decoding.integer(type, at: $0, $1()) }
    }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? {
        try ifPresent(key) { try decoding.integer(type, at: $0, $1()) }
    }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
        try ifPresent(key) { try decoding.double(at: $0, $1()) }
    }
    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? {
        try ifPresent(key) { try decoding.float(at: $0, $1()) }
    }
    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        try ifPresent(key) { try decoding.decode(type, at: $0, $1()) }
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        try TapeDecoder(
            decoding: TapeDecoding(tape: decoding.tape, codingPath: decoding.path(key)), index: try require(key)
        ).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try TapeDecoder(
            decoding: TapeDecoding(tape: decoding.tape, codingPath: decoding.path(key)), index: try require(key)
        ).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder { try superDecoder(forKey: Key(stringValue: "super")!) }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        TapeDecoder(
            decoding: TapeDecoding(tape: decoding.tape, codingPath: decoding.path(key)), index: try require(key))
    }
}

private struct TapeUnkeyedContainer: UnkeyedDecodingContainer {
    let decoding: TapeDecoding
    let array: Int
    /// The next element's node.
    var element: Int
    private(set) var currentIndex = 0
    var count: Int? { decoding.node(array).end }
    var isAtEnd: Bool { currentIndex >= decoding.node(array).end }
    var codingPath: [any CodingKey] { decoding.codingPath }

    init(decoding: TapeDecoding, array: Int) {
        self.decoding = decoding
        self.array = array
        element = array + 1
    }

    var elementPath: [any CodingKey] { decoding.codingPath + [TapeIndexKey(currentIndex)] }

    /// The next element, which the caller consumes with `advance()` once it decodes.
    func next(_ type: Any.Type) throws -> Int {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(
                type, .init(codingPath: elementPath, debugDescription: "Unkeyed container is at end."))
        }
        return element
    }

    mutating func advance() {
        element = decoding.node(element).next
        currentIndex += 1
    }

    mutating func decodeNil() throws -> Bool {
        guard decoding.node(try next(Never.self)).kind == .null else { return false }
        advance()
        return true
    }

    /// The next element read by `read`; the container moves on only when it succeeds, as
    /// JSONDecoder's does (a list skips a bad element by decoding it as something else).
    mutating func take<Value>(_ type: Value.Type, _ read: (Int, () -> [any CodingKey]) throws -> Value) throws -> Value
    {
        let path = { [decoding, currentIndex] in decoding.codingPath + [TapeIndexKey(currentIndex)] }
        let value = try read(try next(type), path)
        advance()
        return value
    }

    mutating func decode(_ type: String.Type) throws -> String {
        try take(type) { [decoding] in try decoding.string(at: $0, $1()) }
    }
    mutating func decode(_ type: Bool.Type) throws -> Bool {
        try take(type) { [decoding] in try decoding.bool(at: $0, $1()) }
    }
    mutating func decode(_ type: Int.Type) throws -> Int {
        try take(type) { [decoding] in try decoding.integer(type, at: $0, $1()) }
    }
    mutating func decode(_ type: Double.Type) throws -> Double {
        try take(type) { [decoding] in try decoding.double(at: $0, $1()) }
    }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try take(type) { [decoding] in try decoding.decode(type, at: $0, $1()) }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<
        NestedKey
    > {
        let container = try TapeDecoder(
            decoding: TapeDecoding(tape: decoding.tape, codingPath: elementPath), index: try next(type)
        )
        .container(keyedBy: type)
        advance()
        return container
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let container = try TapeDecoder(
            decoding: TapeDecoding(tape: decoding.tape, codingPath: elementPath), index: try next([Any].self)
        )
        .unkeyedContainer()
        advance()
        return container
    }

    mutating func superDecoder() throws -> any Decoder {
        let decoder = TapeDecoder(
            decoding: TapeDecoding(tape: decoding.tape, codingPath: elementPath), index: try next(Decoder.self))
        advance()
        return decoder
    }
}

private struct TapeSingleValue: SingleValueDecodingContainer {
    let decoding: TapeDecoding
    let index: Int
    var codingPath: [any CodingKey] { decoding.codingPath }

    func decodeNil() -> Bool { decoding.node(index).kind == .null }
    func decode(_ type: String.Type) throws -> String { try decoding.string(at: index, codingPath) }
    func decode(_ type: Bool.Type) throws -> Bool { try decoding.bool(at: index, codingPath) }
    func decode(_ type: Int.Type) throws -> Int { try decoding.integer(type, at: index, codingPath) }
    func decode(_ type: Int64.Type) throws -> Int64 { try decoding.integer(type, at: index, codingPath) }
    func decode(_ type: Double.Type) throws -> Double { try decoding.double(at: index, codingPath) }
    func decode(_ type: Float.Type) throws -> Float { try decoding.float(at: index, codingPath) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try decoding.decode(type, at: index, codingPath) }
}

/// An array element's place in a coding path, as JSONDecoder names it.
private struct TapeIndexKey: CodingKey {
    let intValue: Int?
    var stringValue: String { "Index \(intValue ?? 0)" }
    init(_ index: Int) { intValue = index }
    init?(stringValue: String) { nil }
    init?(intValue: Int) { self.intValue = intValue }
}
