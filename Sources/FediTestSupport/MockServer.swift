import FediCore
import Foundation

/// A seeded account on a mastodon_mock server, with a fixed token.
public struct SeedAccount: Sendable {
    public var username: String
    public var token: String
    public var admin: Bool
    public init(_ username: String, token: String, admin: Bool = false) {
        self.username = username
        self.token = token
        self.admin = admin
    }
}

/// mastodon_mock (PyPI) on a 127.0.0.1 port it binds itself: a stateful Mastodon API server with admin
/// endpoints and fault injection. Each test gets its own, so tests can run in parallel.
public enum MockServer {
    public static let admin = SeedAccount("admin", token: "admin-token", admin: true)
    public static let alice = SeedAccount("alice", token: "alice-token")
    public static let bob = SeedAccount("bob", token: "bob-token")

    /// `settings` are top-level config keys (they must come before the seed tables), e.g.
    /// `registration_approval_required = true`, `mocked_version = "4.3.0"`, `rules = ["No spam"]`;
    /// `extraConfig` is appended after the seed accounts (more tables). `firstID` starts the
    /// server's id counter there (113456789012345678 gives 18-digit ids like real snowflakes; two
    /// servers started alike hand out the same ids, as real ones do).
    public static func start(
        accounts: [SeedAccount] = [admin, alice, bob], settings: String = "", extraConfig: String = "",
        firstID: Int? = nil
    ) async throws -> ServerProcess {
        try TestTier.requireIntegration("mastodon_mock")
        var toml = settings.isEmpty ? "" : settings + "\n"
        for account in accounts {
            toml += """
                [[seed.accounts]]
                username = "\(account.username)"
                display_name = "\(account.username.capitalized)"
                email = "\(account.username)@example.test"
                role = "\(account.admin ? "admin" : "user")"
                access_token = "\(account.token)"

                """
        }
        toml += extraConfig
        let configFile = FileManager.default.temporaryDirectory.appendingPathComponent("mm-\(UUID().uuidString).toml")
        try toml.write(to: configFile, atomically: true, encoding: .utf8)

        let executable = RepoPaths.mastodonMock
        guard FileManager.default.isExecutableFile(atPath: executable) else {
            throw FediError(
                .failure, "mastodon_mock not found at \(executable)",
                hint: "run `make test`, which installs it into .venv")
        }
        let configPath = configFile.path
        // The venv's python runs the wrapper that binds the port itself (Tests/Fixtures/mastodon_mock_port0.py).
        let python = URL(fileURLWithPath: executable).deletingLastPathComponent().appendingPathComponent("python")
        let wrapperArguments =
            (firstID.map { ["--first-id", String($0)] } ?? []) + [
                "--", "--in-memory", "--config", configFile.path, "--log-level", "warning",
            ]
        return try await StartupGate.shared.withSlot {
            let server = try await FixtureServer.launchScript(
                "mastodon_mock_port0.py", wrapperArguments, name: "mastodon_mock", interpreter: python.path)
            do {
                try await server.waitUntilReady(path: "/api/v1/instance")
            } catch {
                server.stop()
                throw error
            }
            return server
        }
    }
}

extension ServerProcess {
    /// Adds a mastodon_mock fault rule, e.g. `["match": ["path": "/api/v2/instance"], "effect": ["type": "status", "status": 503], "count": 2]`.
    public func addFault(_ rule: [String: Any]) async throws {
        _ = try await json(.post, "/api/v1/_mock/faults", body: rule)
    }

    public func clearFaults() async throws {
        _ = try await json(.delete, "/api/v1/_mock/faults")
    }
}
