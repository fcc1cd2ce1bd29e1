import FediCore
import FediTestSupport
import Foundation
import Testing

/// `instance stats` in the fast tier: Mastodon's measures, dimensions and retention, one column per
/// server, and what other software shows instead.
@Suite struct InstanceStatsTests {
    static var contract: APIContract { try! APIContract("mastodon-admin-stats.json") }

    static func stubStats(_ transport: FakeTransport, host: String? = nil, measures: String? = nil) {
        transport.stub(.post, "/api/v1/admin/measures", host: host, json: measures ?? contract["measures"].answerJSON)
        transport.stub(.post, "/api/v1/admin/dimensions", host: host, json: contract["dimensions"].answerJSON)
        transport.stub(.post, "/api/v1/admin/retention", host: host, json: contract["retention"].answerJSON)
    }

    static func rows(_ result: CommandResult) throws -> [String: [String: Any]] {
        let rows = try #require(try result.json() as? [[String: Any]], "\(result)")
        return Dictionary(uniqueKeysWithValues: rows.map { ($0["key"] as? String ?? "", $0) })
    }

    static func figure(_ row: [String: Any]?, _ server: String) -> [String: Any]? {
        (row?["servers"] as? [String: Any])?[server] as? [String: Any]
    }

    @Test func jsonGivesEachMeasureWithItsSeriesAndTheDimensionsAndCohorts() async throws {
        let server = FakeServerAccount()
        Self.stubStats(server.transport)
        let result = await server.run(["instance", "stats", "-o", "json"])
        #expect(result.status == 0, "\(result)")
        let rows = try Self.rows(result)
        let active = Self.figure(rows["active_users"], "fake.test")
        #expect(active?["value"] as? String == "2" && active?["previous_total"] as? Int == 0, "\(rows)")
        #expect((active?["series"] as? [[String: Any]])?.map { $0["value"] as? Int } == [0, 2], "\(rows)")
        #expect(Self.figure(rows["languages:en"], "fake.test")?["value"] as? String == "10", "\(rows)")
        #expect(Self.figure(rows["space_usage:postgresql"], "fake.test")?["value"] as? String == "46.2 GB")
        #expect(rows["software_versions:mastodon"]?["label"] as? String == "software versions: Mastodon")
        let cohort = Self.figure(rows["retention:2022-09"], "fake.test")
        #expect(cohort?["value"] as? String == "2 (50% active)", "\(rows)")
        #expect(rows["new_users"]?["section"] as? String == "measure")
    }

    @Test func tsvShowsOneLinePerFigureAndATerminalASparkline() async throws {
        let server = FakeServerAccount()
        Self.stubStats(server.transport)
        let piped = await server.run(["instance", "stats"])
        #expect(piped.status == 0, "\(piped)")
        let lines = piped.stdout.split(separator: "\n").map(String.init)
        #expect(Array(lines.prefix(2)) == ["active users\t2", "new users\t2"], "\(piped)")
        #expect(lines.contains("languages: English\t10"), "\(piped)")

        let again = FakeServerAccount()
        Self.stubStats(again.transport)
        let shown = await again.run(["instance", "stats"], tty: true)
        #expect(shown.status == 0, "\(shown)")
        #expect(shown.stdout.contains("active users"), "\(shown)")
        #expect(shown.stdout.contains("2 ▁█"), "\(shown)")
        #expect(shown.stdout.contains("2 ██"), "\(shown)")  // new users: a flat series, scaled from zero
    }

