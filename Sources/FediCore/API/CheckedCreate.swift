import FoundationEssentials

/// Creating something a server keeps once, when its answer can be lost. A write is never sent again
/// blindly: after an outcome that leaves it unknown (the connection closed before the answer, a
/// timeout, 429, 502/503/504, which a proxy can send after the server acted), the state is read
/// back; what is found there is the result, and only when it is absent is the write sent again.
extension APIClient {
    /// - Parameters:
    ///   - create: sends the write once.
    ///   - find: reads the server's state; the object the write would have made, or nil.
    public func createCheckingBack<T: Sendable>(_ what: String, create: () async throws -> T,
                                                find: () async throws -> T?) async throws -> T {
        var attempt = 1
        while true {
            do {
                return try await create()
            } catch let error as APIError {
                guard let wait = Self.unknownOutcomeWait(error, http: http, attempt: attempt) else { throw error }
                http.log?("  \(what): outcome unknown (\(Self.short(error))); reading it back")
                // When the state cannot be read either, nothing can be decided: the write's own error stands.
                if let found = try? await find() { return found }
                // After a 429 the pacer holds the next send until the server's window opens (or says
                // the wait is longer than this command may take): no wait of our own on top.
                let paced = error.status == 429
                guard attempt < http.retry.maxAttempts, paced || wait <= http.retry.maxServerWait else { throw error }
                http.log?("  \(what) is not on the server; sending it again (\(attempt)/\(http.retry.maxAttempts - 1))"
                          + (paced ? "" : " after \(HTTPClient.format(wait)) s"))
                if !paced { try await http.sleep(wait) }
                attempt += 1
            }
        }
    }

    /// How long to wait before another try when `error` leaves the write's outcome unknown; nil when
    /// the server's answer is definite (a 4xx: it refused) or nothing was sent.
    static func unknownOutcomeWait(_ error: APIError, http: HTTPClient, attempt: Int) -> Double? {
        switch error {
        case .transport(let transport, _):
            switch transport {
            case .answerLost, .timedOut, .cannotConnect: return http.backoff(attempt)
            default: return nil
            }
        case .http(let status, _, let url, let headers, let body):
            // A 429: the pacer holds the next send until the server's window opens.
            if status == 429 { return 0 }
            return http.retryDelay(for: HTTPResponse(status: status, headers: headers, body: body, url: url), attempt: attempt)
        case .notJSON, .malformed:
            return nil
        }
    }

    static func short(_ error: APIError) -> String {
        switch error {
        case .http(let status, _, _, _, _): "HTTP \(status)"
        case .transport(let transport, _): "\(transport)"
        default: "\(error)"
        }
    }
}
