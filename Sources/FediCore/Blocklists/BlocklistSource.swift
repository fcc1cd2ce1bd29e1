import FoundationEssentials

/// Where a list to merge comes from, as a user names it.
public enum BlocklistSource: Sendable, Equatable, CustomStringConvertible {
    /// A local file (or `-`, stdin): Mastodon CSV, fediblockhole CSV, JSON (Mastodon, GoToSocial,
    /// fediblockhole), RapidBlock JSON, or a plain list of domains; recognised from the content.
    case file(String)
    /// An https URL (http only to loopback, or with `--insecure-http`), cached between runs.
    case url(URL)
    /// Another server's public list (`/api/v1/instance/domain_blocks`).
    case server(String)
    /// A stored admin account's own list.
    case account(String)

    /// `server:HOST`, `account:NAME`, `https://…`, else a file path (`./server:x` for a file so named).
    public init(_ text: String, allowInsecureHTTP: Bool = false) throws {
        let lowered = text.lowercased()
        if lowered.hasPrefix("server:") {
            let host = String(text.dropFirst("server:".count)).trimmed()
            guard !host.isEmpty else {
                throw FediError(
                    .usage, "'\(text)' names no server", hint: "write server:HOST, e.g. server:mastodon.social")
            }
            self = .server(host)
        } else if lowered.hasPrefix("account:") {
            let name = String(text.dropFirst("account:".count)).trimmed()
            guard !name.isEmpty else {
                throw FediError(
                    .usage, "'\(text)' names no account",
                    hint: "write account:NAME (an id, a prefix of one, or an alias)")
            }
            self = .account(name)
        } else if lowered.hasPrefix("https://") || lowered.hasPrefix("http://") {
            guard let url = URL(string: text), let host = url.host, !host.isEmpty else {
                throw FediError(.usage, "'\(text)' is not a URL", hint: "give an https:// address of a blocklist file")
            }
            if lowered.hasPrefix("http://"), !ServerAddress.isLoopback(host), !allowInsecureHTTP {
                throw FediError(
                    .usage, "refusing plain http:// for \(host): the list could be changed on the way",
                    hint: "use https://, or pass --insecure-http if you really mean it")
            }
            self = .url(url)
        } else if text.contains("://") {
            throw FediError(
                .usage, "unsupported source '\(text)'", hint: "use a file, an https:// URL, server:HOST or account:NAME"
            )
        } else {
            self = .file(text)
        }
    }

    /// What sync's stamps and its retraction rule know the source by: a file by its name, so the
    /// same list run from another folder, by cron as an absolute path, or from a second machine is
    /// the same source; a URL by its URL; a server or account by its selector; stdin as `stdin`.
    public var identity: String {
        guard case .file(let path) = self, path != "-" else { return description }
        return Self.fileName(path)
    }

    /// A source name a stamp or record kept, as today's identity: stamps before issue 44 kept a
    /// file's path as typed (`lists/shared.csv`), which is the file `shared.csv`.
    public static func identity(ofRecorded name: String) -> String {
        guard case .file(let path)? = try? BlocklistSource(name, allowInsecureHTTP: true), path != "-" else {
            return name
        }
        return fileName(path)
    }

    private static func fileName(_ path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return name.isEmpty ? path : name
    }

    public var description: String {
        switch self {
        case .file(let path): path == "-" ? "stdin" : path
        case .url(let url): Redaction.url(url)
        case .server(let host): "server:\(host)"
        case .account(let name): "account:\(name)"
        }
    }
}

