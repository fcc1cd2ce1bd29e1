import FediCore
import FoundationEssentials
import Synchronization

/// One command's results over several accounts, merged into one output with a leading `account`
/// column (or key). Each account's renderer hands its rows here instead of writing them.
///
/// Order: by account (the order given at creation), then each account's own order. NDJSON is
/// written as each row arrives (whole lines; accounts may interleave). TSV and CSV stream the
/// first unfinished account and hold the others until it is done. The aligned table and the JSON
/// array are written at the end (`finishAll`).
///
/// A merged list (`Renderer.list(_:mergedBy:)`, the queue) is one list across accounts in its
/// rows' own order, in every format: its rows name their own server, so no account column is
/// added, and everything is held until every account is done.
public final class FleetOutput: Sendable {
    let renderer: Renderer
    let accounts: [String]

    /// What the accounts handed in and what is out. Held while writing too, so lines never interleave.
    private struct State {
        var held: [String: [Entry]] = [:]
        var finished: Set<String> = []
        /// The index in `accounts` of the account being streamed (TSV, CSV).
        var cursor = 0
        var csvHeaderWritten = false
        /// Accounts whose output is not their result (a first pass that stopped at a write it was
        /// not to send yet): what they hand in is dropped until `unmute`.
        var muted: Set<String> = []
        /// The columns the first list declared, for a CSV header when no row came at all.
        var firstKeys: [String]?
        /// A merged list was declared: hold every row, write them in their `order` at the end.
        var merged = false
    }
    private let state = Mutex(State())

    /// One thing an account produced.
    enum Entry {
        case record(Record)
        /// A JSON object as text, already keyed by account (errors, `--raw` answers).
        case json(String)
    }

    /// A row (of a list) or an item (one object), typed cells for the text formats and its JSON.
    struct Record {
        var isItem: Bool
        var keys: [String]
        var headers: [String]
        /// How each column gives way on a narrow terminal.
        var kinds: [ColumnKind]
        var priorities: [ColumnPriority]
        var cells: [Cell]
        /// The row's JSON object with `account` first: compact for NDJSON, pretty for JSON.
        var json: String
        /// Whether the row already says which account it is (e.g. `auth status`): no column is added.
        var hasOwnAccount: Bool
        /// Its place in a merged list (compared as text), nil in a list by account.
        var order: String?
    }

    /// `renderer` writes the merged text (its `fleet` is unused); `accounts` in output order.
    public init(renderer: Renderer, accounts: [String]) {
        var base = renderer
        base.fleet = nil
        self.renderer = base
        self.accounts = accounts
    }

    var settings: OutputSettings { renderer.settings }

    // MARK: what accounts hand in

    func add(_ record: Record, from account: String) {
        add(.record(record), from: account)
    }

    /// A JSON object (keyed by account) that belongs in JSON and NDJSON output only.
    public func addJSON(_ text: String, from account: String) {
        guard settings.format == .json || settings.format == .ndjson else { return }
        add(.json(text), from: account)
    }

    /// The server's own JSON for one account (`--raw`): one compact `{"account": ..., "raw": ...}` line.
    func addRaw(_ data: Data, from account: String) {
        let raw =
            (try? JSONText.object(from: data)).flatMap { try? JSONText.data(from: $0) }
            .map { String(decoding: $0, as: UTF8.self) } ?? Self.quoted(String(decoding: data, as: UTF8.self))
        state.withLock { state in
            guard !state.muted.contains(account) else { return }
            renderer.write("{\"account\":\(Self.quoted(account)),\"raw\":\(raw)}\n")
        }
    }

    /// Drops what `account` handed in and is still held, and whatever it hands in until `unmute`.
    public func mute(_ account: String) {
        state.withLock { state in
            state.muted.insert(account)
            state.held[account] = nil
        }
    }

    public func unmute(_ account: String) {
        _ = state.withLock { $0.muted.remove(account) }
    }

    private func add(_ entry: Entry, from account: String) {
        state.withLock { state in
            guard !state.muted.contains(account) else { return }
            if state.merged { return state.held[account, default: []].append(entry) }
            switch settings.format {
            case .ndjson:
                write([entry], account: account, into: &state)
            case .csv,
                .table where !settings.isTTY:  // CSV always streams; a table only off a terminal
                if state.cursor < accounts.count, accounts[state.cursor] == account {
                    write([entry], account: account, into: &state)
                } else {
                    state.held[account, default: []].append(entry)
                }
            case .table, .json:
                state.held[account, default: []].append(entry)
            }
        }
    }

    /// Called once per account when it is done (successfully or not).
    public func finish(_ account: String) {
        state.withLock { state in
            state.finished.insert(account)
            guard !state.merged, settings.format == .csv || (settings.format == .table && !settings.isTTY) else {
                return
            }
            while state.cursor < accounts.count, state.finished.contains(accounts[state.cursor]) {
                state.cursor += 1
                if state.cursor < accounts.count {
                    let next = accounts[state.cursor]
                    write(state.held.removeValue(forKey: next) ?? [], account: next, into: &state)
                }
            }
        }
    }

