import FediCore
import Foundation
import Testing

@testable import FediOutput

struct Report: Tabular {
    var id: String
    var comment: String?
    var createdAt: Date
    var tags: [String]
    var resolved: Bool
    enum CodingKeys: String, CodingKey { case id, comment, tags, resolved, createdAt = "created_at" }
    static let columns: [Column<Report>] = [
        Column("id") { .text($0.id) },
        Column("comment") { .text($0.comment) },
        Column("created_at", "created") { .date($0.createdAt) },
        Column("tags") { .list($0.tags) },
        Column("resolved", default: false) { .flag($0.resolved) },
    ]
}

/// A report-queue row as GoToSocial fills it: 26-character ids, no assignee.
struct QueueRow: Tabular {
    var id: String
    var reporter: String
    var state: String
    var comment: String
    var assignedTo: String?
    var url: String
    enum CodingKeys: String, CodingKey { case id, reporter, state, comment, url, assignedTo = "assigned_to" }
    static let columns: [Column<QueueRow>] = [
        Column("id") { .text($0.id) },
        Column("reporter", kind: .identifier) { .text($0.reporter) },
        Column("state") { .text($0.state) },
        Column("assigned_to", "assigned to") { .text($0.assignedTo) },
        Column("comment") { .text($0.comment) },
        Column("url", "URL") { .text($0.url) },
    ]
}

final class Sink: @unchecked Sendable {
    private let lock = NSLock()
    private var buffer = ""
    var text: String { lock.withLock { buffer } }
    func write(_ s: String) { lock.withLock { buffer += s } }
}

