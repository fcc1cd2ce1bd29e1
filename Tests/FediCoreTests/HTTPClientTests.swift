import FediTestSupport
import Foundation
import Testing

@testable import FediCore

/// Retry rules, with a fake transport and a recorded (not real) sleep.
struct HTTPClientTests {
    final class Waits: @unchecked Sendable {
        private let lock = NSLock()
        private var values: [Double] = []
        var all: [Double] { lock.withLock { values } }
        func add(_ value: Double) { lock.withLock { values.append(value) } }
    }

    let now = Date(timeIntervalSince1970: 1_800_000_000)

    func client(_ transport: FakeTransport, waits: Waits) -> HTTPClient {
        HTTPClient(
            transport: transport, retry: RetryPolicy(maxAttempts: 4), sleep: { waits.add($0) }, now: { [now] in now })
    }

    func get(_ path: String = "/api/v1/instance", method: HTTPMethod = .get, headers: [(String, String)] = [])
        -> HTTPRequest
    {
        HTTPRequest(method: method, url: URL(string: "http://fake.test\(path)")!, headers: headers)
    }

    @Test func retriesServiceUnavailableThenSucceeds() async throws {
        let transport = FakeTransport()
        transport.stub(.get, "/api/v1/instance", status: 503)
        transport.stub(.get, "/api/v1/instance", status: 502)
        transport.stub(.get, "/api/v1/instance", status: 200, json: #"{"ok": true}"#)
        let waits = Waits()
        let response = try await client(transport, waits: waits).send(get())
        #expect(response.status == 200)
        #expect(transport.requests.count == 3)
        #expect(waits.all.count == 2)
        #expect(waits.all.allSatisfy { $0 > 0 && $0 <= 8 })
    }

    @Test func givesUpAfterMaxAttemptsAndReturnsTheLastAnswer() async throws {
        let transport = FakeTransport()
        for _ in 0..<4 { transport.stub(.get, "/api/v1/instance", status: 504) }
        let response = try await client(transport, waits: Waits()).send(get())
        #expect(response.status == 504)
        #expect(transport.requests.count == 4)
    }

    @Test func honoursRetryAfterSeconds() async throws {
        let transport = FakeTransport()
        transport.stub(.get, "/api/v1/instance", status: 429, headers: ["Retry-After": "2"])
        transport.stub(.get, "/api/v1/instance")
        let waits = Waits()
        _ = try await client(transport, waits: waits).send(get())
        #expect(waits.all == [2])
    }

    @Test func honoursRetryAfterHTTPDate() async throws {
        let transport = FakeTransport()
        transport.stub(.get, "/api/v1/instance", status: 503, headers: ["Retry-After": "Fri, 15 Jan 2027 08:00:09 GMT"])
        transport.stub(.get, "/api/v1/instance")
        let waits = Waits()
        let client = HTTPClient(
            transport: transport, sleep: { waits.add($0) }, now: { FlexibleDate.parse("2027-01-15T08:00:00Z")! })
        _ = try await client.send(get())
        #expect(waits.all == [9])
    }

    @Test(arguments: [
        ("2027-01-15T08:00:05.000Z", 5.0),  // Mastodon: ISO timestamp with fraction
        ("1800000007", 7.0),  // mastodon_mock: epoch seconds
        ("3", 3.0),  // Sharkey: seconds to wait
    ])
    func honoursRateLimitReset(value: String, expected: Double) async throws {
        let transport = FakeTransport()
        transport.stub(.get, "/api/v1/instance", status: 429, headers: ["X-RateLimit-Reset": value])
        transport.stub(.get, "/api/v1/instance")
        let waits = Waits()
        let base = value.hasPrefix("2027") ? FlexibleDate.parse("2027-01-15T08:00:00Z")! : now
        let client = HTTPClient(transport: transport, sleep: { waits.add($0) }, now: { base })
        _ = try await client.send(get())
        #expect(waits.all.count == 1)
        #expect(abs(waits.all[0] - expected) < 0.01)
    }

    @Test func doesNotRetryPostWithoutIdempotencyKey() async throws {
        let transport = FakeTransport()
        transport.stub(.post, "/api/v1/reports", status: 503)
        let response = try await client(transport, waits: Waits()).send(get("/api/v1/reports", method: .post))
        #expect(response.status == 503)
        #expect(transport.requests.count == 1)
    }

    @Test func retriesPostThatCarriesAnIdempotencyKey() async throws {
        let transport = FakeTransport()
        transport.stub(.post, "/api/v1/statuses", status: 503)
        transport.stub(.post, "/api/v1/statuses")
        let response = try await client(transport, waits: Waits()).send(
            get("/api/v1/statuses", method: .post, headers: [("Idempotency-Key", "k1")]))
        #expect(response.status == 200)
        #expect(transport.requests.count == 2)
    }

    @Test func retriesConnectionFailuresButNotUnknownHosts() async throws {
        let transport = FakeTransport()
        transport.stubFailure(.get, "/api/v1/instance", .cannotConnect("refused"))
        transport.stub(.get, "/api/v1/instance")
        #expect(try await client(transport, waits: Waits()).send(get()).status == 200)

        let dns = FakeTransport()
        dns.stubFailure(.get, "/api/v1/instance", .cannotResolveHost("nope"))
        await #expect(throws: TransportError.cannotResolveHost("nope")) {
            try await client(dns, waits: Waits()).send(get())
        }
        #expect(dns.requests.count == 1)
    }

    @Test func doesNotRetryClientErrors() async throws {
        let transport = FakeTransport()
        transport.stub(.get, "/api/v1/instance", status: 404)
        #expect(try await client(transport, waits: Waits()).send(get()).status == 404)
        #expect(transport.requests.count == 1)
    }

    @Test func sendsUserAgentAndAccept() async throws {
        let transport = FakeTransport()
        transport.stub(.get, "/api/v1/instance")
        _ = try await client(transport, waits: Waits()).send(get())
        let sent = try #require(transport.requests.first)
        #expect(sent.header("User-Agent") == "fedictl/\(FedictlVersion.current)")
        #expect(sent.header("Accept") == "application/json")
    }
}
