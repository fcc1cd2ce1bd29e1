import FoundationEssentials

/// Where a model's fields go, one by one and with their types known: the writing side of
/// `FieldReading`. A list's JSON writer takes a row's fields straight to bytes through it, without
/// `Encoder`'s boxes and generic calls (on a long list those were most of writing a row); every
/// other encoder gets them through its keyed container (`FieldEncodable.encode(to:)`).
public protocol FieldWriting {
    /// A string, or `null`.
    mutating func write(_ key: String, _ value: String?)
    /// `true`, `false` or `null`.
    mutating func write(_ key: String, _ value: Bool?)
    /// A date as `FlexibleDate.format` writes it, or `null`.
    mutating func write(_ key: String, _ value: Date?)
    /// A whole number, or `null`.
    mutating func write(_ key: String, _ value: Int?)
    /// An array of strings.
    mutating func write(_ key: String, _ value: [String])
}

/// A model written through `FieldWriting`; its `Encodable` conformance writes the same fields.
public protocol FieldEncodable: Encodable {
    func writeFields<Fields: FieldWriting>(into fields: inout Fields)
}

extension FieldEncodable {
    public func encode(to encoder: any Encoder) throws {
        var fields = KeyedFields(container: encoder.container(keyedBy: AnyKey.self))
        writeFields(into: &fields)
        if let error = fields.error { throw error }
    }
}

/// `FieldWriting` over any encoder: each field encoded for its key, as a synthesized
/// `encode(to:)` would, until one fails.
private struct KeyedFields: FieldWriting {
    var container: KeyedEncodingContainer<AnyKey>
    var error: (any Error)?

    private mutating func encode<Value: Encodable>(_ key: String, _ value: Value) {
        guard error == nil else { return }
        do { try container.encode(value, forKey: AnyKey(key)) } catch { self.error = error }
    }

    mutating func write(_ key: String, _ value: String?) { encode(key, value) }
    mutating func write(_ key: String, _ value: Bool?) { encode(key, value) }
    mutating func write(_ key: String, _ value: Date?) { encode(key, value) }
    mutating func write(_ key: String, _ value: Int?) { encode(key, value) }
    mutating func write(_ key: String, _ value: [String]) { encode(key, value) }
}
