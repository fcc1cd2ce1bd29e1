import FoundationEssentials

/// A duration as people type it: `30m`, `12h`, `1d`, `2w`, `45s`, combined largest unit first as
/// `1h30m`, or plain seconds (`3600`). Used by `--expires-in` (IP blocks, filters) and mute durations.
public struct DurationText: Sendable, Equatable, CustomStringConvertible {
    public let seconds: Int
    /// The smallest unit the text was written in, in seconds: `30d` → 86400, `1d12h` → 3600, `3600` → 1.
    /// Two runs of the same command that far apart mean the same moment.
    public private(set) var precision = 1

    static let units: [(Character, Int)] = [("w", 604_800), ("d", 86400), ("h", 3600), ("m", 60), ("s", 1)]

    public init(seconds: Int) {
        self.seconds = seconds
    }

    /// The longest duration taken: what fits the servers' 32-bit seconds fields (about 68 years).
    public static let maximum = Int(Int32.max)

    /// nil when `text` is not a duration, is zero or negative, or is longer than `maximum`.
    public init?(_ text: String) {
        let value = text.trimmed().lowercased()
        guard !value.isEmpty else { return nil }
        if value.allSatisfy({ $0.isASCII && $0.isNumber }) {
            guard let plain = Int(value), plain > 0, plain <= Self.maximum else { return nil }
            seconds = plain
            return
        }
        var total = 0
        var digits = ""
        var lastUnit = Int.max
        for character in value {
            if character.isASCII, character.isNumber {
                digits.append(character)
            } else if let unit = Self.units.first(where: { $0.0 == character })?.1, let number = Int(digits) {
                // Largest unit first, each once: "1h30m", not "30m1h" or "1h1h".
                guard unit < lastUnit else { return nil }
                let (product, overflow1) = number.multipliedReportingOverflow(by: unit)
                let (sum, overflow2) = total.addingReportingOverflow(product)
                guard !overflow1, !overflow2 else { return nil }
                total = sum
                lastUnit = unit
                precision = unit
                digits = ""
            } else {
                return nil
            }
        }
        guard digits.isEmpty, total > 0, total <= Self.maximum else { return nil }
        seconds = total
    }

    /// The duration, or a usage error (exit 64) naming the flag.
    public static func parse(_ text: String, flag: String = "duration") throws -> DurationText {
        guard let duration = DurationText(text) else {
            throw FediError(
                .usage, "\(flag) '\(text)' is not a length of time",
                hint: "use a number with a unit: 30m, 12h, 1d, 2w (or plain seconds, e.g. 3600)")
        }
        return duration
    }

    public var timeInterval: TimeInterval { TimeInterval(seconds) }

    /// The same length of time, however it was written.
    public static func == (lhs: DurationText, rhs: DurationText) -> Bool { lhs.seconds == rhs.seconds }

    /// The shortest text that reads back to the same seconds: 5400 → "1h30m", 0 → "0s".
    public var description: String { Self.format(seconds) }

    public static func format(_ seconds: Int) -> String {
        guard seconds > 0 else { return "0s" }
        var rest = seconds
        var text = ""
        for (unit, size) in units where rest >= size {
            text += "\(rest / size)\(unit)"
            rest %= size
        }
        return text
    }
}
