import FoundationEssentials
import Synchronization

/// A wait the pacer imposes, reported so bulk commands can show it ("waiting 4m12s for
/// example.social's rate limit"). FediCore never prints it itself.
public struct PacerWait: Sendable, Equatable {
    public enum Reason: Sendable, Equatable {
        /// The server's request budget is spent, or it answered 429.
        case rateLimit
        /// The server answered 409: another admin action is running (GoToSocial).
        case busy
    }

    public var host: String
    public var seconds: Double
    public var reason: Reason

    public init(host: String, seconds: Double, reason: Reason) {
        self.host = host
        self.seconds = seconds
        self.reason = reason
    }
}

/// How long pacing and retries may hold one request back.
public enum WaitBudget: Sendable, Equatable {
    /// A command of a few requests: every wait and every try of one request fit in its total
    /// timeout (`--timeout`). A server that asks for longer gets a `RateLimited` error at once.
    case request
    /// Bulk work (imports, several accounts): rate limits are waited out, each wait up to `maxWait`
    /// seconds (`--max-wait`); only a longer one fails the request.
    case bulk(maxWait: Double)
}

/// The server asks for a wait longer than the budget allows: fail now (exit 75) and say when to retry.
public struct RateLimited: Error, Sendable, Equatable {
    public var host: String
    /// When the server will take requests again.
    public var retryAt: Date
    /// How long that is from when fedictl gave up.
    public var wait: Double
    public var budget: WaitBudget
    /// The status that asked for the wait (429, 409), or nil when fedictl held the request back
    /// before sending it because the server's budget was spent.
    public var status: Int?

    public init(host: String, retryAt: Date, wait: Double, budget: WaitBudget, status: Int?) {
        self.host = host
        self.retryAt = retryAt
        self.wait = wait
        self.budget = budget
        self.status = status
    }
}

/// The rate-limit window a server describes in X-RateLimit-Limit/Remaining/Reset.
struct RateLimitWindow: Equatable {
    var limit: Int?
    var remaining: Int
    var resetAt: Date

    /// nil when the answer does not carry both Remaining and a readable Reset.
    init?(headers: [String: String], now: Date) {
        guard let remainingText = headers["x-ratelimit-remaining"]?.trimmed(), let remaining = Int(remainingText),
            let resetText = headers["x-ratelimit-reset"], let resetAt = Self.resetDate(resetText, now: now)
        else { return nil }
        self.limit = headers["x-ratelimit-limit"].flatMap { Int($0.trimmed()) }
        self.remaining = max(0, remaining)
        self.resetAt = resetAt
    }

    init(limit: Int?, remaining: Int, resetAt: Date) {
        self.limit = limit
        self.remaining = remaining
        self.resetAt = resetAt
    }

    /// X-RateLimit-Reset as an epoch (mastodon_mock), an ISO time (Mastodon, GoToSocial), or
    /// seconds from now (Sharkey: small numbers).
    static func resetDate(_ text: String, now: Date) -> Date? {
        let value = text.trimmed()
        if let number = Double(value), number.isFinite {
            return number > 1_000_000_000 ? Date(timeIntervalSince1970: number) : now.addingTimeInterval(max(0, number))
        }
        return FlexibleDate.parse(value)
    }
}

/// The arithmetic of pacing one server for one token, with the clock passed in: pure, so it is
/// tested with a fake clock. `RateLimitPacer` wraps it with a lock and the waiting.
struct PacerState {
    enum Admission: Equatable {
        case go
        /// Nothing may go before this time.
        case wait(until: Date, reason: PacerWait.Reason)
        /// Wait for a request in flight to answer (the concurrency cap, or a probe of a new window).
        case queue
    }

    /// What one answer says about the server's health.
    enum Outcome: Equatable {
        case answered
        /// 5xx, a timeout, or an answer far slower than usual: fewer requests in flight.
        case overloaded
        /// 429 or 409: the server did nothing; nobody goes before `until`.
        case refused(until: Date, reason: PacerWait.Reason)
    }

