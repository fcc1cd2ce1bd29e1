import Foundation

/// Dates as real servers send them: RFC 3339 with 0-9 fraction digits and Z or an offset,
/// date-only (`last_status_at`), or a UNIX epoch as a number or numeric string.
public enum FlexibleDate {
    public static func parse(_ text: String) -> Date? {
        let value = text.trimmingCharacters(in: .whitespaces)
        if value.isEmpty { return nil }
        if let date = parseRFC3339(value) { return date }
        if value.count == 10, let date = parseDateOnly(value) { return date }
        if let seconds = Double(value), value.allSatisfy({ $0.isNumber || $0 == "." }) {
            return Date(timeIntervalSince1970: seconds > 100_000_000_000 ? seconds / 1000 : seconds)
        }
        return nil
    }

    static func parseRFC3339(_ value: String) -> Date? {
        // Split off the fraction ourselves: ISO8601DateFormatter accepts exactly 3 digits or none.
        var main = Substring(value)
        var fraction = 0.0
        if let dot = main.firstIndex(of: ".") {
            var end = main.index(after: dot)
            while end < main.endIndex, main[end].isNumber { end = main.index(after: end) }
            fraction = Double("0" + main[dot..<end]) ?? 0
            main = main[..<dot] + main[end...]
        }
        var text = String(main).replacingOccurrences(of: " ", with: "T")
        if text.count == 19 { text += "Z" }  // no zone: servers mean UTC
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        guard let date = formatter.date(from: text) else { return nil }
        return date.addingTimeInterval(fraction)
    }

    static func parseDateOnly(_ value: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate]
        return formatter.date(from: value)
    }

    /// RFC 3339 in UTC, with milliseconds only when the date has them.
    public static func format(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        let hasFraction = date.timeIntervalSince1970.truncatingRemainder(dividingBy: 1) != 0
        formatter.formatOptions = hasFraction ? [.withInternetDateTime, .withFractionalSeconds] : [.withInternetDateTime]
        return formatter.string(from: date)
    }
}

public enum JSONCoding {
    public static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            if let number = try? container.decode(Double.self) {
                return Date(timeIntervalSince1970: number > 100_000_000_000 ? number / 1000 : number)
            }
            let text = try container.decode(String.self)
            guard let date = FlexibleDate.parse(text) else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a date: \(text)")
            }
            return date
        }
        return decoder
    }

    public static func encoder(pretty: Bool = true) -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = pretty ? [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(FlexibleDate.format(date))
        }
        return encoder
    }
}

/// Lenient reads for fields whose type drifts between servers and versions.
extension KeyedDecodingContainer {
    /// Ids and other opaque strings: accept a number too.
    public func lenientString(_ key: Key) -> String? {
        if let text = try? decodeIfPresent(String.self, forKey: key) { return text }
        if let number = try? decodeIfPresent(Int64.self, forKey: key) { return String(number) }
        if let number = try? decodeIfPresent(Double.self, forKey: key) { return String(number) }
        return nil
    }

    /// Free text where "" means absent (GoToSocial, Mastodon comments).
    public func optionalText(_ key: Key) -> String? {
        guard let text = lenientString(key), !text.isEmpty else { return nil }
        return text
    }

    /// Counters sent as numbers or as strings ("12").
    public func lenientInt(_ key: Key) -> Int? {
        if let number = try? decodeIfPresent(Int.self, forKey: key) { return number }
        if let number = try? decodeIfPresent(Double.self, forKey: key) { return Int(number) }
        if let text = try? decodeIfPresent(String.self, forKey: key) { return Int(text.trimmingCharacters(in: .whitespaces)) }
        return nil
    }

    public func lenientBool(_ key: Key) -> Bool? {
        if let flag = try? decodeIfPresent(Bool.self, forKey: key) { return flag }
        if let number = try? decodeIfPresent(Int.self, forKey: key) { return number != 0 }
        if let text = try? decodeIfPresent(String.self, forKey: key) {
            switch text.lowercased() { case "true", "t", "1", "yes": return true
            case "false", "f", "0", "no": return false
            default: return nil }
        }
        return nil
    }

    public func lenientDate(_ key: Key) -> Date? {
        if let number = try? decodeIfPresent(Double.self, forKey: key) { return Date(timeIntervalSince1970: number) }
        guard let text = try? decodeIfPresent(String.self, forKey: key) else { return nil }
        return FlexibleDate.parse(text)
    }

    /// A list in which one bad element must not sink the rest.
    public func lenientArray<T: Decodable>(_ type: T.Type, _ key: Key) -> [T] {
        guard var container = try? nestedUnkeyedContainer(forKey: key) else { return [] }
        var items: [T] = []
        while !container.isAtEnd {
            if let item = try? container.decode(T.self) { items.append(item) } else { _ = try? container.decode(AnyDecodable.self) }
        }
        return items
    }
}

/// Consumes any JSON value (used to skip an element that does not decode).
public struct AnyDecodable: Decodable {
    public init(from decoder: Decoder) throws {}
}

/// A string-valued enumeration that keeps values it does not know (a newer server's), instead of
/// failing the whole decode. Known values are static members of the conforming type.
public protocol OpenEnum: RawRepresentable, Codable, Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral where RawValue == String {
    init(rawValue: String)
    static var knownValues: [Self] { get }
}

extension OpenEnum {
    public init(stringLiteral value: String) { self.init(rawValue: value) }
    public init(from decoder: Decoder) throws { self.init(rawValue: try decoder.singleValueContainer().decode(String.self)) }
    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
    public var description: String { rawValue }
    public var isKnown: Bool { Self.knownValues.contains(self) }
}
