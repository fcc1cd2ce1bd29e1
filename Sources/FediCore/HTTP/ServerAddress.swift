import Foundation

/// Turns what a user types (`example.social`, `127.0.0.1:3000`, `https://x.y/`) into a base URL.
/// A bare host means https, except loopback hosts, which mean http (local sandboxes run so).
/// Plain http to anything but loopback needs an explicit `--insecure-http`.
public struct ServerAddress: Sendable, Hashable, CustomStringConvertible {
    public let baseURL: URL

    public init(_ input: String, allowInsecureHTTP: Bool = false) throws {
        let trimmed = input.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { throw FediError(.usage, "no server given", hint: "name a server, e.g. mastodon.social") }
        var text = trimmed
        if text.hasPrefix("@") || (text.contains("@") && !text.contains("://")) {
            // user@host: the instance is the part after the last @.
            text = String(text[text.index(after: text.lastIndex(of: "@")!)...])
        }
        let hasScheme = text.lowercased().hasPrefix("http://") || text.lowercased().hasPrefix("https://")
        if !hasScheme, text.contains("://") {
            throw FediError(.usage, "unsupported address '\(input)'", hint: "use a host name or an https:// URL")
        }
        guard let probe = URLComponents(string: hasScheme ? text : "scheme://\(text)"), let rawHost = probe.host, !rawHost.isEmpty else {
            throw FediError(.usage, "'\(input)' is not a server address", hint: "use a host name such as mastodon.social or 127.0.0.1:3000")
        }
        let host = try ServerAddress.asciiHost(rawHost, input: input)
        let loopback = ServerAddress.isLoopback(host)
        let scheme = hasScheme ? probe.scheme!.lowercased() : (loopback ? "http" : "https")
        if scheme == "http", !loopback, !allowInsecureHTTP {
            throw FediError(.usage, "refusing plain http:// to \(host): tokens would cross the network unencrypted",
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

    /// `host[:port]`, lower-cased: what an account id uses after the @.
    public var authority: String {
        let host = baseURL.host ?? ""
        let shown = host.contains(":") ? "[\(host)]" : host
        return baseURL.port.map { "\(shown):\($0)" } ?? shown
    }

    public var description: String { authority }

    public var isLoopback: Bool { ServerAddress.isLoopback(baseURL.host ?? "") }

    public func url(_ path: String, query: [URLQueryItem] = []) -> URL {
        var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: false)!
        components.percentEncodedPath = (components.percentEncodedPath) + path
        if !query.isEmpty { components.queryItems = query }
        // '+' in a query value would read as a space on the server.
        components.percentEncodedQuery = components.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B")
        return components.url!
    }

    public static func isLoopback(_ host: String) -> Bool {
        let h = host.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
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
    static func encode(_ input: String) -> String? {
        let base = 36, tMin = 1, tMax = 26, skew = 38, damp = 700
        let scalars = input.unicodeScalars.map { Int($0.value) }
        var output = String(input.unicodeScalars.filter(\.isASCII).map(Character.init))
        let basicCount = output.count
        var handled = basicCount
        if basicCount > 0 { output.append("-") }
        var n = 128, delta = 0, bias = 72
        func adapt(_ delta: Int, _ count: Int, _ first: Bool) -> Int {
            var d = first ? delta / damp : delta / 2
            d += d / count
            var k = 0
            while d > ((base - tMin) * tMax) / 2 { d /= base - tMin; k += base }
            return k + (base - tMin + 1) * d / (d + skew)
        }
        func digit(_ d: Int) -> Character { Character(UnicodeScalar(d < 26 ? d + 97 : d + 22)!) }
        while handled < scalars.count {
            guard let m = scalars.filter({ $0 >= n }).min() else { return nil }
            delta += (m - n) * (handled + 1)
            n = m
            for c in scalars {
                if c < n { delta += 1 }
                if c == n {
                    var q = delta, k = base
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