    static let maximumConcurrency = 16.0
    /// An answer this much slower than the fastest one seen means the server is struggling.
    static let slowFactor = 8.0
    static let slowFloor = 2.0

    var window: RateLimitWindow?
    var blockedUntil: Date?
    var blockReason: PacerWait.Reason = .rateLimit
    var inFlight = 0
    /// The cap on requests in flight: halved on trouble, grown by one per round of good answers.
    var concurrency = maximumConcurrency
    var fastestAnswer: Double?
    var lastDecrease: Date?
    /// The end of the last wait reported, so several requests waiting for one reset report it once.
    var announcedUntil: Date?
    /// Added to the window's Reset before its budget counts as renewed: 0 until a 429 came after the
    /// Reset had passed, as from a server that rounds its Reset down to the second (mastodon_mock).
    /// Then a second, so one refusal in a run teaches the pacer to wait for each later window's real end.
    var resetSlack: Double = 0

    /// May a request go now? `.go` counts it in flight.
    mutating func admit(now: Date) -> Admission {
        if let blockedUntil, blockedUntil > now { return .wait(until: blockedUntil, reason: blockReason) }
        if inFlight >= max(1, Int(concurrency)) { return .queue }
        if let window, window.remaining - inFlight <= 0 {
            let renewed = window.resetAt.addingTimeInterval(resetSlack)
            if renewed > now { return .wait(until: renewed, reason: .rateLimit) }
            // The window should have reset, but its Reset may be rounded down (mastodon_mock sends whole
            // seconds): one request goes first and the others wait for its answer to show the new window.
            if inFlight > 0 { return .queue }
        }
        inFlight += 1
        return .go
    }

    /// Takes a request out of flight and learns from its answer.
    mutating func record(_ outcome: Outcome, window answered: RateLimitWindow?, latency: Double?, now: Date) {
        inFlight = max(0, inFlight - 1)
        if case .refused(_, .rateLimit) = outcome, let reset = (answered ?? window)?.resetAt, reset <= now {
            resetSlack = 1  // refused after the window said it had ended: its Reset comes early
        }
        if let answered {
            learn(answered)
        } else if outcome == .answered, let known = window, known.resetAt <= now {
            // A server that tells its window only when it refuses (Sharkey): once that window has
            // passed and an answer came back, nothing is known to be spent.
            window = nil
        }
        switch outcome {
        case .answered:
            if let latency, isSlow(latency) {
                decrease(now: now)
            } else {
                concurrency = min(Self.maximumConcurrency, concurrency + 1 / concurrency)
            }
            if let latency { fastestAnswer = min(fastestAnswer ?? latency, latency) }
        case .overloaded:
            decrease(now: now)
        case .refused(let until, let reason):
            // The refusal's own wait (Retry-After first) says when to try again, whatever the window said.
            if reason == .rateLimit, var spent = window {
                spent.remaining = 0
                spent.resetAt = until
                window = spent
            }
            if until > (blockedUntil ?? .distantPast) {
                blockedUntil = until
                blockReason = reason
            }
            decrease(now: now)
        }
    }

    /// Answers may arrive out of order: within one window the lowest Remaining is the truth; a
    /// later window (or another limit) replaces it; an answer from an older window is ignored.
    mutating func learn(_ answered: RateLimitWindow) {
        guard let known = window else {
            window = answered
            return
        }
        if abs(answered.resetAt.timeIntervalSince(known.resetAt)) < 1, answered.limit == known.limit {
            window?.remaining = min(known.remaining, answered.remaining)
        } else if answered.resetAt > known.resetAt || answered.limit != known.limit {
            window = answered
        }
    }

    func isSlow(_ latency: Double) -> Bool {
        guard let fastestAnswer else { return false }
        return latency > max(Self.slowFloor, fastestAnswer * Self.slowFactor)
    }

    /// Halves the cap, at most once a second: one bad moment answers several requests at once.
    mutating func decrease(now: Date) {
        if let lastDecrease, now.timeIntervalSince(lastDecrease) < 1 { return }
        concurrency = max(1, (concurrency / 2).rounded(.down))
        lastDecrease = now
    }

