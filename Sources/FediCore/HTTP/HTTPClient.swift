import FoundationEssentials

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

/// Wraps a transport with the behaviour every request gets: retries with jittered backoff for
/// connection failures, 502/503/504 and 429 (only when repeating is safe), and a verbose log.
public struct HTTPClient: Sendable {
    public var transport: any HTTPTransport
    public var options: TransportOptions
    public var retry: RetryPolicy
    /// Receives one line per request and retry when --verbose is on. Secrets are already redacted.
    public var log: (@Sendable (String) -> Void)?
    public var sleep: @Sendable (Double) async throws -> Void
    public var now: @Sendable () -> Date
    /// Sees every write (a request that is not `readsOnly`) once, before it is sent and with its final
    /// outcome after any retries: the journal hooks in here.
    public var writeObserver: (any HTTPWriteObserver)?

    public init(transport: any HTTPTransport, options: TransportOptions = TransportOptions(), retry: RetryPolicy = RetryPolicy(),
                log: (@Sendable (String) -> Void)? = nil,
                sleep: @escaping @Sendable (Double) async throws -> Void = { try await Task.sleep(nanoseconds: UInt64(max(0, $0) * 1e9)) },
                now: @escaping @Sendable () -> Date = Date.init) {
        self.transport = transport
        self.options = options
        self.retry = retry
        self.log = log
        self.sleep = sleep
        self.now = now
    }

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        guard let writeObserver, !request.readsOnly else { return try await sendWithRetries(request) }
        try await writeObserver.willSend(request)
        do {
            let response = try await sendWithRetries(request)
            await writeObserver.didSend(request, outcome: .success(response))
            return response
        } catch {
            await writeObserver.didSend(request, outcome: .failure(error))
            throw error
        }
    }

    private func sendWithRetries(_ request: HTTPRequest) async throws -> HTTPResponse {
        var request = request
        request.setHeader("User-Agent", options.userAgent)
        if request.header("Accept") == nil { request.setHeader("Accept", "application/json") }
        let repeatable = request.method.isIdempotent || request.header("Idempotency-Key") != nil
        var attempt = 1
        while true {
            let started = Date()
            log?("> \(request.method.rawValue) \(Redaction.url(request.url))")
            if log != nil {
                for (name, value) in request.headers { log?(">   \(name): \(Redaction.header(name, value))") }
            }
            let outcome: Result<HTTPResponse, TransportError>
            do {
                outcome = .success(try await transport.send(request, options: options))
            } catch let error as TransportError {
                outcome = .failure(error)
            }
            let millis = Int(Date().timeIntervalSince(started) * 1000)
            let wait: Double?
            switch outcome {
            case .success(let response):
                log?("< \(response.status) \(Redaction.url(request.url)) (\(millis) ms)")
                guard repeatable, attempt < retry.maxAttempts, let delay = retryDelay(for: response, attempt: attempt) else { return response }
                if delay > retry.maxServerWait { return response }
                wait = delay
                log?("  retry \(attempt)/\(retry.maxAttempts - 1) after HTTP \(response.status), waiting \(Self.format(delay)) s")
            case .failure(let error):
                log?("< failed \(Redaction.url(request.url)) (\(millis) ms): \(error)")
                guard repeatable, error.isTransient, attempt < retry.maxAttempts else { throw error }
                wait = backoff(attempt)
                log?("  retry \(attempt)/\(retry.maxAttempts - 1) after \(error), waiting \(Self.format(wait!)) s")
            }
            try await sleep(wait!)
            attempt += 1
        }
    }

    /// nil: do not retry this response.
    func retryDelay(for response: HTTPResponse, attempt: Int) -> Double? {
        switch response.status {
        case 429: serverWait(response) ?? backoff(attempt)
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
    func willSend(_ request: HTTPRequest) async throws
    func didSend(_ request: HTTPRequest, outcome: Result<HTTPResponse, any Error>) async
}

enum HTTPDate {
    static func parse(_ value: String) -> Date? {
        // IMF-fixdate, the one form servers send: `Sun, 06 Nov 1994 08:49:37 GMT`.
        let parts = value.split(separator: " ")
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        guard parts.count == 6, parts[5] == "GMT" || parts[5] == "UTC", parts[1].count == 2,
              let month = months.firstIndex(where: { $0 == parts[2] }) else { return nil }
        let monthText = month < 9 ? "0\(month + 1)" : "\(month + 1)"
        return FlexibleDate.parse("\(parts[3])-\(monthText)-\(parts[1])T\(parts[4])Z")
    }
}
