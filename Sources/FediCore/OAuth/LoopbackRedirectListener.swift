import FoundationEssentials
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Receives the OAuth redirect on `http://127.0.0.1:<random port>/callback` (RFC 8252 §7.3).
///
/// It binds to loopback only, checks `state`, answers the one callback request with a small page
/// (anything else, such as `/favicon.ico`, gets a 404 and is not counted), and gives up after a
/// timeout. A callback with the wrong state or an `error` ends the login: it did not come from
/// the authorization fedictl started, or the person refused.
public final class LoopbackRedirectListener: Sendable {
    public let port: Int
    private let socketFD: Int32
    private let closed = Mutex(false)

    public static let callbackPath = "/callback"

    /// Listens on 127.0.0.1 on a port the system picks.
    public init() throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw Self.failure("cannot open a socket") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0
            }
        }
        guard bound, listen(fd, 8) == 0 else {
            let error = Self.failure("cannot listen on 127.0.0.1")
            closeDescriptor(fd)
            throw error
        }
        socketFD = fd
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    deinit { close() }

    /// The redirect URI to register and send: the port is part of it.
    public var redirectURI: String { "http://127.0.0.1:\(port)\(Self.callbackPath)" }

    /// The redirect URI as registered with the app: loopback ports are matched loosely by servers
    /// that follow RFC 8252 (Doorkeeper, so Mastodon), so one registration serves every port.
    public static let registeredRedirectURI = "http://127.0.0.1\(callbackPath)"

    /// The redirect URI to register for a login through this listener. A server that publishes RFC 8414
    /// metadata (Doorkeeper: Mastodon 4.3+) matches loopback ports loosely, so the one portless
    /// registration serves every login. Others may compare the URI exactly, port included (GoToSocial
    /// does, and refuses the authorization otherwise): they get this listener's own URI.
    public func uriToRegister(metadata: AuthorizationServerMetadata?) -> String {
        metadata == nil ? redirectURI : Self.registeredRedirectURI
    }

    public func close() {
        closed.withLock { closed in
            if !closed {
                closed = true
                closeDescriptor(socketFD)
            }
        }
    }

    /// Waits for the browser's redirect and returns the authorization code.
    public func waitForCode(state: String, timeout: Double) async throws -> String {
        try await startWaiting(state: state, timeout: timeout).code()
    }

    /// Starts answering on a thread of its own at once, without waiting for a task to be scheduled,
    /// and returns the pending result: whoever then visits the redirect URI is served.
    public func startWaiting(state: String, timeout: Double) -> PendingCode {
        let pending = PendingCode()
        startThread { [self] in
            pending.finish(Result { try self.serve(state: state, timeout: timeout, cancelled: pending.cancelled) })
        }
        return pending
    }

    /// The code a started listener will receive (or the error that ends the wait).
    public final class PendingCode: Sendable {
        private struct State {
            var result: Result<String, any Error>?
            var waiter: CheckedContinuation<String, any Error>?
        }
        private let state = Mutex(State())
        fileprivate let cancelled = StickyFlag()

        fileprivate func finish(_ outcome: Result<String, any Error>) {
            let waiting = state.withLock { state in
                state.result = outcome
                defer { state.waiter = nil }
                return state.waiter
            }
            waiting?.resume(with: outcome)
        }

        /// Waits for the code; cancelling the task stops the listener within a quarter second.
        public func code() async throws -> String {
            try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<String, any Error>) in
                    let done = state.withLock { state in
                        if state.result == nil { state.waiter = continuation }
                        return state.result
                    }
                    if let done { continuation.resume(with: done) }
                }
            } onCancel: {
                cancelled.set()
            }
        }
    }

    // MARK: - Serving

    private func serve(state: String, timeout: Double, cancelled: StickyFlag) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if cancelled.isSet { throw CancellationError() }
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else {
                throw FediError(
                    .temporary, "the browser did not come back within \(shortNumber(timeout)) s",
                    hint: "run the login again, or pass --out-of-band to paste the code instead")
            }
            var poller = pollfd(fd: socketFD, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, Int32(min(remaining, 0.25) * 1000) + 1)
            if ready < 0, errno != EINTR { throw Self.failure("waiting for the browser failed") }
            guard ready > 0 else { continue }
            let client = accept(socketFD, nil, nil)
            guard client >= 0 else { continue }
            defer { closeDescriptor(client) }
            if let code = try handle(client: client, state: state) { return code }
        }
    }

    /// nil: not the callback (answered 404); keep waiting.
    private func handle(client: Int32, state: String) throws -> String? {
        var wait = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(client, SOL_SOCKET, SO_RCVTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(client, SOL_SOCKET, SO_SNDTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
        guard let target = Self.readRequestTarget(client),
            let components = URLComponents(string: "http://127.0.0.1" + target),
            components.path == Self.callbackPath
        else {
            Self.respond(client, status: "404 Not Found", message: "Nothing here.")
            return nil
        }
        let query = Dictionary(
            (components.queryItems ?? []).map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { first, _ in first })
        guard query["state"] == state else {
            Self.respond(
                client, status: "400 Bad Request",
                message:
                    "This sign-in did not come from the login fedictl started, so fedictl ignored it. You can close this tab."
            )
            throw FediError(
                .permission, "the browser came back with a state that does not match this login; fedictl stopped",
                hint: "run fedictl auth login again, and finish it in the browser tab it opens")
        }
        if let error = query["error"] {
            let detail = query["error_description"].map { ": \($0)" } ?? ""
            Self.respond(
                client, status: "200 OK",
                message: "The authorization was not granted (\(error)). You can close this tab.")
            throw FediError(
                .permission, "the server did not grant the authorization (\(error)\(detail))",
                hint: "run fedictl auth login again and approve the request")
        }
        guard let code = query["code"], !code.isEmpty else {
            Self.respond(
                client, status: "400 Bad Request",
                message: "The server sent no authorization code. You can close this tab.")
            throw FediError(.protocol, "the server redirected back without an authorization code")
        }
        Self.respond(
            client, status: "200 OK",
            message: "fedictl has the authorization. You can close this tab and return to the terminal.")
        return code
    }

    /// The target of a request line such as `GET /callback?code=… HTTP/1.1`.
    private static func readRequestTarget(_ client: Int32) -> String? {
        var received = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        let end: [UInt8] = Array("\r\n\r\n".utf8)
        while received.count < 16_384 {
            let count = read(client, &buffer, buffer.count)
            if count <= 0 { break }
            received += buffer[0..<count]
            if received.count >= 4,
                received.indices.dropLast(3).contains(where: { Array(received[$0..<$0 + 4]) == end })
            {
                break
            }
        }
        let head = String(decoding: received, as: UTF8.self)
        guard let line = head.split(separator: "\r\n", maxSplits: 1).first else { return nil }
        let parts = line.split(separator: " ")
        guard parts.count >= 2, parts[0] == "GET", parts[1].hasPrefix("/") else { return nil }
        return String(parts[1])
    }

    private static func respond(_ client: Int32, status: String, message: String) {
        let body = """
            <!doctype html>
            <html><head><meta charset="utf-8"><title>fedictl</title></head>
            <body style="font-family: sans-serif; margin: 3em"><p>\(message)</p></body></html>

            """
        let bytes = Array(body.utf8)
        let head =
            "HTTP/1.1 \(status)\r\nContent-Type: text/html; charset=utf-8\r\nContent-Length: \(bytes.count)\r\n"
            + "Cache-Control: no-store\r\nConnection: close\r\n\r\n"
        let response = Array(head.utf8) + bytes
        var offset = 0
        while offset < response.count {
            let written = response[offset...].withUnsafeBytes { write(client, $0.baseAddress, $0.count) }
            if written <= 0 { break }
            offset += written
        }
    }

    private static func failure(_ what: String) -> FediError {
        FediError(
            .unavailable, "\(what): \(String(cString: strerror(errno)))",
            hint: "pass --out-of-band to paste the code instead of receiving it on a local port")
    }
}

/// `close(2)`, reachable from inside a type that has its own `close()`.
private func closeDescriptor(_ fd: Int32) {
    _ = close(fd)
}