struct RendererTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    var rows: [Report] {
        [
            Report(
                id: "1", comment: "spam, \"obviously\"", createdAt: now.addingTimeInterval(-3 * 3600),
                tags: ["a", "b"], resolved: false),
            Report(id: "22", comment: nil, createdAt: now.addingTimeInterval(-2 * 86400), tags: [], resolved: true),
        ]
    }

    func render(_ settings: OutputSettings, _ body: (Renderer) throws -> Void) rethrows -> String {
        let sink = Sink()
        try body(Renderer(settings: settings, write: { sink.write($0) }))
        return sink.text
    }

    func settings(
        _ format: OutputFormat, tty: Bool = false, width: Int? = nil, fields: [String]? = nil, noHeaders: Bool = false
    ) -> OutputSettings {
        OutputSettings(
            format: format, fields: fields, noHeaders: noHeaders, isTTY: tty, width: width, color: false, now: now)
    }

    @Test func terminalTableIsAlignedWithRelativeDates() throws {
        let text = try render(settings(.table, tty: true, width: 120)) { try $0.list(rows) }
        #expect(
            text == """
                ID  COMMENT            CREATED            TAGS
                1   spam, "obviously"  about 3 hours ago  a, b
                22                     about 2 days ago

                """)
    }

    @Test func pipedTableIsTSVWithoutHeaderAndRFC3339Dates() throws {
        let text = try render(settings(.table)) { try $0.list(rows) }
        #expect(text == "1\tspam, \"obviously\"\t2027-01-15T05:00:00Z\ta, b\n22\t\t2027-01-13T08:00:00Z\t\n")
    }

    @Test func narrowTerminalTruncatesWithAnEllipsis() throws {
        let long = [
            Report(id: "1", comment: String(repeating: "x", count: 80), createdAt: now, tags: [], resolved: false)
        ]
        let text = try render(settings(.table, tty: true, width: 50)) { try $0.list(long) }
        let lines = text.split(separator: "\n")
        #expect(lines.allSatisfy { $0.count <= 50 }, "\(text)")
        #expect(text.contains("…"))
    }

    @Test func jsonIsPrettySortedAndUsesModelKeys() throws {
        let text = try render(settings(.json)) { try $0.list(rows) }
        let parsed = try JSONSerialization.jsonObject(with: Data(text.utf8)) as! [[String: Any]]
        #expect(parsed.count == 2)
        #expect(parsed[0]["created_at"] as? String == "2027-01-15T05:00:00Z")
        #expect(parsed[0]["resolved"] as? Bool == false)
        #expect(text.hasPrefix("[\n  {\n"))
        // keys sorted
        let keys = text.components(separatedBy: "\n").filter { $0.hasPrefix("    \"") }.prefix(5).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        #expect(
            keys.map { String($0.prefix(while: { $0 != ":" })) } == [
                "\"comment\" ", "\"created_at\" ", "\"id\" ", "\"resolved\" ", "\"tags\" ",
            ])
    }

    @Test func emptyListIsAnEmptyArray() throws {
        #expect(try render(settings(.json)) { try $0.list([Report]()) } == "[]\n")
        #expect(try render(settings(.csv)) { try $0.list([Report]()) } == "id,comment,created_at,tags\r\n")
    }

    @Test func ndjsonIsOneCompactObjectPerLine() throws {
        let text = try render(settings(.ndjson)) { try $0.list(rows) }
        let lines = text.split(separator: "\n")
        #expect(lines.count == 2)
        for line in lines { #expect(try JSONSerialization.jsonObject(with: Data(line.utf8)) is [String: Any]) }
    }

    @Test func csvQuotesPerRFC4180() throws {
        let text = try render(settings(.csv)) { try $0.list(rows) }
        #expect(
            text
                == "id,comment,created_at,tags\r\n1,\"spam, \"\"obviously\"\"\",2027-01-15T05:00:00Z,\"a, b\"\r\n22,,2027-01-13T08:00:00Z,\r\n"
        )
    }

    @Test func csvQuotesAFieldHoldingCRLF() throws {
        // "\r\n" is one Swift Character, equal to neither "\r" nor "\n": it must still be quoted.
        #expect(CSVText.line(["1", "a\r\nb"]) == "1,\"a\r\nb\"\n")
        // A server's CR (which returns a terminal's cursor) becomes LF inside the quoted cell.
        let row = [Report(id: "1", comment: "a\r\nb\rc", createdAt: now, tags: [], resolved: false)]
        let text = try render(settings(.csv, noHeaders: true)) { try $0.list(row) }
        #expect(text == "1,\"a\nb\nc\",2027-01-15T08:00:00Z,\r\n")
        #expect(try CSVText.records(text).map(\.fields) == [["1", "a\nb\nc", "2027-01-15T08:00:00Z", ""]])
    }

    /// A comma or quote followed by a combining mark is one Character (",\u{301}") but a comma or
    /// quote to every CSV reader: the cell is still quoted and its quote doubled, so no column shifts.
    @Test func csvQuotesACommaOrQuoteThatCarriesACombiningMark() throws {
        let comment = "a,\u{301}b \"\u{301}c"
        let row = [Report(id: "1", comment: comment, createdAt: now, tags: [], resolved: false)]
        let text = try render(settings(.csv, noHeaders: true)) { try $0.list(row) }
        #expect(text == "1,\"a,\u{301}b \"\"\u{301}c\",2027-01-15T08:00:00Z,\r\n")
        #expect(try CSVText.records(text).map(\.fields) == [["1", comment, "2027-01-15T08:00:00Z", ""]])
    }

    /// A report comment that retitles the terminal, clears it, and hides behind CR, C1 CSI and DEL.
    static let hostile = "\u{1B}]0;pwned\u{07}hi\u{1B}[2J\rthere\u{9B}31m\u{7F}!"
    static let defused = "\u{FFFD}]0;pwned\u{FFFD}hi\u{FFFD}[2J there\u{FFFD}31m\u{FFFD}!"

    func controlBytes(_ text: String) -> [Unicode.Scalar] {
        text.unicodeScalars.filter { ($0.value < 0x20 && $0 != "\n" && $0 != "\t") || (0x7F...0x9F).contains($0.value) }
    }

    @Test func terminalOutputCarriesNoControlSequencesFromTheServer() throws {
        let row = Report(id: "1", comment: Self.hostile, createdAt: now, tags: ["\u{1B}[31mred"], resolved: false)
        let table = try render(settings(.table, tty: true, width: 200)) { try $0.list([row]) }
        #expect(controlBytes(table) == [], "\(table.debugDescription)")
        #expect(table.contains("1   \(Self.defused)  just now  \u{FFFD}[31mred\n"), "\(table.debugDescription)")
        let item = try render(settings(.table, tty: true, width: 200)) { try $0.item(row) }
        #expect(controlBytes(item) == [], "\(item.debugDescription)")
        #expect(item.contains("Comment: \(Self.defused)\n"), "\(item.debugDescription)")
    }

    @Test func tsvCarriesNoControlSequencesFromTheServer() throws {
        let row = Report(id: "1", comment: Self.hostile, createdAt: now, tags: [], resolved: false)
        let list = try render(settings(.table)) { try $0.list([row]) }
        #expect(list == "1\t\(Self.defused)\t2027-01-15T08:00:00Z\t\n", "\(list.debugDescription)")
        let item = try render(settings(.table)) { try $0.item(row) }
        #expect(
            item == "id\t1\ncomment\t\(Self.defused)\ncreated_at\t2027-01-15T08:00:00Z\ntags\t\n",
            "\(item.debugDescription)")
    }

    @Test func multiLineValueStaysOnItsLine() throws {
        let row = Report(
            id: "1", comment: "first line\nsecond\r\nthird\tcolumn", createdAt: now, tags: [], resolved: false)
        let piped = try render(settings(.table)) { try $0.item(row) }
        #expect(piped == "id\t1\ncomment\tfirst line second third column\ncreated_at\t2027-01-15T08:00:00Z\ntags\t\n")
        let tsv = try render(settings(.table)) { try $0.list([row]) }
        #expect(tsv == "1\tfirst line second third column\t2027-01-15T08:00:00Z\t\n")
        let table = try render(settings(.table, tty: true, width: 200)) { try $0.list([row]) }
        #expect(table.split(separator: "\n").count == 2, "\(table.debugDescription)")
        #expect(table.contains("1   first line second third column  just now\n"), "\(table.debugDescription)")
    }

    /// Bidi controls reorder what a moderator reads (`evil.example` shown as something else).
    static let bidi = "moc.\u{202E}evil\u{202C}.example \u{2066}x\u{2069}\u{200F}\u{061C}\u{2028}end"

    @Test func tablesAndTSVShowBidiControlsAsReplacementCharacters() throws {
        let row = Report(id: "1", comment: Self.bidi, createdAt: now, tags: [], resolved: false)
        let tsv = try render(settings(.table)) { try $0.list([row]) }
        #expect(
            tsv
                == "1\tmoc.\u{FFFD}evil\u{FFFD}.example \u{FFFD}x\u{FFFD}\u{FFFD}\u{FFFD} end\t2027-01-15T08:00:00Z\t\n",
            "\(tsv.debugDescription)")
        let table = try render(settings(.table, tty: true, width: 200)) { try $0.item(row) }
        #expect(
            table.contains("Comment: moc.\u{FFFD}evil\u{FFFD}.example \u{FFFD}x\u{FFFD}\u{FFFD}\u{FFFD} end\n"),
            "\(table.debugDescription)")
    }

    /// The byte checks that let plain text skip the sanitisers miss nothing: every scalar (every
    /// plane's first 0x800 and all of the BMP) beside plain text, in every format's escaping.
    @Test func plainTextChecksMissNoControlOrSeparator() throws {
        let scalars =
            (0...0xFFFF).compactMap(Unicode.Scalar.init)
            + (0x10000...0x10FFFF).filter { $0 & 0xFFFF < 0x800 }.compactMap(Unicode.Scalar.init)
        for scalar in scalars {
            let text = "a\(scalar)b"
            let special =
                InertText.isControl(scalar) || InertText.isBidiControl(scalar) || scalar.value == 0x2028
                || scalar.value == 0x2029
            if special { #expect(InertText.mayHoldControls(text), "U+\(String(scalar.value, radix: 16))") }
            #expect((InertText.line(text) == text) == !special, "U+\(String(scalar.value, radix: 16))")
            var json: [UInt8] = []
            JSONRowWriter.quote(text, into: &json)
            let escaped = special || scalar == "\"" || scalar == "\\"
            #expect(
                (String(decoding: json, as: UTF8.self) == "\"\(text)\"") == !escaped,
                "U+\(String(scalar.value, radix: 16))")
            if special {
                #expect(
                    !String(decoding: json, as: UTF8.self).unicodeScalars.contains(scalar),
                    "U+\(String(scalar.value, radix: 16))")
            }
        }
        #expect(
            "2024-01-02T03:04:05Z".trimmed() == "2024-01-02T03:04:05Z" && " 12\u{2003}".trimmed() == "12"
                && "\u{2003}".trimmed() == "")
        #expect(
            CSVText.line(["a,b", "plain", "q\"", "x\r\n", "\u{2728}"]) == "\"a,b\",plain,\"q\"\"\",\"x\r\n\",\u{2728}\n"
        )
    }

    /// CSV of server text: no raw control, CR or bidi control, and no cell a spreadsheet would run.
    @Test func csvCellsAreInertAndGuardedAgainstFormulas() throws {
        let rows = [
            Report(id: "1", comment: Self.hostile, createdAt: now, tags: ["=HYPERLINK(\"http://x\")"], resolved: false),
            Report(id: "2", comment: "+cmd|' /C calc'!A0", createdAt: now, tags: ["@SUM(1)", "ok"], resolved: false),
            Report(id: "3", comment: "-2+3", createdAt: now, tags: ["\tx"], resolved: false),
            Report(id: "4", comment: Self.bidi, createdAt: now, tags: [], resolved: false),
        ]
        let csv = try render(settings(.csv, noHeaders: true)) { try $0.list(rows) }
        let expected = [
            "1,\"\u{FFFD}]0;pwned\u{FFFD}hi\u{FFFD}[2J\nthere\u{FFFD}31m\u{FFFD}!\",2027-01-15T08:00:00Z,\"'=HYPERLINK(\"\"http://x\"\")\"\r\n",
            "2,'+cmd|' /C calc'!A0,2027-01-15T08:00:00Z,\"'@SUM(1), ok\"\r\n",
            "3,'-2+3,2027-01-15T08:00:00Z,'\tx\r\n",
            "4,\"moc.\u{FFFD}evil\u{FFFD}.example \u{FFFD}x\u{FFFD}\u{FFFD}\u{FFFD}\nend\",2027-01-15T08:00:00Z,\r\n",
        ].joined()
        #expect(csv == expected, "\(csv.debugDescription)")
        #expect(controlBytes(csv.replacing("\r\n", with: "\n")) == [])
    }

    /// A list's CSV and TSV lines copy plain cells as they are: every cell comes out as the
    /// general path (`csvText`, `CSVText.line`, `tsvText`) writes it.
    @Test func plainCellsAreCopiedAsTheGeneralPathWritesThem() {
        let texts = [
            "plain", "", "a,b", "q\"", "back\\slash", "=1+2", "+cmd", "-2", "@SUM(1)", "\tx", "x\ty", "é", "\u{202E}",
            "line\nbreak", "cr\r", "~ok ", " lead", "del\u{7F}",
        ]
        let cells: [Cell] =
            texts.map { .text($0) } + [
                .text(nil), .number(-1), .number(42), .number(nil), .flag(true), .flag(nil), .list(["a", "b"]),
                .list([]),
                .list(["=x"]), .date(now), .date(Date(timeIntervalSince1970: -1e30)), .date(nil),
                .date(Date(timeIntervalSince1970: -62_135_596_800)),
                .date(Date(timeIntervalSince1970: -62_135_596_801)),
            ]
        let renderer = Renderer(settings: settings(.csv), write: { _ in })
        for cell in cells {
            for tsv in [false, true] {
                var line: [UInt8] = []
                renderer.appendLine([cell, cell], tsv: tsv, to: &line)
                let expected =
                    tsv
                    ? renderer.tsvText(cell) + "\t" + renderer.tsvText(cell) + "\n"
                    : CSVText.line([renderer.csvText(cell), renderer.csvText(cell)], terminator: "\r\n")
                #expect(String(decoding: line, as: UTF8.self) == expected, "\(cell) tsv: \(tsv)")
            }
        }
    }

    /// `--raw` passes a server's JSON on as data, but not its raw controls: a hostile server need
    /// not escape them. Escapes are the same data to a JSON reader; a lone CR becomes LF.
    @Test func rawJSONHasItsControlsEscaped() throws {
        let raw = "{\"comment\": \"a\u{1B}]52;c;eA==\u{07}b\u{202E}c\u{9B}\"}\r\n\r"
        let text = try render(settings(.json)) { $0.raw(Data(raw.utf8)) }
        #expect(
            text == "{\"comment\": \"a\\u001b]52;c;eA==\\u0007b\\u202ec\\u009b\"}\r\n\n", "\(text.debugDescription)")
        let valid = try render(settings(.json)) { $0.raw(Data("{\"a\": \"\u{202E}\"}".utf8)) }
        #expect(try JSONSerialization.jsonObject(with: Data(valid.utf8)) as? [String: String] == ["a": "\u{202E}"])
    }

    @Test func jsonCarriesTheServersTextExactly() throws {
        let original = Self.hostile + "\nline two\r\nthree\tfour" + Self.bidi
        let row = Report(id: "1", comment: original, createdAt: now, tags: [], resolved: false)
        for format in [OutputFormat.json, .ndjson] {
            let text = try render(settings(format)) { try $0.item(row) }
            #expect(!text.unicodeScalars.contains("\u{1B}"), "JSON escapes C0 controls: \(text.debugDescription)")
            #expect(
                controlBytes(text) == [] && !text.unicodeScalars.contains(where: InertText.isBidiControl),
                "\(text.debugDescription)")
            #expect(text.contains("moc.\\u202eevil\\u202c.example"), "\(text.debugDescription)")
            let parsed = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
            #expect(parsed?["comment"] as? String == original, "\(format)")
        }
    }

    @Test func fieldsPickColumnsAndJSONKeys() throws {
        let table = try render(settings(.table, fields: ["resolved", "id"])) { try $0.list(rows) }
        #expect(table == "no\t1\nyes\t22\n")
        let json = try render(settings(.json, fields: ["id"])) { try $0.list(rows) }
        let parsed = try JSONSerialization.jsonObject(with: Data(json.utf8)) as! [[String: Any]]
        #expect(parsed.map { Array($0.keys) } == [["id"], ["id"]])
    }

    @Test func unknownFieldIsAUsageErrorListingTheValidOnes() throws {
        let error = #expect(throws: FediError.self) {
            try render(settings(.table, fields: ["id", "bogus"])) { try $0.list(rows) }
        }
        #expect(error?.status == .usage)
        #expect(error?.message == "unknown field bogus")
        #expect(error?.hint == "available fields: id, comment, created_at, tags, resolved")
    }

    @Test func noHeadersDropsTheHeaderRow() throws {
        let text = try render(settings(.csv, noHeaders: true)) { try $0.list(rows) }
        #expect(!text.hasPrefix("id,"))
        let table = try render(settings(.table, tty: true, width: 100, noHeaders: true)) { try $0.list(rows) }
        #expect(!table.contains("ID"))
    }

    @Test func itemOnTerminalIsLabelledAndPipedIsKeyTab() throws {
        let tty = try render(settings(.table, tty: true, width: 100)) { try $0.item(rows[0]) }
        #expect(tty.contains("Id:"))
        #expect(tty.contains("Comment: spam, \"obviously\"\nCreated: about 3 hours ago\n"))
        let piped = try render(settings(.table)) { try $0.item(rows[0]) }
        #expect(piped == "id\t1\ncomment\tspam, \"obviously\"\ncreated_at\t2027-01-15T05:00:00Z\ntags\ta, b\n")
    }

    @Test func streamingNDJSONWritesEachPageAsItArrives() throws {
        let sink = Sink()
        let stream = try ListStream<Report>(renderer: Renderer(settings: settings(.ndjson), write: { sink.write($0) }))
        try stream.add([rows[0]])
        #expect(sink.text.split(separator: "\n").count == 1)
        try stream.add([rows[1]])
        #expect(sink.text.split(separator: "\n").count == 2)
        try stream.finish()
    }

    /// A row JSON cannot hold is an error naming it (exit 76), never a row quietly left out of the list.
    @Test func aRowThatCannotBeWrittenAsJSONIsAnErrorNotADrop() throws {
        struct Measured: Tabular {
            var id: String
            var ratio: Double
            static let columns: [Column<Measured>] = [Column("id") { .text($0.id) }]
        }
        let rows = [Measured(id: "1", ratio: 0.5), Measured(id: "2", ratio: .nan)]
        let sink = Sink()
        let error = #expect(throws: FediError.self) {
            try Renderer(settings: settings(.json), write: { sink.write($0) }).list(rows)
        }
        #expect(error?.status == .protocol)
        #expect(
            error?.message.hasPrefix("row 2 of the list cannot be written as JSON") == true,
            "\(String(describing: error))")
        // Lists stream: the rows before it are out, and the array is left open so that no JSON
        // reader takes what was written for the whole list.
        #expect(sink.text.hasPrefix("[") && sink.text.contains("\"id\"") && !sink.text.contains("]"), "\(sink.text)")
        #expect(throws: (any Error).self) { try JSONSerialization.jsonObject(with: Data(sink.text.utf8)) }
        #expect(throws: FediError.self) { try render(settings(.json)) { try $0.item(rows[1]) } }
    }

    @Test func colourOnlyOnATerminalWithoutNoColor() {
        #expect(OutputSettings.colorAllowed(isTTY: true, environment: [:], noColorFlag: false))
        #expect(!OutputSettings.colorAllowed(isTTY: true, environment: ["NO_COLOR": "1"], noColorFlag: false))
        #expect(!OutputSettings.colorAllowed(isTTY: true, environment: ["NO_COLOR": ""], noColorFlag: false))
        #expect(!OutputSettings.colorAllowed(isTTY: false, environment: [:], noColorFlag: false))
        #expect(!OutputSettings.colorAllowed(isTTY: true, environment: [:], noColorFlag: true))
    }

    @Test(
        arguments: [
            (-30.0, "just now"), (-80.0, "about 1 minute ago"), (-7200.0, "about 2 hours ago"),
            (-86400.0 * 400, "about 1 year ago"), (3.0 * 86400, "in about 3 days"),
        ] as [(Double, String)])
    func relativeTimes(offset: Double, expected: String) {
        #expect(RelativeTime.describe(now.addingTimeInterval(offset), now: now) == expected)
    }

    // MARK: issue 16, output

    var queue: [QueueRow] {
        [
            QueueRow(
                id: "01JF8ZQ1XGRY4YJ2V8M0AB3C4D", reporter: "@alice@gts.example", state: "open",
                comment: "posts the same link to everyone who mentions watches, over and over",
                url: "https://gts.example/reports/1"),
            QueueRow(
                id: "01JF8ZQ1XGRY4YJ2V8M0AB3C4E", reporter: "@bob@gts.example", state: "resolved",
                comment: "spam", url: "https://gts.example/reports/2"),
        ]
    }

    @Test func narrowTableCutsFreeTextAndNeverIdsAccountsOrURLs() throws {
        let text = try render(settings(.table, tty: true, width: 120)) { try $0.list(queue) }
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.allSatisfy { $0.count <= 120 }, "\(text)")
        #expect(lines[1].hasPrefix("01JF8ZQ1XGRY4YJ2V8M0AB3C4D  @alice@gts.example  open  "), "\(text)")
        #expect(lines[1].hasSuffix("…  https://gts.example/reports/1"), "\(text)")
        // Too narrow for everything: an identifier that cannot be whole is left out, never cut.
        let narrow = try render(settings(.table, tty: true, width: 60)) { try $0.list(queue) }
        #expect(narrow.split(separator: "\n").allSatisfy { $0.count <= 60 }, "\(narrow)")
        #expect(narrow.contains("01JF8ZQ1XGRY4YJ2V8M0AB3C4E  @bob@gts.example    resolved\n"), "\(narrow)")
        #expect(!narrow.contains("01JF8ZQ1XGRY4YJ…") && !narrow.contains("https://gts.example/r…"))
    }

    @Test func columnsEmptyInEveryRowAreLeftOutUnlessAskedFor() throws {
        let text = try render(settings(.table, tty: true, width: 200)) { try $0.list(queue) }
        #expect(text.hasPrefix("ID                          REPORTER            STATE     COMMENT"), "\(text)")
        #expect(!text.contains("ASSIGNED TO"))
        var chosen = settings(.table, tty: true, width: 200, fields: ["id", "assigned_to"])
        chosen.keepEmptyColumns = true
        let asked = try render(chosen) { try $0.list(queue) }
        #expect(asked.hasPrefix("ID                          ASSIGNED TO\n"), "\(asked)")
        // Piped, every column stays where `cut -f` expects it.
        let tsv = try render(settings(.table)) { try $0.list(queue) }
        #expect(tsv.hasPrefix("01JF8ZQ1XGRY4YJ2V8M0AB3C4D\t@alice@gts.example\topen\t\tposts"), "\(tsv)")
    }

    @Test func withoutAWidthNothingIsCut() throws {
        let text = try render(settings(.table, tty: true, width: nil)) { try $0.list(queue) }
        #expect(
            text.contains(
                "posts the same link to everyone who mentions watches, over and over  https://gts.example/reports/1\n"))
    }

    @Test func columnKindsFollowTheirKeys() {
        #expect(ColumnKind(key: "id") == .identifier && ColumnKind(key: "target_id") == .identifier)
        #expect(ColumnKind(key: "base_url") == .identifier && ColumnKind(key: "account") == .identifier)
        #expect(ColumnKind(key: "comment") == .freeText && ColumnKind(key: "public_comment") == .freeText)
        #expect(ColumnKind(key: "severity") == .other)
    }

    @Test func longDetailValuesWrapUnderTheirLabelAtSpaces() throws {
        let row = Report(
            id: "1",
            comment:
                "this account posts the same link to everyone who mentions watches https://spam.example/a/very/long/path/that/cannot/break",
            createdAt: now, tags: [], resolved: false)
        let text = try render(settings(.table, tty: true, width: 40)) { try $0.item(row) }
        #expect(
            text.contains(
                """
                Comment: this account posts the same
                         link to everyone who mentions
                         watches
                         https://spam.example/a/very/long/path/that/cannot/break
                Created: just now
                """), "\(text)")
        let wide = try render(settings(.table, tty: true, width: nil)) { try $0.item(row) }
        #expect(wide.contains("Comment: this account posts the same link to everyone who mentions watches https://"))
    }

    @Test func severityAndStateAreColouredOnlyWithColour() throws {
        var coloured = settings(.table, tty: true, width: 200)
        coloured.color = true
        let text = try render(coloured) { try $0.list(queue) }
        #expect(text.contains("\u{1B}[33mopen\u{1B}[0m      "), "\(text.debugDescription)")
        #expect(text.contains("\u{1B}[32mresolved\u{1B}[0m  spam"), "\(text.debugDescription)")
        let item = try render(coloured) { try $0.item(queue[0]) }
        #expect(item.contains("State:       \u{1B}[0m\u{1B}[33mopen\u{1B}[0m\n"), "\(item.debugDescription)")
        let plain = try render(settings(.table, tty: true, width: 200)) { try $0.list(queue) }
        #expect(!plain.contains("\u{1B}"))
    }

    @Test func emptyArraysInPrettyJSONAreBrackets() throws {
        let text = try render(settings(.json)) { try $0.item(rows[1]) }
        #expect(text.contains("\"tags\" : []"), "\(text.debugDescription)")
        struct Nested: Encodable { var a: [String] = [], b: [[String]] = [[]], c: [String: [String: Int]] = ["x": [:]] }
        let nested = String(decoding: try JSONCoding.encoder(pretty: true).encode(Nested()), as: UTF8.self)
        #expect(
            nested == "{\n  \"a\" : [],\n  \"b\" : [\n    []\n  ],\n  \"c\" : {\n    \"x\" : {}\n  }\n}",
            "\(nested.debugDescription)")
        // Text that looks like an empty array inside a string is left as it was.
        let quoted = String(decoding: try JSONText.data(from: ["q": "[\n  ]"], pretty: true), as: UTF8.self)
        #expect(quoted == "{\n  \"q\" : \"[\\n  ]\"\n}", "\(quoted.debugDescription)")
    }

    @Test func pipedItemKeysTakeAPrefix() throws {
        let text = try render(settings(.table, fields: ["id", "comment"])) { try $0.item(rows[0], keyPrefix: "post1.") }
        #expect(text == "post1.id\t1\npost1.comment\tspam, \"obviously\"\n")
    }

    @Test(
        arguments: [
            (30.0 * 86400 - 5, "in about 30 days"), (-(29.6 * 86400), "about 30 days ago"),
            (2.0 * 3600 - 30, "in about 2 hours"),
            (-(59.0 * 60 + 50), "about 1 hour ago"), (44.4 * 86400, "in about 44 days"),
            (-(80.0 * 86400), "about 3 months ago"),
            (364.0 * 86400, "in about 1 year"),
        ] as [(Double, String)])
    func relativeTimesRoundToTheNearest(offset: Double, expected: String) {
        #expect(RelativeTime.describe(now.addingTimeInterval(offset), now: now) == expected)
    }
}
