import FediCore
import FoundationEssentials
import Synchronization

/// The one place command results become text. Every command prints through it.
public struct Renderer: Sendable {
    public var settings: OutputSettings
    let write: @Sendable (String) -> Void
    /// Where output that is UTF-8 already goes: by default through `write`.
    let writeUTF8: @Sendable ([UInt8]) -> Void
    /// Set when this renderer is one account's among several: its rows go to the merged output.
    public var fleet: FleetMemberOutput?
    /// The one account a command's lists were read as: machine output (TSV, CSV, JSON, NDJSON)
    /// leads each row with it, as over several accounts, so an id never leaves without its server.
    public var account: String?
    /// Where a line for the person goes (stderr): what a narrow terminal's table left out.
    let note: @Sendable (String) -> Void

    public init(
        settings: OutputSettings, write: @escaping @Sendable (String) -> Void,
        writeUTF8: (@Sendable ([UInt8]) -> Void)? = nil, note: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.settings = settings
        self.write = write
        self.writeUTF8 = writeUTF8 ?? { write(String(decoding: $0, as: UTF8.self)) }
        self.note = note
    }

    /// Fails (usage) when `--fields` names something the row type does not have.
    public func validateFields<Row: Tabular>(for type: Row.Type) throws {
        guard let fields = settings.fields else { return }
        let known = Set(Row.fieldNames + (fleet == nil && account == nil ? [] : ["account"]))
        let unknown = fields.filter { !known.contains($0) }
        guard unknown.isEmpty else {
            throw FediError(
                .usage, "unknown field\(unknown.count == 1 ? "" : "s") \(unknown.joined(separator: ", "))",
                hint: "available fields: \(Row.fieldNames.joined(separator: ", "))")
        }
    }

    func columns<Row: Tabular>(_ type: Row.Type) -> [Column<Row>] {
        guard let fields = settings.fields else { return Row.columns.filter(\.isDefault) }
        return fields.compactMap { key in Row.columns.first { $0.key == key } }
    }

    // MARK: lists

    public func list<Row: Tabular>(_ rows: [Row]) throws {
        let stream = try ListStream<Row>(renderer: self)
        try stream.add(rows)
        stream.finish()
    }

    /// A list that stays one list over several accounts: every account's rows together, by
    /// `order` (text compared; rows already in that order for one account), with no account
    /// column, as the rows name their own origin (the queue's `server`).
    public func list<Row: Tabular>(_ rows: [Row], mergedBy order: @escaping @Sendable (Row) -> String) throws {
        let stream = try ListStream<Row>(renderer: self, mergedBy: order)
        try stream.add(rows)
        stream.finish()
    }

    /// The server's own JSON (`--raw`), with controls and bidi controls written as JSON escapes
    /// (`InertText.json`): the same data to a JSON reader, inert on a terminal.
    public func raw(_ data: Data) {
        if let fleet {
            return fleet.sink.addRaw(
                Data(InertText.json(String(decoding: data, as: UTF8.self)).utf8), from: fleet.account)
        }
        var text = InertText.json(String(decoding: data, as: UTF8.self))
        if !text.hasSuffix("\n") { text += "\n" }
        write(text)
    }

    /// One fetched result, the one call a command makes for it: the server's own JSON with
    /// `--raw`, otherwise the object.
    public func item<Row: Tabular>(_ fetched: Fetched<Row>) throws {
        if settings.raw { return raw(fetched.raw) }
        try item(fetched.value)
    }

    /// A fetched list, whole: the server's own JSON with `--raw`, otherwise the rows.
    public func list<Row: Tabular>(_ fetched: Fetched<[Row]>) throws {
        if settings.raw { return raw(fetched.raw) }
        try list(fetched.value)
    }

    // MARK: one object

