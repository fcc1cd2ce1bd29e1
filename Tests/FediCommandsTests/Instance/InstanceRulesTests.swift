import FediCore
import FediTestSupport
import Foundation
import Testing

/// `instance rules` in the fast tier.
@Suite struct InstanceRulesTests {
    @Test func mastodonListsTheRulesFromTheInstanceAPI() async throws {
        let server = FakeServerAccount()
        try server.transport.stub(.get, "/api/v1/instance/rules", fixture: "mastodon/instance-rules.json")
        let result = await server.run(["instance", "rules", "-o", "json"])
        #expect(result.status == 0, "\(result)")
        let rows = try #require(try result.json() as? [[String: Any]], "\(result)")
        #expect(rows.map { $0["id"] as? String } == ["1", "2", "4"])
        #expect(rows.first?["text"] as? String == "Be kind. No harassment, hate speech or targeted abuse.")
        #expect(server.transport.requests.map(\.route) == ["GET /api/v1/instance/rules"])
        #expect(server.transport.requests.first?.header("Authorization") == nil, "rules are public: no token sent")
        #expect(server.transport.unusedRoutes.isEmpty, "\(server.transport.unusedRoutes)")
    }

    @Test func misskeyNumbersTheServerRulesOfItsMeta() async throws {
        let server = FakeServerAccount(software: "misskey", version: "2024.11.0")
        server.transport.stub(
            .post, "/api/meta", json: #"{"version": "2024.11.0", "serverRules": ["No spam", "Be nice"]}"#)
        let result = await server.run(["instance", "rules"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "admin@fake.test\t1\tNo spam\nadmin@fake.test\t2\tBe nice\n", "\(result)")
        #expect(server.transport.unusedRoutes.isEmpty, "\(server.transport.unusedRoutes)")
    }
}