/// Turns what a source gave into a `SourceList`.
public enum BlocklistReader {
    /// A file's or a download's bytes, in any format `BlocklistFile` reads, or RapidBlock's JSON.
    /// Obfuscated rows keep their digest (JSON, and CSV with a header). A domain listed twice takes
    /// its last row, as fediblockhole does (it keeps one block per domain, the last it reads).
    public static func read(_ data: Data, name: String) throws -> (list: SourceList, skipped: [BlocklistFile.Skipped]) {
        if let rapidBlock = rapidBlockEntries(data) { return (SourceList(name: name, entries: rapidBlock), []) }
        // fediblockhole reads an empty severity as noop in Mastodon's CSV too (BlocklistFile, for
        // import, reads it as suspend); a missing column still means suspend.
        let emptyMeansNoop = mastodonCSVHeader(data)?.contains("#severity") ?? false
        let file = try BlocklistFile.parse(data, source: name, defaultSeverity: emptyMeansNoop ? .noop : .suspend)
        var entries = file.entries.map { SourceEntry(spec: $0.spec) }
        var position = Dictionary(
            entries.enumerated().map { ($1.spec.domain, $0) }, uniquingKeysWith: { first, _ in first })
        var skipped = file.skipped
        // BlocklistFile keeps the first row of a domain and skips obfuscated ones, and reads a JSON
        // severity of "" or null as suspend (fediblockhole: noop): read those rows again.
        var reread = Set(skipped.filter { $0.domain.contains("*") || position[$0.domain] != nil }.map(\.line))
        let items = file.format == .json ? (try? JSONText.object(from: data)) as? [Any] : nil
        if let items { reread.formUnion(items.indices.filter { hasEmptySeverity(items[$0]) }.map { $0 + 1 }) }
        guard file.format != .list, !reread.isEmpty else { return (SourceList(name: name, entries: entries), skipped) }
        let rows =
            items.map { jsonRows($0, lines: reread) }
            ?? csvRows(data, emptySeverity: file.format == .csv || emptyMeansNoop ? .noop : .suspend)
        for line in reread.sorted() {
            guard let entry = rows[line] else { continue }
            skipped.removeAll { $0.line == line }
            if entry.isObfuscated {
                entries.append(entry)
            } else if let at = position[entry.spec.domain] {
                entries[at] = entry
            } else {
                position[entry.spec.domain] = entries.count
                entries.append(entry)
            }
        }
        return (SourceList(name: name, entries: entries), skipped)
    }

    /// The column names of a Mastodon CSV (`#domain,#severity,...`), lower-cased; nil for anything else.
    static func mastodonCSVHeader(_ data: Data) -> [String]? {
        let text = String(decoding: data.prefix(4096), as: UTF8.self)
        guard BlocklistFile.detect(text) == .mastodonCSV, let header = (try? CSVText.records(text))?.first else {
            return nil
        }
        return header.fields.map { $0.trimmed().lowercased() }
    }

