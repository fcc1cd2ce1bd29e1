import FediTestSupport
import Foundation
import Testing

@testable import FediCore

/// A clock that moves only when someone sleeps: waits are recorded, never slept.
final class FakeClock: @unchecked Sendable {
    private let lock = NSLock()
    private var current: Date
    private var recorded: [Double] = []

    init(_ start: Date = Date(timeIntervalSince1970: 1_800_000_000)) { current = start }

    var now: Date { lock.withLock { current } }
    var sleeps: [Double] { lock.withLock { recorded } }
    var slept: Double { sleeps.reduce(0, +) }

    func advance(_ seconds: Double) { lock.withLock { current += seconds } }

    func sleep(_ seconds: Double) {
        lock.withLock {
            recorded.append(seconds)
            current += max(0, seconds)
        }
    }
}

/// mastodon_mock's rate limiter on a fake clock: a fixed window per token that starts with its first
/// request, X-RateLimit-* on every answer (Reset a whole epoch second, rounded down), 429 over the
/// limit (and the refused request still counts). It remembers every write it carried out.
final class RateLimitedServer: HTTPTransport, @unchecked Sendable {
    let limit: Int
    let window: Double
    let clock: FakeClock
    private let lock = NSLock()
    private var windowStart: Date?
    private var count = 0
    private(set) var refused = 0
    private var carriedOut: [String] = []

    init(limit: Int, window: Double, clock: FakeClock) {
        self.limit = limit
        self.window = window
        self.clock = clock
    }

    var writes: [String] { lock.withLock { carriedOut } }

    func send(_ request: HTTPRequest, options: TransportOptions) async throws -> HTTPResponse {
        let now = clock.now
        let (status, remaining, reset): (Int, Int, Int) = lock.withLock {
            if windowStart == nil || now.timeIntervalSince(windowStart!) >= window { (windowStart, count) = (now, 0) }
            count += 1
            let reset = Int(windowStart!.timeIntervalSince1970 + window)
            guard count <= limit else {
                refused += 1
                return (429, 0, reset)
            }
            if request.method != .get { carriedOut.append(request.url.path) }
            return (200, limit - count, reset)
        }
        return HTTPResponse(
            status: status,
            headers: [
                "X-RateLimit-Limit": "\(limit)", "X-RateLimit-Remaining": "\(remaining)",
                "X-RateLimit-Reset": "\(reset)", "Content-Type": "application/json",
            ],
            body: Data("{}".utf8), url: request.url)
    }
}

/// The pacer's arithmetic with the clock passed in, then HTTPClient over a fake rate-limited server.
struct RateLimitPacerTests {
    let t0 = Date(timeIntervalSince1970: 1_800_000_000)

    func window(remaining: Int, resetIn seconds: Double, limit: Int = 300) -> RateLimitWindow {
        RateLimitWindow(limit: limit, remaining: remaining, resetAt: t0 + seconds)
    }

    @Test func spendsTheWindowThenWaitsForItsReset() {
        var state = PacerState()
        #expect(state.admit(now: t0) == .go)  // nothing known yet: go
        state.record(.answered, window: window(remaining: 2, resetIn: 60), latency: 0.01, now: t0)
        do {
            let admission = state.admit(now: t0)
            #expect(admission == .go)
        }
        do {
            let admission = state.admit(now: t0)
            #expect(admission == .go)
        }
        // Two in flight spend the two left: the third waits for the reset, before any 429.
        do {
            let admission = state.admit(now: t0)
            #expect(admission == .wait(until: t0 + 60, reason: .rateLimit))
        }
        state.record(.answered, window: window(remaining: 1, resetIn: 60), latency: 0.01, now: t0 + 1)
        state.record(.answered, window: window(remaining: 0, resetIn: 60), latency: 0.01, now: t0 + 1)
        do {
            let admission = state.admit(now: t0 + 30)
            #expect(admission == .wait(until: t0 + 60, reason: .rateLimit))
        }
    }