    /// One object: labelled lines on a terminal, `key\tvalue` lines piped. `keyPrefix` goes before
    /// each piped key, so the parts of a larger view (a report's posts) keep keys of their own.
    public func item<Row: Tabular>(_ row: Row, keyPrefix: String = "") throws {
        // One object is not a list: its shape stays the same whoever read it (no `account` lead,
        // `-o csv` included), as a `show` names what it shows.
        if account != nil {
            var plain = self
            plain.account = nil
            return try plain.item(row, keyPrefix: keyPrefix)
        }
        try validateFields(for: Row.self)
        if let fleet {
            return fleet.sink.add(try fleetRecord(row, isItem: true, account: fleet.account), from: fleet.account)
        }
        switch settings.format {
        case .json: write(try jsonText(row, pretty: true) + "\n")
        case .ndjson: write(try jsonText(row, pretty: false) + "\n")
        case .csv: try list([row])
        case .table:
            var columns = columns(Row.self)
            if settings.fields == nil { columns.removeAll { $0.hidesWhenEmpty && $0.value(row).isEmpty } }
            // One write for the object: a write per line was a system call per field.
            var text = ""
            if settings.isTTY {
                let labelWidth = (columns.map { $0.header.count }.max() ?? 0) + 1
                let indent = String(repeating: " ", count: labelWidth + 1)
                for column in columns {
                    let label = (column.header.prefix(1).uppercased() + column.header.dropFirst() + ":")
                        .padded(to: labelWidth + 1)
                    let value = ttyText(column.value(row))
                    // A long value wraps at spaces and goes on under its label, not under the labels.
                    let lines = Self.wrap(value, width: settings.width.map { $0 - indent.count })
                    text += style(label, bold: true)
                    text += tinted(lines.joined(separator: "\n" + indent), key: column.key, value: value) + "\n"
                }
            } else {
                // TSV cleaning, so a multi-line comment cannot spill past its `key\tvalue` line.
                for column in columns { text += "\(keyPrefix)\(column.key)\t\(tsvText(column.value(row)))\n" }
            }
            if !text.isEmpty { write(text) }
        }
    }

