import FoundationEssentials

/// Turns what a user types (`example.social`, `127.0.0.1:3000`, `https://x.y/`) into a base URL.
/// A bare host means https, except loopback hosts, which mean http (local sandboxes run so).
/// Plain http to anything but loopback needs an explicit `--insecure-http`.
public struct ServerAddress: Sendable, Hashable, CustomStringConvertible {
    public let baseURL: URL

    public init(_ input: String, allowInsecureHTTP: Bool = false) throws {
        let trimmed = input.trimmed()
        guard !trimmed.isEmpty else {
            throw FediError(.usage, "no server given", hint: "name a server, e.g. mastodon.social")
        }
        var text = trimmed
        if text.hasPrefix("@") || (text.contains("@") && !text.contains("://")) {
            // user@host: the instance is the part after the last @.
            text = String(text[text.index(after: text.lastIndex(of: "@")!)...])
        }
        let hasScheme = text.lowercased().hasPrefix("http://") || text.lowercased().hasPrefix("https://")
        if !hasScheme, text.contains("://") {
            throw FediError(.usage, "unsupported address '\(input)'", hint: "use a host name or an https:// URL")
        }
        guard let probe = URLComponents(string: hasScheme ? text : "scheme://\(text)"), let rawHost = probe.host,
            !rawHost.isEmpty
        else {
            throw FediError(
                .usage, "'\(input)' is not a server address",
                hint: "use a host name such as mastodon.social or 127.0.0.1:3000")
        }
        let host = try ServerAddress.asciiHost(rawHost, input: input)
        let loopback = ServerAddress.isLoopback(host)
        let scheme = hasScheme ? probe.scheme!.lowercased() : (loopback ? "http" : "https")
        if scheme == "http", !loopback, !allowInsecureHTTP {
            throw FediError(
                .usage, "refusing plain http:// to \(host): tokens would cross the network unencrypted",
                hint: "use https://\(host), or pass --insecure-http if you really mean it")
        }
        var components = URLComponents()
        components.scheme = scheme
        components.host = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        components.port = probe.port
        components.path = probe.path.hasSuffix("/") ? String(probe.path.dropLast()) : probe.path
        guard let url = components.url else { throw FediError(.usage, "'\(input)' is not a server address") }
        baseURL = url
    }

    public init(baseURL: URL) { self.baseURL = baseURL }

    /// A base URL as the config file keeps it (`https://host[:port][/path]`), or nil when the text
    /// is not one (a hand edit): checked when the file is read, so nothing later has to trap on it.
    public static func storedBaseURL(_ text: String) -> URL? {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "https" || scheme == "http",
            let host = url.host, !host.isEmpty, URLComponents(url: url, resolvingAgainstBaseURL: false) != nil
        else { return nil }
        return url
    }

    /// `host[:port]`, lower-cased: what an account id uses after the @.
    public var authority: String {
        let host = baseURL.host ?? ""
        let shown = host.contains(":") ? "[\(host)]" : host
        return baseURL.port.map { "\(shown):\($0)" } ?? shown
    }

    public var description: String { authority }

    public var isLoopback: Bool { ServerAddress.isLoopback(baseURL.host ?? "") }

