import FoundationEssentials

/// An id or handle that a list printed, with the account or server it was read on when the line
/// says so: what a verb's `-` reads. Over a fleet an id alone means nothing (Mastodon's report ids
/// are 1, 2, 3… on every server), so each reference goes to its own server only.
public struct Reference: Sendable, Equatable {
    /// The account (`user@host`) or the server (`host[:port]`) it was read on; nil for a bare line.
    public var origin: String?
    /// An id, or a handle (`@user@host`, `user@host`).
    public var value: String
    /// `report` or `sign-up` for a line of the queue, which holds both.
    public var kind: QueueItem.Kind?
    /// Where in the input it was (1-based line, or the element of a JSON array), for messages.
    public var line: Int

    public init(origin: String? = nil, value: String, kind: QueueItem.Kind? = nil, line: Int = 0) {
        self.origin = origin
        self.value = value
        self.kind = kind
        self.line = line
    }

    /// A handle names the same account on every server (each looks it up); an id does not.
    public var isHandle: Bool { value.contains("@") }

    /// The server the origin names, lower-cased: the host after an account id's last `@`, or the server itself.
    public var server: String? {
        guard let origin else { return nil }
        let host = origin.split(separator: "@", omittingEmptySubsequences: false).last.map(String.init) ?? origin
        return host.lowercased()
    }
}

/// Reads what the lists print into references, whatever the format they were printed in:
/// - bare ids or handles, one a line (blank lines and `#` comments skipped);
/// - TSV lines as lists print them: `ACCOUNT<TAB>ID…` (a list's account column, then its id), or
///   the queue's `SERVER<TAB>KIND<TAB>ID…`;
/// - CSV with the lists' header (an `id` column, and `account` or `server`);
/// - JSON (an array of the lists' objects) or NDJSON (one a line), by their `account` or `server`,
///   `kind` and `id` keys; the fleet's error objects (`{"account", "error"}`) are skipped.
public enum ReferenceReader {
    public static func read(_ text: String) throws(FediError) -> [Reference] {
        let trimmed = text.drop { $0.isWhitespace }
        if trimmed.hasPrefix("[") || trimmed.hasPrefix("{") { return try json(String(trimmed)) }
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map(String.init)
        if let header = lines.first(where: { !$0.trimmed().isEmpty }), isCSVHeader(header) { return try csv(text) }
        var references: [Reference] = []
        for (index, raw) in lines.enumerated() {
            let line = raw.trimmed()
            guard !line.isEmpty, !line.hasPrefix("#") else { continue }
            references.append(try tabbed(raw, line: index + 1))
        }
        return references
    }

    /// A line of TSV or a bare value.
    static func tabbed(_ raw: String, line: Int) throws(FediError) -> Reference {
        let fields = raw.split(separator: "\t", omittingEmptySubsequences: false).map { $0.trimmed() }
        guard fields.count > 1 else { return Reference(value: fields[0], line: line) }
        if fields.count > 2, let kind = QueueItem.Kind(rawValue: fields[1]) {
            return Reference(origin: fields[0], value: fields[2], kind: kind, line: line)
        }
        guard !fields[0].isEmpty, !fields[1].isEmpty else {
            throw unreadable(line: line, "an empty field where the account and the id belong")
        }
        return Reference(origin: fields[0], value: fields[1], line: line)
    }

    static func isCSVHeader(_ line: String) -> Bool {
        let names = line.split(separator: ",").map { $0.trimmed() }
        return names.contains("id") && (names.contains("account") || names.contains("server"))
    }

    static func csv(_ text: String) throws(FediError) -> [Reference] {
        let records: [(line: Int, fields: [String])]
        do { records = try CSVText.records(text) } catch {
            throw FediError(.dataError, "stdin is not readable CSV: \(error)", hint: hint)
        }
        guard let header = records.first?.fields else { return [] }
        func column(_ name: String) -> Int? { header.firstIndex(of: name) }
        guard let id = column("id") else { return [] }
        let origin = column("account") ?? column("server")
        let kind = column("kind")
        return records.dropFirst().compactMap { record in
            let fields = record.fields.map(CSVText.unguarded)
            guard id < fields.count, !fields[id].isEmpty else { return nil }
            return Reference(
                origin: origin.flatMap { $0 < fields.count ? fields[$0] : nil },
                value: fields[id],
                kind: kind.flatMap { $0 < fields.count ? QueueItem.Kind(rawValue: fields[$0]) : nil },
                line: record.line)
        }
    }

