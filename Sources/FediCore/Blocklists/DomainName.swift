/// A domain name as servers store it, checked by the DNS rules before fedictl sends it anywhere:
/// labels of letters, digits and hyphens, 1 to 63 characters, not starting or ending with a hyphen;
/// the whole name at most 253 characters; an internationalised name (IDN) as its punycode form
/// (`bücher.example` is `xn--bcher-kva.example`), so both spellings of one domain are one domain.
/// The one check every verb taking a domain and the blocklist reader use.
public enum DomainName {
    public static let maxLength = 253
    public static let maxLabelLength = 63

    /// Why a name is not a domain, in words that follow "'x' is not a domain: ".
    public struct Problem: Error, Equatable, CustomStringConvertible {
        public var description: String
        public init(_ description: String) { self.description = description }
    }

    /// `text` lower-cased, without surrounding space or trailing dots, IDN labels in punycode. With
    /// `wildcard`, a leading `*.` is kept (Pleroma's subdomain wildcard); a `*` anywhere else is refused.
    public static func canonical(_ text: String, wildcard: Bool = false) throws(Problem) -> String {
        // Long input is refused before any work on it (a fuzzed file once held a 10 MB "domain"):
        // no name, even in Unicode with space around it, takes 4 KiB.
        guard text.utf8.count <= 4096 else { throw Problem("it is longer than \(maxLength) characters") }
        var name = folded(text)
        guard !name.isEmpty else { throw Problem("it is empty") }
        var prefix = ""
        if wildcard, name.hasPrefix("*.") {
            prefix = "*."
            name.removeFirst(2)
        }
        if name.contains("*") {
            throw Problem(
                wildcard ? "a wildcard is only allowed as a leading *." : "a wildcard (*) names no single domain")
        }
        var labels: [String] = []
        for label in name.split(separator: ".", omittingEmptySubsequences: false) {
            labels.append(try canonicalLabel(String(label)))
        }
        let result = labels.joined(separator: ".")
        guard result.count + prefix.count <= maxLength else {
            throw Problem("it is \(result.count + prefix.count) characters long, more than \(maxLength)")
        }
        return prefix + result
    }

    /// For comparing names: the canonical form when `text` is a domain, else `text` folded the same
    /// way (lower-cased, trimmed, no trailing dot), so a server's odd entry still matches itself.
    public static func normalise(_ text: String) -> String {
        (try? canonical(text, wildcard: true)) ?? folded(text)
    }

    /// Up to 80 characters of `text` for a message (a bad name can be megabytes long).
    public static func shown(_ text: String) -> String {
        text.count <= 80 ? text : String(text.prefix(79)) + "…"
    }

    static func folded(_ text: String) -> String {
        var value = text.trimmed().lowercased()
        // IDNA's other full stops (ideographic, full-width, half-width) separate labels too.
        if value.unicodeScalars.contains(where: { [0x3002, 0xFF0E, 0xFF61].contains($0.value) }) {
            value = String(
                String.UnicodeScalarView(
                    value.unicodeScalars.map { [0x3002, 0xFF0E, 0xFF61].contains($0.value) ? "." : $0 }))
        }
        while value.hasSuffix(".") { value.removeLast() }
        return value
    }

    static func canonicalLabel(_ label: String) throws(Problem) -> String {
        guard !label.isEmpty else { throw Problem("it has an empty label (two dots in a row, or a leading dot)") }
        let ascii: String
        if label.utf8.allSatisfy({ $0 < 0x80 }) {
            try checkLetters(label)
            if label.hasPrefix("xn--") {
                // An A-label must be the punycode of a valid Unicode label, written the canonical way.
                guard let decoded = Punycode.decode(String(label.dropFirst(4))),
                    decoded.unicodeScalars.contains(where: { $0.value >= 0x80 }),
                    (try? checkUnicodeLetters(decoded)) != nil,
                    Punycode.encode(nfc(decoded)) == String(label.dropFirst(4))
                else {
                    throw Problem("the label '\(shown(label))' is not valid punycode")
                }
            }
            ascii = label
        } else {
            let unicode = nfc(label)
            try checkUnicodeLetters(unicode)
            guard let encoded = Punycode.encode(unicode) else {
                throw Problem("the label '\(shown(label))' cannot be written in punycode")
            }
            ascii = "xn--" + encoded
        }
        guard ascii.count <= maxLabelLength else {
            throw Problem("the label '\(shown(label))' is \(ascii.count) characters long, more than \(maxLabelLength)")
        }
        guard !ascii.hasPrefix("-"), !ascii.hasSuffix("-") else {
            throw Problem("the label '\(shown(label))' starts or ends with a hyphen")
        }
        return ascii
    }

