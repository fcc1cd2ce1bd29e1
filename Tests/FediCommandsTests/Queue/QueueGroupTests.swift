import FediCore
import FediTestSupport
import Foundation
import Testing

/// `--group-by` of `queue` and `accounts list` (fast tier): one row a group over the fleet.
@Suite struct QueueGroupTests {
    static func signUp(_ id: String, _ name: String, email: String?, ip: String?, at time: String) -> String {
        let email = email.map { #""\#($0)""# } ?? "null"
        let ip = ip.map { #""\#($0)""# } ?? "null"
        return #"""
            {"id": "\#(id)", "username": "\#(name)", "domain": null, "created_at": "\#(time)", "approved": false,
             "email": \#(email), "ip": \#(ip), "invite_request": "hi",
             "account": {"id": "\#(id)", "username": "\#(name)", "acct": "\#(name)"}}
            """#
    }

    /// Two servers: a wave from one mail provider across both, the oldest of it on b.test.
    static func fleet() -> (CommandHarness, FakeTransport) {
        let transport = FakeTransport()
        let a = [
            signUp("31", "xq1", email: "xq1@Wave-Mail.example", ip: "203.0.113.7", at: "2026-11-21T08:00:00Z"),
            signUp("32", "xq2", email: "xq2@wave-mail.example", ip: "203.0.113.7", at: "2026-11-21T09:00:00Z"),
            signUp("33", "ann", email: "ann@home.example", ip: nil, at: "2026-11-20T09:00:00Z"),
        ]
        let b = [signUp("7", "xq3", email: "xq3@wave-mail.example", ip: "198.51.100.2", at: "2026-11-19T08:00:00Z")]
        transport.stub(
            .get, "/api/v2/admin/accounts?status=pending", host: "a.test", json: "[\(a.joined(separator: ","))]")
        transport.stub(
            .get, "/api/v2/admin/accounts?status=pending", host: "b.test", json: "[\(b.joined(separator: ","))]")
        return (QueueFleetFastTests.harness(["admin@a.test", "admin@b.test"], transport: transport), transport)
    }

    @Test func aWaveAcrossTheFleetIsOneGroupWithItsCountServersAndOldestItem() async throws {
        let (harness, transport) = Self.fleet()
        let result = await harness.run([
            "--all-accounts", "queue", "--kind", "sign-up", "--group-by", "email-domain", "-o", "json",
        ])
        #expect(result.status == 0, "\(result)")
        let groups = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(groups.map { $0["group"] as? String } == ["wave-mail.example", "home.example"], "\(result.stdout)")
        #expect(groups.map { $0["count"] as? Int } == [3, 1])
        #expect(groups[0]["servers"] as? [String] == ["a.test", "b.test"])
        #expect(groups[0]["group_by"] as? String == "email-domain")
        let oldest = try #require(groups[0]["oldest"] as? [String: Any])
        #expect(oldest["server"] as? String == "b.test" && oldest["id"] as? String == "7", "\(oldest)")
        #expect(oldest["email_domain"] as? String == "wave-mail.example" && oldest["ip"] as? String == "198.51.100.2")
        #expect(transport.unusedStubs == 0)
    }

    @Test func everyFormatHasOneRowAGroupAndWhatHasNoKeyIsCountedOnStderr() async throws {
        for (format, rows) in [("tsv", 2), ("csv", 3), ("ndjson", 2), ("table", 3)] {
            let (harness, _) = Self.fleet()
            let arguments =
                ["--all-accounts", "queue", "--kind", "sign-up", "--group-by", "ip"]
                + (format == "tsv" || format == "table" ? [] : ["-o", format])
            let result = await harness.run(arguments, tty: format == "table")
            #expect(result.status == 0, "\(format): \(result)")
            let lines = result.stdout.split(whereSeparator: \.isNewline)
            #expect(lines.count == rows, "\(format): \(result.stdout)")
            #expect(result.stderr.contains("1 item has no IP"), "\(format): \(result.stderr)")
            if format == "tsv" {
                #expect(
                    lines.map { $0.split(separator: "\t").prefix(2).joined(separator: " ") } == [
                        "203.0.113.7 2", "198.51.100.2 1",
                    ])
            }
        }
    }

    @Test func theQueueShowsASignUpsEmailDomainAndIP() async throws {
        let (harness, _) = Self.fleet()
        let result = await harness.run(["--all-accounts", "queue", "--kind", "sign-up", "-o", "json"])
        #expect(result.status == 0, "\(result)")
        let items = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        // Oldest first: b.test's applicant, then a.test's.
        #expect(items.first?["email_domain"] as? String == "wave-mail.example", "\(result.stdout)")
        #expect(items.first?["ip"] as? String == "198.51.100.2")
        #expect(
            items.map { $0["email_domain"] as? String } == [
                "wave-mail.example", "home.example", "wave-mail.example", "wave-mail.example",
            ])
    }

    @Test func accountsGroupOverTheFleetTooButNotByTarget() async throws {
        let (harness, _) = Self.fleet()
        let result = await harness.run([
            "--account", "admin@a.test,admin@b.test", "accounts", "list", "--pending", "--group-by", "email-domain",
            "-o", "json",
        ])
        #expect(result.status == 0, "\(result)")
        let groups = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(groups.map { $0["group"] as? String } == ["wave-mail.example", "home.example"], "\(result.stdout)")
        #expect(groups.map { $0["count"] as? Int } == [3, 1])

        let refused = await QueueFleetFastTests.harness(["admin@a.test"], transport: FakeTransport())
            .run(["accounts", "list", "--pending", "--group-by", "target"])
        #expect(refused.status == 64, "\(refused)")
        #expect(refused.stderr.contains("--group-by target is the queue's"), "\(refused)")
    }

    @Test func groupingIsNotForAWatch() async throws {
        let harness = QueueFleetFastTests.harness(["admin@a.test"], transport: FakeTransport())
        let result = await harness.run(["queue", "--watch", "--group-by", "ip"])
        #expect(result.status == 64, "\(result)")
    }
}
