import FediCore
import Foundation
import Testing

/// A source's identity, what sync stamps: a file by its name, whatever path reached it; older
/// stamps that kept a path still name the same file (issue 44, item 7).
struct SyncSourceIdentityCoreTests {
    @Test func aFileIsKnownByItsNameAndOtherSourcesAsWritten() throws {
        #expect(try BlocklistSource("lists/shared.csv").identity == "shared.csv")
        #expect(try BlocklistSource("/srv/lists/shared.csv").identity == "shared.csv")
        #expect(try BlocklistSource("shared.csv").identity == "shared.csv")
        #expect(try BlocklistSource("-").identity == "stdin")
        #expect(try BlocklistSource("server:mastodon.example").identity == "server:mastodon.example")
        #expect(
            try BlocklistSource("https://lists.example/a/shared.csv").identity == "https://lists.example/a/shared.csv")
    }

    @Test func aRecordedPathIsReadAsItsFileName() {
        #expect(BlocklistSource.identity(ofRecorded: "lists/shared.csv") == "shared.csv")
        #expect(BlocklistSource.identity(ofRecorded: "stdin") == "stdin")
        #expect(BlocklistSource.identity(ofRecorded: "server:a.example") == "server:a.example")
        #expect(BlocklistSource.identity(ofRecorded: "https://x.example/l.csv") == "https://x.example/l.csv")
    }

    @Test func aLiftByAStampThatKeptAPath() {
        let old = SyncHandsOffTests.synced("3", SyncHandsOffTests.bare("gone.example"), sources: ["lists/partner.csv"])
        let plan = SyncHandsOffTests.plan([SyncHandsOffTests.partner], [old], lift: true)
        #expect(plan.steps.first { $0.domain == "gone.example" }?.action == .lift, "\(plan.steps)")
    }

    @Test func aGivenNameIsLettersDigitsAndDotsDashesUnderscores() {
        #expect(SourceSettings.validName(" shared-list_2.csv ") == "shared-list_2.csv")
        #expect(SourceSettings.validName("a/b") == nil)
        #expect(SourceSettings.validName("server:x") == nil)
        #expect(SourceSettings.validName("") == nil)
        #expect(SourceSettings.validName("a\u{1B}[2J") == nil)
        #expect(SourceSettings.validName(String(repeating: "a", count: 101)) == nil)
    }

    @Test func aConfigSourceCarriesItsName() throws {
        let config = try BlocklistConfig.parse(
            Data(#"{"sources": [{"source": "/srv/lists/shared.csv", "name": "shared"}]}"#.utf8), path: "/c/x.json")
        #expect(config.sources.first?.settings.name == "shared")
        #expect(throws: FediError.self) {
            try BlocklistConfig.parse(
                Data(#"{"sources": [{"source": "a.csv", "name": "../x"}]}"#.utf8), path: "/c/x.json")
        }
    }
}
