import FoundationEssentials

/// What one decision is about: an id (or a handle) on one server. A decision made from a fleet's
/// queue, the triage screen or a command names its server the same way, so what changed can be told
/// (and journaled) apart from the same id on another server (Mastodon's report 12 is on every one).
public struct ServerSubject: Sendable, Hashable, CustomStringConvertible {
    /// The server's host (`host[:port]`).
    public var host: String
    /// The id there, or a handle (`@user@host`) where the decision takes one.
    public var id: String

    public init(_ id: String, on host: String) {
        self.id = id
        self.host = host
    }

    /// `12 on example.social`.
    public var description: String { "\(id) on \(host)" }
}
