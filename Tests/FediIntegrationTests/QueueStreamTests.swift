import FediCore
import FediTestSupport
import Foundation
import Testing

/// `queue --watch` as a user runs it (the built binary, ended by SIGTERM) against
/// Tests/Fixtures/sse_server.py: a Mastodon whose notification stream drops mid-event and replays.
struct QueueStreamTests {
    static func start(_ arguments: [String] = []) async throws -> ServerProcess {
        try await SSETestServer.start(arguments)
    }

    static func watch(_ server: ServerProcess, _ extra: [String], environment: [String: String] = [:]) throws
        -> BinaryRun
    {
        try BinaryRun(
            ["queue", "--watch", "--interval", "1", "-o", "ndjson", "--account", "admin@\(server.base)"] + extra,
            environment: ["FEDICTL_TOKEN": "fixture-token"].merging(environment) { $1 })
    }

    static func items(_ stdout: String) -> [String] {
        stdout.split(separator: "\n").compactMap { line in
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
                return nil
            }
            return "\(object["kind"] ?? "") \(object["id"] ?? "")"
        }
    }

    static func state(_ server: ServerProcess) async throws -> [String: Any] {
        (try await server.json(.get, "/_sse/state") as? [String: Any]) ?? [:]
    }

    @Test func streamedItemsArePrintedOnceAcrossADropMidEventAndAReplay() async throws {
        let server = try await Self.start()
        let root = try TemporaryDirectory.make("queue-stream")
        defer { try? FileManager.default.removeItem(at: root) }
        let received = root.appendingPathComponent("received.ndjson").path
        let watch = try Self.watch(
            server, ["--verbose", "--exec", "cat >> \"$QUEUE_FILE\""], environment: ["QUEUE_FILE": received])
        // The answer's line, not the request's: the server takes the stream as a subscriber before it answers,
        // so a burst posted after this reaches the stream (after the request line alone it could miss it).
        _ = try await watch.waitForStderr(
            containing: "< 200 http://\(server.base)/api/v1/streaming/user/notification (")
        // A report and a sign-up: the sign-up's event is cut off by a dropped connection.
        let burst = try #require(try await server.json(.post, "/_sse/burst") as? [String: Any])
        let ids = try #require(burst["ids"] as? [String])
        _ = try await watch.waitForStdout(containing: #""id":"\#(ids[0])""#)
        // The watch reconnects, the server sends both again; then one more report arrives.
        _ = try await watch.waitForStderr(containing: "the notification stream is back")
        let last = try #require((try await server.json(.post, "/_sse/report") as? [String: Any])?["ids"] as? [String])
        _ = try await watch.waitForStdout(containing: #""id":"\#(last[0])""#)

        watch.signal(SIGTERM)
        let result = try await watch.finish()
        #expect(result.status == 0, "\(result)")
        #expect(
            Self.items(result.stdout).sorted()
                == ["report \(ids[0])", "report \(last[0])", "sign-up \(ids[1])"].sorted(), "\(result)")
        #expect(result.stderr.contains("the notification stream broke"), "\(result)")
        #expect(!result.stderr.contains("fixture-token"), "the token is redacted in --verbose")
        let state = try await Self.state(server)
        #expect(
            state["connections"] as? Int == 2 && state["replays"] as? Int == 1 && state["authorized"] as? Bool == true,
            "\(state)")
        // --exec got each item once, as it arrived.
        let handed = try String(contentsOfFile: received, encoding: .utf8).split(separator: "\n")
        #expect(Self.items(handed.joined(separator: "\n")).sorted() == Self.items(result.stdout).sorted(), "\(handed)")
    }

    @Test func withoutAStreamTheWatchLooksEveryInterval() async throws {
        let server = try await Self.start(["--no-streaming"])
        let watch = try Self.watch(server, ["--verbose"])
        _ = try await watch.waitForStderr(containing: "no notification stream here")
        let report = try #require((try await server.json(.post, "/_sse/report") as? [String: Any])?["ids"] as? [String])
        _ = try await watch.waitForStdout(containing: #""id":"\#(report[0])""#)
        watch.signal(SIGTERM)
        let result = try await watch.finish()
        #expect(result.status == 0, "\(result)")
        #expect(Self.items(result.stdout) == ["report \(report[0])"], "\(result)")
        #expect(try await Self.state(server)["connections"] as? Int == 0)
        // The harness gives no writable cache: the server is still detected once, not on every look.
        #expect(
            result.stderr.components(separatedBy: "> GET http://\(server.base)/nodeinfo/2.0").count == 2, "\(result)")
    }

    /// mastodon_mock streams (connected, heartbeats, notifications of other kinds) but never sends
    /// admin notifications: a report filed there shows through the look the watch still makes while streaming.
    @Test func againstMastodonMockTheStreamIsHeldAndAFiledReportStillShowsOnce() async throws {
        let server = try await MockServer.start()
        let scene = try await TriageScene.set(on: server)
        let watch = try BinaryRun(
            [
                "queue", "--watch", "--kind", "report", "--interval", "1", "-o", "ndjson", "--verbose",
                "--account", "admin@\(server.base)",
            ], environment: ["FEDICTL_TOKEN": MockServer.admin.token])
        _ = try await watch.waitForStderr(
            containing: "< 200 http://\(server.base)/api/v1/streaming/user/notification (")
        // A mention of the admin is a notification on the same stream: not a queue item.
        _ = try await server.json(
            .post, "/api/v1/statuses", token: MockServer.bob.token, body: ["status": "@admin hello"])
        let aliceID = try await TriageScene.accountID("alice", on: server)
        let filed = try TriageScene.object(
            try await server.json(
                .post, "/api/v1/reports", token: MockServer.bob.token,
                body: ["account_id": aliceID, "comment": "rude", "category": "other"]))
        let filedID = try TriageScene.string(filed["id"])
        _ = try await watch.waitForStdout(containing: #""id":"\#(filedID)""#, seconds: 40)
        watch.signal(SIGTERM)
        let result = try await watch.finish()
        #expect(result.status == 0, "\(result)")
        #expect(Self.items(result.stdout) == ["report \(scene.reportID)", "report \(filedID)"], "\(result)")
        #expect(
            !result.stderr.contains("stream broke") && !result.stderr.contains("no notification stream"), "\(result)")
        #expect(!result.stderr.contains(MockServer.admin.token), "the token is redacted in --verbose")
    }
}
