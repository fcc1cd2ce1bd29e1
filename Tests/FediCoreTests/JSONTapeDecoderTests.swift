import Foundation
import Testing

@testable import FediCore

/// `JSONTapeDecoder` reads every answer as swift-foundation's JSONDecoder does, and hands it what it
/// cannot read: hostile bodies get JSONDecoder's result and error, as before.
struct JSONTapeDecoderTests {
    struct Row: Decodable, Equatable {
        var id: String
        var name: String?
        var count: Int?
        var score: Double?
        var flag: Bool?
        var when: Date?
        var tags: [String]?
    }

    /// What a moderator reads after "cannot read from <path>: " when a body is not JSON at all: what
    /// swift-foundation's JSONDecoder reports for any syntax error (a DecodingError with no path).
    static let notJSON = "bad value at the top level"

    /// The tape alone, and what `JSONCoding.decoder()` (the tape, else JSONDecoder) gives.
    func both<T: Decodable>(_ type: T.Type, _ text: String) -> (tape: T?, decoded: Result<T, any Error>) {
        let data = Data(text.utf8)
        return (
            JSONTapeDecoder.decodeFromTape(type, from: data),
            Result { try JSONCoding.decoder().decode(type, from: data) }
        )
    }

    @Test func everyFixtureReadsAsJSONDecoderReadsIt() throws {
        var read = 0
        for seed in try FuzzTests.corpus() {
            for decoder in FuzzTargets.decoders {
                if let difference = decoder.disagreement(seed) { Issue.record("\(difference)") }
            }
            // The fast path is taken: every fixture JSONDecoder reads as a list of admin accounts, the tape reads too.
            if (try? JSONCoding.foundationDecoder().decode([MastodonAdminAccount].self, from: seed)) != nil {
                #expect(JSONTapeDecoder.decodeFromTape([MastodonAdminAccount].self, from: seed) != nil)
                read += 1
            }
        }
        #expect(read >= 3, "only \(read) fixtures are lists of admin accounts")
    }

    @Test func mutatedAnswersNeverReadDifferently() throws {
        let seeds = try FuzzTests.corpus()
        var random = SeededRandom(seed: 0x7A9E)
        for _ in 0..<300 {
            var data = [UInt8](seeds[random.below(seeds.count)])
            for _ in 0..<(1 + random.below(3)) { Mutation.apply(to: &data, seeds: seeds, random: &random) }
            for decoder in FuzzTargets.decoders {
                if let difference = decoder.disagreement(Data(data)) {
                    Issue.record("\(difference)\ninput: \(String(decoding: data, as: UTF8.self))")
                }
            }
        }
    }

