import FoundationEssentials
import Synchronization

/// How many times to try, and how long to wait between tries.
public struct RetryPolicy: Sendable {
    public var maxAttempts: Int
    public var baseDelay: Double
    public var maxDelay: Double
    /// The longest wait a server's Retry-After / X-RateLimit-Reset may impose before we give up.
    public var maxServerWait: Double

    public init(maxAttempts: Int = 4, baseDelay: Double = 0.5, maxDelay: Double = 8, maxServerWait: Double = 300) {
        self.maxAttempts = maxAttempts
        self.baseDelay = baseDelay
        self.maxDelay = maxDelay
        self.maxServerWait = maxServerWait
    }

    public static let none = RetryPolicy(maxAttempts: 1)
}

/// Wraps a transport with the behaviour every request gets: pacing to the server's rate limit
/// (shared through `pacers`), retries with jittered backoff for connection failures, 502/503/504
/// (only when repeating is safe), 429 and GoToSocial's busy 409 (refusals: the server did nothing), and a verbose log.
public struct HTTPClient: Sendable {
    public var transport: any HTTPTransport
    public var options: TransportOptions
    public var retry: RetryPolicy
    /// Receives one line per request and retry when --verbose is on. Secrets are already redacted.
    public var log: (@Sendable (String) -> Void)?
    public var sleep: @Sendable (Double) async throws -> Void
    public var now: @Sendable () -> Date
    /// The pacers of this run, one per server and token. nil: each request paces only itself.
    public var pacers: RateLimitPacers?
    /// How long pacing and retries may hold a request back.
    public var waitBudget: WaitBudget = .request
    /// Told about each new wait for a rate limit or a busy server (bulk commands show it).
    public var onWait: (@Sendable (PacerWait) -> Void)?
    /// Sees every write (a request that is not `readsOnly`) once, before it is sent and with its final
    /// outcome after any retries: the journal hooks in here.
    public var writeObserver: (any HTTPWriteObserver)?

    public init(
        transport: any HTTPTransport, options: TransportOptions = TransportOptions(),
        retry: RetryPolicy = RetryPolicy(),
        log: (@Sendable (String) -> Void)? = nil,
        sleep: @escaping @Sendable (Double) async throws -> Void = {
            try await Task.sleep(nanoseconds: UInt64(max(0, $0) * 1e9))
        },
        now: @escaping @Sendable () -> Date = Date.init, pacers: RateLimitPacers? = nil
    ) {
        self.transport = transport
        self.options = options
        self.retry = retry
        self.log = log
        self.sleep = sleep
        self.now = now
        self.pacers = pacers
    }

    /// When the write being sent must be done, resends included (`--deadline`; bound by CheckedCreate).
    @TaskLocal public static var writeDeadline: Date?

