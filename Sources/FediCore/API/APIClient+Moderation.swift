import FoundationEssentials

/// Called with each page of a list as it arrives: the normalised items and the server's own bytes
/// (for `--raw`), so commands can stream rows.
public typealias PageHandler<T> = @Sendable (_ items: [T], _ raw: Data) async throws -> Void

/// One fetched page of a list and where the next one starts (nil at the end).
struct PagePiece<T, Cursor> {
    var items: [T]
    var raw: Data
    var next: Cursor?
    /// Why the page's next link is not followed: reported once this page is handled.
    var nextRefused: (any Error)? = nil
}

/// A page's fetch, carried to the task that fetches it ahead (see `walkPages`).
private struct PageFetcher<T, Cursor>: @unchecked Sendable {
    let fetch: (Cursor) async throws -> PagePiece<T, Cursor>
    init(_ fetch: @escaping (Cursor) async throws -> PagePiece<T, Cursor>) { self.fetch = fetch }
}

extension PagePiece: Sendable where T: Sendable, Cursor: Sendable {}

/// Helpers the moderation areas share: paging whatever the server's paging style, and naming what a
/// 404 was about.
extension APIClient {
    /// Walks a list page by page until `limit` items (nil = all) or the last page. A list that loops
    /// (a "next" cursor seen before) or goes on past `TransportOptions.maxPages` pages is exit 76:
    /// a server must not keep fedictl fetching for ever.
    ///
    /// With `onPage`, each page goes to it and is not kept (the result is empty), so a list of any
    /// length takes the memory of two pages; the next page is fetched while `onPage` handles this one.
    /// Without it, the items are returned.
    func walkPages<T: Sendable, Cursor: Hashable & Sendable>(from start: Cursor, limit: Int?, onPage: PageHandler<T>?,
                                                             _ fetch: @escaping (Cursor) async throws -> PagePiece<T, Cursor>) async throws -> [T] {
        var seen = Set<Cursor>()
        var kept: [T] = []
        var count = 0
        let maxPages = http.options.maxPages
        // The page ahead overlaps only the handling of the current one, never another fetch, and the
        // callers' fetch closures only read what they captured: safe to run off this task.
        let fetcher = PageFetcher(fetch)
        func ahead(_ cursor: Cursor) throws -> Task<PagePiece<T, Cursor>, any Error> {
            guard seen.insert(cursor).inserted else {
                throw FediError(.protocol, "\(server.authority)'s list loops: page \(seen.count + 1) links back to a page already read",
                                hint: "fedictl stopped after \(seen.count) pages; ask for fewer with --limit N")
            }
            guard seen.count <= maxPages else {
                throw FediError(.protocol, "\(server.authority)'s list did not end after \(maxPages) pages; fedictl stopped",
                                hint: "ask for fewer with --limit N, or allow more pages with --max-pages N")
            }
            return Task { try await fetcher.fetch(cursor) }
        }
        var pending: Task<PagePiece<T, Cursor>, any Error>? = try ahead(start)
        defer { pending?.cancel() }
        while let current = pending {
            let piece = try await current.value
            pending = nil
            let items = limit.map { Array(piece.items.prefix($0 - count)) } ?? piece.items
            count += items.count
            let done = limit.map { count >= $0 } ?? false
            // A bad next link is reported after this page is handled, as it would be without the fetch ahead.
            var stop: (any Error)?
            if !done, let next = piece.next {
                do { pending = try ahead(next) } catch { stop = error }
            } else if !done {
                stop = piece.nextRefused
            }
            if let onPage { try await onPage(items, piece.raw) } else { kept += items }
            if let stop { throw stop }
        }
        return kept
    }

    /// A Mastodon-style list: `limit` per page, the next page from the Link header.
    func linkPages<T: Decodable & Sendable, U: Sendable>(_ type: T.Type, _ path: String, query: [URLQueryItem], limit: Int?, pageSize: Int,
                                                        onPage: PageHandler<U>?, _ transform: @escaping (T) -> U) async throws -> [U] {
        let size = URLQueryItem(name: "limit", value: String(min(pageSize, limit ?? pageSize)))
        return try await walkPages(from: server.url(path, query: query + [size]), limit: limit, onPage: onPage) { url in
            let page = try await page(T.self, url: url)
            return PagePiece(items: page.items.map(transform), raw: page.raw, next: page.next,
                             nextRefused: page.nextRefused)
        }
    }

    /// Runs `body`; a "no such record" answer (404, or Misskey's `NO_SUCH_…` codes) becomes exit 66
    /// naming what was asked for: "no report 123 on HOST".
    @discardableResult
    func naming<T>(_ thing: String, hint: String, _ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let error as APIError where error.meansNoSuchRecord {
            throw FediError(.noInput, "no \(thing) on \(server.authority)", hint: hint)
        }
    }
}

extension APIError {
    /// The server says the object asked for does not exist.
    var meansNoSuchRecord: Bool {
        guard case .http(let status, _, _, _, let body) = self else { return false }
        let code = ((try? JSONText.object(from: body)) as? [String: Any])
            .flatMap { $0["error"] as? [String: Any] }?["code"] as? String
        if let code { return code.hasPrefix("NO_SUCH_") }
        return status == 404 || status == 410
    }
}

extension APIFamily {
    /// What a family's adapter cannot do, should the capability table ever send it there: exit 69.
    func unsupported(_ what: String) -> FediError {
        FediError(.unavailable, "\(what) is not available through the \(displayName)",
                  hint: "`fedictl instance features` lists what this server can do")
    }
}

extension Fetched {
    /// The same answer with its value turned into another (a server's shape into fedictl's); the raw
    /// bytes stay the server's.
    public func map<U: Sendable>(_ transform: (Value) throws -> U) rethrows -> Fetched<U> {
        Fetched<U>(value: try transform(value), raw: raw, response: response)
    }
}

/// Builds query items, leaving out what is nil.
struct QueryItems {
    var items: [URLQueryItem] = []

    mutating func add(_ name: String, _ value: String?) {
        if let value { items.append(URLQueryItem(name: name, value: value)) }
    }

    mutating func flag(_ name: String, _ on: Bool) {
        if on { items.append(URLQueryItem(name: name, value: "true")) }
    }
}