    /// True the first time a wait until `until` comes up (within half a second).
    mutating func shouldAnnounce(until: Date) -> Bool {
        if let announcedUntil, until.timeIntervalSince(announcedUntil) < 0.5 { return false }
        announcedUntil = until
        return true
    }
}

/// Paces the requests of one run to one server with one token, across every `HTTPClient` copy
/// and every task that uses it. Waits are the caller's injected `sleep`; the lock is never held
/// across an await.
public final class RateLimitPacer: Sendable {
    public let host: String
    private struct Shared {
        var state = PacerState()
        var waiters: [CheckedContinuation<PacerState.Admission, Never>] = []
    }
    private let shared = Mutex(Shared())

    public init(host: String) {
        self.host = host
    }

    /// Returns when the request may go (it is then in flight: call `finish` after), or throws
    /// `RateLimited` when that would be later than `latest`.
    func acquire(
        latest: Date, budget: WaitBudget, now: @Sendable () -> Date, sleep: @Sendable (Double) async throws -> Void,
        onWait: (@Sendable (PacerWait) -> Void)?
    ) async throws {
        // After a sleep until T, T has passed even if the clock says otherwise (a fake clock, or a
        // sleep that woke a little early).
        var slept = Date.distantPast
        while true {
            let current = max(now(), slept)
            let admission: PacerState.Admission = await withCheckedContinuation { continuation in
                let decision = shared.withLock { shared in
                    let decision = shared.state.admit(now: current)
                    if decision == .queue { shared.waiters.append(continuation) }
                    return decision
                }
                if decision != .queue { continuation.resume(returning: decision) }
            }
            guard case .wait(let until, let reason) = admission else {
                if admission == .go { return }
                continue  // a request answered: look again
            }
            if until > latest {
                throw RateLimited(
                    host: host, retryAt: until, wait: until.timeIntervalSince(current), budget: budget, status: nil)
            }
            let seconds = until.timeIntervalSince(current)
            if let onWait, shared.withLock({ $0.state.shouldAnnounce(until: until) }) {
                onWait(PacerWait(host: host, seconds: seconds, reason: reason))
            }
            try await sleep(seconds)
            slept = until
        }
    }

    /// The request is answered (or failed): learn from it and let waiting requests look again.
    func finish(_ outcome: PacerState.Outcome, headers: [String: String]?, latency: Double?, now: Date) {
        let window = headers.flatMap { RateLimitWindow(headers: $0, now: now) }
        let woken = shared.withLock { shared in
            shared.state.record(outcome, window: window, latency: latency, now: now)
            defer { shared.waiters.removeAll() }
            return shared.waiters
        }
        for waiter in woken { waiter.resume(returning: .queue) }
    }

    /// For tests and `--verbose`: the cap on requests in flight now.
    public var concurrency: Int { shared.withLock { max(1, Int($0.state.concurrency)) } }
}

/// One pacer per server origin and token for the whole run, shared by every `HTTPClient` made
/// from the same services (each command context makes its own clients).
public final class RateLimitPacers: Sendable {
    private let pacers = Mutex<[String: RateLimitPacer]>([:])

    public init() {}

    /// Keyed by scheme, host and port, and a hash of the Authorization header: Mastodon counts per
    /// token (per IP without one). The key holds no secret (the hash is seeded per process).
    public func pacer(for request: HTTPRequest) -> RateLimitPacer {
        let url = request.url
        let host = url.host ?? "server"
        let authority = url.port.map { "\(host):\($0)" } ?? host
        var hasher = Hasher()
        hasher.combine(request.header("Authorization") ?? "")
        let key = "\(url.scheme ?? "https")://\(authority) \(hasher.finalize())"
        return pacers.withLock { pacers in
            if let pacer = pacers[key] { return pacer }
            let pacer = RateLimitPacer(host: authority)
            pacers[key] = pacer
            return pacer
        }
    }
}
