import FoundationEssentials

/// Mastodon publishes an obfuscated block (`exam*le.com`) with the SHA-256 of the real domain, so
/// whoever already knows the domain can recognise it and nobody else learns it.
public enum DomainDigest {
    /// Lower-case hex SHA-256 of the domain's UTF-8 bytes, as Mastodon computes it.
    public static func sha256Hex(_ domain: String) -> String {
        SHA256.hash(Data(domain.utf8)).map { byte in
            let hex = String(byte, radix: 16)
            return byte < 16 ? "0" + hex : hex
        }.joined()
    }

    /// Whether `domain` could be what `pattern` hides: the same length, with each character that is
    /// not `*` in place (Mastodon replaces letters one for one and keeps the dots).
    public static func fits(_ domain: String, pattern: String) -> Bool {
        let shown = Array(pattern.lowercased())
        let real = Array(domain.lowercased())
        guard shown.count == real.count else { return false }
        return zip(shown, real).allSatisfy { $0 == "*" ? $1 != "." : $0 == $1 }
    }
}

/// Known domains by digest, to reveal obfuscated entries.
public struct DomainDigestIndex: Sendable {
    private var byDigest: [String: String] = [:]

    public init(domains: [String]) {
        for domain in domains where !domain.contains("*") {
            let key = DomainDigest.sha256Hex(domain)
            if byDigest[key] == nil { byDigest[key] = domain }
        }
    }

    /// The known domain whose digest is `digest` and that `pattern` (when given) can hide; nil when
    /// none is known. A digest that disagrees with its pattern is not trusted.
    public func domain(digest: String, pattern: String? = nil) -> String? {
        guard let domain = byDigest[digest.trimmed().lowercased()] else { return nil }
        if let pattern, !DomainDigest.fits(domain, pattern: pattern) { return nil }
        return domain
    }

    public var count: Int { byDigest.count }

    /// The known domains `pattern` can hide, sorted (for an entry published without a digest).
    public func fitting(_ pattern: String) -> [String] {
        byDigest.values.filter { DomainDigest.fits($0, pattern: pattern) }.sorted()
    }

    /// The one known domain `pattern` can hide; nil when none or several do.
    public func only(fitting pattern: String) -> String? {
        let fits = fitting(pattern)
        return fits.count == 1 ? fits[0] : nil
    }
}
