import Foundation
import FediCore
@testable import FediCommands
import FediTestSupport
import Testing

/// `queue --watch` with a scripted notification stream: each item once across a dropped stream,
/// its catch-up look and a replay; a refused stream leaves the looks alone.
@Suite struct QueueWatchStreamTests {
    static func report(_ id: String) -> String {
        #"{"id": "\#(id)", "action_taken": false, "category": "spam", "created_at": "2026-11-2\#(id.count)T10:00:00Z", "statuses": []}"#
    }

    static func notification(_ json: String) -> String { "event: notification\ndata: \(json)\n\n" }
    static let streamedReport = notification(#"{"type": "admin.report", "account": {"id": "1", "acct": "ann"}, "report": {"id": "2", "category": "spam", "status_ids": ["8"], "target_account": {"id": "9", "acct": "bot@spam.example"}}}"#)
    static let streamedSignUp = notification(#"{"type": "admin.sign_up", "account": {"id": "31", "username": "newbie", "acct": "newbie"}}"#)

    // Disabled: under load its looks (whose waits pass at once) can use up waitsBeforeCancel before the
    // scripted stream reconnects; QueueStreamTests covers the same over a real socket.
    @Test(.disabled("races the scripted stream under load")) func eachItemOnceAcrossADroppedStreamItsCatchUpAndAReplay() async throws {
        // While the stream is up the looks are not due: their waits pass at once, the script ends the run.
        let server = FakeServerAccount(waitsBeforeCancel: 1_000_000)
        let transport = server.transport
        // The first look, then one catch-up look after each of the two connections.
        transport.stub(.get, "/api/v1/admin/reports", json: "[\(Self.report("1"))]")
        transport.stub(.get, "/api/v2/admin/accounts", json: "[]")
        transport.stub(.get, "/api/v1/admin/reports", json: "[\(Self.report("1"))]")
        transport.stub(.get, "/api/v2/admin/accounts", json: "[]")
        transport.stub(.get, "/api/v1/admin/reports", json: "[\(Self.report("1")), \(Self.report("2"))]")
        transport.stub(.get, "/api/v2/admin/accounts", json: "[]")
        transport.stub(.get, "/api/v2/instance", json: #"{"configuration": {"urls": {"streaming": "wss://stream.fake.test"}}}"#)
        // The report arrives split over chunks; the sign-up's event is cut off by a dropped connection.
        let report = Self.streamedReport
        let cut = report.index(report.startIndex, offsetBy: 30)
        transport.stubStream("/api/v1/streaming/user/notification", host: "stream.fake.test",
                             chunks: [":connected\n\n", String(report[..<cut]), String(report[cut...]), ":thump\n\n",
                                      String(Self.streamedSignUp.prefix(40))],
                             ending: TransportError.cannotConnect("connection reset by peer"))
        // The server sends both again after the reconnection; then Ctrl-C.
        transport.stubStream("/api/v1/streaming/user/notification", host: "stream.fake.test",
                             chunks: [":connected\n\n", Self.streamedReport + Self.streamedSignUp], ending: CancellationError())

        let result = await server.run(["queue", "--watch", "--interval", "30", "-o", "ndjson"])
        let reconnects = server.sleeps.all.filter { $0 < 5 }
        #expect(result.status == 0, "\(result)")
        let lines = try result.stdout.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
        #expect(lines.map { "\($0["kind"]!) \($0["id"]!)" } == ["report 1", "report 2", "sign-up 31"], "\(result)")
        #expect(lines[1]["target"] as? String == "@bot@spam.example" && lines[1]["posts"] as? Int == 1)
        #expect(result.stderr.components(separatedBy: "the notification stream broke").count == 2, "\(result)")
        #expect(result.stderr.contains("connection reset by peer") && result.stderr.contains("the notification stream is back"))
        #expect(transport.unusedRoutes.isEmpty, "\(transport.unusedRoutes)")
        // One jittered wait before reconnecting: 1 s drawn between half and all of it.
        #expect(reconnects.count == 1 && reconnects.allSatisfy { (0.5...1).contains($0) }, "\(reconnects)")
        // The stream goes where the instance says, with the token, asking for events.
        let streams = transport.requests.filter { $0.url.path == "/api/v1/streaming/user/notification" }
        #expect(streams.map { $0.url.absoluteString } == Array(repeating: "https://stream.fake.test/api/v1/streaming/user/notification", count: 2))
        #expect(streams.allSatisfy { $0.header("Authorization") == "Bearer \(FakeServerAccount.token)" && $0.header("Accept") == "text/event-stream" })
    }

    @Test func aRefusedStreamIsNotAskedAgainAndTheLooksGoOn() async throws {
        let server = FakeServerAccount(waitsBeforeCancel: 2)
        let transport = server.transport
        for ids in [["1"], ["1", "2"], ["2"]] {
            transport.stub(.get, "/api/v1/admin/reports", json: "[\(ids.map(Self.report).joined(separator: ","))]")
        }
        transport.stub(.get, "/api/v2/instance", status: 404, json: #"{"error": "Not Found"}"#)
        transport.stub(.get, "/api/v1/instance", json: #"{"urls": {}}"#)
        transport.stubStream("/api/v1/streaming/user/notification", status: 401, contentType: "application/json",
                             chunks: [#"{"error": "This action is outside the authorized scopes"}"#])
        let result = await server.run(["queue", "--watch", "--kind", "report", "--interval", "30", "-o", "ndjson"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.split(separator: "\n").count == 2, "\(result)")
        #expect(result.stderr.contains("no notification stream here (") && result.stderr.contains("outside the authorized scopes"), "\(result)")
        #expect(transport.unusedRoutes.isEmpty, "\(transport.unusedRoutes)")
        // No reconnection waits: only the looks' (about --interval each).
        #expect(server.sleeps.all.allSatisfy { $0 >= 27 }, "\(server.sleeps.all)")
        #expect(transport.requests.filter { $0.url.path.hasSuffix("/notification") }.count == 1)
    }

    @Test func softwareWithoutAStreamIsOnlyLookedAt() async throws {
        let server = FakeServerAccount(software: "gotosocial", version: "0.17.3", waitsBeforeCancel: 1)
        server.transport.stub(.get, "/api/v1/admin/reports", json: "[]")
        server.transport.stub(.get, "/api/v1/admin/reports", json: "[]")
        let result = await server.run(["queue", "--watch", "--kind", "report", "--interval", "30"])
        #expect(result.status == 0, "\(result)")
        #expect(!result.stderr.contains("stream"), "\(result)")
        #expect(server.transport.requests.allSatisfy { !$0.url.path.contains("instance") && !$0.url.path.contains("streaming") })
    }

    @Test func aStreamAheadOfALookIsNotForgottenButAnItemThatLeftIsNewAgain() async {
        let sightings = QueueSightings()
        let one = QueueItem(report: Report(id: "1"), server: "s"), two = QueueItem(report: Report(id: "2"), server: "s")
        let mark = await sightings.startLook()
        #expect(await sightings.streamed(two))  // the stream tells of 2 while a look that missed it runs
        #expect(await sightings.looked([one], startedAt: mark, at: Date()) == [one])
        #expect(await sightings.looked([one, two], startedAt: await sightings.startLook(), at: Date()).isEmpty)
        #expect(await !sightings.streamed(one))
        // 1 is resolved (no longer listed), then reopened: it waits again, and is shown again.
        #expect(await sightings.looked([two], startedAt: await sightings.startLook(), at: Date()).isEmpty)
        #expect(await sightings.looked([one, two], startedAt: await sightings.startLook(), at: Date()) == [one])
    }
}
