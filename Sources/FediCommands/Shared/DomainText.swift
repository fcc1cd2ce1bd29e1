import FediCore

/// A domain as a user types or pastes it, for every verb that takes one (domain blocks, allows,
/// e-mail domain blocks, a user's domain blocks): a URL's host or a handle's domain is taken apart,
/// then lower-cased without a trailing dot, as servers store it.
enum DomainText {
    static func parse(_ text: String) throws -> String {
        var host = text.trimmed()
        if let scheme = host.firstRange(of: "://") { host = String(host[scheme.upperBound...]) }
        if let slash = host.firstIndex(of: "/") { host = String(host[..<slash]) }
        if let at = host.lastIndex(of: "@") { host = String(host[host.index(after: at)...]) }
        let domain = BlocklistFile.normalise(host)
        guard domain.contains("."), !domain.contains(where: { $0.isWhitespace || "*:".contains($0) }) else {
            throw FediError(.usage, "'\(text)' is not a domain", hint: "give the domain, e.g. spam.example")
        }
        return domain
    }
}
