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

/// mastodon_mock (PyPI) on a free 127.0.0.1 port: a stateful Mastodon API server with admin
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
        return try await StartupGate.shared.withSlot {
            var lastError: Error?
            for _ in 0..<3 {  // a free port can be taken between asking and binding
                let port = ServerProcess.freePort()
                let process = Process()
                let serve = [
                    "serve", "--in-memory", "--host", "127.0.0.1", "--port", String(port),
                    "--config", configPath, "--log-level", "warning",
                ]
                if let firstID {
                    // Its ids come from a counter seeded with the time, set before the server starts.
                    process.executableURL = URL(fileURLWithPath: executable).deletingLastPathComponent()
                        .appendingPathComponent("python")
                    process.arguments =
                        [
                            "-c",
                            "import itertools, sys, mastodon_mock.ids as i; i._counter = itertools.count(\(firstID)); "
                                + "from mastodon_mock.cli import main; sys.argv = ['mastodon_mock'] + sys.argv[1:]; main()",
                        ] + serve
                } else {
                    process.executableURL = URL(fileURLWithPath: executable)
                    process.arguments = serve
                }
                process.standardOutput = FileHandle.nullDevice
                process.standardError = FileHandle.nullDevice
                try process.run()
                let server = ServerProcess(process: process, port: port)
                do {
                    try await server.waitUntilReady(path: "/api/v1/instance")
                    return server
                } catch {
                    lastError = error
                    server.stop()
                }
            }
            throw lastError!
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
