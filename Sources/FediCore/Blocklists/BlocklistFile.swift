import FoundationEssentials

/// The blocklist file formats `domain-blocks import` reads and `export` writes.
public enum BlocklistFormat: String, CaseIterable, Sendable {
    /// Mastodon's admin export: `#domain,#severity,#reject_media,#reject_reports,#public_comment,#obfuscate`;
    /// a file without the `#domain` header is read by position in that order.
    case mastodonCSV = "mastodon-csv"
    /// fediblockhole's CSV: an un-prefixed header (`domain,severity,...`), booleans true/t/1/y/yes.
    case csv
    /// The Mastodon admin API list shape: `[{"domain": ..., "severity": ..., ...}]`.
    case json
    /// One domain per line (`#` comments allowed), each blocked with the default severity.
    case list
}

/// A blocklist read from a file: one wanted block per domain, in file order.
public struct BlocklistFile: Sendable {
    public struct Entry: Sendable, Equatable {
        /// 1-based line (CSV, list) or element (JSON) the block came from.
        public var line: Int
        public var spec: DomainBlockSpec

        public init(line: Int, spec: DomainBlockSpec) {
            self.line = line
            self.spec = spec
        }
    }

    /// A row left out, and why (an obfuscated domain, a repeat).
    public struct Skipped: Sendable, Equatable {
        public var line: Int
        public var domain: String
        public var reason: String
    }

    public var format: BlocklistFormat
    public var entries: [Entry]
    public var skipped: [Skipped]

    /// The largest blocklist read: the cap on every file and stdin read.
    public static let maxFileBytes = BoundedInput.maxBytes

    /// Exit 65: `source` is larger than `maxFileBytes`.
    public static func tooLarge(_ source: String) throws -> Never {
        throw FediError(
            .dataError, "\(source) is larger than \(maxFileBytes >> 20) MiB, too large for a blocklist",
            hint: "split it, or check that it is the blocklist you meant")
    }

    static let positionalColumns = [
        "domain", "severity", "reject_media", "reject_reports", "public_comment", "obfuscate",
    ]

    /// Reads `data` as `format` (nil: recognised from the content). `defaultSeverity` applies to plain
    /// lists and to rows that leave severity out. Bad rows: exit 65 naming the source and the lines.
    public static func parse(
        _ data: Data, source: String, format: BlocklistFormat? = nil,
        defaultSeverity: DomainBlockSeverity = .suspend
    ) throws -> BlocklistFile {
        guard data.count <= maxFileBytes else { try tooLarge(source) }
        guard let text = String(data: data, encoding: .utf8) else {
            throw FediError(
                .dataError, "\(source) is not UTF-8 text",
                hint: "save the blocklist as UTF-8 CSV, JSON or a plain list of domains")
        }
        let format = format ?? detect(text)
        var reader = RowReader(defaultSeverity: defaultSeverity)
        switch format {
        case .json: try reader.readJSON(text, source: source)
        case .mastodonCSV, .csv, .list:
            do {
                try reader.readCSV(text, format: format)
            } catch {
                throw FediError(
                    .dataError, "\(source): line \(error.line): \(error.message); nothing was planned from it",
                    hint:
                        "fix the file (a field with a comma, quote or line break is written in double quotes, \"\" for a quote)"
                )
            }
        }
        guard reader.problems.isEmpty else {
            let shown = reader.problems.prefix(5).joined(separator: "; ")
            let more = reader.problems.count > 5 ? "; and \(reader.problems.count - 5) more" : ""
            throw FediError(
                .dataError,
                "\(source): \(reader.problems.count) row\(reader.problems.count == 1 ? "" : "s") cannot be read as a \(format.rawValue) blocklist",
                hint: shown + more)
        }
        return BlocklistFile(format: format, entries: reader.entries, skipped: reader.skipped)
    }

    /// JSON if it starts like JSON; Mastodon CSV if the first cell is `#domain`; fediblockhole CSV if it
    /// is `domain`; otherwise a header-less file (a list of domains, or Mastodon's columns by position).
    public static func detect(_ text: String) -> BlocklistFormat {
        let start = text.drop(while: { $0.isWhitespace || $0 == "\u{FEFF}" })
        if start.hasPrefix("[") || start.hasPrefix("{") { return .json }
        let firstLine = String(start.prefix(4096).prefix { $0 != "\n" && $0 != "\r" && $0 != "\r\n" })
        let firstCell = ((try? CSVText.records(firstLine))?.first?.fields.first ?? "").trimmed().lowercased()
        if firstCell.hasPrefix("#domain") { return .mastodonCSV }
        if firstCell == "domain" { return .csv }
        return .list
    }

