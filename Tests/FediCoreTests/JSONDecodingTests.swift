import Foundation
import Testing

@testable import FediCore

/// Real servers send dates, numbers and nulls in many shapes; decoding must survive all of them.
struct JSONDecodingTests {
    struct Sample: Decodable {
        var id: String?
        var createdAt: Date?
        var note: String?
        var count: Int?
        var flag: Bool?
        init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: AnyKey.self)
            id = c.lenientString("id")
            createdAt = c.lenientDate("created_at")
            note = c.optionalText("note")
            count = c.lenientInt("count")
            flag = c.lenientBool("flag")
        }
    }

    func decode(_ json: String) throws -> Sample {
        try JSONCoding.decoder().decode(Sample.self, from: Data(json.utf8))
    }

    @Test(arguments: [
        ("2024-03-05T10:20:30.123Z", 1_709_634_030.123),  // Mastodon, GoToSocial: milliseconds
        ("2024-03-05T10:20:30.615149Z", 1_709_634_030.615149),  // Pleroma/Akkoma: microseconds
        ("2024-03-05T10:20:30Z", 1_709_634_030),  // no fraction
        ("2024-03-05T10:20:30+00:00", 1_709_634_030),  // numeric offset
        ("2024-03-05T12:20:30.5+02:00", 1_709_634_030.5),  // offset and fraction
        ("2024-03-05T10:20:30.123456+00:00", 1_709_634_030.123456),  // mastodon_mock
        ("2024-03-05", 1_709_596_800),  // date only (last_status_at)
        ("1709634030", 1_709_634_030),  // epoch as a string
        ("2024-03-05 10:20:30", 1_709_634_030),  // space, no zone: UTC (Friendica)
        ("2024-03-05T05:50:30-0430", 1_709_634_030),  // offset without a colon
        ("2024-02-29T00:00:00Z", 1_709_164_800),  // leap day
        ("1969-12-31T23:59:59.5Z", -0.5),  // before the epoch
    ])
    func datesInEveryShape(text: String, expected: Double) throws {
        let sample = try decode(#"{"created_at": "\#(text)"}"#)
        let seconds = try #require(sample.createdAt).timeIntervalSince1970
        #expect(abs(seconds - expected) < 0.001, "\(text) decoded to \(seconds)")
    }

    @Test(arguments: [
        "2024-02-30", "2023-02-29T00:00:00Z", "2024-13-01T00:00:00Z", "2024-03-05T24:00:00Z",
        "2024-03-05T10:20Z", "2024-03-05T10:20:30.Z", "2024-03-05T10:20:30+2", "yesterday", "2024-3-5",
    ])
    func notADate(text: String) {
        #expect(FlexibleDate.parse(text) == nil, "\(text)")
    }

    @Test func formatIsRFC3339InUTCWithMillisecondsOnlyWhenPresent() {
        #expect(FlexibleDate.format(Date(timeIntervalSince1970: 1_709_634_030)) == "2024-03-05T10:20:30Z")
        #expect(FlexibleDate.format(Date(timeIntervalSince1970: 1_709_634_030.123)) == "2024-03-05T10:20:30.123Z")
        #expect(FlexibleDate.format(Date(timeIntervalSince1970: 1_709_634_030.9996)) == "2024-03-05T10:20:31Z")
        #expect(FlexibleDate.format(Date(timeIntervalSince1970: -0.5)) == "1969-12-31T23:59:59.500Z")
        #expect(FlexibleDate.format(Date(timeIntervalSince1970: 951_782_400)) == "2000-02-29T00:00:00Z")
        // Every day across four centuries survives the round trip.
        for day in stride(from: -25_000, through: 120_000, by: 7) {
            let date = Date(timeIntervalSince1970: Double(day) * 86_400 + 45_296.25)
            #expect(FlexibleDate.parse(FlexibleDate.format(date)) == date, "day \(day)")
        }
    }

    /// A server's garbage epoch decodes and is shown as seconds, never a trap when formatted
    /// (Int(1e30) would crash the renderer and the JSON encoder).
    @Test func absurdEpochsAreShownAsSecondsNotATrap() throws {
        let sample = try decode(#"{"created_at": 1e30}"#)
        let date = try #require(sample.createdAt)
        #expect(FlexibleDate.format(date) == "1e+30")
        let encoded = try JSONCoding.encoder(pretty: false).encode(["at": date])
        #expect(String(decoding: encoded, as: UTF8.self) == #"{"at":"1e+30"}"#)
        #expect(FlexibleDate.format(Date(timeIntervalSince1970: 253_402_300_799)) == "9999-12-31T23:59:59Z")
        #expect(FlexibleDate.format(Date(timeIntervalSince1970: -62_135_596_800)) == "0001-01-01T00:00:00Z")
    }

    @Test func integerEpochDecodes() throws {
        // Token.created_at is a UNIX integer.
        let sample = try decode(#"{"created_at": 1709634030}"#)
        #expect(sample.createdAt == Date(timeIntervalSince1970: 1_709_634_030))
    }

    @Test func emptyStringsMeanNull() throws {
        #expect(try decode(#"{"note": ""}"#).note == nil)
        #expect(try decode(#"{"note": null}"#).note == nil)
        #expect(try decode(#"{"note": "hello"}"#).note == "hello")
        #expect(try decode(#"{"created_at": ""}"#).createdAt == nil)
    }

    @Test func numbersSentAsStrings() throws {
        #expect(try decode(#"{"count": "12"}"#).count == 12)
        #expect(try decode(#"{"count": 12}"#).count == 12)
        #expect(try decode(#"{"count": 12.0}"#).count == 12)
        #expect(try decode(#"{"count": "many"}"#).count == nil)
        #expect(try decode(#"{"flag": "true"}"#).flag == true)
    }

    @Test func idsAreOpaqueStrings() throws {
        #expect(try decode(#"{"id": 109348812}"#).id == "109348812")
        #expect(try decode(#"{"id": "9i6dAJqSGSKMzLG2Lo"}"#).id == "9i6dAJqSGSKMzLG2Lo")
        #expect(try decode(#"{"id": "01FC3GSQ8A3MMJ43BPZSGEG29M"}"#).id == "01FC3GSQ8A3MMJ43BPZSGEG29M")
    }

    struct Severity: OpenEnum {
        let rawValue: String
        init(rawValue: String) { self.rawValue = rawValue }
        static let silence: Self = "silence"
        static let suspend: Self = "suspend"
        static let knownValues: [Self] = [.silence, .suspend]
    }

    @Test func unknownEnumValuesAreKept() throws {
        let values = try JSONCoding.decoder().decode([Severity].self, from: Data(#"["silence", "quarantine"]"#.utf8))
        #expect(values == [.silence, Severity(rawValue: "quarantine")])
        #expect(values[0].isKnown)
        #expect(!values[1].isKnown)
        let encoded = try JSONCoding.encoder(pretty: false).encode(values)
        #expect(String(decoding: encoded, as: UTF8.self) == #"["silence","quarantine"]"#)
    }

    struct Listing: Decodable {
        var items: [Sample]
        init(from decoder: Decoder) throws {
            items = try decoder.container(keyedBy: AnyKey.self).lenientArray(Sample.self, "items")
        }
    }

    struct Strict: Decodable { var id: String }
    struct StrictListing: Decodable {
        var items: [Strict]
        init(from decoder: Decoder) throws {
            items = try decoder.container(keyedBy: AnyKey.self).lenientArray(Strict.self, "items")
        }
    }

    @Test func oneBadElementDoesNotSinkTheList() throws {
        let listing = try JSONCoding.decoder().decode(
            StrictListing.self, from: Data(#"{"items": [{"id": "1"}, {"nope": true}, 5, {"id": "3"}]}"#.utf8))
        #expect(listing.items.map(\.id) == ["1", "3"])
    }

    @Test func instanceV1FromAkkomaHasItsQuirks() throws {
        // Akkoma: https:// in uri, counters as strings, null contact account, max_toot_chars.
        let json = """
            {"uri": "https://akkoma.example", "title": "Akkoma Example", "version": "2.7.2 (compatible; Akkoma 3.13.2)",
             "email": "", "registrations": true, "approval_required": true, "max_toot_chars": 5000,
             "poll_limits": {"max_options": 20}, "stats": {"user_count": "42", "status_count": 1234},
             "contact_account": null, "languages": ["en", "de"]}
            """
        let info = try JSONCoding.decoder().decode(InstanceV1.self, from: Data(json.utf8)).info
        #expect(info.domain == "akkoma.example")
        #expect(info.userCount == 42)
        #expect(info.contactEmail == nil)
        #expect(info.contactAccount == nil)
        #expect(info.registrations == .approvalRequired)
        #expect(info.maxCharacters == 5000)
        #expect(info.maxPollOptions == 20)
        #expect(info.apiSource == "v1")
    }

    @Test func instanceV2FromMastodon() throws {
        let json = """
            {"domain": "mastodon.example", "title": "M", "version": "4.3.2+glitch", "source_url": "https://github.com/glitch-soc/mastodon",
             "usage": {"users": {"active_month": 812}}, "registrations": {"enabled": false, "approval_required": false},
             "contact": {"email": "admin@mastodon.example", "account": {"acct": "admin"}}, "languages": ["en"],
             "configuration": {"statuses": {"max_characters": 500, "max_media_attachments": 4}, "polls": {"max_options": 4}},
             "rules": [{"id": "1", "text": "Be nice"}], "api_versions": {"mastodon": 2}}
            """
        let info = try JSONCoding.decoder().decode(InstanceV2.self, from: Data(json.utf8)).info
        #expect(info.domain == "mastodon.example")
        #expect(info.activeUsers == 812)
        #expect(info.registrations == .closed)
        #expect(info.contactAccount == "admin")
        #expect(info.rulesCount == 1)
        #expect(info.apiVersion == 2)
    }

    @Test func serverErrorMessagesInEveryShape() {
        #expect(APIError.serverMessage(in: Data(#"{"error": "Record not found"}"#.utf8)) == "Record not found")
        #expect(APIError.serverMessage(in: Data(#""Not found""#.utf8)) == "Not found")
        #expect(
            APIError.serverMessage(in: Data(#"{"error": {"message": "No such user.", "code": "NO_SUCH_USER"}}"#.utf8))
                == "No such user.")
        #expect(
            APIError.serverMessage(
                in: Data(#"{"error": "invalid_grant", "error_description": "The code is wrong"}"#.utf8))
                == "The code is wrong")
        #expect(APIError.serverMessage(in: Data("<html>oops</html>".utf8)) == nil)
    }
}
