import Foundation

/// Durations as people type them: `30m`, `12h`, `1d`, `2w`, `45s`, combined as `1h30m`, or plain
/// seconds (`3600`). Used by `--expires-in` (IP blocks) and by filters and mutes.
public enum DurationText {
    static let units: [Character: Int] = ["s": 1, "m": 60, "h": 3600, "d": 86400, "w": 604_800]

    /// The number of seconds, or nil when `text` is not a duration.
    public static func seconds(_ text: String) -> Int? {
        let value = text.trimmingCharacters(in: .whitespaces).lowercased()
        guard !value.isEmpty else { return nil }
        if let plain = Int(value) { return plain >= 0 ? plain : nil }
        var total = 0
        var digits = ""
        var lastUnit = Int.max
        for character in value {
            if character.isASCII, character.isNumber {
                digits.append(character)
            } else if let unit = units[character], let number = Int(digits) {
                // Largest unit first, each once: "1h30m", not "30m1h" or "1h1h".
                guard unit < lastUnit else { return nil }
                let (product, overflow1) = number.multipliedReportingOverflow(by: unit)
                let (sum, overflow2) = total.addingReportingOverflow(product)
                guard !overflow1, !overflow2 else { return nil }
                total = sum
                lastUnit = unit
                digits = ""
            } else {
                return nil
            }
        }
        return digits.isEmpty ? total : nil
    }

    /// The number of seconds, or a usage error (exit 64) naming the option.
    public static func parse(_ text: String, option: String = "duration") throws -> Int {
        guard let seconds = seconds(text) else {
            throw FediError(.usage, "\(option): '\(text)' is not a duration",
                            hint: "write it as a number and a unit: 30m, 12h, 1d, 2w (or 1h30m, or plain seconds)")
        }
        return seconds
    }

    /// Seconds as the shortest text that reads back to them: 5400 → "1h30m", 0 → "0s".
    public static func format(_ seconds: Int) -> String {
        guard seconds > 0 else { return "0s" }
        var rest = seconds
        var text = ""
        for (unit, size) in units.sorted(by: { $0.value > $1.value }) where rest >= size {
            text += "\(rest / size)\(unit)"
            rest %= size
        }
        return text
    }
}
