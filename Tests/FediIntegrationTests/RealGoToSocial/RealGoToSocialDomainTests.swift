import FediCore
import FediTestSupport
import Foundation
import Testing

/// Domain blocks and allows on the real GoToSocial, each test with domains of its own.
@Suite(.realGoToSocial) struct RealGoToSocialDomainTests {
    static func domain(_ label: String) -> String { "\(GoToSocialServer.uniqueName(label)).example" }

    func blocks(_ gts: GoToSocialServer) async throws -> [[String: Any]] {
        try #require(try await gts.get("/api/v1/admin/domain_blocks") as? [[String: Any]])
    }

    @Test func addUpdateShowAndRemoveABlock() async throws {
        let gts = try await GoToSocialServer.shared()
        let domain = Self.domain("blocked")
        let admin = gts.adminSide
        let add = await admin.run(["domain-blocks", "add", domain, "--public-comment", "spam", "--fields", "id"])
        #expect(add.status == 0, "\(add)")
        let id = GoToSocialServer.value(add.stdout)
        #expect(try await blocks(gts).first { $0["domain"] as? String == domain }?["id"] as? String == id)

        let update = await admin.run(["domain-blocks", "update", domain, "--public-comment", "spam and scams"])
        #expect(update.status == 0, "\(update)")
        let updated = try await blocks(gts).first { $0["domain"] as? String == domain }
        #expect(updated?["public_comment"] as? String == "spam and scams")
        let show = await admin.run(["domain-blocks", "show", id, "--fields", "domain"])
        #expect(show.stdout == "domain\t\(domain)\n", "\(show)")

        let remove = await admin.run(["domain-blocks", "remove", id, "--yes"])
        #expect(remove.status == 0, "\(remove)")
        #expect(try await blocks(gts).contains { $0["domain"] as? String == domain } == false)
    }

    /// GoToSocial answers 500 to a GET of an unknown block id (its DELETE says 404): fedictl says
    /// there is no such block (66), not "try again later" (75).
    @Test func removingAnUnknownBlockIDIsExit66() async throws {
        let gts = try await GoToSocialServer.shared()
        let direct = try await gts.http.request(
            .get, "/api/v1/admin/domain_blocks/01JUNKNOWN0000000000000000",
            token: gts.admin.token)
        #expect(direct.status == 500)
        let remove = await gts.adminSide.run(["domain-blocks", "remove", "01JUNKNOWN0000000000000000", "--yes"])
        #expect(remove.status == 66, "\(remove)")
        #expect(remove.stderr.contains("no domain block 01JUNKNOWN0000000000000000"), "\(remove)")
    }

    /// GoToSocial 0.19+ changes an allow's comment: `add` with another --comment updates it.
    @Test func addingAnAllowAgainWithAnotherCommentUpdatesIt() async throws {
        let gts = try await GoToSocialServer.shared()
        let domain = Self.domain("allowed")
        let admin = gts.adminSide
        func allow() async throws -> [String: Any]? {
            let allows = try #require(try await gts.get("/api/v1/admin/domain_allows") as? [[String: Any]])
            return allows.first { $0["domain"] as? String == domain }
        }
        let add = await admin.run(["domain-allows", "add", domain, "--comment", "partner"])
        #expect(add.status == 0, "\(add)")
        #expect(try await allow()?["public_comment"] as? String == "partner")
        let again = await admin.run(["domain-allows", "add", domain, "--comment", "partner since 2024"])
        #expect(again.status == 0, "\(again)")
        #expect(!again.stderr.contains("nothing sent"), "\(again)")
        #expect(try await allow()?["public_comment"] as? String == "partner since 2024")
        let same = await admin.run(["domain-allows", "add", domain, "--comment", "partner since 2024"])
        #expect(same.stderr.contains("nothing sent"), "\(same)")

        let remove = await admin.run(["domain-allows", "remove", domain, "--yes"])
        #expect(remove.status == 0, "\(remove)")
        #expect(try await allow() == nil)
    }
}
