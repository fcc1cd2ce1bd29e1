import FediCore
import FediTestSupport
import Foundation
import Testing

@testable import FediCommands

/// `queue --watch` with a scripted notification stream: a refused stream leaves the looks alone.
/// Each item once across a dropped stream, its catch-up look and a replay is QueueStreamTests',
/// over a real socket: scripted here, the instant looks raced the stream's reconnection.
@Suite struct QueueWatchStreamTests {
    static func report(_ id: String) -> String {
        #"{"id": "\#(id)", "action_taken": false, "category": "spam", "created_at": "2026-11-2\#(id.count)T10:00:00Z", "statuses": []}"#
    }

    @Test func aRefusedStreamIsNotAskedAgainAndTheLooksGoOn() async throws {
        let server = FakeServerAccount(waitsBeforeCancel: 2)
        let transport = server.transport
        for ids in [["1"], ["1", "2"], ["2"]] {
            transport.stub(.get, "/api/v1/admin/reports", json: "[\(ids.map(Self.report).joined(separator: ","))]")
        }
        transport.stub(.get, "/api/v2/instance", status: 404, json: #"{"error": "Not Found"}"#)
        transport.stub(.get, "/api/v1/instance", json: #"{"urls": {}}"#)
        transport.stubStream(
            "/api/v1/streaming/user/notification", status: 401, contentType: "application/json",
            chunks: [#"{"error": "This action is outside the authorized scopes"}"#])
        let result = await server.run(["queue", "--watch", "--kind", "report", "--interval", "30", "-o", "ndjson"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.split(separator: "\n").count == 2, "\(result)")
        #expect(
            result.stderr.contains("no notification stream here (")
                && result.stderr.contains("outside the authorized scopes"), "\(result)")
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
        #expect(
            server.transport.requests.allSatisfy {
                !$0.url.path.contains("instance") && !$0.url.path.contains("streaming")
            })
    }

    /// A fleet's server down when the watch starts is said once and asked until it answers; a
    /// watch of one account ends at once on the same failure.
    @Test(arguments: [true, false])
    func aServerDownAtTheStartIsWaitedForOnlyInAFleet(fleet: Bool) async throws {
        let looks = Recorded<Int>()
        let said = Recorded<String>()
        let delivered = Recorded<String>()
        let one = QueueItem(report: Report(id: "1"), server: "s")
        let follower = QueueFollower(
            interval: 30,
            look: { _ in
                looks.append(1)
                if looks.all.count < 3 { throw FediError(.temporary, "cannot connect to s") }
                if looks.all.count == 3 { return [one] }
                throw CancellationError()  // the watch's end
            },
            openStream: nil, sleep: { _ in }, now: { Date() },
            deliver: { items, arrived in items.forEach { delivered.append("\($0.id) \(arrived)") } },
            status: { _ in },
            reachability: { answers, why in said.append(answers ? "up" : "down: \(why)") },
            waitsForAFirstAnswer: fleet)
        await #expect(throws: (any Error).self) { try await follower.run() }
        if fleet {
            #expect(said.all == ["down: cannot connect to s", "up"])
            #expect(delivered.all == ["1 false"], "what waited at the start, once it could be read")
        } else {
            #expect(looks.all.count == 1 && said.all.isEmpty && delivered.all.isEmpty)
        }
    }

    @Test func aStreamAheadOfALookIsNotForgottenButAnItemThatLeftIsNewAgain() async {
        let sightings = QueueSightings()
        let one = QueueItem(report: Report(id: "1"), server: "s")
        let two = QueueItem(report: Report(id: "2"), server: "s")
        let mark = await sightings.startLook()
        #expect(await sightings.streamed(two))  // the stream tells of 2 while a look that missed it runs
        #expect(await sightings.looked([one], startedAt: mark, at: Date()) == [one])
        #expect(await sightings.looked([one, two], startedAt: await sightings.startLook(), at: Date()).isEmpty)
        #expect(await !sightings.streamed(one))
        // 1 is resolved (no longer listed), then reopened: it waits again, and is shown again.
        #expect(await sightings.looked([two], startedAt: await sightings.startLook(), at: Date()).isEmpty)
        #expect(await sightings.looked([one, two], startedAt: await sightings.startLook(), at: Date()) == [one])
    }

    /// bench/watch found quiet streams' items 18 s late at --interval 10: a look that slept the
    /// shortest jitter (0.9 of the interval) after the last one was skipped.
    @Test func whileStreamingARegularLookIsDueAfterTheShortestJitteredSleep() async {
        let sightings = QueueSightings()
        await sightings.setStreaming(true)
        let start = Date()
        await sightings.looked([], startedAt: await sightings.startLook(), at: start)
        #expect(await sightings.lookIsDue(at: start.addingTimeInterval(9), every: 10))
        #expect(await !sightings.lookIsDue(at: start.addingTimeInterval(2), every: 10), "a look just happened")
    }
}