    /// Lower-cased, without surrounding space or a trailing dot, IDN in punycode (`DomainName`).
    public static func normalise(_ domain: String) -> String {
        DomainName.normalise(domain)
    }

    /// CSV booleans as Mastodon and fediblockhole write them; nil for anything else.
    public static func bool(_ text: String) -> Bool? {
        switch text.trimmed().lowercased() {
        case "true", "t", "1", "y", "yes": true
        case "", "false", "f", "0", "n", "no": false
        default: nil
        }
    }
}

/// Turns rows into entries, collecting problems instead of stopping at the first.
private struct RowReader {
    let defaultSeverity: DomainBlockSeverity
    var entries: [BlocklistFile.Entry] = []
    var skipped: [BlocklistFile.Skipped] = []
    var problems: [String] = []
    var seen: [String: Int] = [:]

    init(defaultSeverity: DomainBlockSeverity) {
        self.defaultSeverity = defaultSeverity
    }

    mutating func readCSV(_ text: String, format: BlocklistFormat) throws(CSVText.Problem) {
        var records = try CSVText.records(text)
        var columns = BlocklistFile.positionalColumns
        // An empty severity means noop to fediblockhole; elsewhere the default applies.
        var emptySeverity = defaultSeverity
        if format != .list, let header = records.first {
            let names = header.fields.map { $0.trimmed().lowercased() }
            if format == .csv || names.first?.hasPrefix("#domain") == true {
                columns = names.map { name in
                    let bare = name.hasPrefix("#") ? String(name.dropFirst()) : name
                    return bare == "comment" ? "public_comment" : bare
                }
                records.removeFirst()
                if format == .csv { emptySeverity = .noop }
            }
        }
        for record in records {
            // A plain list: `#` starts a comment line; anything after the domain and a space is ignored.
            if format == .list {
                let first = record.fields[0].trimmed()
                if first.hasPrefix("#") || first.hasPrefix("!") { continue }
            }
            var row: [String: String] = [:]
            for (index, value) in record.fields.enumerated() where index < columns.count {
                row[columns[index]] = CSVText.unguarded(value.trimmed())
            }
            if format == .list, record.fields.count == 1, let domain = row["domain"] {
                row["domain"] = String(domain.split(whereSeparator: \.isWhitespace).first ?? "")
            }
            add(row, line: record.line, emptySeverity: emptySeverity)
        }
    }

    mutating func readJSON(_ text: String, source: String) throws {
        guard let object = try? JSONText.object(from: Data(text.utf8)) else {
            throw FediError(
                .dataError, "\(source) is not valid JSON",
                hint: "a JSON blocklist is an array of {\"domain\": ..., \"severity\": ...} objects")
        }
        guard let items = object as? [Any] else {
            throw FediError(
                .dataError, "\(source) is JSON but not a list of domain blocks",
                hint:
                    "a JSON blocklist is an array of {\"domain\": ..., \"severity\": ...} objects (Mastodon's admin API shape)"
            )
        }
        for (index, item) in items.enumerated() {
            var row: [String: String] = [:]
            if let domain = item as? String {
                row["domain"] = domain
            } else if let fields = item as? [String: Any] {
                for (key, value) in fields {
                    switch value {
                    case let text as String: row[key] = text
                    case let flag as Bool: row[key] = String(flag)
                    case let number as Int: row[key] = String(number)
                    case let number as Double: row[key] = String(number)
                    default: break
                    }
                }
                if row["public_comment"] == nil { row["public_comment"] = row["comment"] }
            }
            add(row, line: index + 1, emptySeverity: defaultSeverity)
        }
    }

