import FoundationEssentials

/// One page of a list and where the next (older) one is, from the Link header.
public struct Page<Item: Sendable>: Sendable {
    public var items: [Item]
    public var next: URL?
    /// Why the server's next link is not followed (it points at another origin and another path).
    public var nextRefused: FediError?
    public var raw: Data

    public init(items: [Item], next: URL?, raw: Data = Data()) {
        self.items = items
        self.next = next
        self.raw = raw
    }
}

extension APIClient {
    /// Fetches one page and reads `rel="next"`. A short page may carry only `rel="prev"`: then there is no next.
    public func page<T: Decodable & Sendable>(_ type: T.Type, url: URL) async throws -> Page<T> {
        let response = try await send(.get, url: url)
        let items = try decode([T].self, from: response)
        let link = LinkHeader(response.header("link"), relativeTo: url)
        var page = Page(items: items, next: nil, raw: response.body)
        guard !items.isEmpty, let next = link.next else { return page }
        do {
            page.next = try followable(next, after: url)
        } catch {
            page.nextRefused = error
        }
        return page
    }

    /// A next link as fedictl follows it. One to another origin (a proxy that passes the server's
    /// own `Link` through) would go without the token and end in a 401: when its path is the list's
    /// own, it is the same list behind the proxy, so it is asked at the account's origin; any other
    /// link elsewhere is refused, saying so (exit 76).
    func followable(_ next: URL, after url: URL) throws(FediError) -> URL {
        if Self.sameOrigin(next, server.baseURL) { return next }
        let origin = ServerAddress(baseURL: next).authority
        if next.path == url.path, var parts = URLComponents(url: next, resolvingAgainstBaseURL: false),
           let base = URLComponents(url: server.baseURL, resolvingAgainstBaseURL: false) {
            parts.scheme = base.scheme
            parts.host = base.host
            parts.port = base.port
            if let rewritten = parts.url { return rewritten }
        }
        throw FediError(.protocol, "\(server.authority)'s list links its next page to another address "
                        + "(\(origin)\(next.path)); fedictl does not follow it",
                        hint:
                            "a proxy in front of the server may pass its links on as they are; the pages before were shown")
    }
}
