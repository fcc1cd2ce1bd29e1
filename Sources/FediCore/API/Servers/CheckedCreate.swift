import FoundationEssentials

/// Creating something a server keeps once, when its answer can be lost. A write is never sent again
/// blindly: after an outcome that leaves it unknown (the connection closed before the answer, a
/// timeout, 502/503/504, which a proxy can send after the server acted), the state is read back;
/// what is found there is the result, and only when it is absent is the write sent again. A 429 is
/// a refusal, not an unknown outcome: `HTTPClient` waits it out and sends again, and one it gave
/// up on (longer than this command may wait) stands as the error.
extension APIClient {
    /// - Parameters:
    ///   - create: sends the write once.
    ///   - find: reads the server's state; the object the write would have made, or nil.
    ///
    /// `--timeout` bounds each attempt; `--deadline` (`TransportOptions.wholeWriteTime`) the whole
    /// write with its resends, rate-limit waits aside (those are `--max-wait`'s). 429s are waited out
    /// and resent by `HTTPClient` (bulk work up to `HTTPClient.bulkRefusals` of them), never read back.
    public func createCheckingBack<T: Sendable>(
        _ what: String, create: () async throws -> T,
        find: () async throws -> T?
    ) async throws -> T {
        var attempt = 1
        let end = http.now().addingTimeInterval(http.options.wholeWriteTime)
        while true {
            let held = HeldWriteOutcomes()
            do {
                let created = try await HTTPClient.$heldOutcomes.withValue(held) {
                    try await HTTPClient.$writeDeadline.withValue(end) { try await create() }
                }
                // A refusal `create` got past on its own is recorded as it was.
                await held.settle(confirmed: false, observer: http.writeObserver)
                return created
            } catch let error as APIError {
                guard let wait = Self.unknownOutcomeWait(error, http: http, attempt: attempt) else {
                    await held.settle(confirmed: false, observer: http.writeObserver)
                    throw error
                }
                http.log?("  \(what): outcome unknown (\(Self.short(error))); reading it back")
                // When the state cannot be read either, nothing can be decided: the write's own error stands.
                let found = try? await find()
                await held.settle(
                    confirmed: found != nil, createdID: (found as? any ServerObject)?.id,
                    observer: http.writeObserver)
                if let found { return found }
                guard attempt < http.retry.maxAttempts, wait <= http.retry.maxServerWait else { throw error }
                if http.now().addingTimeInterval(wait) >= end { throw deadlinePassed(what, after: error) }
                http.log?(
                    "  \(what) is not on the server; sending it again (\(attempt)/\(http.retry.maxAttempts - 1))"
                        + " after \(HTTPClient.format(wait)) s")
                try await http.sleep(wait)
                attempt += 1
            } catch {
                await held.settle(confirmed: false, observer: http.writeObserver)
                throw error
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
            // A 429 is the server saying it did nothing: nothing to read back.
            if status == 429 { return nil }
            return http.retryDelay(
                for: HTTPResponse(status: status, headers: headers, body: body, url: url), attempt: attempt)
        case .notJSON, .malformed:
            return nil
        }
    }

    /// Exit 75 naming --deadline: the last attempt's own error would name --timeout, which was not what ran out.
    func deadlinePassed(_ what: String, after error: APIError) -> FediError {
        let seconds = HTTPClient.format(http.options.wholeWriteTime)
        return FediError(
            .temporary,
            "the \(what) was not confirmed within --deadline (\(seconds) s for the "
                + "write, resends included); the last try ended in \(Self.short(error)), and a read-back did not find it",
            hint: "the server may still carry it out: check it (the matching list command) before running "
                + "again, or allow longer with --deadline SECONDS")
    }

    static func short(_ error: APIError) -> String {
        switch error {
        case .http(let status, _, _, _, _): "HTTP \(status)"
        case .transport(.timedOut(let seconds), _): "no answer within \(HTTPClient.format(seconds)) s"
        case .transport(let transport, _): "\(transport)"
        default: "\(error)"
        }
    }
}

/// Something a server keeps under an id of its own: what a read-back finds after a lost answer is
/// journaled with it, as the write's answer would have been (undos of ip-blocks, filters, rules,
/// subscriptions and drafts name it).
public protocol ServerObject {
    var id: String { get }
}

extension IPBlock: ServerObject {}
extension InstanceRule: ServerObject {}
extension DomainSubscription: ServerObject {}
extension DomainPermission: ServerObject {}
extension Filter: ServerObject {}
extension DomainBlock: ServerObject {}
extension HeaderFilter: ServerObject {}

extension Fetched: ServerObject where Value: ServerObject {
    public var id: String { value.id }
}
