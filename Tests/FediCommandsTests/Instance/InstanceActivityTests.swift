import FediCore
import FediTestSupport
import Foundation
import Testing

/// `instance activity` in the fast tier.
@Suite struct InstanceActivityTests {
    @Test func mastodonListsTheWeeks() async throws {
        let server = FakeServerAccount()
        try server.transport.stub(.get, "/api/v1/instance/activity", fixture: "mastodon/instance-activity.json")
        let result = await server.run(["instance", "activity", "-o", "json"])
        #expect(result.status == 0, "\(result)")
        let rows = try #require(try result.json() as? [[String: Any]], "\(result)")
        #expect(rows.count >= 3)
        #expect("\(rows.first?["statuses"] ?? "")" == "1204", "\(rows.first ?? [:])")
        #expect(server.transport.unusedRoutes.isEmpty, "\(server.transport.unusedRoutes)")
    }

    @Test func misskeyHasNoActivityAPIAndNothingIsSent() async {
        await FakeServerAccount(software: "misskey", version: "2024.11.0")
            .expectRefused(["instance", "activity"], startingWith: "fedictl: ")
    }
}
