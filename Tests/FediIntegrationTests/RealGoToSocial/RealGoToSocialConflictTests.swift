import FediCore
import FediTestSupport
import Foundation
import Testing

/// GoToSocial's 409 "already exists" is a data error (65) said at once, not "busy, try again" (75):
/// the server's state afterwards is what it was.
@Suite(.realGoToSocial) struct RealGoToSocialConflictTests {
    func list(_ gts: GoToSocialServer, _ path: String) async throws -> [[String: Any]] {
        try #require(try await gts.get(path) as? [[String: Any]])
    }

    @Test func acceptingADraftOverABlockWithoutOverwriteIs65NamingTheFlag() async throws {
        let gts = try await GoToSocialServer.shared()
        let admin = gts.adminSide
        let domain = "\(GoToSocialServer.uniqueName("conflict")).example"
        #expect(await admin.run(["domain-blocks", "add", domain, "--public-comment", "first"]).status == 0)
        let draft = await admin.run(["domain-drafts", "add", domain, "--type", "block", "-o", "json"])
        let draftID = try #require((try? draft.json() as? [String: Any])?["id"] as? String, "\(draft)")

        let accept = await admin.run(["domain-drafts", "accept", draftID, "--yes", "--verbose"])
        #expect(accept.status == 65, "\(accept)")
        #expect(accept.stderr.contains("hint: --overwrite replaces it"), "\(accept)")
        #expect(accept.stderr.components(separatedBy: "< 409").count == 2, "sent once: \(accept.stderr)")
        #expect(
            try await list(gts, "/api/v1/admin/domain_permission_drafts").contains { $0["id"] as? String == draftID })
        let block = try await list(gts, "/api/v1/admin/domain_blocks").first { $0["domain"] as? String == domain }
        #expect(block?["public_comment"] as? String == "first")

        let overwrite = await admin.run(["domain-drafts", "accept", draftID, "--overwrite", "--yes"])
        #expect(overwrite.status == 0, "\(overwrite)")
        #expect(await admin.run(["domain-blocks", "remove", domain, "--yes"]).status == 0)
    }

    @Test func aSubscriptionURLOrTitleTakenIs65NamingTheSubscription() async throws {
        let gts = try await GoToSocialServer.shared()
        let admin = gts.adminSide
        let title = GoToSocialServer.uniqueName("taken")
        let url = "http://127.0.0.1:9/\(title).txt"
        let first = await admin.run([
            "domain-subscriptions", "add", url, "--type", "block", "--title", title, "-o", "json",
        ])
        let id = try #require((try? first.json() as? [String: Any])?["id"] as? String, "\(first)")
        func subscriptions() async throws -> [[String: Any]] {
            try await list(gts, "/api/v1/admin/domain_permission_subscriptions")
        }

        // The same URL for allows: refused before anything is sent.
        let sameURL = await admin.run(["domain-subscriptions", "add", url, "--type", "allow", "--verbose"])
        #expect(sameURL.status == 65, "\(sameURL)")
        #expect(sameURL.stderr.contains("fedictl: subscription \(id) has this URL"), "\(sameURL)")
        #expect(!sameURL.stderr.contains("> POST"), "\(sameURL)")
        #expect(try await subscriptions().filter { $0["uri"] as? String == url }.count == 1)

        // Another subscription renamed to the taken title: the server's 409 names the one that has it.
        let otherURL = "http://127.0.0.1:9/\(title)-other.txt"
        let second = await admin.run(["domain-subscriptions", "add", otherURL, "--type", "block", "-o", "json"])
        let secondID = try #require((try? second.json() as? [String: Any])?["id"] as? String, "\(second)")
        let rename = await admin.run(["domain-subscriptions", "update", secondID, "--title", title])
        #expect(rename.status == 65, "\(rename)")
        #expect(rename.stderr.contains("fedictl: subscription \(id) has this title"), "\(rename)")
        #expect(try await subscriptions().first { $0["id"] as? String == secondID }?["title"] as? String != title)

        for remove in [id, secondID] {
            #expect(await admin.run(["domain-subscriptions", "remove", remove, "--yes"]).status == 0)
        }
    }
}
