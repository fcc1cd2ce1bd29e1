import FediTestSupport
import Foundation
import Testing

/// What a user sees when the network or the server misbehaves; faults injected into mastodon_mock.
struct FaultTests {
    @Test(arguments: ["inf", "nan", "0", "1e300", "0.0001"])
    func aTimeoutOutOfRangeIsAUsageError(value: String) async {
        let result = await CommandHarness().run(["instance", "info", "127.0.0.1:9", "--timeout", value])
        #expect(result.status == 64, "\(result)")
        #expect(result.stderr.contains("--timeout must be between 0.001 and 86400 seconds"), "\(result)")
    }

    let harness = CommandHarness()

    @Test func twoServiceUnavailablesThenSuccess() async throws {
        let server = try await MockServer.start()
        try await server.addFault([
            "match": ["path": "/api/v2/instance"], "effect": ["type": "status", "status": 503], "count": 2,
        ])
        let result = await harness.run(["instance", "info", server.base, "--verbose", "-o", "json"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.contains("< 503"))
        #expect(result.stderr.contains("retry 1/3 after HTTP 503"))
        #expect(result.stderr.contains("retry 2/3 after HTTP 503"))
        #expect(result.stderr.contains("< 200"))
        #expect(try result.json() is [String: Any])
    }

    @Test func rateLimitedWaitsForRetryAfter() async throws {
        let server = try await MockServer.start()
        try await server.addFault([
            "match": ["path": "/api/v2/instance"],
            "effect": ["type": "ratelimit", "headers": ["Retry-After": "2"]], "count": 1,
        ])
        let started = Date()
        let result = await harness.run(["instance", "info", server.base, "--verbose"])
        let elapsed = Date().timeIntervalSince(started)
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.contains("< 429"))
        #expect(elapsed >= 1.5, "waited \(elapsed) s")
        #expect(elapsed < 25, "waited \(elapsed) s")
    }

    @Test func rateLimitThatOutlastsRetriesExits75() async throws {
        let server = try await MockServer.start()
        try await server.addFault([
            "match": ["path_regex": "^/api/v[12]/instance$"],
            "effect": ["type": "status", "status": 429, "headers": ["Retry-After": "0"]],
        ])
        let result = await harness.run(["instance", "info", server.base])
        #expect(result.status == 75, "\(result)")
        #expect(result.stderr.contains("rate-limiting"))
        #expect(result.stderr.contains("\nhint: "))
    }

    @Test func malformedBodyExits76() async throws {
        let server = try await MockServer.start()
        try await server.addFault(["match": ["path": "/api/v2/instance"], "effect": ["type": "malformed"]])
        let result = await harness.run(["instance", "info", server.base])
        #expect(result.status == 76, "\(result)")
        let lines = result.stderr.split(separator: "\n")
        try #require(lines.count == 2)
        #expect(lines[0].hasPrefix("fedictl: 127.0.0.1:\(server.port)"))
        #expect(lines[0].contains("cannot read"))
        #expect(lines[1].hasPrefix("hint: "))
        #expect(result.stdout.isEmpty)
    }

    @Test func serverErrorAfterRetriesExits75() async throws {
        let server = try await MockServer.start()
        try await server.addFault(["match": ["path": "/api/v2/instance"], "effect": ["type": "status", "status": 500]])
        let result = await harness.run(["instance", "info", server.base])
        #expect(result.status == 75, "\(result)")
        #expect(result.stderr.contains("HTTP 500"))
    }

    @Test func hungConnectionTimesOutWith75() async throws {
        let server = try await MockServer.start()
        try await server.addFault(["match": ["path": "/api/v2/instance"], "effect": ["type": "timeout"]])
        let started = Date()
        let result = await harness.run(["instance", "info", server.base, "--timeout", "2"])
        let elapsed = Date().timeIntervalSince(started)
        #expect(result.status == 75, "\(result)")
        #expect(result.stderr.contains("did not answer within 2 s"))
        #expect(result.stderr.contains("--timeout"))
        #expect(elapsed < 25, "took \(elapsed) s (well under the 30 s the server holds it)")
    }

    @Test func unresolvableHostExits69WithAHint() async {
        let result = await harness.run(["instance", "info", "no-such-host.invalid"])
        #expect(result.status == 69, "\(result)")
        #expect(result.stderr.hasPrefix("fedictl: cannot find no-such-host.invalid"))
        #expect(result.stderr.contains("\nhint: check the spelling"))
    }

    @Test func nothingListeningExits69() async {
        let port = ServerProcess.freePort()
        let result = await harness.run(["instance", "info", "127.0.0.1:\(port)"])
        #expect(result.status == 69, "\(result)")
        #expect(result.stderr.contains("cannot connect to 127.0.0.1:\(port)"))
    }

    @Test func plainHTTPToANonLoopbackHostIsRefused() async {
        let result = await harness.run(["instance", "info", "http://example.social"])
        #expect(result.status == 64, "\(result)")
        #expect(result.stderr.contains("refusing plain http://"))
        #expect(result.stderr.contains("--insecure-http"))
    }

    @Test func jsonOutputAlsoGetsAnErrorObject() async {
        let result = await harness.run(["instance", "info", "no-such-host.invalid", "-o", "json"])
        #expect(result.status == 69)
        let object = (try? result.json()) as? [String: Any]
        let error = object?["error"] as? [String: Any]
        #expect(error?["exit_status"] as? Int == 69)
        #expect(error?["kind"] as? String == "unavailable")
        #expect((error?["message"] as? String)?.contains("no-such-host.invalid") == true)
    }

    @Test func badFlagExits64WithOneLineAndAHint() async throws {
        let result = await harness.run(["instance", "info", "--colour", "x"])
        #expect(result.status == 64, "\(result)")
        let lines = result.stderr.split(separator: "\n")
        try #require(lines.count == 2)
        #expect(lines[0].hasPrefix("fedictl: "))
        #expect(lines[1] == "hint: see 'fedictl instance info --help'")
    }
}