    @Test func theFirstOfDuplicateKeysWins() throws {
        let (tape, decoded) = both(Row.self, #"{"id": "1", "name": "first", "name": "second", "id": "2"}"#)
        #expect(tape == Row(id: "1", name: "first"))
        #expect(try decoded.get() == Row(id: "1", name: "first"))
    }

    @Test func numbersAsJSONDecoderReadsThem() throws {
        // Whole numbers in any notation fit an Int; a fraction, or beyond Int64, does not.
        #expect(
            both(Row.self, #"{"id": "1", "count": 1e2, "score": 9007199254740993}"#).tape
                == Row(id: "1", count: 100, score: 9_007_199_254_740_992))
        #expect(both(Row.self, #"{"id": "1", "count": -0.0e0}"#).tape == Row(id: "1", count: 0))
        for number in ["1.5", "1e19", "9223372036854775808", "-9223372036854775809", "123456789012345678901234567890"] {
            let (tape, decoded) = both(Row.self, #"{"id": "1", "count": \#(number)}"#)
            #expect(tape == nil, "\(number)")
            #expect(Self.describe(decoded) == Self.notJSON, "\(number): \(decoded)")
        }
        // Beyond Double's range either way is refused, not infinity or zero; zero itself is fine.
        for number in ["1e400", "-1e400", "1e-400"] {
            #expect(both(Row.self, #"{"id": "1", "score": \#(number)}"#).tape == nil, "\(number)")
        }
        #expect(both(Row.self, #"{"id": "1", "score": 0e-500}"#).tape == Row(id: "1", score: 0))
        #expect(both(UInt64.self, "18446744073709551615").tape == UInt64.max)
        #expect(both(Int8.self, "-129").tape == nil)
    }

    @Test func stringsWithEscapesAndControlCharacters() throws {
        let text = #"{"id": "1", "name": "a\"b\\c\/d\n\u001b[2J\u00e9\ud83d\ude00\u0000"}"#
        #expect(both(Row.self, text).tape?.name == "a\"b\\c/d\n\u{1B}[2J\u{E9}\u{1F600}\u{0}")
        // A raw control character or a lone surrogate is not JSON: refused, as JSONDecoder refuses it.
        for bad in [
            "{\"id\": \"1\", \"name\": \"a\tb\"}", #"{"id": "1", "name": "\ud800"}"#,
            #"{"id": "1", "name": "\udc00x"}"#,
        ] {
            let (tape, decoded) = both(Row.self, bad)
            #expect(tape == nil && Self.describe(decoded) == Self.notJSON, "\(bad.debugDescription): \(decoded)")
        }
        // JSONDecoder reads a string only when asked for it: in a field no model reads, it lets one
        // through. The tape refuses the body, and JSONDecoder reads it as before.
        let unread = "{\"id\": \"1\", \"note\": \"a\u{1B}b\"}"
        #expect(JSONTapeDecoder.decodeFromTape(Row.self, from: Data(unread.utf8)) == nil)
        #expect(try both(Row.self, unread).decoded.get() == Row(id: "1"))
    }

    @Test func invalidUTF8IsRefusedAsJSONDecoderRefusesIt() throws {
        for bytes: [UInt8] in [[0xFF], [0xC0, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82]] {
            let data = Data(#"{"id": "1", "name": "a"#.utf8) + Data(bytes) + Data(#""}"#.utf8)
            #expect(JSONTapeDecoder.decodeFromTape(Row.self, from: data) == nil, "\(bytes)")
            #expect(
                Self.describe(Result { try JSONCoding.decoder().decode(Row.self, from: data) }) == Self.notJSON,
                "\(bytes)")
        }
        #expect(both(Row.self, #"{"id": "1", "name": "Bücher ✨ 𝄞"}"#).tape?.name == "Bücher ✨ 𝄞")
    }

    /// Room for a node per eight bytes is made first; a denser document (short numbers, empty
    /// containers, one-letter keys) is read again with room for the most it can hold, a node per
    /// two bytes, and reads as JSONDecoder reads it.
    @Test func documentsDenserThanANodePerEightBytesAreReadInFull() throws {
        let numbers = "[" + (0..<5000).map { String($0 % 10) }.joined(separator: ",") + "]"
        let empties = "[" + Array(repeating: "[]", count: 3000).joined(separator: ",") + "]"
        let keys = "{" + (0..<2000).map { #""\#($0 % 26)":\#($0 % 10)"# }.joined(separator: ",") + "}"
        let expected = try JSONCoding.foundationDecoder().decode([Int].self, from: Data(numbers.utf8))
        #expect(JSONTapeDecoder.decodeFromTape([Int].self, from: Data(numbers.utf8)) == expected)
        #expect(expected.count == 5000)
        #expect(JSONTapeDecoder.decodeFromTape([[Int]].self, from: Data(empties.utf8))?.count == 3000)
        #expect(
            JSONTapeDecoder.decodeFromTape([String: Int].self, from: Data(keys.utf8))
                == (try JSONCoding.foundationDecoder().decode([String: Int].self, from: Data(keys.utf8))))
        // The smallest documents, at the most nodes for their length.
        #expect(JSONTapeDecoder.decodeFromTape(Int.self, from: Data("0".utf8)) == 0)
        #expect(JSONTapeDecoder.decodeFromTape([Int].self, from: Data("[]".utf8)) == [])
        #expect(JSONTapeDecoder.decodeFromTape([Int].self, from: Data("[0,1]".utf8)) == [0, 1])
        #expect(JSONTapeDecoder.decodeFromTape([[Int]].self, from: Data("[[],[]]".utf8)) == [[], []])
        #expect(JSONTapeDecoder.decodeFromTape([String: Int].self, from: Data(#"{"a":0}"#.utf8)) == ["a": 0])
    }

    @Test func deepNestingIsRefusedWithoutATrap() throws {
        for depth in [511, 600, 100_000] {
            let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
            let (tape, decoded) = both(Row.self, text)
            #expect(tape == nil)
            #expect(
                Self.describe(decoded)
                    == (depth < 512 ? "expected Dictionary<String, Any> at the top level" : Self.notJSON), "\(depth)")
        }
    }

    @Test func truncatedAndTrailingBodiesAreNotValidJSON() throws {
        let whole = #"[{"id": "1", "name": "a", "tags": ["x", "y"]}]"#
        for end in [0, 1, 5, 12, whole.count - 1] {
            let (tape, decoded) = both([Row].self, String(whole.prefix(end)))
            #expect(tape == nil && Self.describe(decoded) == Self.notJSON, "\(end): \(decoded)")
        }
        #expect(Self.describe(both([Row].self, whole + " x").decoded) == Self.notJSON)
        #expect(both([Row].self, " \n" + whole + "\r\n\t").tape == [Row(id: "1", name: "a", tags: ["x", "y"])])
    }

    @Test func wrongTypesGiveJSONDecodersErrors() throws {
        #expect(Self.describe(both([Row].self, #"[{"id": 1}]"#).decoded) == "expected String at [0].id")
        #expect(Self.describe(both([Row].self, #"[{"id": "1"}, {"name": "x"}]"#).decoded) == "missing field id at [1]")
        #expect(Self.describe(both([Row].self, #"[{"id": null}]"#).decoded) == "missing String at [0].id")
        #expect(Self.describe(both([Row].self, #"{"id": "1"}"#).decoded) == "expected Array<Any> at the top level")
        #expect(
            Self.describe(both([Row].self, #"[{"id": "1", "tags": ["a", 2]}]"#).decoded)
                == "expected String at [0].tags[1]")
        #expect(Self.describe(both([Row].self, #"[{"id": "1", "when": "soon"}]"#).decoded) == "bad value at [0].when")
    }

    @Test func datesInEveryFormServersSend() throws {
        let text =
            #"[{"id": "1", "when": "2024-03-05T10:11:12.5Z"}, {"id": "2", "when": 1700000000}, {"id": "3", "when": 1700000000000},"#
            + #" {"id": "4", "when": "2024-03-05"}, {"id": "5", "when": "1700000000"}]"#
        let rows = try #require(both([Row].self, text).tape)
        #expect(
            rows.map { $0.when?.timeIntervalSince1970 } == [
                1_709_633_472.5, 1_700_000_000, 1_700_000_000, 1_709_596_800, 1_700_000_000,
            ])
    }

    @Test func lenientReadsKeepTheirMeaning() throws {
        // The admin account reads ids given as numbers, flags as strings, and a role in either shape.
        let text =
            #"[{"id": 7, "username": "a", "confirmed": "yes", "approved": 0, "role": "Moderator", "created_at": "2024-01-02T03:04:05Z","#
            + #" "ip": {"ip": "192.0.2.1"}, "account": {"id": "7", "username": "a", "acct": "a", "display_name": ""}}]"#
        let account = try #require(both([MastodonAdminAccount].self, text).tape?.first?.account)
        #expect(
            account.id == "7" && account.confirmed == true && account.approved == false && account.role == "Moderator")
        #expect(account.staff == true && account.ip == "192.0.2.1" && account.displayName == nil)
        #expect(account.createdAt == FlexibleDate.parse("2024-01-02T03:04:05Z"))
    }

