import FoundationEssentials

public enum HTTPMethod: String, Sendable, Codable {
    case get = "GET", post = "POST", put = "PUT", patch = "PATCH", delete = "DELETE"

    /// Safe to send twice: retried on transient failures without an Idempotency-Key.
    public var isIdempotent: Bool { self != .post && self != .patch }
}

public struct HTTPRequest: Sendable, Equatable {
    public var method: HTTPMethod
    public var url: URL
    public var headers: [(String, String)]
    public var body: Data?
    /// A request that changes nothing on the server although its method is not GET (Misskey's
    /// API reads with POST). `--dry-run` lets such requests through.
    public var readsOnly: Bool

    public init(
        method: HTTPMethod, url: URL, headers: [(String, String)] = [], body: Data? = nil, readsOnly: Bool = false
    ) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.readsOnly = readsOnly || method == .get
    }

    public func header(_ name: String) -> String? {
        headers.first { $0.0.equalsIgnoringCase(name) }?.1
    }

    public mutating func setHeader(_ name: String, _ value: String) {
        headers.removeAll { $0.0.equalsIgnoringCase(name) }
        headers.append((name, value))
    }

    public static func == (lhs: HTTPRequest, rhs: HTTPRequest) -> Bool {
        lhs.method == rhs.method && lhs.url == rhs.url && lhs.body == rhs.body
            && lhs.headers.map { "\($0.0.lowercased()):\($0.1)" } == rhs.headers.map { "\($0.0.lowercased()):\($0.1)" }
    }
}

public struct HTTPResponse: Sendable {
    public var status: Int
    /// Header names lower-cased; a repeated header keeps its values joined by ", ".
    public var headers: [String: String]
    public var body: Data
    public var url: URL

    public init(status: Int, headers: [String: String], body: Data, url: URL) {
        self.init(status: status, headerFields: headers.map { ($0.key, $0.value) }, body: body, url: url)
    }

    /// From the header lines as they came, in order (a name may repeat).
    public init(status: Int, headerFields: [(String, String)], body: Data, url: URL) {
        self.status = status
        self.headers = Dictionary(headerFields.map { ($0.0.lowercased(), $0.1) }, uniquingKeysWith: { "\($0), \($1)" })
        self.body = body
        self.url = url
    }

    public func header(_ name: String) -> String? { headers[name.lowercased()] }

    public var contentType: String? { header("content-type") }
    /// Compared as UTF-8: `String.contains` set up generic searching on first use, a tenth of a
    /// millisecond of every run.
    public var isJSON: Bool {
        guard let type = contentType?.lowercased().utf8 else { return false }
        return type.indices.contains { type[$0...].starts(with: "json".utf8) }
    }
    public var isSuccess: Bool { (200..<300).contains(status) }
}

/// Settings a transport applies to every request.
public struct TransportOptions: Sendable, Equatable {
    public var connectTimeout: Double
    /// One attempt of a request (`--timeout`); a one-request read's retries fit in it too.
    public var totalTimeout: Double
    /// One write in all, its resends after an unknown outcome included (`--deadline`); nil: 4 x `totalTimeout`.
    public var writeDeadline: Double?
    public var caCertificateFile: String?
    public var userAgent: String
    /// The most bytes one answer may hold once decompressed; a transfer past it is aborted, so a
    /// gzip bomb or an endless body cannot take the machine's memory (`--max-response-size`).
    public var maxResponseBytes: Int

    /// The most pages one list is followed through (`--max-pages`): a server whose "next" link never
    /// ends stops there. Not a transport setting, but a bound on answers like the one above.
    public var maxPages: Int

    /// 64 MiB: far above the largest real answer (a 200-row admin page is well under 1 MiB).
    public static let defaultMaxResponseBytes = 64 << 20
    /// 5,000 pages: a million admin records at 200 a page, forty times the largest real instance's accounts.
    public static let defaultMaxPages = 5_000

    /// The time one write may take in all, resends included.
    public var wholeWriteTime: Double { writeDeadline ?? 4 * totalTimeout }

    public init(
        connectTimeout: Double = 10, totalTimeout: Double = 30, writeDeadline: Double? = nil,
        caCertificateFile: String? = nil,
        userAgent: String = "fedictl/\(FedictlVersion.current)",
        maxResponseBytes: Int = TransportOptions.defaultMaxResponseBytes,
        maxPages: Int = TransportOptions.defaultMaxPages
    ) {
        self.connectTimeout = connectTimeout
        self.totalTimeout = totalTimeout
        self.writeDeadline = writeDeadline
        self.caCertificateFile = caCertificateFile
        self.userAgent = userAgent
        self.maxResponseBytes = maxResponseBytes
        self.maxPages = maxPages
    }
}

/// Failures below HTTP: nothing came back that has a status code.
public enum TransportError: Error, Equatable, Sendable {
    case cannotResolveHost(String)
    case cannotConnect(String)
    case timedOut(seconds: Double)
    case tls(String)
    /// The HTTP library itself could not be loaded (not installed, or too old).
    case libraryNotLoaded(String)
    /// The answer grew past `TransportOptions.maxResponseBytes` (decompressed) and was dropped.
    case responseTooLarge(limit: Int)
    /// A write went out, but the connection closed before its answer: the server may have acted.
    /// Never retried blindly; callers that can read the state back do so.
    case answerLost(String)
    /// A redirect pointed from https to plain http, or to a scheme other than http(s); not followed.
    case insecureRedirect(String)
    /// A read was redirected more times than fedictl follows (a loop, most likely).
    case tooManyRedirects(String)
    /// The server (or a proxy) closed the connection in the middle of a read's answer.
    case answerCut(String)
    case other(String)

    /// Worth another try: the next attempt may well succeed. A timeout is not retried: the user
    /// bounded the time with --timeout, and a retry would multiply it.
    public var isTransient: Bool {
        switch self {
        case .cannotConnect, .answerCut: true
        default: false
        }
    }
}

/// Sends one request and returns the response; no retries, no status interpretation.
public protocol HTTPTransport: Sendable {
    func send(_ request: HTTPRequest, options: TransportOptions) async throws -> HTTPResponse
    /// Opens a request whose body keeps arriving (Server-Sent Events): returns once the status and
    /// headers are in, the body then comes as chunks. `idleTimeout` bounds the silence between two
    /// chunks; there is no total timeout. Transports that cannot stream throw `StreamingUnsupported`
    /// (the default).
    func stream(_ request: HTTPRequest, options: TransportOptions, idleTimeout: Double) async throws
        -> HTTPStreamResponse
}

public enum FedictlVersion {
    public static let current = "0.1.0"
}