    /// `text` in lines of at most `width` characters, broken at spaces; a word longer than a line
    /// (a URL) stays whole on a line of its own. Too narrow a space (under 20) is not worth wrapping into.
    static func wrap(_ text: String, width: Int?) -> [String] {
        guard let width, width >= 20, text.count > width else { return [text] }
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if line.isEmpty {
                line = String(word)
            } else if line.count + 1 + word.count <= width {
                line += " " + word
            } else {
                lines.append(line)
                line = String(word)
            }
        }
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        return lines
    }

    /// `Header: value` lines with the values aligned, as one object shows on a terminal.
    func labelled(_ headers: [String], _ values: [String]) -> String {
        let labelWidth = (headers.map(\.count).max() ?? 0) + 1
        var text = ""
        for (header, value) in zip(headers, values) {
            let label = (header.prefix(1).uppercased() + header.dropFirst() + ":").padded(to: labelWidth + 1)
            text += style(label, bold: true) + value + "\n"
        }
        return text
    }

    // MARK: cells

    /// A cell on a terminal: one line, no control codes. Tables and labelled items both come here.
    func ttyText(_ cell: Cell) -> String {
        switch cell {
        case .date(let date?): RelativeTime.describe(date, now: settings.now)
        default: Self.inert(plainText(cell))
        }
    }

    func plainText(_ cell: Cell) -> String {
        switch cell {
        case .text(let text): text ?? ""
        case .date(let date): date.map(FlexibleDate.format) ?? ""
        case .number(let number): number.map(String.init) ?? ""
        case .flag(let flag): flag.map { $0 ? "yes" : "no" } ?? ""
        case .list(let items): items.joined(separator: ", ")
        }
    }

    /// TSV cells cannot hold tabs or newlines (nor control codes: TSV is often read on a terminal).
    func tsvText(_ cell: Cell) -> String {
        Self.inert(plainText(cell))
    }

    /// A CSV cell: server text made inert and guarded against spreadsheet formulas (`CSVText.safe`);
    /// numbers are fedictl's own and stay as they are (`-1` is a number, not a formula).
    func csvText(_ cell: Cell) -> String {
        if case .number = cell { return plainText(cell) }
        return CSVText.safe(plainText(cell))
    }

    /// One CSV record, cells through `csvText`: the one writer for one account's rows and for the
    /// fleet's (which leads with the account), so both are byte-identical for the same rows.
    func csvLine(_ cells: [Cell]) -> String { line(cells, tsv: false) }

    /// One TSV line, cells through `tsvText`: the fleet's rows (one account's go straight into a page's bytes).
    func tsvLine(_ cells: [Cell]) -> String { line(cells, tsv: true) }

    private func line(_ cells: [Cell], tsv: Bool) -> String {
        var line: [UInt8] = []
        appendLine(cells, tsv: tsv, to: &line)
        return String(decoding: line, as: UTF8.self)
    }

    /// A CSV record (`CSVText.line` of the cells through `csvText`, ended by CRLF) appended to
    /// `out` as UTF-8, or with `tsv` the cells through `tsvText` joined by tabs: a list writes a
    /// page of rows into one buffer. Most cells (ids, names, addresses, dates) are plain ASCII that
    /// neither format changes, and are copied as they are.
    func appendLine(_ cells: [Cell], tsv: Bool, to out: inout [UInt8]) {
        for (index, cell) in cells.enumerated() {
            if index > 0 { out.append(UInt8(ascii: tsv ? "\t" : ",")) }
            let start = out.count
            appendPlainText(cell, to: &out)
            let isNumber = if case .number = cell { true } else { false }
            let kept = out.withUnsafeBufferPointer { all in
                let bytes = UnsafeBufferPointer(rebasing: all[start...])
                guard PlainASCII.end(of: bytes, from: 0) == bytes.count else { return false }
                if !tsv {
                    // A comma needs quotes; a formula start needs its guard (numbers are fedictl's own).
                    if bytes.contains(UInt8(ascii: ",")) { return false }
                    if !isNumber, let first = bytes.first, Self.formulaBytes.contains(first) { return false }
                }
                return true
            }
            if !kept {
                out.removeSubrange(start...)
                out.append(contentsOf: (tsv ? tsvText(cell) : CSVText.line([csvText(cell)], terminator: "")).utf8)
            }
        }
        out.append(contentsOf: (tsv ? "\n" : "\r\n").utf8)
    }

    /// `plainText(cell)` appended to `out` as UTF-8, a date without a String in between (a list
    /// writes one or two a row).
    private func appendPlainText(_ cell: Cell, to out: inout [UInt8]) {
        if case .date(let date?) = cell { return FlexibleDate.append(date, to: &out) }
        var text = plainText(cell)
        text.withUTF8 { out.append(contentsOf: $0) }
    }

    /// The plain ASCII bytes that start a formula (`CSVText.safe`).
    private static let formulaBytes: [UInt8] = Array("=+-@".utf8)

    /// The CSV header: the column keys, fedictl's own names.
    func csvHeader(_ keys: [String]) -> String {
        CSVText.line(keys, terminator: "\r\n")
    }

    /// Server-controlled text (report comments, display names, post content) may carry escape
    /// sequences that would retitle, clear or spoof the moderator's terminal, or bidi controls that
    /// reorder it: one line, with controls and bidi controls made visible (`InertText.line`). JSON
    /// writes them as escapes instead, CSV keeps line breaks in quoted cells.
    public static func inert(_ text: String) -> String {
        InertText.line(text)
    }

    /// `inert` for messages on stderr, which may quote a server (error messages, titles): each
    /// line is made inert and the line breaks fedictl itself put there are kept.
    public static func inertLines(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { inert(String($0)) }.joined(separator: "\n")
    }

    func style(_ text: String, bold: Bool) -> String {
        settings.color && bold ? "\u{1B}[1m\(text)\u{1B}[0m" : text
    }

    /// A severity or state in its colour (`Tone`), when colour is on; `value` is the whole cell, `text` what is shown.
    func tinted(_ text: String, key: String, value: String) -> String {
        guard settings.color, let tone = Tone(key: key, value: value) else { return text }
        return "\u{1B}[\(tone.code)m\(text)\u{1B}[0m"
    }

    // MARK: JSON

    /// A row as JSON. A row JSON cannot hold (a NaN) is an error (exit 76), never left out.
    public func jsonText<Row: Encodable>(_ value: Row, pretty: Bool) throws -> String {
        do {
            return try jsonWriter(pretty: pretty).text(value)
        } catch {
            throw FediError(
                .protocol, "cannot write a result as JSON (\(JSONCoding.describe(error)))",
                hint: "the server sent a value JSON cannot hold; --raw shows its own answer")
        }
    }

    func jsonWriter(pretty: Bool) -> JSONRowWriter {
        JSONRowWriter(pretty: pretty, fields: settings.fields)
    }
}