    @Test func afterTheResetOneRequestProbesTheNewWindowFirst() {
        var state = PacerState()
        state.window = window(remaining: 0, resetIn: 60)
        // Reset is whole seconds rounded down: the first request finds out whether the window is new.
        do {
            let admission = state.admit(now: t0 + 60)
            #expect(admission == .go)
        }
        do {
            let admission = state.admit(now: t0 + 60)
            #expect(admission == .queue)
        }
        // Still the old window: refused, so its Reset came early (rounded down). The window really
        // ends within the second after it: the next try waits that second out.
        state.record(
            .refused(until: t0 + 60.25, reason: .rateLimit), window: window(remaining: 0, resetIn: 60), latency: 0.01,
            now: t0 + 60)
        do {
            let admission = state.admit(now: t0 + 60.1)
            #expect(admission == .wait(until: t0 + 60.25, reason: .rateLimit))
        }
        do {
            let admission = state.admit(now: t0 + 60.25)
            #expect(admission == .wait(until: t0 + 61.25, reason: .rateLimit))
        }
        do {
            let admission = state.admit(now: t0 + 61.25)
            #expect(admission == .go)
        }
        // The new window: everyone may go again.
        state.record(.answered, window: window(remaining: 2, resetIn: 360), latency: 0.01, now: t0 + 61.3)
        do {
            let admission = state.admit(now: t0 + 61.3)
            #expect(admission == .go)
        }
        do {
            let admission = state.admit(now: t0 + 61.3)
            #expect(admission == .go)
        }
        // Its budget spent, the next waits a second past its Reset, learned from the one refusal:
        // no probe into a window that has not ended (issue 44: 429s are rare).
        do {
            let admission = state.admit(now: t0 + 62)
            #expect(admission == .wait(until: t0 + 361, reason: .rateLimit))
        }
    }

    @Test func aServerWhoseResetIsExactIsNotWaitedForLonger() {
        var state = PacerState()
        state.window = window(remaining: 0, resetIn: 60)
        do {
            let admission = state.admit(now: t0 + 30)
            #expect(admission == .wait(until: t0 + 60, reason: .rateLimit))
        }
        // A 429 with its window still running (a fault, another client's requests) teaches nothing.
        state.record(
            .refused(until: t0 + 60, reason: .rateLimit), window: window(remaining: 0, resetIn: 60), latency: 0.01,
            now: t0 + 30)
        #expect(state.resetSlack == 0)
        do {
            let admission = state.admit(now: t0 + 30)
            #expect(admission == .wait(until: t0 + 60, reason: .rateLimit))
        }
    }

    @Test func answersOutOfOrderKeepTheLowestRemainingOfAWindowAndIgnoreOlderWindows() {
        var state = PacerState()
        state.learn(window(remaining: 10, resetIn: 60))
        state.learn(window(remaining: 12, resetIn: 60))  // sent earlier, answered later
        #expect(state.window?.remaining == 10)
        state.learn(window(remaining: 299, resetIn: 360))  // a new window
        #expect(state.window?.remaining == 299)
        state.learn(window(remaining: 3, resetIn: 60))  // a straggler from the old one
        #expect(state.window?.remaining == 299)
        #expect(state.window?.resetAt == t0 + 360)
    }

    @Test func aRefusalHoldsEveryoneUntilTheServerSaysAndPrefersItsRetryAfter() {
        var state = PacerState()
        _ = state.admit(now: t0)
        // The window says 300 s, Retry-After (already folded into `until`) says 2 s: 2 s it is.
        state.record(
            .refused(until: t0 + 2, reason: .rateLimit), window: window(remaining: 0, resetIn: 300), latency: 0.01,
            now: t0)
        do {
            let admission = state.admit(now: t0 + 1)
            #expect(admission == .wait(until: t0 + 2, reason: .rateLimit))
        }
        do {
            let admission = state.admit(now: t0 + 2)
            #expect(admission == .go)
        }
        #expect(state.concurrency == 8)
    }

