import FediCore
import FediTestSupport
import Foundation
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
        // The recorded pages link to a next page; a real server answers it with an empty list
        // (the fixture would answer the first page again, which fedictl stops as a loop).
        try await gts.server.addRoutes([
            "GET /api/v1/admin/reports?limit=20&max_id=01JH4C6E8G0J2M4P6R8T0W2Y4A": ["json": [Any]()],
            "GET /api/v2/admin/accounts?limit=50&max_id=/@trainfan": ["json": [Any]()],
        ])
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

/// `queue --watch` as a user runs it: the built binary against mastodon_mock, ended by SIGTERM.
struct QueueWatchTests {
    @Test func aNewReportIsPrintedOnceAndHandedToExecThenSIGTERMEndsCleanly() async throws {
        let server = try await MockServer.start()
        let scene = try await TriageScene.set(on: server)
        let root = try TemporaryDirectory.make("queue-watch")
        defer { try? FileManager.default.removeItem(at: root) }
        let received = root.appendingPathComponent("received.ndjson").path
        let watch = try BinaryRun(
            [
                "queue", "--watch", "--kind", "report", "--interval", "1", "-o", "ndjson",
                "--exec", "cat >> \"$QUEUE_FILE\"", "--account", "admin@\(server.base)",
            ],
            environment: ["FEDICTL_TOKEN": MockServer.admin.token, "QUEUE_FILE": received])
        _ = try await watch.waitForStdout(containing: #""id":"\#(scene.reportID)""#)

        // Bob reports Alice: the watch shows it within a look or two, and hands it to --exec.
        let aliceID = try await TriageScene.accountID("alice", on: server)
        let second = try TriageScene.object(
            try await server.json(
                .post, "/api/v1/reports", token: MockServer.bob.token,
                body: ["account_id": aliceID, "comment": "rude", "category": "other"]))
        let secondID = try TriageScene.string(second["id"])
        _ = try await watch.waitForStdout(containing: #""id":"\#(secondID)""#)
        _ = try await Waiting.until(seconds: 20, what: "the --exec command's file") {
            (try? String(contentsOfFile: received, encoding: .utf8)).flatMap { $0.contains(secondID) ? true : nil }
        }

        watch.signal(SIGTERM)
        let result = try await watch.finish()
        #expect(result.status == 0, "\(result)")
        let ids = result.stdout.split(separator: "\n").compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["id"] as? String
        }
        #expect(ids == [scene.reportID, secondID], "each item once: \(result)")
        // --exec saw only what arrived while watching, as one JSON object on its stdin.
        let handed = try String(contentsOfFile: received, encoding: .utf8).split(separator: "\n")
        #expect(handed.count == 1, "\(handed)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(handed[0].utf8)) as? [String: Any])
        #expect(object["target"] as? String == "@alice@\(server.base)")
    }
}
