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
        let response = try await send(.get, url: url)
        let items = try decode([T].self, from: response)
        let link = LinkHeader(response.header("link"), relativeTo: url)
        return Page(items: items, next: items.isEmpty ? nil : link.next, raw: response.body)
    }
}