    /// Refusals (429, 409) retried in a row before the answer is returned as it is; bulk work waits
    /// out rate limits for as long as the server's headers say, so it allows many more.
    static let bulkRefusals = 30
    /// GoToSocial's 409s, backing off up to 30 s each: about four minutes in all.
    static let bulkBusyRefusals = 10

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        guard let writeObserver, !request.readsOnly else { return try await sendWithRetries(request) }
        // The intent is recorded when the write is about to go out, after any wait for the pacer: a
        // run cut short while it waited (Ctrl-C in a paced bulk run) journals nothing it never sent.
        let recorded = Mutex<(any Sendable)??>(nil)
        do {
            let response = try await sendWithRetries(request) {
                let made = try await writeObserver.willSend(request)
                recorded.withLock { $0 = .some(made) }
            }
            let intent = recorded.withLock { $0 } ?? nil
            if !response.isSuccess, let held = Self.heldOutcomes {
                held.hold(HeldWriteOutcomes.Held(request: request, intent: intent, outcome: .success(response)))
            } else {
                await writeObserver.didSend(request, intent: intent, outcome: .success(response))
            }
            return response
        } catch {
            // Never sent (refused by the journal, or cut short before it went): nothing to record.
            guard let recordedIntent = recorded.withLock({ $0 }) else { throw error }
            let intent = recordedIntent
            if let held = Self.heldOutcomes {
                held.hold(HeldWriteOutcomes.Held(request: request, intent: intent, outcome: .failure(error)))
            } else {
                await writeObserver.didSend(request, intent: intent, outcome: .failure(error))
            }
            throw error
        }
    }

    /// Set while `createCheckingBack` may still find a failed write done (CheckedCreate).
    @TaskLocal static var heldOutcomes: HeldWriteOutcomes?

    /// `beforeFirstSend` runs once, right before the first try goes on the wire (the journal's intent).
    private func sendWithRetries(
        _ request: HTTPRequest, beforeFirstSend: (@Sendable () async throws -> Void)? = nil
    ) async throws -> HTTPResponse {
        var beforeFirstSend = beforeFirstSend
        var request = request
        request.setHeader("User-Agent", options.userAgent)
        if request.header("Accept") == nil { request.setHeader("Accept", "application/json") }
        let repeatable = request.method.isIdempotent || request.header("Idempotency-Key") != nil
        let pacer = pacers?.pacer(for: request) ?? RateLimitPacer(host: Self.authority(request.url))
        let deadline: Date? = waitBudget == .request ? now().addingTimeInterval(options.totalTimeout) : nil
        let announce = waitAnnouncer()
        var attempt = 1
        var refusals = 0
        while true {
            let pacingFrom = now()
            try await pacer.acquire(
                latest: latestStart(deadline), budget: waitBudget, now: now, sleep: sleep, onWait: announce)
            let attemptOptions = timeouts(deadline: deadline, pacingFrom: pacingFrom)
            let started = Date()
            let clockStarted = now()
            logRequest(request)
            let outcome: Result<HTTPResponse, TransportError>
            do {
                if let first = beforeFirstSend {
                    beforeFirstSend = nil
                    try await first()
                }
                outcome = .success(try await transport.send(request, options: attemptOptions))
            } catch let error as TransportError {
                outcome = .failure(error)
            } catch {
                pacer.finish(.answered, headers: nil, latency: nil, now: now())
                throw error
            }
            let millis = Int(Date().timeIntervalSince(started) * 1000)
            let answeredAt = now()
            let wait: Double
            switch outcome {
            case .success(let response):
                log?("< \(response.status) \(Redaction.url(request.url)) (\(millis) ms)")
                let latency = answeredAt.timeIntervalSince(clockStarted)
                switch response.status {
                case 429,
                    409 where BusyConflict.possible(on: request.url.path):  // `where` binds to 409 only
                    refusals += 1
                    let refused = Refusal(
                        response: response, count: refusals, repeatable: repeatable, answeredAt: answeredAt,
                        latency: latency, deadline: deadline)
                    if let final = try afterRefusal(refused, pacer: pacer) { return final }
                    continue  // the pacer holds the next try until then
                case 500...599:
                    pacer.finish(.overloaded, headers: response.headers, latency: latency, now: answeredAt)
                default:
                    pacer.finish(.answered, headers: response.headers, latency: latency, now: answeredAt)
                }
                guard repeatable, attempt < retry.maxAttempts, let delay = retryDelay(for: response, attempt: attempt)
                else { return response }
                if delay > retry.maxServerWait { return response }
                if let deadline, answeredAt.addingTimeInterval(delay) >= deadline { return response }
                wait = delay
                log?(
                    "  retry \(attempt)/\(retry.maxAttempts - 1) after HTTP \(response.status), waiting \(Self.format(delay)) s"
                )
            case .failure(let error):
                log?("< failed \(Redaction.url(request.url)) (\(millis) ms): \(error)")
                if case .timedOut = error {
                    pacer.finish(.overloaded, headers: nil, latency: nil, now: answeredAt)
                } else {
                    pacer.finish(.answered, headers: nil, latency: nil, now: answeredAt)
                }
                guard repeatable, error.isTransient, attempt < retry.maxAttempts else { throw error }
                wait = backoff(attempt)
                if let deadline, answeredAt.addingTimeInterval(wait) >= deadline { throw error }
                log?("  retry \(attempt)/\(retry.maxAttempts - 1) after \(error), waiting \(Self.format(wait)) s")
            }
            try await sleep(wait)
            attempt += 1
        }
    }

    /// Tells each new wait to --verbose's log and to `onWait` (a pause is never unexplained there);
    /// nil when neither listens.
    private func waitAnnouncer() -> (@Sendable (PacerWait) -> Void)? {
        let log = self.log
        let onWait = self.onWait
        guard log != nil || onWait != nil else { return nil }
        return { wait in
            let why = wait.reason == .busy ? "while \(wait.host) is busy (HTTP 409)" : "for \(wait.host)'s rate limit"
            log?("  waiting \(Self.format(wait.seconds)) s \(why)")
            onWait?(wait)
        }
    }

    /// One try's timeouts. --timeout bounds the request in all, retries and waits included; a write's
    /// resends (CheckedCreate) share --deadline, which cuts the last attempt short too. The pacer's
    /// wait for a rate limit is --max-wait's, not --deadline's.
    private func timeouts(deadline: Date?, pacingFrom: Date) -> TransportOptions {
        var attemptOptions = options
        let writeEnd = Self.writeDeadline?.addingTimeInterval(now().timeIntervalSince(pacingFrom))
        if let end = [deadline, writeEnd].compactMap({ $0 }).min() {
            attemptOptions.totalTimeout = max(0.001, min(options.totalTimeout, end.timeIntervalSince(now())))
            attemptOptions.connectTimeout = min(options.connectTimeout, attemptOptions.totalTimeout)
        }
        return attemptOptions
    }

    /// --verbose: the request line and its headers, secrets redacted.
    private func logRequest(_ request: HTTPRequest) {
        guard let log else { return }
        log("> \(request.method.rawValue) \(Redaction.url(request.url))")
        for (name, value) in request.headers { log(">   \(name): \(Redaction.header(name, value))") }
    }

    /// A 429 or 409 answer, the `count`th in a row for this request.
    private struct Refusal {
        var response: HTTPResponse
        var count: Int
        var repeatable: Bool
        var answeredAt: Date
        var latency: Double
        var deadline: Date?
    }

    /// Holds the pacer back for a refusal; then nil to try again, or the answer to return as it is.
    /// Throws `RateLimited` when the server asks for longer than this command may wait.
    private func afterRefusal(_ refused: Refusal, pacer: RateLimitPacer) throws -> HTTPResponse? {
        let (response, answeredAt) = (refused.response, refused.answeredAt)
        // A refusal: the server did nothing, so a GoToSocial 409 may go again even for a
        // POST (never after a lost answer or a 5xx, which may have been carried out).
        let reason: PacerWait.Reason = response.status == 429 ? .rateLimit : .busy
        let asked =
            serverWait(response) ?? (reason == .busy ? busyBackoff(refused.count) : backoff(refused.count))
        // A Reset already past (rounded down to the second): look again shortly.
        let delay = max(asked, reason == .rateLimit ? 0.25 : 0)
        pacer.finish(
            .refused(until: answeredAt.addingTimeInterval(delay), reason: reason), headers: response.headers,
            latency: refused.latency, now: answeredAt)
        // A refusal, a write's too: the server did nothing, so it is sent again once the pacer lets
        // it, never read back first (a read-back is for an answer that was lost).
        let limit =
            waitBudget == .request
            ? retry.maxAttempts - 1 : (reason == .busy ? Self.bulkBusyRefusals : Self.bulkRefusals)
        guard refused.count <= limit else { return response }
        if answeredAt.addingTimeInterval(delay) > latestStart(refused.deadline, from: answeredAt) {
            // The server asks for longer than this command may wait: say so now.
            guard reason == .rateLimit else { return response }
            throw RateLimited(
                host: pacer.host, retryAt: answeredAt.addingTimeInterval(delay), wait: delay, budget: waitBudget,
                status: response.status)
        }
        log?("  retry after HTTP \(response.status), waiting \(Self.format(delay)) s")
        return nil
    }

    /// The latest time a (next) try may start: the request's deadline, or for bulk work `--max-wait` from now.
    func latestStart(_ deadline: Date?, from start: Date? = nil) -> Date {
        switch waitBudget {
        case .request: deadline ?? .distantFuture
        case .bulk(let maxWait): (start ?? now()).addingTimeInterval(maxWait)
        }
    }

    /// GoToSocial's 409 lasts as long as the other admin action: 1, 2, 4 ... up to 30 s.
    func busyBackoff(_ refusal: Int) -> Double {
        min(30, Double(1 << min(max(refusal - 1, 0), 5))) * Double.random(in: 0.75...1.0)
    }

    static func authority(_ url: URL) -> String {
        let host = url.host ?? "server"
        return url.port.map { "\(host):\($0)" } ?? host
    }

    /// nil: do not retry this response.
    func retryDelay(for response: HTTPResponse, attempt: Int) -> Double? {
        switch response.status {
        case 502, 503, 504: serverWait(response) ?? backoff(attempt)
        default: nil
        }
    }

    /// Retry-After (seconds or HTTP date), else X-RateLimit-Reset (ISO timestamp, epoch, or seconds).
    func serverWait(_ response: HTTPResponse) -> Double? {
        let now = self.now()
        if let value = response.header("retry-after")?.trimmed() {
            if let seconds = Double(value) { return max(0, seconds) }
            if let date = HTTPDate.parse(value) { return max(0, date.timeIntervalSince(now)) }
        }
        if let value = response.header("x-ratelimit-reset")?.trimmed() {
            if let number = Double(value) {
                // Large numbers are epochs, small ones a delay (Sharkey sends seconds to wait).
                return number > 1_000_000_000 ? max(0, number - now.timeIntervalSince1970) : max(0, number)
            }
            if let date = FlexibleDate.parse(value) { return max(0, date.timeIntervalSince(now)) }
        }
        return nil
    }

    func backoff(_ attempt: Int) -> Double {
        let exponential = min(retry.maxDelay, retry.baseDelay * Double(1 << min(max(attempt - 1, 0), 30)))
        return exponential * Double.random(in: 0.5...1.0)
    }

    /// Seconds with one decimal (`2.0`, `0.5`).
    static func format(_ seconds: Double) -> String { String((seconds * 10).rounded() / 10) }
}