    /// The base URL plus `path` (already escaped; build segments from user or server text with
    /// `pathSegment`) and `query`. Never traps: whatever is still not valid in a path is escaped
    /// here, as `percentEncodedPath`'s setter would stop the process on it.
    public func url(_ path: String, query: [URLQueryItem] = []) -> URL {
        guard var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: false) else { return baseURL }
        components.percentEncodedPath = Self.escapedPath(components.percentEncodedPath + path)
        if !query.isEmpty { components.queryItems = query }
        // '+' in a query value would read as a space on the server.
        components.percentEncodedQuery = components.percentEncodedQuery?.replacing("+", with: "%2B")
        // A scheme, a host and a path that starts with '/' always make a URL; the fallback is for form's sake.
        return components.url ?? baseURL
    }

    /// An id or name as one path segment: whatever a user typed, or a server sent, cannot reach
    /// another endpoint ('/', '?', '#', '%', spaces and the rest are escaped; a bare `.` or `..`
    /// too, which clients and servers would otherwise resolve to the parent).
    public static func pathSegment(_ text: String) -> String {
        if text == "." || text == ".." { return String(repeating: "%2E", count: text.count) }
        return text.percentEncoded(keeping: "-._~@")
    }

    /// `path` with everything not allowed in a URL path escaped; existing `%XX` escapes stay, a '%'
    /// that starts none becomes `%25`.
    static func escapedPath(_ path: String) -> String {
        // RFC 3986's pchar and '/', as Foundation's urlPathAllowed, without '%'.
        let allowed = "!$&'()*+,-./:;=@_~"
        let scalars = Array(path.unicodeScalars)
        var out = ""
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "%", index + 2 < scalars.count,
                scalars[index + 1].properties.isASCIIHexDigit, scalars[index + 2].properties.isASCIIHexDigit
            {
                out.unicodeScalars.append(contentsOf: scalars[index...index + 2])
                index += 3
                continue
            }
            out += String(scalar).percentEncoded(keeping: allowed)
            index += 1
        }
        return out
    }

    public static func isLoopback(_ host: String) -> Bool {
        let h = host.lowercased().trimmed("[]")
        if h == "localhost" || h.hasSuffix(".localhost") || h == "::1" { return true }
        let parts = h.split(separator: ".")
        return parts.count == 4 && parts[0] == "127" && parts.allSatisfy { UInt8($0) != nil }
    }

    /// Lower-cases and turns an internationalised name into its punycode (IDNA) form.
    static func asciiHost(_ host: String, input: String) throws -> String {
        let lowered = host.lowercased()
        if lowered.allSatisfy(\.isASCII) { return lowered }
        let labels = try lowered.split(separator: ".", omittingEmptySubsequences: false).map { label -> String in
            if label.allSatisfy(\.isASCII) { return String(label) }
            guard let encoded = Punycode.encode(String(label)) else {
                throw FediError(.usage, "'\(input)' has a host name that cannot be encoded")
            }
            return "xn--" + encoded
        }
        return labels.joined(separator: ".")
    }
}

/// RFC 3492 punycode encoder, for internationalised host names.
enum Punycode {
    static let base = 36, tMin = 1, tMax = 26, skew = 38, damp = 700

    /// The bias adaptation both directions use (RFC 3492 section 6.1).
    static func adapt(_ delta: Int, _ count: Int, _ first: Bool) -> Int {
        var d = first ? delta / damp : delta / 2
        d += d / count
        var k = 0
        while d > ((base - tMin) * tMax) / 2 {
            d /= base - tMin
            k += base
        }
        return k + (base - tMin + 1) * d / (d + skew)
    }

    static func encode(_ input: String) -> String? {
        let scalars = input.unicodeScalars.map { Int($0.value) }
        var output = String(input.unicodeScalars.filter(\.isASCII).map(Character.init))
        let basicCount = output.count
        var handled = basicCount
        if basicCount > 0 { output.append("-") }
        var n = 128
        var delta = 0
        var bias = 72
        func digit(_ d: Int) -> Character { Character(UnicodeScalar(d < 26 ? d + 97 : d + 22)!) }
        while handled < scalars.count {
            guard let m = scalars.filter({ $0 >= n }).min() else { return nil }
            delta += (m - n) * (handled + 1)
            n = m
            for c in scalars {
                if c < n { delta += 1 }
                if c == n {
                    var q = delta
                    var k = base
                    while true {
                        let t = k <= bias ? tMin : (k >= bias + tMax ? tMax : k - bias)
                        if q < t { break }
                        output.append(digit(t + (q - t) % (base - t)))
                        q = (q - t) / (base - t)
                        k += base
                    }
                    output.append(digit(q))
                    bias = adapt(delta, handled + 1, handled == basicCount)
                    delta = 0
                    handled += 1
                }
            }
            delta += 1
            n += 1
        }
        return output
    }
}