    /// An ASCII label: letters, digits and hyphens only.
    static func checkLetters(_ label: String) throws(Problem) {
        for byte in label.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"):
                continue
            default: throw Problem("it holds \(describe(Unicode.Scalar(byte))), which no domain name has")
            }
        }
    }

    /// A Unicode label: letters, combining marks, digits and hyphens (no spaces, symbols,
    /// punctuation, controls, or invisible format characters such as U+200B or U+202E).
    static func checkUnicodeLetters(_ label: String) throws(Problem) {
        for scalar in label.unicodeScalars {
            if scalar.value < 0x80 {
                try checkLetters(String(Character(scalar)))
                continue
            }
            switch scalar.properties.generalCategory {
            case .lowercaseLetter, .uppercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
                .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber:
                continue
            default: throw Problem("it holds \(describe(scalar)), which no domain name has")
            }
        }
    }

    /// A character for a message: printable ones as themselves, others as U+XXXX.
    static func describe(_ scalar: Unicode.Scalar) -> String {
        let visible = scalar.value > 0x20 && scalar.value < 0x7F && scalar != "'"
        if visible { return "'\(Character(scalar))'" }
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    /// Canonical composition (NFC), as IDNA asks: `e` + U+0301 and `é` are one label. The standard
    /// library's normaliser; FoundationEssentials has none.
    static func nfc(_ text: String) -> String {
        String(decoding: text._nfcCodeUnits, as: UTF8.self)
    }
}

/// RFC 3492 punycode's decoder, beside ServerAddress's encoder: a name's `xn--` labels are checked
/// by decoding them.
extension Punycode {
    /// nil when `text` (a label without its `xn--`) is not valid punycode.
    static func decode(_ text: String) -> String? {
        let bytes = Array(text.utf8)
        guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
        var output: [Unicode.Scalar] = []
        var index = 0
        if let delimiter = bytes.lastIndex(of: UInt8(ascii: "-")) {
            output = bytes[..<delimiter].map { Unicode.Scalar($0) }
            index = delimiter + 1
        }
        var n = 128
        var i = 0
        var bias = 72
        while index < bytes.count {
            let old = i
            var weight = 1
            var k = base
            while true {
                guard index < bytes.count else { return nil }
                let byte = bytes[index]
                index += 1
                let value: Int
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"): value = Int(byte) - 97
                case UInt8(ascii: "A")...UInt8(ascii: "Z"): value = Int(byte) - 65
                case UInt8(ascii: "0")...UInt8(ascii: "9"): value = Int(byte) - 22
                default: return nil
                }
                // Overflow checks as the RFC asks: a hostile label must not trap.
                let (product, overflow) = value.multipliedReportingOverflow(by: weight)
                guard !overflow, i <= Int(Int32.max) - product else { return nil }
                i += product
                let t = k <= bias ? tMin : (k >= bias + tMax ? tMax : k - bias)
                if value < t { break }
                let (next, overflowed) = weight.multipliedReportingOverflow(by: base - t)
                guard !overflowed, next <= Int(Int32.max) else { return nil }
                weight = next
                k += base
            }
            let count = output.count + 1
            bias = adapt(i - old, count, old == 0)
            guard n <= Int(Int32.max) - i / count else { return nil }
            n += i / count
            i %= count
            guard n >= 0x80, let scalar = Unicode.Scalar(UInt32(n)) else { return nil }
            output.insert(scalar, at: i)
            i += 1
        }
        return String(String.UnicodeScalarView(output))
    }
}