/// Rows that arrive page by page, each page written as it comes (one write per page), so every
/// format holds one page at a time: NDJSON, CSV, TSV, the JSON array (element by element) and the
/// aligned table on a terminal (its columns sized by the first page). A row that fails to encode
/// stops the list with that error (the rows before it are out; a JSON array is left open, so no
/// reader takes it for the whole list).
public final class ListStream<Row: Tabular>: @unchecked Sendable {
    let renderer: Renderer
    let columns: [Column<Row>]
    private let compactJSON: JSONRowWriter
    private let prettyJSON: JSONRowWriter
    /// What is out so far. Held while a page is written too, so pages never interleave.
    private struct Written {
        var table: TableLayout<Row>
        var started = false
        /// A JSON array's `[` is out: later elements follow a comma, and `finish` closes it.
        var arrayOpen = false
        var rows = 0
        /// The bytes of the page before: room for as many is made at once (grown from empty, a
        /// page's buffer was copied a dozen times).
        var pageBytes = 0
    }
    private let written: Mutex<Written>
    /// Set for a merged list (`Renderer.list(_:mergedBy:)`).
    private let order: (@Sendable (Row) -> String)?
    /// The account each machine-readable row leads with (`Renderer.account`), as a CSV/TSV cell and
    /// as the JSON key `account` first, as the fleet's rows have it; nil on a terminal, for a merged
    /// list (its rows name their server) and for rows that name their own account.
    private let account: String?
    /// `account` as the head of a JSON object: `"account":"me@host",`, compact and pretty (in an array).
    private let accountHeads: (compact: [UInt8], pretty: [UInt8])

    public init(renderer: Renderer, mergedBy order: (@Sendable (Row) -> String)? = nil) throws {
        try renderer.validateFields(for: Row.self)
        self.renderer = renderer
        self.order = order
        self.columns = renderer.columns(Row.self)
        self.compactJSON = renderer.jsonWriter(pretty: false)
        self.prettyJSON = renderer.jsonWriter(pretty: true)
        self.written = Mutex(Written(table: TableLayout(renderer: renderer, columns: columns)))
        let machine = renderer.settings.format != .table || !renderer.settings.isTTY
        let account =
            machine && order == nil && !Row.fieldNames.contains("account") ? renderer.account : nil
        self.account = account
        let quoted = account.map(FleetOutput.quoted) ?? ""
        self.accountHeads = (Array("\"account\":\(quoted)".utf8), Array("\n    \"account\" : \(quoted)".utf8))
        if let fleet = renderer.fleet {
            let hasOwn = Row.fieldNames.contains("account") || order != nil
            fleet.sink.declare(
                keys: columns.map(\.key).filter { hasOwn || $0 != "account" }, hasOwnAccount: hasOwn,
                merged: order != nil)
        }
    }

    public func add(_ rows: [Row]) throws {
        if let fleet = renderer.fleet {
            for row in rows {
                fleet.sink.add(
                    try renderer.fleetRecord(row, isItem: false, account: fleet.account, order: order),
                    from: fleet.account)
            }
            return
        }
        try rows.withUnsafeBufferPointer { borrowed in try add(rows, borrowed) }
    }

