import FoundationEssentials

/// Mastodon's notification stream, as `queue --watch` follows it: `GET /api/v1/streaming/user/notification`
/// (Server-Sent Events) carries `admin.report` and `admin.sign_up` notifications to moderators.
extension APIClient {
    /// Seconds of silence after which a stream is taken for dead: Mastodon sends a heartbeat every 15 s.
    public static let streamIdleTimeout: Double = 45

    /// Where the server's streaming API answers: the instance's `configuration.urls.streaming` (v2)
    /// or `urls.streaming_api` (v1), a `wss://` URL read as `https://`. The server itself when the
    /// instance names none, cannot be read, or names a place the token must not go (plain http
    /// away from this machine).
    public func streamingBase() async -> URL {
        var named: String?
        if let v2 = try? await fetch(StreamingURLs.self, .get, "/api/v2/instance").value {
            named = v2.url
        } else if let v1 = try? await fetch(StreamingURLs.self, .get, "/api/v1/instance").value {
            named = v1.url
        }
        guard let named, var components = URLComponents(string: named), let host = components.host, !host.isEmpty else {
            return server.baseURL
        }
        switch components.scheme?.lowercased() {
        case "wss", "https": components.scheme = "https"
        case "ws", "http": components.scheme = "http"
        default: return server.baseURL
        }
        if components.scheme == "http", !ServerAddress.isLoopback(host), server.baseURL.scheme != "http" {
            return server.baseURL
        }
        components.path = ""
        components.query = nil
        components.fragment = nil
        return components.url ?? server.baseURL
    }

    /// Opens the account's notification stream at `base` and yields the queue items it announces,
    /// of `kinds`, as they come. Throws as `send` does when the server refuses the stream (an
    /// `APIError`), and `.malformed` when it answers with something that is not an event stream.
    /// The sequence ends with the connection: by an error, or cleanly when the server closed it.
    public func queueNotifications(
        kinds: Set<QueueItem.Kind>, at base: URL,
        idleTimeout: Double = APIClient.streamIdleTimeout
    ) async throws -> AsyncThrowingStream<QueueItem, Error> {
        var components = URLComponents(url: base, resolvingAgainstBaseURL: false) ?? URLComponents()
        components.path = "/api/v1/streaming/user/notification"
        let url = components.url ?? server.url("/api/v1/streaming/user/notification")
        var request = HTTPRequest(method: .get, url: url, headers: [("Accept", "text/event-stream")])
        // The stream may live on a host of its own (streamingBase vetted it): the token goes there too.
        if let token { request.setHeader("Authorization", "Bearer \(token)") }
        let response: HTTPStreamResponse
        do {
            response = try await http.stream(request, idleTimeout: idleTimeout)
        } catch let error as TransportError {
            throw APIError.transport(error, url: url)
        }
        guard response.head.isSuccess else {
            let body =
                (try? await response.body.prefixData(limit: min(64 << 10, http.options.maxResponseBytes))) ?? Data()
            let message = APIError.serverMessage(in: body).map { text in
                token.flatMap { $0.isEmpty ? nil : text.replacing($0, with: Redaction.mask) } ?? text
            }
            throw APIError.http(
                status: response.head.status, serverMessage: message, url: url, headers: response.head.headers,
                body: body)
        }
        let contentType = response.head.contentType ?? ""
        guard contentType.lowercased().hasPrefix("text/event-stream") else {
            throw APIError.malformed(
                url: url, detail: "not an event stream (Content-Type: \(contentType.isEmpty ? "none" : contentType))")
        }
        let host = server.authority
        let events = response.body.serverSentEvents()
        return AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    for try await event in events {
                        if let item = QueueItem(notification: event, server: host), kinds.contains(item.kind) {
                            continuation.yield(item)
                        }
                    }
                    continuation.finish()
                } catch {
                    continuation.finish(
                        throwing: (error as? TransportError).map { APIError.transport($0, url: url) } ?? error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}

extension AsyncThrowingStream where Element == Data {
    /// The first bytes of a body, at most `limit` (an error answer's text, for its message).
    func prefixData(limit: Int) async throws -> Data {
        var data = Data()
        for try await chunk in self {
            data.append(chunk.prefix(limit - data.count))
            if data.count >= limit { break }
        }
        return data
    }
}

/// The streaming URL in either instance shape; anything else in the answer is ignored.
struct StreamingURLs: Decodable, Sendable {
    var url: String?

    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: AnyKey.self)
        let v2 = try? c.nestedContainer(keyedBy: AnyKey.self, forKey: "configuration").nestedContainer(
            keyedBy: AnyKey.self, forKey: "urls")
        let v1 = try? c.nestedContainer(keyedBy: AnyKey.self, forKey: "urls")
        url = v2?.optionalText("streaming") ?? v1?.optionalText("streaming_api")
    }
}

extension QueueItem {
    /// The queue item a streamed notification announces: an `admin.report` or `admin.sign_up`
    /// `notification` event. nil for every other event, and for data that is not such a
    /// notification (the stream is the server's word, checked like any answer).
    public init?(notification event: ServerSentEvent, server: String) {
        guard event.name == "notification",
            let notification = try? JSONCoding.decoder().decode(StreamedNotification.self, from: Data(event.data.utf8))
        else { return nil }
        switch notification.content {
        case .report(var report, let posts):
            guard !report.actionTaken else { return nil }
            report.reporter = notification.account?.acct
            self.init(report: report, server: server)
            self.posts = posts
        case .signUp(let account):
            self.init(signUp: account, server: server)
        case nil:
            return nil
        }
    }
}

/// A notification as the streaming API sends it (the REST `Notification` entity).
struct StreamedNotification: Decodable {
    enum Content {
        /// The report, and how many posts it attaches (`status_ids`).
        case report(Report, posts: Int)
        case signUp(AdminAccount)
    }

    var account: Account?
    var content: Content?

    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: AnyKey.self)
        account = try? c.decodeIfPresent(Account.self, forKey: "account")
        switch c.optionalText("type") {
        case "admin.report":
            guard let r = try? c.nestedContainer(keyedBy: AnyKey.self, forKey: "report"), let id = r.optionalText("id")
            else { return }
            var report = Report(id: id, state: r.lenientBool("action_taken") == true ? "resolved" : "open")
            report.createdAt = r.lenientDate("created_at")
            report.category = r.optionalText("category")
            report.comment = r.optionalText("comment")
            let target = try? r.decodeIfPresent(Account.self, forKey: "target_account")
            (report.target, report.targetID) = (target?.acct, target?.id)
            content = .report(report, posts: r.lenientArray(AnyDecodable.self, "status_ids").count)
        case "admin.sign_up":
            guard let account, !account.id.isEmpty else { return }
            var applicant = AdminAccount(id: account.id, username: account.username, displayName: account.displayName)
            applicant.acct = account.acct
            applicant.createdAt = account.createdAt
            content = .signUp(applicant)
        default:
            return
        }
    }
}