    /// Writes what was held to the end: the JSON array, the aligned table, and the held rows of
    /// accounts that never finished (cancelled by --fail-fast).
    public func finishAll() {
        state.withLock { state in
            let entries =
                state.merged
                ? Self.merged(state.held, accounts: accounts)
                : accounts.flatMap { account in (state.held[account] ?? []).map { (account, $0) } }
            switch settings.format {
            case .json:
                let objects = entries.map(\.1.jsonText)
                let body = objects.map { "  " + $0.replacing("\n", with: "\n  ") }.joined(separator: ",\n")
                renderer.write(objects.isEmpty ? "[]\n" : "[\n\(body)\n]\n")
            case .table where settings.isTTY:
                writeTerminalTables(entries)
            case .ndjson where state.merged:
                for (account, entry) in entries { write([entry], account: account, into: &state) }
            case .csv, .table:
                if state.merged {
                    for (account, entry) in entries { write([entry], account: account, into: &state) }
                } else {
                    for account in accounts.dropFirst(state.cursor) {
                        write(state.held.removeValue(forKey: account) ?? [], account: account, into: &state)
                    }
                }
                if settings.format == .csv, !state.csvHeaderWritten, !settings.noHeaders, let keys = state.firstKeys {
                    renderer.write(renderer.csvHeader(keys))
                }
            case .ndjson:
                break
            }
            state.held = [:]
        }
    }

    /// A list's columns, declared before its rows (an empty list still has a CSV header).
    /// `merged`: one list in the rows' own order (see the type's comment).
    func declare(keys: [String], hasOwnAccount: Bool, merged: Bool = false) {
        state.withLock { state in
            if state.firstKeys == nil { state.firstKeys = (hasOwnAccount ? [] : ["account"]) + keys }
            if merged { state.merged = true }
        }
    }

    /// Every account's rows in one list by their `order` (ties keep account order), then what
    /// is not a row (errors) by account.
    static func merged(_ held: [String: [Entry]], accounts: [String]) -> [(String, Entry)] {
        let all = accounts.flatMap { account in (held[account] ?? []).map { (account, $0) } }
        let rows = all.enumerated().compactMap { offset, item -> (key: String, offset: Int, item: (String, Entry))? in
            guard case .record(let record) = item.1, let order = record.order else { return nil }
            return (order, offset, item)
        }
        let others = all.filter { if case .record(let record) = $0.1 { record.order == nil } else { true } }
        let sorted = rows.sorted { $0.key != $1.key ? $0.key < $1.key : $0.offset < $1.offset }
        return sorted.map(\.item) + others
    }

    // MARK: text

    private func write(_ entries: [Entry], account: String, into state: inout State) {
        for entry in entries {
            switch (entry, settings.format) {
            case (.json(let text), .ndjson):
                renderer.write(text + "\n")
            case (.json, _):
                break
            case (.record(let record), .ndjson):
                renderer.write(record.json + "\n")
            case (.record(let record), .csv):
                if !state.csvHeaderWritten, !settings.noHeaders {
                    renderer.write(renderer.csvHeader(Self.accountPrefix(record, "account") + record.keys))
                }
                state.csvHeaderWritten = true
                // The same writer as one account's CSV (formula guard, quoting), led by the account.
                renderer.write(renderer.csvLine(Self.accountPrefix(record, account).map { .text($0) } + record.cells))
            case (.record(let record), _):
                let prefix = Self.accountPrefix(record, account)
                if record.isItem {
                    // `key\tvalue` lines, as for one account, each led by the account.
                    for (key, cell) in zip(record.keys, record.cells) {
                        renderer.write((prefix + [key, renderer.tsvText(cell)]).joined(separator: "\t") + "\n")
                    }
                } else {
                    renderer.write(renderer.tsvLine(prefix.map { .text($0) } + record.cells))
                }
            }
        }
    }

    static func accountPrefix(_ record: Record, _ value: String) -> [String] {
        record.hasOwnAccount ? [] : [value]
    }

