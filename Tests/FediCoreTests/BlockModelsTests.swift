import FediCore
import Foundation
import Testing

/// The block entities as servers send them, quirks included.
struct BlockModelsTests {
    func decode<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
        try JSONCoding.decoder().decode(T.self, from: Data(json.utf8))
    }

    @Test func emailDomainBlockHistoryStaysAsTheServerGivesIt() throws {
        let block = try decode(
            EmailDomainBlock.self,
            """
            {"id": "1", "domain": "mailinator.example", "created_at": "2024-01-02T03:04:05.678Z",
             "history": [{"day": "1704153600", "accounts": "3", "uses": "12"}, {"day": 1704067200, "accounts": 0, "uses": "0"}]}
            """)
        #expect(
            block.history == [
                .init(day: "1704153600", accounts: "3", uses: "12"), .init(day: "1704067200", accounts: "0", uses: "0"),
            ])
        let object = try #require(
            try JSONSerialization.jsonObject(with: JSONCoding.encoder().encode(block)) as? [String: Any])
        #expect(
            (object["history"] as? [[String: String]])?.first == ["day": "1704153600", "accounts": "3", "uses": "12"])
    }

    @Test func goToSocialBlocksAreSuspensionsWithEmptyFieldsLeftOut() throws {
        let block = try decode(
            DomainBlock.self,
            """
            {"domain": "scrapers.example", "id": "01J8C2E4G6J8M0P2R4T6W8Y0A2", "public_comment": "", "created_at": "2024-09-30T07:00:41.000Z"}
            """)
        #expect(
            block.severity == .suspend && block.publicComment == nil && block.obfuscate == false
                && block.rejectMedia == false)
        let mastodon = try decode(
            DomainBlock.self,
            """
            {"id": "12", "domain": "a.example", "created_at": "2024-01-01T00:00:00.000Z", "severity": "noop", "reject_media": true,
             "reject_reports": "true", "private_comment": null, "public_comment": "x", "obfuscate": false, "digest": "abc"}
            """)
        #expect(
            mastodon
                == DomainBlock(
                    id: "12", domain: "a.example", digest: "abc", createdAt: FlexibleDate.parse("2024-01-01T00:00:00Z"),
                    severity: .noop, rejectMedia: true, rejectReports: true, publicComment: "x"))
    }

    @Test func ipBlocksKeepUnknownSeverities() throws {
        let block = try decode(
            IPBlock.self,
            """
            {"id": "3", "ip": "192.0.2.0/24", "severity": "shadow_ban", "comment": "", "created_at": "2024-01-01T00:00:00Z", "expires_at": null}
            """)
        #expect(block.severity.rawValue == "shadow_ban" && !block.severity.isKnown)
        #expect(block.comment == nil && block.expiresAt == nil)
    }
}
