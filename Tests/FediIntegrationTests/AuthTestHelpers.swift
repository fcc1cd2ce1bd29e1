import FediCore
import FediTestSupport
import Foundation
import Testing

/// A private config directory for fedictl binaries a test runs, removed afterwards.
final class AuthSandbox: @unchecked Sendable {
    let root: URL
    let extraEnvironment: [String: String]

    init(keyring: Bool = false) {
        root = FileManager.default.temporaryDirectory.appendingPathComponent(
            "fedictl-auth-\(UUID().uuidString)", isDirectory: true)
        extraEnvironment = keyring ? KeyringProbe.sessionEnvironment : [:]
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    var paths: ConfigPaths { ConfigPaths(environment: ["XDG_CONFIG_HOME": root.path]) }
    var configFile: URL { paths.configFile }
    var logins: FileLoginStore { FileLoginStore(paths: paths) }

    var environment: [String: String] {
        var env = extraEnvironment
        env["XDG_CONFIG_HOME"] = root.path
        return env
    }

    /// Runs the built binary with this config directory.
    func run(_ arguments: [String], input: String? = nil, environment more: [String: String] = [:]) async throws
        -> CommandResult
    {
        try await BinaryRunner.run(arguments, environment: environment.merging(more) { $1 }, input: input)
    }

    /// Blocking form, for the concurrency tests' own threads.
    func runBlocking(_ arguments: [String], input: String? = nil) throws -> CommandResult {
        try BinaryRunner.runBlocking(arguments, environment: environment, input: input)
    }

    func start(_ arguments: [String]) throws -> BinaryRun {
        try BinaryRun(arguments, environment: environment)
    }

    /// Every file fedictl left in the config directory, as text.
    func allFiles() throws -> String {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: paths.directory.path) else { return "" }
        return try names.map { try String(contentsOf: paths.directory.appendingPathComponent($0), encoding: .utf8) }
            .joined(separator: "\n")
    }
}

extension ServerProcess {
    /// GET /api/v1/accounts/verify_credentials with `token`: the status and the username.
    func whoami(_ token: String) async throws -> (status: Int, username: String?) {
        let (status, body) = try await request(.get, "/api/v1/accounts/verify_credentials", token: token)
        let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any]
        return (status, object?["username"] as? String)
    }
}