    static func json(_ text: String) throws(FediError) -> [Reference] {
        var objects: [(Int, Any)] = []
        if text.hasPrefix("[") {
            guard let array = try? JSONText.object(from: Data(text.utf8)) as? [Any] else {
                throw FediError(.dataError, "stdin is not a JSON array", hint: hint)
            }
            objects = array.enumerated().map { ($0.offset + 1, $0.element) }
        } else {
            for (index, line) in text.split(whereSeparator: \.isNewline).enumerated() {
                let line = line.trimmed()
                guard !line.isEmpty else { continue }
                guard let object = try? JSONText.object(from: Data(line.utf8)) else {
                    throw unreadable(line: index + 1, "not a JSON object")
                }
                objects.append((index + 1, object))
            }
        }
        var references: [Reference] = []
        for (line, object) in objects {
            guard let object = object as? [String: Any] else { throw unreadable(line: line, "not a JSON object") }
            if object["error"] != nil, object["id"] == nil { continue }
            let id: String? =
                switch object["id"] {
                case let text as String: text
                case let number as Int: String(number)
                default: nil
                }
            guard let id, !id.isEmpty else { throw unreadable(line: line, "no \"id\"") }
            references.append(
                Reference(
                    origin: (object["account"] as? String) ?? (object["server"] as? String), value: id,
                    kind: (object["kind"] as? String).flatMap(QueueItem.Kind.init(rawValue:)), line: line))
        }
        return references
    }

    static let hint = "pipe a list's output: ids one a line, its TSV (ACCOUNT<TAB>ID), CSV, JSON or NDJSON"

    static func unreadable(line: Int, _ what: String) -> FediError {
        FediError(.dataError, "line \(line) of stdin is not a reference: \(what)", hint: hint)
    }
}

extension [Reference] {
    /// The ids and handles meant for `server`, one of the selected `servers` (authorities): what
    /// names this server, and what names none (handles, and bare ids when they may go everywhere).
    ///
    /// Refused before anything is sent, the same way on every server of the run: a queue line of the
    /// other kind (`takes`: what the verb acts on), a line read on a server not selected (64), and
    /// bare ids over several servers unless `eachServer` says the same id means something on each (64).
    public func values(
        for server: String, among servers: Set<String>, eachServer: Bool, takes kind: QueueItem.Kind?
    ) throws(FediError) -> [String] {
        let server = server.lowercased()
        for reference in self {
            if let kind, let other = reference.kind, other != kind {
                throw FediError(
                    .dataError,
                    "line \(reference.line) of stdin is a \(other.rawValue) (\(reference.value)), and this command acts on \(kind == .report ? "reports" : "accounts")",
                    hint: "keep that kind only: fedictl queue --kind \(kind.rawValue)")
            }
            if let origin = reference.origin, let named = reference.server, !servers.contains(named) {
                throw FediError(
                    .usage,
                    "line \(reference.line) of stdin was read on \(origin), which is not among the selected accounts",
                    hint: "add it to the selection (--account \(origin)), or leave its lines out")
            }
        }
        let bare = filter { $0.origin == nil && !$0.isHandle }
        if servers.count > 1, !eachServer, let first = bare.first {
            throw FediError(
                .usage,
                "\(bare.count) id\(bare.count == 1 ? "" : "s") on stdin (\(first.value)\(bare.count > 1 ? ", …" : "")) "
                    + "name no server, and \(servers.count) servers are selected (\(servers.sorted().joined(separator: ", "))): "
                    + "an id means a different object on each",
                hint: "pipe the list's own output (each id beside its account), select one account (--account), "
                    + "or --each-server if the same id is meant on every server")
        }
        return filter { $0.server == nil || $0.server == server }.map(\.value)
    }
}
