import FoundationEssentials

/// RFC 4180 CSV, read and written: quoted fields may hold commas, quotes ("") and line breaks;
/// records end in CRLF or LF. Used for blocklist files and `--output csv`. Kept by hand after
/// measuring (bench/micro): as fast as CSV.swift 2.5 and 3x SwiftCSV 0.10 on a 50,000-row blocklist,
/// and neither library bounds a field, keeps line numbers for errors or refuses an unclosed quote.
public enum CSVText {
    /// A file that cannot be read as CSV, at `line`.
    public struct Problem: Error, Equatable {
        public var line: Int
        public var message: String
    }

    /// The longest field read, in bytes: a blocklist row is a domain and a comment, and a file with
    /// one unbroken multi-megabyte "field" is not a blocklist.
    public static let maxFieldBytes = 64 * 1024

    /// The records of `text`, each with its 1-based line number. Blank lines are left out. A quote
    /// that is never closed (which would swallow every row after it) and a field over
    /// `maxFieldBytes` are refused, naming the line where they start.
    public static func records(_ text: String) throws(Problem) -> [(line: Int, fields: [String])] {
        // Bytes, not Characters: the syntax is ASCII, UTF-8 never uses those bytes inside a longer
        // character, and an array of Characters costs 16 bytes a character.
        var bytes = text.utf8[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }  // a byte-order mark from spreadsheets
        var records: [(Int, [String])] = []
        var fields: [String] = []
        var field: [UInt8] = []
        var quoted = false
        var quoteLine = 1
        var line = 1
        var recordLine = 1
        func endField() {
            fields.append(String(decoding: field, as: UTF8.self))
            field = []
        }
        func endRecord() {
            endField()
            if !(fields.count == 1 && fields[0].trimmed().isEmpty) { records.append((recordLine, fields)) }
            fields = []
        }
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            let next = bytes.index(after: index)
            let following = next < bytes.endIndex ? bytes[next] : nil
            if quoted {
                if byte == UInt8(ascii: "\"") {
                    if following == UInt8(ascii: "\"") {
                        field.append(byte)
                        index = next
                    } else {
                        quoted = false
                    }
                } else {
                    if byte == UInt8(ascii: "\n") { line += 1 }
                    field.append(byte)
                }
            } else {
                switch byte {
                case UInt8(ascii: "\"") where field.allSatisfy({ $0 == 0x20 || $0 == 0x09 }):
                    field = []
                    quoted = true
                    quoteLine = line
                case UInt8(ascii: ","):
                    endField()
                case UInt8(ascii: "\r") where following == UInt8(ascii: "\n"):
                    break  // the LF ends the record
                case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                    endRecord()
                    line += 1
                    recordLine = line
                default:
                    field.append(byte)
                }
            }
            if field.count > maxFieldBytes {
                throw Problem(line: recordLine, message: "a field longer than \(maxFieldBytes / 1024) KiB")
            }
            index = bytes.index(after: index)
        }
        if quoted { throw Problem(line: quoteLine, message: "a quote opened here is never closed") }
        if !field.isEmpty || !fields.isEmpty { endRecord() }
        return records
    }

    /// One record ending in `terminator`; fields with commas, quotes or line breaks are quoted.
    /// The fields are written as given: `safe(_:)` them first when they hold someone else's text.
    public static func line(_ fields: [String], terminator: String = "\n") -> String {
        // Bytes, as `records` reads them: a comma or quote followed by a combining mark is one
        // Character (",\u{301}") but still a comma or quote to every CSV reader.
        fields.map { field in
            mayNeedQuotes(field) ? "\"" + doublingQuotes(field) + "\"" : field
        }.joined(separator: ",") + terminator
    }

    /// `field` with each `"` byte doubled.
    static func doublingQuotes(_ field: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(field.utf8.count + 2)
        for byte in field.utf8 {
            bytes.append(byte)
            if byte == UInt8(ascii: "\"") { bytes.append(byte) }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    static func mayNeedQuotes(_ field: String) -> Bool {
        field.utf8.contains {
            $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r")
        }
    }

    /// What a spreadsheet would run as a formula: a cell starting with `=`, `+`, `-` or `@`, or
    /// with a tab or CR before one (OWASP's CSV injection list).
    static let formulaStarts: Set<Unicode.Scalar> = ["=", "+", "-", "@", "\t", "\r"]

    /// Someone else's text as a CSV cell: controls and bidi controls made inert (line breaks and
    /// tabs kept, the cell is quoted), and a cell a spreadsheet would run as a formula prefixed with
    /// a single quote, which spreadsheets show as text (OWASP's rule). `unguarded` undoes the quote.
    public static func safe(_ text: String) -> String {
        let inert = InertText.lines(text)
        guard let first = inert.unicodeScalars.first, formulaStarts.contains(first) else { return inert }
        return "'" + inert
    }

    /// A cell as `safe` wrote it, read back: the single quote before a formula start is dropped, so
    /// an exported comment "-- spam" imports as itself.
    public static func unguarded(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard scalars.first == "'", let second = scalars.dropFirst().first, formulaStarts.contains(second) else {
            return text
        }
        return String(text.unicodeScalars.dropFirst())
    }
}
