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
        try await pageAnswer(T.self, url: url).decode()
    }

    /// Fetches one page and reads its Link header, leaving the items to decode: the next page can be
    /// asked for first. `keepingFilters`: see `keepingFilters(of:in:)`.
    func pageAnswer<T: Decodable & Sendable>(
        _ type: T.Type, url: URL, keepingFilters: Bool = false
    ) async throws -> PageAnswerBody<T> {
        let response = try await send(.get, url: url)
        let link = LinkHeader(response.header("link"), relativeTo: url)
        var next: URL?
        var refused: FediError?
        if let linked = link.next {
            do { next = try followable(linked, after: url) } catch { refused = error }
        }
        if keepingFilters, let linked = next { next = Self.keepingFilters(of: url, in: linked) }
        return PageAnswerBody(client: self, response: response, next: next, refused: refused)
    }

    /// Cursors are the next link's own; only the list's filters are carried over.
    static let cursorNames: Set<String> = ["max_id", "min_id", "since_id", "page", "offset", "until_id", "limit"]

    /// The next link with the filters it dropped (`by_domain=`, `origin=`…) put back. Only for lists
    /// whose server is known to keep them (Mastodon's admin accounts list does): there it changes
    /// nothing, and mastodon_mock 0.6.1, whose links drop them, no longer pages on through the whole
    /// server's list, ending a `--domain` wave after its first page without a word. Not for every
    /// list: a fixture's (or a server's) pages are matched by their exact query.
    static func keepingFilters(of url: URL, in next: URL) -> URL {
        let asked = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        guard var parts = URLComponents(url: next, resolvingAgainstBaseURL: false) else { return next }
        let kept = Set((parts.queryItems ?? []).map(\.name))
        let dropped = asked.filter { !kept.contains($0.name) && !cursorNames.contains($0.name) }
        guard !dropped.isEmpty else { return next }
        parts.queryItems = (parts.queryItems ?? []) + dropped
        return parts.url ?? next
    }

    /// A next link as fedictl follows it. One to another origin (a proxy that passes the server's
    /// own `Link` through) would go without the token and end in a 401: when its path is the list's
    /// own, it is the same list behind the proxy, so it is asked at the account's origin; any other
    /// link elsewhere is refused, saying so (exit 76).
    func followable(_ next: URL, after url: URL) throws(FediError) -> URL {
        if Self.sameOrigin(next, server.baseURL) { return next }
        let origin = ServerAddress(baseURL: next).authority
        if next.path == url.path, var parts = URLComponents(url: next, resolvingAgainstBaseURL: false),
            let base = URLComponents(url: server.baseURL, resolvingAgainstBaseURL: false)
        {
            parts.scheme = base.scheme
            parts.host = base.host
            parts.port = base.port
            if let rewritten = parts.url { return rewritten }
        }
        throw FediError(
            .protocol,
            "\(server.authority)'s list links its next page to another address "
                + "(\(origin)\(next.path)); fedictl does not follow it",
            hint:
                "a proxy in front of the server may pass its links on as they are; the pages before were shown")
    }
}

/// A page's answer whose items are not decoded yet.
struct PageAnswerBody<T: Decodable & Sendable>: Sendable {
    let client: APIClient
    let response: HTTPResponse
    let link: URL?
    /// Why the server's next link is not followed (see `followable`): reported after this page.
    let refused: FediError?

    init(client: APIClient, response: HTTPResponse, next: URL?, refused: FediError? = nil) {
        self.client = client
        self.response = response
        self.link = next
        self.refused = refused
    }

    /// The next page as the answer tells it before decoding: none after an empty page (a short page
    /// may still link on) or an answer that is not JSON (decoding it fails anyway).
    var next: URL? {
        guard link != nil, response.isJSON || response.contentType == nil else { return nil }
        return Self.isEmptyArray(response.body) ? nil : link
    }

    func decode() throws -> Page<T> {
        let items = try client.decode([T].self, from: response)
        var page = Page(items: items, next: items.isEmpty ? nil : link, raw: response.body)
        if !items.isEmpty { page.nextRefused = refused }
        return page
    }

    /// `[]`, with any JSON whitespace around and inside.
    static func isEmptyArray(_ body: Data) -> Bool {
        var bytes = body.lazy.filter { !($0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D) }.makeIterator()
        return bytes.next() == UInt8(ascii: "[") && bytes.next() == UInt8(ascii: "]") && bytes.next() == nil
    }
}
