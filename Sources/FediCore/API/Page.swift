import FoundationEssentials

/// One page of a list and where the next (older) one is, from the Link header.
public struct Page<Item: Sendable>: Sendable {
    public var items: [Item]
    public var next: URL?
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
    /// asked for first.
    func pageAnswer<T: Decodable & Sendable>(_ type: T.Type, url: URL) async throws -> PageAnswerBody<T> {
        let response = try await send(.get, url: url)
        let link = LinkHeader(response.header("link"), relativeTo: url)
        return PageAnswerBody(client: self, response: response, next: link.next)
    }
}

/// A page's answer whose items are not decoded yet.
struct PageAnswerBody<T: Decodable & Sendable>: Sendable {
    let client: APIClient
    let response: HTTPResponse
    let link: URL?

    init(client: APIClient, response: HTTPResponse, next: URL?) {
        self.client = client
        self.response = response
        self.link = next
    }

    /// The next page as the answer tells it before decoding: none after an empty page (a short page
    /// may still link on) or an answer that is not JSON (decoding it fails anyway).
    var next: URL? {
        guard link != nil, response.isJSON || response.contentType == nil else { return nil }
        return Self.isEmptyArray(response.body) ? nil : link
    }

    func decode() throws -> Page<T> {
        let items = try client.decode([T].self, from: response)
        return Page(items: items, next: items.isEmpty ? nil : link, raw: response.body)
    }

    /// `[]`, with any JSON whitespace around and inside.
    static func isEmptyArray(_ body: Data) -> Bool {
        var bytes = body.lazy.filter { !($0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D) }.makeIterator()
        return bytes.next() == UInt8(ascii: "[") && bytes.next() == UInt8(ascii: "]") && bytes.next() == nil
    }
}