    mutating func add(_ row: [String: String], line: Int, emptySeverity: DomainBlockSeverity) {
        let given = row["domain"] ?? ""
        guard !given.trimmed().isEmpty else { return problems.append("line \(line): no domain") }
        // Mastodon's obfuscated names (`sp*m.example`) name no domain; a leading `*.` is a wildcard,
        // which only some software keeps (the import checks, per server).
        let stars = given.filter { $0 == "*" }.count
        if stars > 0, !(stars == 1 && given.trimmed().hasPrefix("*.")) {
            return skipped.append(
                .init(line: line, domain: DomainName.shown(DomainName.folded(given)), reason: "obfuscated (contains *)")
            )
        }
        let domain: String
        do {
            domain = try DomainName.canonical(given, wildcard: true)
        } catch {
            return problems.append("line \(line): '\(DomainName.shown(given))' is not a domain: \(error)")
        }
        var severity = emptySeverity
        if let text = row["severity"], !text.isEmpty {
            guard let value = DomainBlockSeverity(rawValue: text.lowercased()) else {
                return problems.append("line \(line): severity '\(text)' is not silence, suspend or noop")
            }
            severity = value
        }
        var flags: [String: Bool] = [:]
        for key in ["reject_media", "reject_reports", "obfuscate"] {
            guard let text = row[key] else { continue }
            guard let value = BlocklistFile.bool(text) else {
                return problems.append("line \(line): \(key) '\(text)' is not true or false")
            }
            flags[key] = value
        }
        if let first = seen[domain] {
            return skipped.append(.init(line: line, domain: domain, reason: "repeats line \(first)"))
        }
        seen[domain] = line
        entries.append(
            .init(
                line: line,
                spec: DomainBlockSpec(
                    domain: domain, severity: severity, rejectMedia: flags["reject_media"] ?? false,
                    rejectReports: flags["reject_reports"] ?? false,
                    privateComment: row["private_comment"], publicComment: row["public_comment"],
                    obfuscate: flags["obfuscate"] ?? false)))
    }
}

/// Writes blocks in a blocklist format, for `domain-blocks export`. The server's text (domains,
/// comments) is made inert on the way out in every format (`InertText`), and CSV cells that a
/// spreadsheet would run as formulas are quoted (`CSVText.safe`); the reader undoes that quote.
public enum BlocklistExport {
    /// Mastodon's import header: every column explicit, since newer importers fail on missing cells.
    public static let mastodonHeader = [
        "#domain", "#severity", "#reject_media", "#reject_reports", "#public_comment", "#obfuscate",
    ]
    public static let csvHeader = [
        "domain", "severity", "reject_media", "reject_reports", "public_comment", "private_comment", "obfuscate",
    ]

    /// A merged list as Mastodon's own importer reads it (`#`-headers, true/false), with the private
    /// comment after Mastodon's columns, where `import` and fediblockhole read it and Mastodon ignores it.
    public static func merged(_ blocks: [MergedBlock], header: Bool) -> Data {
        let rows = blocks.map { block in
            [
                block.domain, block.severity.rawValue, String(block.rejectMedia), String(block.rejectReports),
                block.publicComment, String(block.obfuscate), block.privateComment,
            ].map(CSVText.safe)
        }
        let lines = (header ? [mastodonHeader + ["#private_comment"]] : []) + rows
        return Data(lines.map { CSVText.line($0) }.joined().utf8)
    }

    /// Ordered by domain whatever order the server listed them in, so exports kept in git diff cleanly.
    public static func render(_ blocks: [DomainBlock], as format: BlocklistFormat) throws -> Data {
        let blocks = blocks.sorted { ($0.domain, $0.id) < ($1.domain, $1.id) }
        func csv(_ header: [String], _ rows: [[String]]) -> Data {
            Data(([header] + rows.map { $0.map(CSVText.safe) }).map { CSVText.line($0) }.joined().utf8)
        }
        switch format {
        case .mastodonCSV:
            return csv(
                mastodonHeader,
                blocks.map { block in
                    [
                        block.domain, block.severity.rawValue, String(block.rejectMedia), String(block.rejectReports),
                        block.publicComment ?? "",
                        String(block.obfuscate),
                    ]
                })
        case .csv:
            return csv(
                csvHeader,
                blocks.map { block in
                    [
                        block.domain, block.severity.rawValue, String(block.rejectMedia), String(block.rejectReports),
                        block.publicComment ?? "",
                        block.privateComment ?? "", String(block.obfuscate),
                    ]
                })
        case .json:
            let text = String(decoding: try JSONCoding.encoder(pretty: true).encode(blocks), as: UTF8.self)
            return Data((InertText.json(text) + "\n").utf8)
        case .list:
            return Data(blocks.map { InertText.line($0.domain) + "\n" }.joined().utf8)
        }
    }
}
