import FoundationEssentials

/// RFC 4180 CSV, read and written: quoted fields may hold commas, quotes ("") and line breaks;
/// records end in CRLF or LF. Used for blocklist files.
public enum CSVText {
    /// The records of `text`, each with its 1-based line number. Blank lines are left out.
    public static func records(_ text: String) -> [(line: Int, fields: [String])] {
        var records: [(Int, [String])] = []
        var fields: [String] = []
        var field = ""
        var quoted = false
        var line = 1
        var recordLine = 1
        var characters = Array(text)
        if characters.first == "\u{FEFF}" { characters.removeFirst() }  // a byte-order mark from spreadsheets
        var index = 0
        func endRecord() {
            fields.append(field)
            if !(fields.count == 1 && fields[0].trimmed().isEmpty) { records.append((recordLine, fields)) }
            fields = []
            field = ""
        }
        while index < characters.count {
            let character = characters[index]
            if quoted {
                if character == "\"" {
                    if index + 1 < characters.count, characters[index + 1] == "\"" {
                        field.append("\"")
                        index += 1
                    } else {
                        quoted = false
                    }
                } else {
                    if character == "\n" || character == "\r\n" { line += 1 }
                    field.append(character)
                }
            } else {
                switch character {
                case "\"" where field.trimmed().isEmpty:
                    field = ""
                    quoted = true
                case ",":
                    fields.append(field)
                    field = ""
                case "\n", "\r\n", "\r":
                    endRecord()
                    line += 1
                    recordLine = line
                default:
                    field.append(character)
                }
            }
            index += 1
        }
        if !field.isEmpty || !fields.isEmpty { endRecord() }
        return records
    }

    /// One record ending in `terminator`; fields with commas, quotes or line breaks are quoted.
    public static func line(_ fields: [String], terminator: String = "\n") -> String {
        fields.map { field in
            field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" })
                ? "\"" + field.replacing("\"", with: "\"\"") + "\"" : field
        }.joined(separator: ",") + terminator
    }
}
