import Foundation
import FediCore
import FediTestSupport
import Testing

/// `fedictl queue` over real servers: a mastodon_mock with an open report and a pending sign-up,
/// and GoToSocial and Misskey fixture servers.
struct QueueTests {
    @Test func mastodonReportsAndSignUpsInOneListOldestFirst() async throws {
        let carol = SeedAccount("carol", token: "carol-token")
        let server = try await MockServer.start(accounts: [MockServer.admin, MockServer.alice, MockServer.bob, carol])
        let scene = try await TriageScene.set(on: server)
        let carolID = try await TriageScene.accountID("carol", on: server)
        try await server.makePending("carol", reason: "I moderate a birding forum.")
        let admin = UserSide(server, MockServer.admin)

        let json = await admin.run(["queue", "-o", "json"])
        #expect(json.status == 0, "\(json)")
        let items = try #require(try json.json() as? [[String: Any]])
        // carol's account was created with the server, before the report was filed.
        #expect(items.map { "\($0["kind"]!) \($0["id"]!)" } == ["sign-up \(carolID)", "report \(scene.reportID)"])
        let report = try #require(items.last)
        #expect(report["target"] as? String == "@bob@\(server.base)")
        #expect(report["from"] as? String == "@alice@\(server.base)")
        #expect(report["reason"] as? String == "spam")
        #expect(report["posts"] as? Int == 2)
        #expect(report["server"] as? String == server.base)
        #expect(items.first?["from"] as? String == "@carol@\(server.base)")
        #expect(items.first?["reason"] as? String == "I moderate a birding forum.")

        let tsv = await admin.run(["queue", "--kind", "report", "--fields", "kind,id,target,posts"])
        #expect(tsv.stdout == "report\t\(scene.reportID)\t@bob@\(server.base)\t2\n", "\(tsv)")

        // --exit-status: 1 while anything waits, 0 once the queue is empty.
        #expect(await admin.run(["queue", "--exit-status"]).status == 1)
        #expect(await admin.run(["reports", "resolve", scene.reportID]).status == 0)
        #expect(await admin.run(["accounts", "approve", carolID]).status == 0)
        let empty = await admin.run(["queue", "--exit-status", "-o", "json"])
        #expect(empty.status == 0, "\(empty)")
        #expect(empty.stdout == "[]\n")
    }

    @Test func goToSocialQueueReadsItsReportsAndPendingAccounts() async throws {
        let gts = try await FixtureModerator.start("gotosocial")
        let result = await gts.run(["queue", "-o", "json"])
        #expect(result.status == 0, "\(result)")
        let items = try #require(try result.json() as? [[String: Any]])
        #expect(Set(items.compactMap { $0["kind"] as? String }) == ["report", "sign-up"], "\(result)")
        let dates = items.compactMap { $0["created_at"] as? String }
        #expect(dates == dates.sorted(), "oldest first")
        #expect(items.allSatisfy { ($0["from"] as? String)?.hasPrefix("@") ?? false }, "\(items)")
        let queries = try await gts.queries("GET", "/api/v1/admin/reports")
        // Open ones only (later pages follow the server's own Link header).
        #expect(queries.first?.contains("resolved=false") == true, "\(queries)")
        // The server's software is detected once, not once per kind.
        #expect(try await gts.queries("GET", "/api/v2/instance").count == 1)
    }
}