/// Watches the writes an `HTTPClient` sends. `willSend` may refuse one by throwing (it is then not sent).
public protocol HTTPWriteObserver: Sendable {
    /// Returns what `didSend` gets back for this request (the journal's write-ahead record of it).
    func willSend(_ request: HTTPRequest) async throws -> (any Sendable)?
    func didSend(_ request: HTTPRequest, intent: (any Sendable)?, outcome: Result<HTTPResponse, any Error>) async
    /// The write's answer was lost or refused in passing, and reading the state back found it done;
    /// `createdID` is the id of what the read-back found, where it has one (an undo may name it).
    func didConfirm(_ request: HTTPRequest, intent: (any Sendable)?, createdID: String?) async
}

/// The failed outcomes of a write's try, held back while `createCheckingBack` reads the state: a
/// write found done there is recorded as done, not as the error its answer ended in.
final class HeldWriteOutcomes: Sendable {
    struct Held: @unchecked Sendable {
        let request: HTTPRequest
        let intent: (any Sendable)?
        let outcome: Result<HTTPResponse, any Error>
    }

    private let held = Mutex<[Held]>([])

    func hold(_ outcome: Held) { held.withLock { $0.append(outcome) } }

    /// Passes what was held to `observer`: as confirmed (with the id of what was found), or as it was.
    func settle(confirmed: Bool, createdID: String? = nil, observer: (any HTTPWriteObserver)?) async {
        let all = held.withLock { held in
            defer { held = [] }
            return held
        }
        for write in all {
            if confirmed {
                await observer?.didConfirm(write.request, intent: write.intent, createdID: createdID)
            } else {
                await observer?.didSend(write.request, intent: write.intent, outcome: write.outcome)
            }
        }
    }
}

enum HTTPDate {
    static func parse(_ value: String) -> Date? {
        // IMF-fixdate, the one form servers send: `Sun, 06 Nov 1994 08:49:37 GMT`.
        let parts = value.split(separator: " ")
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        guard parts.count == 6, parts[5] == "GMT" || parts[5] == "UTC", parts[1].count == 2,
            let month = months.firstIndex(where: { $0 == parts[2] })
        else { return nil }
        let monthText = month < 9 ? "0\(month + 1)" : "\(month + 1)"
        return FlexibleDate.parse("\(parts[3])-\(monthText)-\(parts[1])T\(parts[4])Z")
    }
}
