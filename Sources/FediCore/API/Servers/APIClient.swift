import FoundationEssentials

/// A request body: Mastodon-family servers accept JSON everywhere; a few endpoints want forms.
public enum RequestBody: Sendable {
    case json(Data)
    case form([(String, String)])

    /// A typed body as compact JSON, keys sorted. A value JSON cannot hold (a NaN) is an error
    /// before anything is sent, never an empty or partial body.
    public static func encoded<T: Encodable>(_ value: T) throws -> RequestBody {
        do {
            return .json(try JSONCoding.encoder(pretty: false).encode(value))
        } catch {
            throw unencodable(error)
        }
    }

    static func unencodable(_ error: any Error) -> FediError {
        FediError(
            .dataError, "cannot write the request body as JSON (\(JSONCoding.describe(error))); nothing was sent",
            hint: "a value JSON cannot hold (such as a number that is not finite) was given; check the values passed")
    }

    var contentType: String {
        switch self {
        case .json: "application/json"
        case .form: "application/x-www-form-urlencoded"
        }
    }

    var data: Data {
        switch self {
        case .json(let data): return data
        case .form(let pairs):
            let encoded = pairs.map { name, value in "\(name.percentEncoded())=\(value.percentEncoded())" }
            return Data(encoded.joined(separator: "&").utf8)
        }
    }
}

/// A decoded answer together with the server's own bytes, for `--raw`.
public struct Fetched<Value: Sendable>: Sendable {
    public var value: Value
    public var raw: Data
    public var response: HTTPResponse
}

/// One server, optionally one token. Builds requests, checks statuses, decodes JSON.
/// Knows nothing about terminals; errors are `APIError`s for the command layer to word.
public struct APIClient: Sendable {
    public var server: ServerAddress
    public var token: String?
    public var http: HTTPClient

    public init(server: ServerAddress, token: String? = nil, http: HTTPClient) {
        self.server = server
        self.token = token
        self.http = http
    }

    /// A copy with no token: for public endpoints that must not see one (remote timelines).
    public var anonymous: APIClient {
        var copy = self
        copy.token = nil
        return copy
    }

    @discardableResult
    public func send(
        _ method: HTTPMethod, _ path: String, query: [URLQueryItem] = [], body: RequestBody? = nil,
        headers: [(String, String)] = [], readsOnly: Bool = false
    ) async throws -> HTTPResponse {
        try await send(method, url: server.url(path, query: query), body: body, headers: headers, readsOnly: readsOnly)
    }

    @discardableResult
    public func send(
        _ method: HTTPMethod, url: URL, body: RequestBody? = nil, headers: [(String, String)] = [],
        readsOnly: Bool = false
    ) async throws -> HTTPResponse {
        var request = HTTPRequest(method: method, url: url, headers: headers, body: body?.data, readsOnly: readsOnly)
        if let body { request.setHeader("Content-Type", body.contentType) }
        // The token goes only to the server it belongs to: a pagination link a server builds for
        // another host, or as plain http behind a proxy, gets the request without it.
        if let token, Self.sameOrigin(url, server.baseURL) { request.setHeader("Authorization", "Bearer \(token)") }
        let response: HTTPResponse
        do {
            response = try await http.send(request)
        } catch let error as TransportError {
            throw APIError.transport(error, url: url)
        }
        guard response.isSuccess else {
            // A server may echo the token in its error text; it must not reach the terminal or a log.
            let message = APIError.serverMessage(in: response.body).map { text in
                token.flatMap { $0.isEmpty ? nil : text.replacing($0, with: Redaction.mask) } ?? text
            }
            throw APIError.http(
                status: response.status, serverMessage: message, url: url, headers: response.headers,
                body: response.body)
        }
        return response
    }

    static func sameOrigin(_ url: URL, _ base: URL) -> Bool {
        func origin(_ url: URL) -> (String, String, Int) {
            let scheme = url.scheme?.lowercased() ?? ""
            return (scheme, url.host?.lowercased() ?? "", url.port ?? (scheme == "https" ? 443 : 80))
        }
        return origin(url) == origin(base)
    }

    public func decode<T: Decodable>(_ type: T.Type, from response: HTTPResponse) throws -> T {
        guard response.isJSON || response.contentType == nil else {
            throw APIError.notJSON(url: response.url, contentType: response.contentType)
        }
        do {
            return try JSONCoding.decoder().decode(T.self, from: response.body)
        } catch let error as DecodingError {
            throw APIError.malformed(url: response.url, detail: Self.describe(error))
        } catch {
            throw APIError.malformed(url: response.url, detail: "\(error)")
        }
    }

    public func fetch<T: Decodable & Sendable>(
        _ type: T.Type, _ method: HTTPMethod = .get, _ path: String, query: [URLQueryItem] = [],
        body: RequestBody? = nil, readsOnly: Bool = false
    ) async throws -> Fetched<T> {
        let response = try await send(method, path, query: query, body: body, readsOnly: readsOnly)
        return Fetched(value: try decode(T.self, from: response), raw: response.body, response: response)
    }

    public func get<T: Decodable & Sendable>(_ type: T.Type, _ path: String, query: [URLQueryItem] = []) async throws
        -> T
    {
        try await fetch(type, .get, path, query: query).value
    }

    static func describe(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            let keys = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            return keys.isEmpty ? "the top level" : String(keys.drop(while: { $0 == "." }))
        }
        switch error {
        case .typeMismatch(let type, let context): return "expected \(type) at \(path(context))"
        case .valueNotFound(let type, let context): return "missing \(type) at \(path(context))"
        case .keyNotFound(let key, let context): return "missing field \(key.stringValue) at \(path(context))"
        case .dataCorrupted(let context):
            return context.underlyingError.map { _ in "not valid JSON" } ?? "bad value at \(path(context))"
        @unknown default: return "\(error)"
        }
    }
}