    /// `borrowed`: the rows read where they are (`rows`' own storage): iterating the array copied
    /// each row, a retain and a release for each of its fields.
    private func add(_ rows: [Row], _ borrowed: UnsafeBufferPointer<Row>) throws {
        try written.withLock { written in
            let settings = renderer.settings
            var text = ""
            // Rows are written as UTF-8 bytes, a page at a time (the terminal's table as text).
            var bytes: [UInt8] = []
            bytes.reserveCapacity(written.pageBytes)
            // What was made before a failing row still goes out, then the error.
            defer {
                if !text.isEmpty { renderer.write(text) }
                if !bytes.isEmpty { renderer.writeUTF8(bytes) }
                written.pageBytes = bytes.count
            }
            switch settings.format {
            case .ndjson:
                for index in borrowed.indices {
                    let start = bytes.count
                    try write(borrowed[index], compactJSON, into: &bytes, count: &written.rows)
                    insertAccount(accountHeads.compact, closing: [], into: &bytes, at: start)
                    bytes.append(UInt8(ascii: "\n"))
                }
            case .json:
                for index in borrowed.indices {
                    // A failing row takes its separator back with it.
                    let mark = bytes.count
                    bytes.append(contentsOf: (written.arrayOpen ? ",\n  " : "[\n  ").utf8)
                    do {
                        let start = bytes.count
                        try write(borrowed[index], prettyJSON, indent: 1, into: &bytes, count: &written.rows)
                        insertAccount(accountHeads.pretty, closing: Array("\n  ".utf8), into: &bytes, at: start)
                    } catch {
                        bytes.removeSubrange(mark...)
                        throw error
                    }
                    written.arrayOpen = true
                }
            case .csv:
                if !written.started, !settings.noHeaders {
                    bytes.append(contentsOf: renderer.csvHeader(keys).utf8)
                }
                appendLines(borrowed, tsv: false, to: &bytes)
            case .table where !settings.isTTY:
                appendLines(borrowed, tsv: true, to: &bytes)
            case .table:
                text += written.table.add(rows)
            }
            written.started = true
        }
    }

    /// The CSV header's keys: the account's first where rows lead with it.
    private var keys: [String] { (account == nil ? [] : ["account"]) + columns.map(\.key) }

    /// The account's head put first in the JSON object written at `start` (`{` then its fields, or
    /// `{}`): the row's object as the fleet's output has it. `closing` goes before an empty object's `}`.
    private func insertAccount(_ head: [UInt8], closing: [UInt8], into bytes: inout [UInt8], at start: Int) {
        guard account != nil, start < bytes.count, bytes[start] == UInt8(ascii: "{") else { return }
        let empty = start + 1 < bytes.count && bytes[start + 1] == UInt8(ascii: "}")
        bytes.insert(contentsOf: empty ? head + closing : head + [UInt8(ascii: ",")], at: start + 1)
    }

    /// The rows as CSV records or TSV lines, each row's cells made into one array kept for the page.
    private func appendLines(_ rows: UnsafeBufferPointer<Row>, tsv: Bool, to out: inout [UInt8]) {
        var cells: [Cell] = []
        cells.reserveCapacity(columns.count + 1)
        for row in rows.indices {
            cells.removeAll(keepingCapacity: true)
            if let account { cells.append(.text(account)) }
            for column in columns { cells.append(column.value(rows[row])) }
            renderer.appendLine(cells, tsv: tsv, to: &out)
        }
    }

    /// One row's JSON; one that has none (a number JSON cannot hold) stops the list, saying which row.
    private func write(
        _ row: Row, _ writer: JSONRowWriter, indent: Int = 0, into out: inout [UInt8], count rowsWritten: inout Int
    ) throws {
        do {
            try writer.write(row: row, indent: indent, into: &out)
            rowsWritten += 1
        } catch let error as EncodingError {
            guard case .invalidValue(_, let context) = error else { throw error }
            let key = context.codingPath.map(\.stringValue).joined(separator: ".")
            throw FediError(
                .protocol,
                "row \(rowsWritten + 1) of the list cannot be written as JSON: \(context.debugDescription)\(key.isEmpty ? "" : " (\(key))")",
                hint: "the rows before it were written; --raw shows the server's own JSON")
        }
    }

    public func finish() {
        if renderer.fleet != nil { return }  // the fleet's output ends the list for every account at once
        written.withLock { written in
            let settings = renderer.settings
            switch settings.format {
            case .json:
                renderer.write(written.arrayOpen ? "\n]\n" : "[]\n")
            case .csv where !written.started && !settings.noHeaders:
                renderer.write(renderer.csvHeader(keys))
            case .table where settings.isTTY:
                let header = written.table.finish()  // only when no row came
                if !header.isEmpty { renderer.write(header) }
            default:
                break
            }
        }
    }
}
