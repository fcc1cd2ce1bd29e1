import FoundationEssentials

/// Dates as real servers send them: RFC 3339 with 0-9 fraction digits and Z or an offset,
/// date-only (`last_status_at`), or a UNIX epoch as a number or numeric string.
public enum FlexibleDate {
    /// RFC 3339 / ISO 8601 as servers send it (any fraction length, `Z` or an offset, or no zone
    /// meaning UTC; `T` or a space between date and time), a date alone, or epoch seconds (or
    /// milliseconds) as a string.
    public static func parse(_ text: String) -> Date? {
        let value = text.trimmed()
        if value.isEmpty { return nil }
        var utf8 = value
        if let date = utf8.withUTF8({ parseISO8601($0) }) { return date }
        if let seconds = Double(value), value.allSatisfy({ $0.isNumber || $0 == "." }) {
            return Date(timeIntervalSince1970: seconds > 100_000_000_000 ? seconds / 1000 : seconds)
        }
        return nil
    }

    /// `parse` of UTF-8 text: the usual RFC 3339 form is read in place, with no String made (a list
    /// reads a date or two per row); any other form as `parse` reads it.
    public static func parse(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        parseISO8601(bytes) ?? parse(String(decoding: bytes, as: UTF8.self))
    }

    /// RFC 3339 in UTC, with milliseconds only when the date has them. A date outside years 1 to
    /// 9999 (a server's garbage epoch, say `1e30`) has no such form: it is shown as its epoch seconds.
    public static func format(_ date: Date) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(24)
        append(date, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `format(date)` appended to `bytes` as UTF-8: a list writes a date or two per row.
    public static func append(_ date: Date, to bytes: inout [UInt8]) {
        guard (-62_135_596_800.0..<253_402_300_800.0).contains(date.timeIntervalSince1970) else {
            return bytes.append(contentsOf: String(date.timeIntervalSince1970).utf8)
        }
        var seconds = date.timeIntervalSince1970.rounded(.down)
        var millis = Int(((date.timeIntervalSince1970 - seconds) * 1000).rounded())
        if millis == 1000 { (seconds, millis) = (seconds + 1, 0) }
        let whole = Int(seconds)
        let (days, secondOfDay) = (whole.floorDiv(86_400), whole.floorMod(86_400))
        let (year, month, day) = civil(fromDays: days)
        // Written digit by digit, no String in between.
        func digits(_ value: Int, _ width: Int) {
            var divisor = 1
            for _ in 1..<width { divisor *= 10 }
            while divisor > 0 {
                bytes.append(UInt8(ascii: "0") + UInt8(value / divisor % 10))
                divisor /= 10
            }
        }
        digits(year, 4)
        bytes.append(UInt8(ascii: "-"))
        digits(month, 2)
        bytes.append(UInt8(ascii: "-"))
        digits(day, 2)
        bytes.append(UInt8(ascii: "T"))
        digits(secondOfDay / 3600, 2)
        bytes.append(UInt8(ascii: ":"))
        digits(secondOfDay / 60 % 60, 2)
        bytes.append(UInt8(ascii: ":"))
        digits(secondOfDay % 60, 2)
        if millis != 0 {
            bytes.append(UInt8(ascii: "."))
            digits(millis, 3)
        }
        bytes.append(UInt8(ascii: "Z"))
    }

    // Parsed and formatted by hand, measured against Foundation's Date.ISO8601FormatStyle (bench/micro,
    // bench/README.md "Parsers"): 3.3x faster over 200,000 dates, and the first date of a process in
    // 25 µs against 709 µs, which a short command pays every run.

    /// `YYYY-MM-DD`, optionally `T`/space `hh:mm:ss`, a fraction, and `Z`, `±hh:mm` or `±hhmm`.
    static func parseISO8601(_ bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        var index = 0
        func number(_ count: Int) -> Int? {
            guard index + count <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[index..<index + count] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            index += count
            return value
        }
        func skip(_ characters: String) -> Bool {
            guard index < bytes.count, characters.utf8.contains(bytes[index]) else { return false }
            index += 1
            return true
        }
        guard let year = number(4), skip("-"), let month = number(2), skip("-"), let day = number(2),
            (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day)
        else { return nil }
        var seconds = Double(days(fromYear: year, month: month, day: day)) * 86_400
        if index == bytes.count { return Date(timeIntervalSince1970: seconds) }
        guard skip("Tt "), let hour = number(2), skip(":"), let minute = number(2), skip(":"), let second = number(2),
            hour < 24, minute < 60, second <= 60
        else { return nil }
        seconds += Double(hour * 3600 + minute * 60 + second)
        if skip(".,") {
            let start = index
            var fraction = 0.0
            var scale = 1.0
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
                if index - start < 9 {
                    fraction = fraction * 10 + Double(bytes[index] - UInt8(ascii: "0"))
                    scale *= 10
                }
                index += 1
            }
            guard index > start else { return nil }
            seconds += fraction / scale
        }
        if index == bytes.count || skip("Zz") {
            // no zone: servers mean UTC
        } else if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
            let sign = bytes[index] == UInt8(ascii: "-") ? -1.0 : 1.0
            index += 1
            guard let hours = number(2) else { return nil }
            _ = skip(":")
            guard let minutes = number(2), hours < 24, minutes < 60 else { return nil }
            seconds -= sign * Double(hours * 3600 + minutes * 60)
        }
        guard index == bytes.count else { return nil }
        return Date(timeIntervalSince1970: seconds)
    }

    static func daysIn(month: Int, year: Int) -> Int {
        if month == 2 { return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28 }
        return [4, 6, 9, 11].contains(month) ? 30 : 31
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's `days_from_civil`).
    static func days(fromYear year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = y.floorDiv(400)
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * ((month + 9) % 12) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The inverse of `days(fromYear:month:day:)` (`civil_from_days`).
    static func civil(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
        let shifted = days + 719_468
        let era = shifted.floorDiv(146_097)
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

}

extension Int {
    fileprivate func floorDiv(_ divisor: Int) -> Int { (self >= 0 ? self : self - divisor + 1) / divisor }
    fileprivate func floorMod(_ divisor: Int) -> Int { self - floorDiv(divisor) * divisor }
}

public enum JSONCoding {
    /// One line naming where and why a value could not be written as JSON.
    public static func describe(_ error: any Error) -> String {
        guard case EncodingError.invalidValue(_, let context) = error else { return "\(error)" }
        let keys: [String] = context.codingPath.map { key in key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)" }
        let path = String(keys.joined().drop(while: { $0 == "." }))
        let reason = context.debugDescription.split(separator: "\n").first.map(String.init) ?? "invalid value"
        return path.isEmpty ? reason : "\(path): \(reason)"
    }

    /// A `JSONTapeDecoder`, which reads dates as the strategy below does; JSONDecoder, with that
    /// strategy, reads what the tape refuses.
    public static func decoder() -> JSONDecoder {
        configured(JSONTapeDecoder())
    }

    /// swift-foundation's JSONDecoder with the same date strategy: what the tape decoder must agree with.
    static func foundationDecoder() -> JSONDecoder {
        configured(JSONDecoder())
    }

    private static func configured(_ decoder: JSONDecoder) -> JSONDecoder {
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
        let encoder = TidyJSONEncoder()
        encoder.outputFormatting =
            pretty ? [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
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

    /// Counters sent as numbers or as strings ("12"). A number beyond Int's range or with a
    /// fraction (a hostile or broken server's `1e19`, `12.5`) is absent, never a trap.
    public func lenientInt(_ key: Key) -> Int? {
        if let number = try? decodeIfPresent(Int.self, forKey: key) { return number }
        if let number = try? decodeIfPresent(Double.self, forKey: key) { return Int(exactly: number) }
        if let text = try? decodeIfPresent(String.self, forKey: key) { return Int(text.trimmed()) }
        return nil
    }

    public func lenientBool(_ key: Key) -> Bool? {
        if let flag = try? decodeIfPresent(Bool.self, forKey: key) { return flag }
        if let number = try? decodeIfPresent(Int.self, forKey: key) { return number != 0 }
        if let text = try? decodeIfPresent(String.self, forKey: key) { return LenientBool.parse(text) }
        return nil
    }

    public func lenientDate(_ key: Key) -> Date? {
        // The usual form first: a failed attempt costs a thrown error, per row of a long list.
        if let text = try? decodeIfPresent(String.self, forKey: key) { return FlexibleDate.parse(text) }
        if let number = try? decodeIfPresent(Double.self, forKey: key) { return Date(timeIntervalSince1970: number) }
        return nil
    }

    /// A list in which one bad element must not sink the rest.
    public func lenientArray<T: Decodable>(_ type: T.Type, _ key: Key) -> [T] {
        guard var container = try? nestedUnkeyedContainer(forKey: key) else { return [] }
        var items: [T] = []
        while !container.isAtEnd {
            if let item = try? container.decode(T.self) {
                items.append(item)
            } else {
                _ = try? container.decode(AnyDecodable.self)
            }
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
public protocol OpenEnum: RawRepresentable, Codable, Hashable, Sendable, CustomStringConvertible,
    ExpressibleByStringLiteral
where RawValue == String {
    init(rawValue: String)
    static var knownValues: [Self] { get }
}

extension OpenEnum {
    public init(stringLiteral value: String) { self.init(rawValue: value) }
    public init(from decoder: Decoder) throws {
        self.init(rawValue: try decoder.singleValueContainer().decode(String.self))
    }
    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
    public var description: String { rawValue }
    public var isKnown: Bool { Self.knownValues.contains(self) }
}

/// A flag sent as a string (`"true"`, `"t"`, `"1"`, `"yes"` and their opposites, any case).
enum LenientBool {
    static func parse(_ text: String) -> Bool? {
        switch text.lowercased() {
        case "true", "t", "1", "yes": true
        case "false", "f", "0", "no": false
        default: nil
        }
    }
}

/// What a model reads from one JSON object: the lenient reads above, by key. The models decoded
/// on every row of a long list read through it, so `JSONTapeDecoder` serves them straight from
/// its tape; every other decoder serves them through its keyed container, with the same results.
protocol FieldReading {
    var codingPath: [any CodingKey] { get }
    func lenientString(_ key: AnyKey) -> String?
    func lenientInt(_ key: AnyKey) -> Int?
    func lenientBool(_ key: AnyKey) -> Bool?
    func lenientDate(_ key: AnyKey) -> Date?
    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: AnyKey) throws -> T?
    /// The object under `key`, read the same way; nil when it is absent, null or not an object.
    func fields(of key: AnyKey) -> Self?
}

extension KeyedDecodingContainer: FieldReading where K == AnyKey {
    func fields(of key: AnyKey) -> Self? { try? nestedContainer(keyedBy: AnyKey.self, forKey: key) }
}

extension FieldReading {
    /// Free text where "" means absent.
    func text(_ key: AnyKey) -> String? {
        guard let text = lenientString(key), !text.isEmpty else { return nil }
        return text
    }

    /// The `FieldDecodable` object under `key`: nil when it is absent, null, not an object, or
    /// unreadable as `T` (as `try? decodeIfPresent(T.self, forKey: key)`, without a decoder in between).
    func nested<T: FieldDecodable>(_ type: T.Type, forKey key: AnyKey) -> T? {
        fields(of: key).flatMap { try? T(fields: $0) }
    }

    /// The object's `id` (a string or a number). Without one the object is of no use: a decoding
    /// error naming `what`.
    func requiredID(of what: String) throws -> String {
        guard let id = lenientString("id") else {
            throw DecodingError.keyNotFound(
                AnyKey("id"), .init(codingPath: codingPath, debugDescription: "\(what) without id"))
        }
        return id
    }
}

/// A model read through `FieldReading`: its `init(from:)` calls `init(readingFieldsOf:)`.
protocol FieldDecodable: Decodable {
    init<Fields: FieldReading>(fields: Fields) throws
}