    /// RapidBlock's `{"blocks": {"domain": {"isBlocked": true, "reason": "..."}}}`: blocked means
    /// suspend, otherwise noop (as fediblockhole reads it); the reason is the public comment.
    static func rapidBlockEntries(_ data: Data) -> [SourceEntry]? {
        let start = data.prefix(64).drop { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
        guard start.first == UInt8(ascii: "{"), let object = try? JSONText.object(from: data) as? [String: Any],
            let blocks = object["blocks"] as? [String: Any]
        else { return nil }
        return blocks.keys.sorted().compactMap { domain in
            let fields = blocks[domain] as? [String: Any] ?? [:]
            let blocked = fields["isBlocked"] as? Bool ?? false
            let normalised = BlocklistFile.normalise(domain)
            guard !normalised.isEmpty else { return nil }
            return SourceEntry(
                spec: DomainBlockSpec(
                    domain: normalised, severity: blocked ? .suspend : .noop,
                    publicComment: fields["reason"] as? String ?? ""))
        }
    }

    /// A JSON element whose severity is "" or null (BlocklistFile reads it as suspend).
    static func hasEmptySeverity(_ item: Any) -> Bool {
        guard let severity = (item as? [String: Any])?["severity"] else { return false }
        return severity is JSONNull || (severity as? String)?.isEmpty == true
    }

    /// The elements of a JSON array at `lines` (1-based positions) as entries, with their digests; a
    /// severity of "" or null is noop.
    static func jsonRows(_ items: [Any], lines: Set<Int>) -> [Int: SourceEntry] {
        var rows: [Int: SourceEntry] = [:]
        for line in lines where line >= 1 && line <= items.count {
            guard let fields = items[line - 1] as? [String: Any], let domain = fields["domain"] as? String,
                let element = try? JSONText.data(from: fields),
                let block = try? JSONCoding.decoder().decode(DomainBlock.self, from: element)
            else { continue }
            var spec = block.spec
            spec.domain = BlocklistFile.normalise(domain)
            if hasEmptySeverity(fields) { spec.severity = .noop }
            rows[line] = SourceEntry(spec: spec, digest: block.digest)
        }
        return rows
    }

    /// The rows of a CSV file with a header as entries, by line, with their digests (`instance blocks
    /// -o csv --fields domain,severity,comment,digest` writes them).
    static func csvRows(_ data: Data, emptySeverity: DomainBlockSeverity) -> [Int: SourceEntry] {
        // The file was read through BlocklistFile first, which refuses bad rows by line.
        let records = (try? CSVText.records(String(decoding: data, as: UTF8.self))) ?? []
        guard
            let header = records.first?.fields.map({ name -> String in
                let bare = name.trimmed().lowercased().trimmed("#")
                return bare == "comment" ? "public_comment" : bare
            })
        else { return [:] }
        var rows: [Int: SourceEntry] = [:]
        for record in records.dropFirst() {
            var row: [String: String] = [:]
            for (key, value) in zip(header, record.fields) { row[key] = value.trimmed() }
            guard let domain = row["domain"] else { continue }
            let severityText = (row["severity"] ?? "").lowercased()
            guard let severity = severityText.isEmpty ? emptySeverity : DomainBlockSeverity(rawValue: severityText)
            else { continue }
            let flag = { (key: String) in BlocklistFile.bool(row[key] ?? "") ?? false }
            let spec = DomainBlockSpec(
                domain: BlocklistFile.normalise(domain), severity: severity, rejectMedia: flag("reject_media"),
                rejectReports: flag("reject_reports"), privateComment: row["private_comment"] ?? "",
                publicComment: row["public_comment"] ?? "", obfuscate: flag("obfuscate"))
            rows[record.line] = SourceEntry(spec: spec, digest: row["digest"].flatMap { $0.isEmpty ? nil : $0 })
        }
        return rows
    }

    /// A server's public list: severities it names (silence, suspend, noop), the comment as the
    /// public comment, obfuscated domains with their digests. Entries with another severity are
    /// returned as skipped.
    public static func entries(from blocks: [PublicDomainBlock], name: String) -> (
        list: SourceList, skipped: [BlocklistFile.Skipped]
    ) {
        var entries: [SourceEntry] = []
        var skipped: [BlocklistFile.Skipped] = []
        var seen: Set<String> = []
        for (index, block) in blocks.enumerated() {
            let domain = BlocklistFile.normalise(block.domain)
            guard let severity = DomainBlockSeverity(rawValue: (block.severity ?? "suspend").lowercased()) else {
                skipped.append(
                    .init(
                        line: index + 1, domain: domain,
                        reason: "severity '\(block.severity ?? "")' is not silence, suspend or noop"))
                continue
            }
            guard seen.insert(block.digest ?? domain).inserted else { continue }
            entries.append(
                SourceEntry(
                    spec: DomainBlockSpec(domain: domain, severity: severity, publicComment: block.comment ?? ""),
                    digest: domain.contains("*") ? block.digest : nil))
        }
        return (SourceList(name: name, entries: entries), skipped)
    }

    /// An admin account's own blocks, every field as the server keeps it.
    public static func entries(from blocks: [DomainBlock], name: String) -> SourceList {
        var seen: Set<String> = []
        let entries = blocks.compactMap { block -> SourceEntry? in
            var spec = block.spec
            spec.domain = BlocklistFile.normalise(block.domain)
            return seen.insert(spec.domain).inserted ? SourceEntry(spec: spec) : nil
        }
        return SourceList(name: name, entries: entries)
    }

    /// The domains of an allowlist: a file in any blocklist format (severities do not matter).
    public static func domains(_ data: Data, name: String) throws -> [String] {
        try read(data, name: name).list.entries.map(\.spec.domain)
    }
}