    /// Items as labelled blocks led by `Account:`, one blank line apart; runs of list rows with the
    /// same columns as one aligned table, without the columns empty in every row (as for one
    /// account, unless `--fields` named them). The account (or the rows' own server) is named by
    /// the shortest name that tells the fleet's servers apart, and each server's own accounts as `@user`.
    private func writeTerminalTables(_ entries: [(String, Entry)]) {
        var table: (columns: [TableColumn], rows: [[String]], accounts: [String])?
        var wroteBlock = false
        func flushTable() {
            guard var pending = table else { return }
            if wroteBlock { renderer.write("\n") }
            TerminalNames.shortenLocalHandles(&pending.rows, columns: pending.columns) { row in
                TerminalNames.serverName(pending.accounts[row])
            }
            for index in pending.columns.indices where pending.columns[index].kind == .origin {
                let values = Set(pending.rows.map { $0[index] })
                let servers = Set(values.map(TerminalNames.serverName))
                // The fleet's other servers too, so a name stays unambiguous beside them.
                let others = accounts.filter { !servers.contains(TerminalNames.serverName($0)) }
                let universe = Set(values.contains { $0.contains("@") } ? others : others.map(TerminalNames.serverName))
                let (names, byServer) = TerminalNames.shortest(values, among: universe)
                for row in pending.rows.indices { pending.rows[row][index] = names[pending.rows[row][index]] ?? "" }
                // An account named by its server is headed so (the rows may have an account of their own).
                if byServer, pending.columns[index].key == "account" { pending.columns[index].header = "server" }
            }
            let kept =
                settings.keepEmptyColumns
                ? Array(pending.columns.indices)
                : pending.columns.indices.filter { index in pending.rows.contains { !$0[index].isEmpty } }
            renderer.write(
                AlignedTable.render(
                    columns: kept.map { pending.columns[$0] },
                    cells: pending.rows.map { row in kept.map { row[$0] } }, renderer: renderer))
            wroteBlock = true
            table = nil
        }
        for (account, entry) in entries {
            if case .record(let record) = entry {
                if record.isItem {
                    flushTable()
                    if wroteBlock { renderer.write("\n") }
                    let labels = (record.hasOwnAccount ? [] : ["account"]) + record.headers
                    let values =
                        (record.hasOwnAccount ? [] : [Renderer.inert(account)]) + record.cells.map(renderer.ttyText)
                    renderer.write(renderer.labelled(labels, values))
                    wroteBlock = true
                } else {
                    let own = record.keys.indices.map { index in
                        TableColumn(
                            header: record.headers[index], key: record.keys[index], kind: record.kinds[index],
                            priority: record.priorities[index])
                    }
                    let columns =
                        (record.hasOwnAccount
                            ? [] : [TableColumn(header: "account", key: "account", kind: .origin, priority: .high)])
                        + own
                    let row = (record.hasOwnAccount ? [] : [account]) + record.cells.map(renderer.ttyText)
                    if let pending = table, pending.columns.map(\.key) == columns.map(\.key) {
                        table?.rows.append(row)
                        table?.accounts.append(account)
                    } else {
                        flushTable()
                        table = (columns, [row], [account])
                    }
                }
            }
        }
        flushTable()
    }

    // MARK: JSON

    /// `{"account": ..., <the object's keys>}`: `object` is a JSON object's text from fedictl's encoder.
    static func keyed(_ object: String, account: String, pretty: Bool) -> String {
        let key = pretty ? "\n  \"account\" : " : "\"account\":"
        let rest = object.dropFirst().drop { $0 == "\n" || $0 == " " }
        if rest.first == "}" { return "{" + key + quoted(account) + (pretty ? "\n}" : "}") }
        return "{" + key + quoted(account) + "," + object.dropFirst()
    }

    static func quoted(_ text: String) -> String {
        (try? JSONText.data(from: text)).map { String(decoding: $0, as: UTF8.self) } ?? "\"\""
    }
}

extension FleetOutput.Entry {
    var jsonText: String {
        switch self {
        case .json(let text): text
        case .record(let record): record.json
        }
    }
}

/// What an account's renderer needs to hand its rows to the fleet's output.
public struct FleetMemberOutput: Sendable {
    public var account: String
    public var sink: FleetOutput

    public init(account: String, sink: FleetOutput) {
        self.account = account
        self.sink = sink
    }
}

extension Renderer {
    /// A row or item as the fleet's output keeps it.
    /// `order`: the row's place in a merged list, whose rows name their own origin (no account column).
    func fleetRecord<Row: Tabular>(
        _ row: Row, isItem: Bool, account: String,
        order: (@Sendable (Row) -> String)? = nil
    ) throws -> FleetOutput.Record {
        let columns = self.columns(Row.self).filter { $0.key != "account" || Row.fieldNames.contains("account") }
        let hasOwn = Row.fieldNames.contains("account") || order != nil
        let pretty = settings.format == .json
        let object = try jsonText(row, pretty: pretty)
        return FleetOutput.Record(
            isItem: isItem, keys: columns.map(\.key), headers: columns.map(\.header), kinds: columns.map(\.kind),
            priorities: columns.map(\.priority), cells: columns.map { $0.value(row) },
            json: hasOwn ? object : FleetOutput.keyed(object, account: account, pretty: pretty), hasOwnAccount: hasOwn,
            order: order?(row))
    }
}
