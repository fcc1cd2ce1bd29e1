import FediCore
import Foundation
import Testing

@testable import FediOutput

/// Lists written as their pages arrive: each format page by page, the JSON array element by
/// element, and fedictl's JSON the same bytes as JSONEncoder's (with `InertText.json`).
struct ListStreamTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    struct Row: Tabular {
        var id: String
        var note: String?
        var score: Double = 1
        var tags: [String] = []
        enum CodingKeys: String, CodingKey { case id, note, score, tags }
        static let columns: [Column<Row>] = [Column("id") { .text($0.id) }, Column("note") { .text($0.note) }]
    }

    /// Every writer call, so a test can see what went out with each page.
    final class Writes: @unchecked Sendable {
        private let lock = NSLock()
        private var chunks: [String] = []
        var all: [String] { lock.withLock { chunks } }
        var text: String { all.joined() }
        func write(_ s: String) { lock.withLock { chunks.append(s) } }
    }

    func stream(_ format: OutputFormat, fields: [String]? = nil, _ writes: Writes) throws -> ListStream<Row> {
        let settings = OutputSettings(format: format, fields: fields, isTTY: false, color: false, now: now)
        return try ListStream<Row>(renderer: Renderer(settings: settings, write: { writes.write($0) }))
    }

    let pages = [
        [Row(id: "1", note: "first", tags: ["a"]), Row(id: "2", note: nil)], [Row(id: "3", note: "th\u{202E}ird\n")],
    ]

    @Test func jsonArrayIsWrittenElementByElementAndReadsAsOneArray() throws {
        let writes = Writes()
        let list = try stream(.json, writes)
        try list.add(pages[0])
        #expect(writes.all.count == 1, "one write per page")
        #expect(writes.text.hasPrefix("[\n  {\n    \"id\" : \"1\""), "\(writes.text.debugDescription)")
        #expect(!writes.text.hasSuffix("]\n"), "the array is still open")
        try list.add(pages[1])
        list.finish()
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(writes.text.utf8)) as? [[String: Any]])
        #expect(parsed.map { $0["id"] as? String } == ["1", "2", "3"])
        #expect(parsed[2]["note"] as? String == "th\u{202E}ird\n")
        // The same text as the whole list rendered at once.
        let whole = Writes()
        try Renderer(settings: OutputSettings(format: .json, now: now), write: { whole.write($0) }).list(
            pages.flatMap { $0 })
        #expect(writes.text == whole.text)
    }

    /// A page of JSON goes out as the UTF-8 it was written in (no String made and checked again),
    /// the same text a renderer without a byte writer puts out.
    @Test(arguments: [OutputFormat.ndjson, .json])
    func jsonPagesGoOutAsBytes(format: OutputFormat) throws {
        let (texts, bytes) = (Writes(), Writes())
        let settings = OutputSettings(format: format, isTTY: false, color: false, now: now)
        let list = try ListStream<Row>(
            renderer: Renderer(
                settings: settings, write: { texts.write($0) },
                writeUTF8: { bytes.write(String(decoding: $0, as: UTF8.self)) }))
        for page in pages { try list.add(page) }
        list.finish()
        let plain = Writes()
        try Renderer(settings: settings, write: { plain.write($0) }).list(pages.flatMap { $0 })
        #expect(bytes.all.count == 2, "one write per page")
        #expect(bytes.text + texts.text == plain.text)
    }

    @Test func emptyJSONListIsAnEmptyArray() throws {
        let writes = Writes()
        let list = try stream(.json, writes)
        try list.add([])
        list.finish()
        #expect(writes.text == "[]\n")
    }

    @Test(arguments: [OutputFormat.ndjson, .csv, .table])
    func eachPageIsOneWrite(format: OutputFormat) throws {
        let writes = Writes()
        let list = try stream(format, writes)
        try list.add(pages[0])
        let first = writes.all.count
        try list.add(pages[1])
        list.finish()
        #expect(first == 1 && writes.all.count == 2, "\(format): \(writes.all)")
        #expect(writes.all[1].contains("ird"), "\(format): \(writes.all)")
    }

    @Test func terminalTableTakesItsColumnsFromTheFirstPage() throws {
        let writes = Writes()
        let settings = OutputSettings(format: .table, isTTY: true, width: 30, color: false, now: now)
        let list = try ListStream<Row>(renderer: Renderer(settings: settings, write: { writes.write($0) }))
        try list.add([Row(id: "1", note: "short"), Row(id: "22", note: "a bit longer")])
        #expect(writes.text == "ID  NOTE\n1   short\n22  a bit longer\n", "\(writes.text.debugDescription)")
        // Later pages keep those columns: free text is cut to its width, an id is never cut.
        try list.add([Row(id: "333333", note: "a note far longer than the first page's")])
        list.finish()
        #expect(writes.all.count == 2)
        #expect(writes.all[1] == "333333 a note far …\n", "\(writes.all[1].debugDescription)")
    }

    /// A value `--fields` leaves out is never encoded: one JSON cannot hold does not stop the list.
    @Test func aValueLeftOutByFieldsIsNotWritten() throws {
        for format in [OutputFormat.json, .ndjson] {
            let writes = Writes()
            let list = try stream(format, fields: ["id", "note"], writes)
            try list.add([Row(id: "4", note: "not a number", score: .nan), Row(id: "5", note: "after")])
            list.finish()
            let text = writes.text
            #expect(text.contains(#""id":"4""#) || text.contains(#""id" : "4""#), "\(format): \(text)")
            #expect(text.contains("after") && !text.contains("score") && !text.contains("nan"), "\(format): \(text)")
        }
    }

    @Test func rowThatCannotBeJSONStopsTheListWithAClearError() throws {
        for format in [OutputFormat.json, .ndjson] {
            let writes = Writes()
            let list = try stream(format, writes)
            try list.add(pages[0])
            let bad = [Row(id: "3", note: "fine"), Row(id: "4", note: "bad", score: .nan), Row(id: "5", note: "after")]
            let error = #expect(throws: FediError.self) { try list.add(bad) }
            #expect(error?.status == .protocol, "\(format)")
            #expect(
                error?.message == "row 4 of the list cannot be written as JSON: nan is not valid JSON (score)",
                "\(format)")
            #expect(error?.status.rawValue != 0)
            // The rows before it went out; nothing after it, and a JSON array stays open.
            #expect(
                writes.text.contains("\"3\"") && !writes.text.contains("\"5\"") && !writes.text.contains("\"after\""),
                "\(writes.text)")
            if format == .json { #expect((try? JSONSerialization.jsonObject(with: Data(writes.text.utf8))) == nil) }
        }
    }

    struct Sample: Encodable {
        var text =
            "quote \" backslash \\ slash / tab \t nl \n cr \r bell \u{07} esc \u{1B} del \u{7F} c1 \u{9B} rlo \u{202E} ls \u{2028} é ✨ 🙂"
        var controls = (0..<32).map { String(UnicodeScalar(UInt8($0))) }.joined()
        var empty: [String] = []
        var emptyObject: [String: Int] = [:]
        var nested = ["b": [1, 2], "a": []]
        var numbers: [Double] = [1, 1.5, -0.25, 1e20, 123456789.125]
        var big: Int64 = 9_007_199_254_740_993
        var small: UInt8 = 7
        var flags = [true, false]
        var missing: String? = nil
        var date = Date(timeIntervalSince1970: 1_700_000_000.123)
        var whole = Date(timeIntervalSince1970: 1_700_000_000)
        var keys = ["é": 1, "Z": 2, "a": 3, "_": 4]
        enum CodingKeys: String, CodingKey {
            case text, controls, empty, emptyObject = "empty_object", nested, numbers, big, small, flags, missing, date,
                whole, keys
        }
        func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(text, forKey: .text)
            try c.encode(controls, forKey: .controls)
            try c.encode(empty, forKey: .empty)
            try c.encode(emptyObject, forKey: .emptyObject)
            try c.encode(nested, forKey: .nested)
            try c.encode(numbers, forKey: .numbers)
            try c.encode(big, forKey: .big)
            try c.encode(small, forKey: .small)
            try c.encode(flags, forKey: .flags)
            try c.encode(missing, forKey: .missing)
            try c.encode(date, forKey: .date)
            try c.encode(whole, forKey: .whole)
            try c.encode(keys, forKey: .keys)
        }
    }

    @Test(arguments: [true, false])
    func rowWriterWritesWhatJSONEncoderWrites(pretty: Bool) throws {
        let expected = InertText.json(
            String(decoding: try JSONCoding.encoder(pretty: pretty).encode(Sample()), as: UTF8.self))
        let written = try JSONRowWriter(pretty: pretty, fields: nil).text(Sample())
        #expect(written == expected, "\(written.debugDescription)\n\(expected.debugDescription)")
        let picked = try JSONRowWriter(pretty: pretty, fields: ["big", "text", "nothing"]).text(Sample())
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(picked.utf8)) as? [String: Any])
        #expect(parsed.keys.sorted() == ["big", "text"])
    }

    /// A row written through `FieldWriting`: every kind of field, and a key written twice.
    struct FieldRow: Tabular, FieldEncodable {
        var text: String? = Sample().text
        var controls: String? = Sample().controls
        var missing: String? = nil
        var flag: Bool? = true
        var unknown: Bool? = nil
        var date: Date? = Sample().date
        var whole: Date? = Sample().whole
        var farOff: Date? = Date(timeIntervalSince1970: 1e30)
        var noDate: Date? = nil
        var tags = ["mrf_tag:sandbox", "é \u{202E}"]
        var noTags: [String] = []
        /// How many times it was written straight to bytes (not through `Encodable`).
        let straight = Tally()
        final class Tally: @unchecked Sendable { var count = 0 }
        static let columns: [Column<FieldRow>] = [Column("text") { .text($0.text) }]

        func writeFields<Fields: FieldWriting>(into fields: inout Fields) {
            if Fields.self == FieldBytes.self { straight.count += 1 }
            fields.write("text", text)
            fields.write("é", controls)
            fields.write("missing", missing)
            fields.write("flag", flag)
            fields.write("Unknown", unknown)
            fields.write("date", date)
            fields.write("whole", whole)
            fields.write("far_off", farOff)
            fields.write("no_date", noDate)
            fields.write("tags", tags)
            fields.write("no_tags", noTags)
            fields.write("flag", false)
        }
    }

    @Test(arguments: [true, false])
    func aRowWrittenFieldByFieldIsWhatJSONEncoderWrites(pretty: Bool) throws {
        let row = FieldRow()
        let writer = JSONRowWriter(pretty: pretty, fields: nil)
        for indent in [0, 1] {
            var out: [UInt8] = []
            try writer.write(row: row, indent: indent, into: &out)
            let expected = InertText.json(
                String(decoding: try JSONCoding.encoder(pretty: pretty).encode(row), as: UTF8.self))
            let written = String(decoding: out, as: UTF8.self)
            let unindented = written.replacingOccurrences(of: "\n  ", with: "\n")
            #expect(
                (indent == 0 ? written : unindented) == expected,
                "\(written.debugDescription)\n\(expected.debugDescription)")
            // The tree the writer builds for other rows agrees too.
            #expect(try writer.text(row, indent: indent) == written)
        }
        #expect(row.straight.count == 2, "the list's writer takes the fields straight")

        var picked: [UInt8] = []
        try JSONRowWriter(pretty: pretty, fields: ["tags", "flag", "nothing"]).write(row: row, into: &picked)
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(picked)) as? [String: Any])
        #expect(parsed.keys.sorted() == ["flag", "tags"])
        #expect(parsed["flag"] as? Bool == false, "of a key written twice, the last value")
    }

    /// A row that writes its fields in the order they go out, as the admin account does, one of
    /// them only when it has it (as `tags`).
    struct SortedRow: Tabular, FieldEncodable {
        var id: String
        var note: String?
        var tags: [String]?
        var when: Date?
        var last: String? = nil
        let straight = FieldRow.Tally()
        static let columns: [Column<SortedRow>] = [Column("id") { .text($0.id) }]

        func writeFields<Fields: FieldWriting>(into fields: inout Fields) {
            if Fields.self == FieldBytes.self { straight.count += 1 }
            fields.write("id", id)
            fields.write("note", note)
            if let tags { fields.write("tags", tags) }
            fields.write("when", when)
            if let last { fields.write("zz", last) }
        }
    }

    /// Once a list's rows come with their keys in written order, each row with the same keys is
    /// written as it comes (its fields asked for once); a row whose keys differ from the row before
    /// is written with its own keys. Either way a row's bytes are the ones its own fields give.
    @Test(arguments: [true, false])
    func rowsWhoseKeysChangeAreEachWrittenWithTheirOwnKeys(pretty: Bool) throws {
        let rows = [
            SortedRow(id: "1", note: "a", tags: ["x"], when: now), SortedRow(id: "2", note: nil, tags: ["y"]),
            SortedRow(id: "3", note: "c\u{202E}\n", when: now), SortedRow(id: "4", note: "d", when: now),
            SortedRow(id: "5", note: "e", tags: [], when: now), SortedRow(id: "6", note: "f", tags: ["z"], when: now),
            SortedRow(id: "7", note: "g", when: now, last: "z"), SortedRow(id: "8", note: "h", when: now),
        ]
        for fields in [nil, ["tags", "id"], ["when"], ["nothing"]] as [[String]?] {
            let writer = JSONRowWriter(pretty: pretty, fields: fields)
            for indent in [0, 1, 1, 0] {
                for row in rows {
                    let asked = row.straight.count
                    var out: [UInt8] = []
                    try writer.write(row: row, indent: indent, into: &out)
                    let written = String(decoding: out, as: UTF8.self)
                    #expect(try writer.text(row, indent: indent) == written, "\(written.debugDescription)")
                    if fields == nil, indent == 0 {
                        let expected = InertText.json(
                            String(decoding: try JSONCoding.encoder(pretty: pretty).encode(row), as: UTF8.self))
                        #expect(written == expected, "\(written.debugDescription)\n\(expected.debugDescription)")
                    }
                    if fields == nil, indent == 1, ["2", "4", "6"].contains(row.id) {
                        #expect(row.straight.count == asked + 1, "row \(row.id) has the keys of the row before")
                    }
                }
            }
        }
    }
}