    /// A model read through `FieldReading`, two objects deep, that notes where each object is.
    struct Nest: FieldDecodable, Equatable {
        var path: [String]
        var name: String?
        var inner: [Nest]
        init(from decoder: Decoder) throws { try self.init(readingFieldsOf: decoder) }
        init<Fields: FieldReading>(fields: Fields) throws {
            path = fields.codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
            name = fields.text("name")
            inner = fields.nested(Nest.self, forKey: "inner").map { [$0] } ?? []
        }
    }

    /// An object inside an embedded object is read from the tape with its own coding path (the one
    /// an error would name), as JSONDecoder's keyed containers give it.
    @Test func nestedObjectsKnowWhereTheyAre() throws {
        let text = #"[{"name": "a", "inner": {"name": "b", "inner": {"name": "c", "inner": 3}}}]"#
        let data = Data(text.utf8)
        let tape = try #require(JSONTapeDecoder.decodeFromTape([Nest].self, from: data))
        let expected = try JSONCoding.foundationDecoder().decode([Nest].self, from: data)
        #expect(tape == expected)
        #expect(tape[0].inner[0].inner[0].name == "c" && tape[0].inner[0].inner[0].inner.isEmpty)
        #expect(tape[0].inner[0].inner[0].path.suffix(2) == ["inner", "inner"], "\(tape)")
    }