    @Test func eachRequestIsTheOneMastodonDescribes() async throws {
        let server = FakeServerAccount()
        Self.stubStats(server.transport)
        let result = await server.run([
            "instance", "stats", "--since", "2026-10-01", "--until", "2026-11-01", "--top", "3",
        ])
        #expect(result.status == 0, "\(result)")
        let sent = server.transport.requests
        #expect(
            sent.map(\.route) == [
                "POST /api/v1/admin/measures", "POST /api/v1/admin/dimensions", "POST /api/v1/admin/retention",
            ])
        for (request, name) in zip(sent, ["measures", "dimensions", "retention"]) {
            let operation = Self.contract[name]
            APIContract.check(request, against: operation)
            #expect(APIContract.missingRequired(request, operation.required).isEmpty, "\(name)")
            let body = try #require(try JSONSerialization.jsonObject(with: request.body ?? Data()) as? [String: Any])
            #expect(body["start_at"] as? String == "2026-10-01T00:00:00Z", "\(body)")
            #expect(body["end_at"] as? String == "2026-11-01T00:00:00Z", "\(body)")
            let keys = body["keys"] as? [String] ?? []
            #expect(Set(keys).isSubset(of: operation.allowedKeys), "\(name): \(keys)")
        }
        let dimensions = try #require(try JSONSerialization.jsonObject(with: sent[1].body ?? Data()) as? [String: Any])
        #expect(dimensions["limit"] as? Int == 3)
        let retention = try #require(try JSONSerialization.jsonObject(with: sent[2].body ?? Data()) as? [String: Any])
        #expect(retention["frequency"] as? String == "month")
    }

    @Test func overTwoServersOneTableHasAColumnPerServer() async throws {
        let transport = FakeTransport()
        Self.stubStats(transport, host: "a.test")
        Self.stubStats(
            transport, host: "b.test",
            measures:
                #"[{"key": "active_users", "total": "7", "data": []}, {"key": "new_users", "total": "5", "data": []}]"#)
        let harness = FleetServerTests.harness(["admin@a.test", "admin@b.test"], transport: transport)
        let result = await harness.run(["--account", "admin@a.test,admin@b.test", "instance", "stats"])
        #expect(result.status == 0, "\(result)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(Array(lines.prefix(2)) == ["active users\t2\t7", "new users\t2\t5"], "\(result)")
        #expect(lines.contains("interactions\t0\t"), "\(result)")

        let json = FakeTransport()
        Self.stubStats(json, host: "a.test")
        Self.stubStats(json, host: "b.test")
        let both = await FleetServerTests.harness(["admin@a.test", "admin@b.test"], transport: json)
            .run(["--account", "admin@a.test,admin@b.test", "instance", "stats", "-o", "json"])
        let rows = try Self.rows(both)
        #expect(Self.figure(rows["new_users"], "a.test")?["value"] as? String == "2", "\(both)")
        #expect(Self.figure(rows["new_users"], "b.test")?["value"] as? String == "2", "\(both)")
    }

    @Test func softwareWithoutTheApiIsNamedAndItsPublicFiguresShown() async throws {
        let server = FakeServerAccount(software: "gotosocial", version: "0.17.3")
        server.transport.allowsUnusedStubs = true
        server.transport.stub(
            .get, "/.well-known/nodeinfo",
            json:
                #"{"links": [{"rel": "http://nodeinfo.diaspora.software/ns/schema/2.0", "href": "https://fake.test/nodeinfo/2.0"}]}"#
        )
        server.transport.stub(
            .get, "/nodeinfo/2.0",
            json:
                #"{"version": "2.0", "software": {"name": "gotosocial", "version": "0.17.3"}, "protocols": ["activitypub"], "#
                + #""usage": {"users": {"total": 12, "activeMonth": 4}, "localPosts": 300}, "openRegistrations": false}"#
        )
        server.transport.stub(
            .get, "/api/v2/instance",
            json: #"{"domain": "fake.test", "version": "0.17.3", "usage": {"users": {"active_month": 4}}}"#)
        let result = await server.run(["instance", "stats"])
        #expect(result.status == 69, "\(result)")
        #expect(result.stderr.hasPrefix("fedictl: instance stats is not available on GoToSocial 0.17.3\n"), "\(result)")
        #expect(result.stderr.contains("shown instead: what its nodeinfo and instance API say"), "\(result)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains("users (nodeinfo)\t12"), "\(result)")
        #expect(lines.contains("local posts (nodeinfo)\t300"), "\(result)")
        #expect(!server.transport.requests.contains { $0.url.path.hasPrefix("/api/v1/admin") })
    }

    @Test func aServerWithoutTheApiBesideOneWithItIsPartial() async throws {
        let transport = FakeTransport()
        transport.allowsUnusedStubs = true
        Self.stubStats(transport, host: "a.test")
        let harness = FleetServerTests.harness(["admin@a.test", "admin@b.test"], transport: transport)
        try harness.logins.update { config in
            config.accounts[1].serverInfo = ServerInfo(
                flavour: .akkoma, softwareName: "akkoma", version: "3.13.2", detectedAt: Date())
        }
        let result = await harness.run(["--account", "admin@a.test,admin@b.test", "instance", "stats"])
        #expect(result.status == 80, "\(result)")
        #expect(
            result.stderr.contains("fedictl: admin@b.test: instance stats is not available on Akkoma 3.13.2\n"),
            "\(result)")
        #expect(result.stdout.hasPrefix("active users\t2\t\n"), "\(result)")
    }

    @Test func sinceAfterUntilIsAUsageError() async {
        let result = await FakeServerAccount().run(["instance", "stats", "--since", "1d", "--until", "2d"])
        #expect(result.status == 64, "\(result)")
        #expect(result.stderr.hasPrefix("fedictl: --since must come before --until\n"), "\(result)")
    }
}
