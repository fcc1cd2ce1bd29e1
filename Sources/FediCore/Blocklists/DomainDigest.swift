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
    /// not `*` in place. `masking` is how the software that published it hides a domain: Mastodon
    /// replaces characters one for one and keeps the dots; GoToSocial masks by position, dots
    /// included; unknown (nil), a `*` may stand for any character.
    public static func fits(_ domain: String, pattern: String, masking: DomainMasking? = nil) -> Bool {
        let shown = Array(pattern.lowercased())
        let real = Array(domain.lowercased())
        guard shown.count == real.count else { return false }
        switch masking {
        case .gotosocial?: return DomainMasking.goToSocialMask(real) == shown
        case .mastodon?: return zip(shown, real).allSatisfy { $0 == "*" ? $1 != "." : $0 == $1 }
        case nil: return zip(shown, real).allSatisfy { $0 == "*" || $0 == $1 }
        }
    }
}

/// How a software hides an obfuscated domain in its public block list.
public enum DomainMasking: Sendable, Equatable {
    case mastodon, gotosocial

    /// GoToSocial's masking: the characters at positions i with i % 3 == 1 or i % 5 == 1 become `*`,
    /// whatever they are (`bad000.example` → `b*d0*0**xa**l*`).
    static func goToSocialMask(_ domain: [Character]) -> [Character] {
        domain.enumerated().map { index, character in index % 3 == 1 || index % 5 == 1 ? "*" : character }
    }

    public static func goToSocialMask(_ domain: String) -> String { String(goToSocialMask(Array(domain))) }

    /// How `flavour` masks; nil where fedictl does not know.
    public init?(_ flavour: Flavour) {
        switch flavour {
        case .gotosocial: self = .gotosocial
        case .mastodon: self = .mastodon
        default: return nil
        }
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
        // Digests are Mastodon's: its pattern keeps the dots.
        if let pattern, !DomainDigest.fits(domain, pattern: pattern, masking: .mastodon) { return nil }
        return domain
    }

    public var count: Int { byDigest.count }

    /// The known domains `pattern` can hide, sorted (for an entry published without a digest).
    public func fitting(_ pattern: String, masking: DomainMasking? = nil) -> [String] {
        byDigest.values.filter { DomainDigest.fits($0, pattern: pattern, masking: masking) }.sorted()
    }

    /// The one known domain `pattern` can hide; nil when none or several do (ambiguous: unmatched).
    public func only(fitting pattern: String, masking: DomainMasking? = nil) -> String? {
        let fits = fitting(pattern, masking: masking)
        return fits.count == 1 ? fits[0] : nil
    }
}