    /// The admin account reads its fields straight from the tape (`FieldReading`): every lenient
    /// read gives what it gives through JSONDecoder's keyed container, for every shape a field drifts to.
    @Test func anAdminAccountReadFromTheTapeIsTheOneJSONDecoderReads() throws {
        let drifts = [
            #""id": 7"#, #""id": 7.0"#, #""id": 1e2"#, #""id": 18446744073709551615"#, #""id": 1.5"#, #""id": true"#,
            #""id": null"#, #""confirmed": "T""#, #""confirmed": "no""#, #""confirmed": "maybe""#,
            #""confirmed": 2"#, #""confirmed": 0.0"#, #""confirmed": 1.5"#, #""confirmed": null"#,
            #""approved": false, "domain": "remote.example""#, #""created_at": 1700000000"#,
            #""created_at": 1.7e9"#, #""created_at": "2024-03-05""#, #""created_at": "soon""#, #""created_at": {}"#,
            #""created_at": " 2024-03-05T10:11:12+02:00 ""#, #""created_at": "2024\u002d03-05T10:11:12.123456Z""#,
            #""created_at": "1700000000""#, #""created_at": """#, #""created_at": "2024-02-30""#,
            #""role": {"name": "Owner", "permissions": "1"}"#, #""role": {"name": "Mod", "permissions": 16}"#,
            #""role": {"name": "Mod", "permissions": 16.0}"#, #""role": {"name": "x", "permissions": " 17 "}"#,
            #""role": {"name": "x", "permissions": 1e30}"#, #""role": "user""#, #""role": 3"#,
            #""ip": {"ip": "192.0.2.9"}"#, #""ip": """#, #""email": """#, #""email": 5"#,
            #""account": {"id": 9, "username": "b", "acct": "b@far.example", "url": "https://b/"}"#,
            #""account": {"username": "no id"}"#, #""account": []"#, #""username": "\u00e9t\u00e9""#,
        ]
        let base = #""id": "1", "username": "a", "email": "a@example.test", "confirmed": true"#
        for drift in drifts {
            let text = "[{\(drift), \(base), \(drift)}]"
            let data = Data(text.utf8)
            let tape = JSONTapeDecoder.decodeFromTape([MastodonAdminAccount].self, from: data)
            switch Result(catching: {
                try JSONCoding.foundationDecoder().decode([MastodonAdminAccount].self, from: data)
            }) {
            case .success(let accounts):
                #expect(tape?.map(\.account) == accounts.map(\.account), "\(drift)")
            case .failure:
                #expect(tape == nil, "\(drift)")
            }
        }
    }

    static func describe<T>(_ result: Result<T, any Error>) -> String {
        switch result {
        case .success(let value): "decoded \(value)"
        case .failure(let error as DecodingError): APIClient.describe(error)
        case .failure(let error): "\(error)"
        }
    }
}
