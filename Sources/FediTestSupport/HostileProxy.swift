import FediCore
import Foundation

/// Tests/Fixtures/hostile_proxy.py in front of a test server: it loses answers to writes after the
/// server acted, fails them with a 503 that hides a success, and sends gzip bombs, endless bodies
/// and endless pages (the script's docstring lists the rules).
public enum HostileProxy {
    public static func start(upstream: ServerProcess) async throws -> ServerProcess {
        try await StartupGate.shared.withSlot {
            try await FixtureServer.launchScript(
                "hostile_proxy.py", ["--upstream", upstream.baseURL.absoluteString], name: "hostile proxy")
        }
    }
}

extension ServerProcess {
    /// Merges rules into a hostile proxy's (`POST /__hostile/rules`).
    public func hostileRules(_ rules: [String: Any]) async throws {
        _ = try await json(.post, "/__hostile/rules", body: rules)
    }

    /// The requests a hostile proxy forwarded to its server, as `METHOD /path?query`, in order.
    public func forwarded() async throws -> [String] {
        (try await json(.get, "/__hostile/log") as? [String]) ?? []
    }

    /// The same, each with the upstream's status: `METHOD /path?query STATUS` (a 429 the server
    /// refused is not a write it made).
    public func answered() async throws -> [String] {
        (try await json(.get, "/__hostile/answered") as? [String]) ?? []
    }
}
