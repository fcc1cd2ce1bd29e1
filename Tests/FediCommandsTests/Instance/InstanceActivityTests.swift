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

    @Test func aTerminalSeesASparklineOfEachMeasureUnderTheFigures() async throws {
        for (environment, arguments, lines) in [
            (
                [:], [],
                [
                    "posts     ██▂  newest 1,204, most 6,120", "logins    ███  newest 388, most 402",
                    "sign-ups  ▁█▅  newest 6, most 11",
                ]
            ),
            (
                ["NO_COLOR": "1"], [],
                [
                    "posts     992  newest 1,204, most 6,120", "logins    999  newest 388, most 402",
                    "sign-ups  095  newest 6, most 11",
                ]
            ),
            (
                [:], ["--ascii"],
                [
                    "posts     992  newest 1,204, most 6,120", "logins    999  newest 388, most 402",
                    "sign-ups  095  newest 6, most 11",
                ]
            ),
        ] as [([String: String], [String], [String])] {
            let server = FakeServerAccount()
            try server.transport.stub(.get, "/api/v1/instance/activity", fixture: "mastodon/instance-activity.json")
            let result = await server.run(["instance", "activity"] + arguments, tty: true, environment: environment)
            #expect(result.status == 0, "\(result)")
            let shown = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            // The table's three weeks, a blank line, then a line a measure.
            #expect(Array(shown.suffix(5)) == [""] + lines + [""], "\(result.stdout)")
            #expect(
                shown.contains { $0.contains("1,204") || $0.contains("1204") }, "the figures stay: \(result.stdout)")
        }
    }

    @Test func pipedAndJSONHoldTheFiguresOnly() async throws {
        for arguments in [[], ["-o", "json"], ["-o", "csv"]] {
            let server = FakeServerAccount()
            try server.transport.stub(.get, "/api/v1/instance/activity", fixture: "mastodon/instance-activity.json")
            let result = await server.run(["instance", "activity"] + arguments)
            #expect(result.status == 0, "\(result)")
            #expect(!result.stdout.contains("newest") && !result.stdout.contains("█"), "\(arguments): \(result.stdout)")
        }
    }

    @Test func misskeyHasNoActivityAPIAndNothingIsSent() async {
        await FakeServerAccount(software: "misskey", version: "2024.11.0")
            .expectRefused(["instance", "activity"], startingWith: "fedictl: ")
    }
}
