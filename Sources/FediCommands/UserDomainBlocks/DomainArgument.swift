import ArgumentParser
import FediCore

/// The DOMAIN a user-domain-blocks verb acts on: a bare host name, lower-cased.
public struct DomainArgument: ParsableArguments, Sendable {
    public init() {}

    @Argument(help: ArgumentHelp("The server's domain, e.g. example.social.", valueName: "domain"))
    public var domain: String

    /// The domain as servers store it; a pasted URL or @handle is taken apart.
    public var normalized: String {
        var text = domain.trimmingCharacters(in: .whitespaces).lowercased()
        if let scheme = text.range(of: "://") { text = String(text[scheme.upperBound...]) }
        if let at = text.lastIndex(of: "@") { text = String(text[text.index(after: at)...]) }
        if let slash = text.firstIndex(of: "/") { text = String(text[..<slash]) }
        return text
    }

    public func validate() throws {
        let host = normalized
        guard !host.isEmpty, host.contains("."), !host.contains(where: { $0.isWhitespace }) else {
            throw ValidationError("'\(domain)' is not a domain; give one like example.social")
        }
    }
}