    @Test func concurrencyHalvesOnTroubleAtMostOnceASecondAndGrowsBack() {
        var state = PacerState()
        #expect(state.concurrency == 16)
        for _ in 0..<3 { _ = state.admit(now: t0) }
        state.record(.overloaded, window: nil, latency: nil, now: t0)
        state.record(.overloaded, window: nil, latency: nil, now: t0 + 0.5)  // the same bad moment
        #expect(state.concurrency == 8)
        state.record(.overloaded, window: nil, latency: nil, now: t0 + 1.5)
        #expect(state.concurrency == 4)
        // Four in flight: the fifth waits for an answer.
        for _ in 0..<4 { #expect(state.admit(now: t0 + 2) == .go) }
        do {
            let admission = state.admit(now: t0 + 2)
            #expect(admission == .queue)
        }
        // Good answers add about one per round of the cap.
        for _ in 0..<4 { state.record(.answered, window: nil, latency: 0.05, now: t0 + 3) }
        #expect(Int(state.concurrency) == 4)
        #expect(state.concurrency > 4.9)
        // An answer eight times slower than the fastest (and over 2 s) counts as trouble.
        state.record(.answered, window: nil, latency: 2.5, now: t0 + 5)
        #expect(state.concurrency == 2)
    }

    @Test func aWaitIsAnnouncedOnceHoweverManyRequestsWaitForIt() {
        var state = PacerState()
        do {
            let announced = state.shouldAnnounce(until: t0 + 60)
            #expect(announced)
        }
        do {
            let announced = state.shouldAnnounce(until: t0 + 60)
            #expect(!announced)
        }
        do {
            let announced = state.shouldAnnounce(until: t0 + 60.3)
            #expect(!announced)
        }
        do {
            let announced = state.shouldAnnounce(until: t0 + 120)
            #expect(announced)
        }
    }

    @Test(arguments: [
        ("1800000060", 60.0),  // mastodon_mock: epoch seconds
        ("2027-01-15T08:01:00.019685Z", 0),  // Mastodon: ISO with microseconds (checked apart)
        ("7", 7.0),  // Sharkey: seconds from now
    ])
    func readsTheWindowFromTheHeaders(reset: String, seconds: Double) throws {
        let parsed = try #require(
            RateLimitWindow(
                headers: ["x-ratelimit-limit": "300", "x-ratelimit-remaining": "42", "x-ratelimit-reset": reset],
                now: t0))
        #expect(parsed.limit == 300)
        #expect(parsed.remaining == 42)
        if reset.hasPrefix("2027") {
            #expect(
                abs(
                    parsed.resetAt.timeIntervalSince1970
                        - FlexibleDate.parse("2027-01-15T08:01:00Z")!.timeIntervalSince1970 - 0.019685) < 0.001)
        } else {
            #expect(parsed.resetAt == t0 + seconds)
        }
        #expect(RateLimitWindow(headers: ["x-ratelimit-remaining": "42"], now: t0) == nil)
    }

    // MARK: HTTPClient over the fake server

    func client(
        _ transport: any HTTPTransport, clock: FakeClock, pacers: RateLimitPacers,
        budget: WaitBudget = .bulk(maxWait: 900),
        waits: Recorder<PacerWait>? = nil
    ) -> HTTPClient {
        var client = HTTPClient(transport: transport, sleep: { clock.sleep($0) }, now: { clock.now }, pacers: pacers)
        client.waitBudget = budget
        if let waits { client.onWait = { waits.add($0) } }
        return client
    }

    func post(_ index: Int) -> HTTPRequest {
        HTTPRequest(
            method: .post, url: URL(string: "http://fake.test/api/v1/admin/domain_blocks/\(index)")!,
            headers: [("Authorization", "Bearer t")])
    }

    @Test func bulkWritesPastTheLimitAllGoThroughOnceWithoutA429() async throws {
        let clock = FakeClock()
        let server = RateLimitedServer(limit: 50, window: 5, clock: clock)
        let pacers = RateLimitPacers()
        let waits = Recorder<PacerWait>()
        // Fresh clients per request, as CommandContext.http makes them: the pacer is shared through `pacers`.
        for index in 0..<120 {
            let response = try await client(server, clock: clock, pacers: pacers, waits: waits).send(post(index))
            #expect(response.status == 200)
        }
        #expect(server.writes == (0..<120).map { "/api/v1/admin/domain_blocks/\($0)" })
        #expect(server.refused == 0)
        // Two resets waited for, each announced once, and nothing slept beyond them.
        #expect(clock.sleeps == [5, 5])
        #expect(waits.all.map(\.seconds) == [5, 5])
        #expect(waits.all.allSatisfy { $0.host == "fake.test" && $0.reason == .rateLimit })
    }

    @Test func concurrentBulkWritesShareOnePacer() async throws {
        let clock = FakeClock()
        let server = RateLimitedServer(limit: 50, window: 5, clock: clock)
        let pacers = RateLimitPacers()
        let results = await concurrently(Array(0..<200), limit: 8) { index in
            (try? await client(server, clock: clock, pacers: pacers).send(post(index)).status) ?? -1
        }
        #expect(results.allSatisfy { $0 == 200 })
        #expect(Set(server.writes).count == 200)
        #expect(server.writes.count == 200)
        // The fake clock moves at each sleep, so concurrent sleepers add up; what matters is that no
        // window was overrun more than by the probes at its rounded-down reset.
        #expect(server.refused <= 8)
    }

    @Test func aCommandExitsAtOnceWhenTheServerAsksForMoreThanItsTimeout() async throws {
        let clock = FakeClock()
        let transport = FakeTransport()
        transport.stub(.get, "/api/v1/instance", status: 429, headers: ["Retry-After": "300"])
        var http = client(transport, clock: clock, pacers: RateLimitPacers(), budget: .request)
        http.options.totalTimeout = 30
        let error = try await #require(throws: RateLimited.self) {
            try await http.send(HTTPRequest(method: .get, url: URL(string: "http://fake.test/api/v1/instance")!))
        }
        #expect(error.retryAt == clock.now + 300)
        #expect(error.status == 429)
        #expect(clock.sleeps.isEmpty)
        #expect(transport.requests.count == 1)
    }

    @Test func aCommandIsNotSentWhenTheBudgetIsSpentPastItsTimeout() async throws {
        let clock = FakeClock()
        let server = RateLimitedServer(limit: 2, window: 300, clock: clock)
        let pacers = RateLimitPacers()
        var http = client(server, clock: clock, pacers: pacers, budget: .request)
        http.options.totalTimeout = 30
        _ = try await http.send(post(1))
        _ = try await http.send(post(2))
        let error = try await #require(throws: RateLimited.self) { try await http.send(post(3)) }
        #expect(error.status == nil)
        #expect(error.retryAt == Date(timeIntervalSince1970: 1_800_000_300))
        #expect(server.writes.count == 2)
        #expect(server.refused == 0)
        #expect(clock.sleeps.isEmpty)
    }

    @Test func withinTheTimeoutACommandWaitsAndGoesOn() async throws {
        let clock = FakeClock()
        let transport = FakeTransport()
        transport.stub(.get, "/api/v1/instance", status: 429, headers: ["Retry-After": "20"])
        transport.stub(.get, "/api/v1/instance")
        var http = client(transport, clock: clock, pacers: RateLimitPacers(), budget: .request)
        http.options.totalTimeout = 30
        #expect(
            try await http.send(HTTPRequest(method: .get, url: URL(string: "http://fake.test/api/v1/instance")!)).status
                == 200)
        #expect(clock.sleeps == [20])
    }

    @Test func bulkWorkFailsOnlyAWaitLongerThanMaxWait() async throws {
        let clock = FakeClock()
        let transport = FakeTransport()
        let list = HTTPRequest(method: .get, url: URL(string: "http://fake.test/api/v1/admin/domain_blocks")!)
        transport.stub(.get, "/api/v1/admin/domain_blocks", status: 429, headers: ["Retry-After": "600"])
        transport.stub(.get, "/api/v1/admin/domain_blocks")
        #expect(
            try await client(transport, clock: clock, pacers: RateLimitPacers(), budget: .bulk(maxWait: 900)).send(list)
                .status == 200)
        #expect(clock.sleeps == [600])

        transport.stub(.get, "/api/v1/admin/domain_blocks", status: 429, headers: ["Retry-After": "600"])
        let error = try await #require(throws: RateLimited.self) {
            try await client(transport, clock: clock, pacers: RateLimitPacers(), budget: .bulk(maxWait: 60)).send(list)
        }
        #expect(error.budget == .bulk(maxWait: 60))
        #expect(clock.sleeps == [600])
    }

    /// A 429 to a write is a refusal: waited out and sent again, as a read's is, with nothing read
    /// in between (issue 44: it went back to the caller, which read the whole list back).
    @Test func a429ToAWriteIsWaitedOutAndSentAgain() async throws {
        let clock = FakeClock()
        let transport = FakeTransport()
        transport.stub(.post, "/api/v1/admin/domain_blocks/1", status: 429, headers: ["Retry-After": "600"])
        transport.stub(.post, "/api/v1/admin/domain_blocks/1")
        let http = client(transport, clock: clock, pacers: RateLimitPacers(), budget: .bulk(maxWait: 900))
        #expect(try await http.send(post(1)).status == 200)
        #expect(clock.sleeps == [600])
        #expect(
            transport.requests.map { "\($0.method.rawValue) \($0.url.path)" } == [
                "POST /api/v1/admin/domain_blocks/1", "POST /api/v1/admin/domain_blocks/1",
            ])
        #expect(transport.unusedRoutes.isEmpty)
    }

    @Test func busyConflictsAreRetriedWithBackoffEvenForPosts() async throws {
        let clock = FakeClock()
        let transport = FakeTransport()
        transport.stub(
            .post, "/api/v1/admin/domain_blocks/1", status: 409, json: #"{"error": "another admin action is running"}"#)
        transport.stub(
            .post, "/api/v1/admin/domain_blocks/1", status: 409, json: #"{"error": "another admin action is running"}"#)
        transport.stub(.post, "/api/v1/admin/domain_blocks/1")
        let waits = Recorder<PacerWait>()
        let response = try await client(transport, clock: clock, pacers: RateLimitPacers(), waits: waits).send(post(1))
        #expect(response.status == 200)
        #expect(transport.requests.count == 3)
        #expect(clock.sleeps.count == 2)
        #expect(clock.sleeps[1] > clock.sleeps[0])  // backing off
        #expect(waits.all.map(\.reason) == [.busy, .busy])
    }

    /// GoToSocial's 409 outside the admin-action routes says "already exists": returned at once, and
    /// described as a data error (65), while the busy one stays temporary (75) (issue 47).
    @Test func aConflictOutsideAdminActionsIsNotRetried() async throws {
        let clock = FakeClock()
        let transport = FakeTransport()
        let path = "/api/v1/admin/domain_permission_drafts/01D/accept"
        transport.stub(.post, path, status: 409, json: #"{"error": "Conflict: a domain permission already exists"}"#)
        let request = HTTPRequest(
            method: .post, url: URL(string: "http://fake.test\(path)")!, headers: [("Authorization", "Bearer t")])
        let response = try await client(transport, clock: clock, pacers: RateLimitPacers()).send(request)
        #expect(response.status == 409)
        #expect(transport.requests.count == 1)
        #expect(clock.sleeps.isEmpty)
        func described(_ path: String) -> FediError {
            FediError(
                describing: APIError.http(
                    status: 409, serverMessage: nil, url: URL(string: "http://fake.test\(path)")!, headers: [:],
                    body: Data()))
        }
        #expect(described(path).status == .dataError)
        #expect(described("/api/v1/admin/domain_permission_subscriptions").status == .dataError)
        #expect(described("/api/v1/admin/domain_blocks").status == .temporary)
        #expect(described("/api/v1/admin/accounts/01A/action").status == .temporary)
    }

    @Test func serverErrorsOnAPostAreNotResent() async throws {
        let transport = FakeTransport()
        transport.stub(.post, "/api/v1/admin/domain_blocks/1", status: 503)
        let clock = FakeClock()
        #expect(try await client(transport, clock: clock, pacers: RateLimitPacers()).send(post(1)).status == 503)
        #expect(transport.requests.count == 1)
    }

    @Test func pacersAreKeptPerServerAndToken() {
        let pacers = RateLimitPacers()
        func request(_ url: String, _ token: String?) -> HTTPRequest {
            HTTPRequest(
                method: .get, url: URL(string: url)!, headers: token.map { [("Authorization", "Bearer \($0)")] } ?? [])
        }
        let first = pacers.pacer(for: request("https://a.example/api/v1/instance", "one"))
        #expect(pacers.pacer(for: request("https://a.example/api/v1/accounts", "one")) === first)
        #expect(pacers.pacer(for: request("https://a.example/api/v1/instance", "two")) !== first)
        #expect(pacers.pacer(for: request("https://a.example/api/v1/instance", nil)) !== first)
        #expect(pacers.pacer(for: request("https://b.example/api/v1/instance", "one")) !== first)
        #expect(first.host == "a.example")
    }
}
