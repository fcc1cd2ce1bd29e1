import FoundationEssentials

/// Fetches blocklists published at URLs, asking again with If-None-Match / If-Modified-Since so an
/// unchanged list costs a 304, not a download. The cache is `$XDG_CACHE_HOME/fedictl/blocklists/`
/// (else `~/.cache/fedictl/blocklists/`): one 0600 JSON file per URL, replaced atomically. Like the
/// server cache it is best effort: one that cannot be read or written costs a full download.
public struct BlocklistDownload: Sendable {
    public let http: HTTPClient
    /// nil: no cache.
    public let cacheDirectory: URL?

    public init(http: HTTPClient, cacheDirectory: URL?) {
        self.http = http
        self.cacheDirectory = cacheDirectory
    }

    public init(http: HTTPClient, environment: [String: String]) {
        let base = XDGDirectory.base("XDG_CACHE_HOME", else: ".cache", environment: environment)
        self.init(
            http: http,
            cacheDirectory: base.appendingFile("fedictl", isDirectory: true).appendingFile(
                "blocklists", isDirectory: true))
    }

    /// What one fetch gave, and whether it came from the cache (the server said 304).
    public struct Result: Sendable {
        public var data: Data
        public var fromCache: Bool
    }

    struct CacheEntry: Codable {
        var url: String
        var etag: String?
        var lastModified: String?
        var body: Data

        enum CodingKeys: String, CodingKey {
            case url, etag, body
            case lastModified = "last_modified"
        }
    }

    public func fetch(_ url: URL) async throws -> Result {
        let file = cacheFile(for: url)
        let cached = file.flatMap { try? $0.read() }.flatMap {
            try? JSONCoding.decoder().decode(CacheEntry.self, from: $0)
        }
        .flatMap { $0.url == url.absoluteString ? $0 : nil }
        var request = HTTPRequest(
            method: .get, url: url, headers: [("Accept", "text/csv, application/json, text/plain;q=0.9, */*;q=0.5")])
        if let etag = cached?.etag { request.setHeader("If-None-Match", etag) }
        if let lastModified = cached?.lastModified { request.setHeader("If-Modified-Since", lastModified) }
        let response: HTTPResponse
        do {
            response = try await http.send(request)
        } catch let error as TransportError {
            throw APIError.transport(error, url: url)
        }
        if response.status == 304, let cached { return Result(data: cached.body, fromCache: true) }
        guard response.isSuccess else {
            throw APIError.http(
                status: response.status, serverMessage: APIError.serverMessage(in: response.body), url: url,
                headers: response.headers, body: response.body)
        }
        let etag = response.header("etag")
        let lastModified = response.header("last-modified")
        if let file, etag != nil || lastModified != nil {
            let entry = CacheEntry(url: url.absoluteString, etag: etag, lastModified: lastModified, body: response.body)
            _ = try? file.withExclusiveLock {
                try file.replace(with: try JSONCoding.encoder(pretty: false).encode(entry))
            }
        }
        return Result(data: response.body, fromCache: false)
    }

    /// The cache file of a URL: named by the URL's digest, so no URL text reaches a path.
    func cacheFile(for url: URL) -> LockedFile? {
        cacheDirectory.map {
            LockedFile(url: $0.appendingFile(DomainDigest.sha256Hex(url.absoluteString) + ".json"))
        }
    }
}
