import FediCore

/// A domain as a user types or pastes it, for every verb that takes one (domain blocks, allows,
/// e-mail domain blocks, a user's domain blocks): a URL's host or a handle's domain is taken apart,
/// then checked and written as servers store it (`DomainName`: DNS rules, IDN as punycode).
enum DomainText {
    /// `wildcard`: a leading `*.` is accepted (domain blocks; the server's software decides).
    static func parse(_ text: String, wildcard: Bool = false) throws -> String {
        var host = text.trimmed()
        if let scheme = host.firstRange(of: "://") { host = String(host[scheme.upperBound...]) }
        if let slash = host.firstIndex(of: "/") { host = String(host[..<slash]) }
        if let at = host.lastIndex(of: "@") { host = String(host[host.index(after: at)...]) }
        do {
            let domain = try DomainName.canonical(host, wildcard: wildcard)
            guard domain.contains(".") else { throw DomainName.Problem("it has no dot") }
            return domain
        } catch {
            throw FediError(
                .usage, "'\(DomainName.shown(text))' is not a domain: \(error)",
                hint: "give the domain, e.g. spam.example")
        }
    }
}
