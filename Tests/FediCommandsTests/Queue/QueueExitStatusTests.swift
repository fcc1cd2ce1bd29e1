import FediCommands
import FediCore
import FediTestSupport
import Foundation
import Testing

/// `queue --exit-status` for monitors (fast tier): 0 nothing waits, 1 something waits, 64 or more
/// when a server could not be asked; the same over one account and several, with no error text
/// or `{"error"}` object for "something waits".
@Suite struct QueueExitStatusTests {
    static func report(_ id: String) -> String {
        #"[{"id": "\#(id)", "action_taken": false, "category": "spam", "created_at": "2026-11-20T10:00:00Z", "statuses": []}]"#
    }

    /// What one server answers to the reports list.
    enum Answer { case empty, waiting, down, refused }

    static func stub(_ answer: Answer, host: String, on transport: FakeTransport) {
        switch answer {
        case .empty: transport.stub(.get, "/api/v1/admin/reports", host: host, json: "[]")
        case .waiting: transport.stub(.get, "/api/v1/admin/reports", host: host, json: report("1"))
        case .down:
            // The first try and every retry.
            for _ in 0..<4 {
                transport.stub(.get, "/api/v1/admin/reports", host: host, status: 503, json: #"{"error": "down"}"#)
            }
        case .refused:
            transport.stub(.get, "/api/v1/admin/reports", host: host, status: 401, json: #"{"error": "bad token"}"#)
        }
    }

    static let arguments = ["queue", "--kind", "report", "--exit-status", "--fields", "id"]

    @Test(arguments: [(Answer.empty, Int32(0)), (.waiting, 1), (.down, 75), (.refused, 77)])
    func oneAccount(_ answer: Answer, _ status: Int32) async throws {
        let server = FakeServerAccount()
        Self.stub(answer, host: FakeServerAccount.host, on: server.transport)
        let result = await server.run(Self.arguments)
        #expect(result.status == status, "\(result)")
        #expect(result.stdout == (answer == .waiting ? "1\n" : ""), "\(result)")
        if status < 64 { #expect(result.stderr.isEmpty, "no error for what waits: \(result)") }
        #expect(!result.stderr.contains("ExitCode"), "\(result)")
    }

    @Test(arguments: [
        (Answer.empty, Answer.empty, Int32(0)), (.waiting, .empty, 1), (.waiting, .waiting, 1),
        // A server not asked: the failures' shared status, whatever the others held (a monitor
        // reads 75 as "try again", 77 as "fix the token"), or 69 when they differ; never 80.
        (.waiting, .down, 75), (.empty, .refused, 77), (.down, .down, 75), (.down, .refused, 69),
    ])
    func severalAccounts(_ a: Answer, _ b: Answer, _ status: Int32) async throws {
        let transport = FakeTransport()
        Self.stub(a, host: "a.test", on: transport)
        Self.stub(b, host: "b.test", on: transport)
        var harness = QueueFleetFastTests.harness(["admin@a.test", "admin@b.test"], transport: transport)
        harness.sleep = { _ in }  // the retries' backoff is not slept
        let result = await harness.run(["--all-accounts", "-o", "json"] + Self.arguments.dropLast() + ["server,id"])
        #expect(result.status == status, "\(result)")
        #expect(!result.stderr.contains("ExitCode"), "\(result)")
        let rows = try #require(
            try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]], "\(result)")
        // What the servers that answered hold is shown; an error object only for a server not asked.
        // The fleet's queue names each row's server.
        let shown = rows.compactMap { $0["error"] == nil ? $0["server"] as? String : nil }
        let waiting = [("a.test", a), ("b.test", b)].filter { $0.1 == .waiting }.map(\.0)
        #expect(shown == waiting, "\(result)")
        let failed = [("admin@a.test", a), ("admin@b.test", b)].filter { $0.1 == .down || $0.1 == .refused }.map(\.0)
        #expect(rows.compactMap { $0["error"] != nil ? $0["account"] as? String : nil } == failed, "\(result)")
        if status < 64 { #expect(result.stderr.isEmpty, "no error for what waits: \(result)") }
    }
}
