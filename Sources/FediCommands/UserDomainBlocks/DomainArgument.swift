import ArgumentParser
import FediCore

/// The DOMAIN a user-domain-blocks verb acts on: a bare host name, lower-cased.
public struct DomainArgument: ParsableArguments, Sendable {
    public init() {}

    @Argument(help: ArgumentHelp("The server's domain, e.g. example.social.", valueName: "domain"))
    public var domain: String

    /// The domain as servers store it; a pasted URL or @handle is taken apart (`DomainText`).
    public var normalized: String { (try? DomainText.parse(domain)) ?? domain }

    public func validate() throws {
        do {
            _ = try DomainText.parse(domain)
        } catch let error as FediError {
            throw ValidationError(error.message + "; give one like example.social")
        }
    }
}
