import Foundation

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

    /// Walks Link pages until `limit` items (nil = all), calling `onPage` as each arrives
    /// so callers can stream rows and show progress.
    public func collect<T: Decodable & Sendable>(_ type: T.Type, _ path: String, query: [URLQueryItem] = [], limit: Int?, pageSize: Int = 40,
                                                 onPage: (@Sendable ([T]) async throws -> Void)? = nil) async throws -> [T] {
        var sizedQuery = query
        sizedQuery.append(URLQueryItem(name: "limit", value: String(min(pageSize, limit ?? pageSize))))
        var url: URL? = server.url(path, query: sizedQuery)
        var all: [T] = []
        var seen = Set<URL>()
        while let current = url, !seen.contains(current) {
            seen.insert(current)
            let page = try await page(T.self, url: current)
            var items = page.items
            if let limit { items = Array(items.prefix(limit - all.count)) }
            all += items
            try await onPage?(items)
            if let limit, all.count >= limit { break }
            url = page.next
        }
        return all
    }
}
