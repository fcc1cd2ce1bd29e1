import FediCore
import FediTestSupport
import Foundation
import Testing

/// A user of a test server, running fedictl the way a script does: the token in FEDICTL_TOKEN and
/// `--account user@host`, so nothing is read from a config or a keyring.
struct UserSide {
    let server: ServerProcess
    let username: String
    let token: String

    init(_ server: ServerProcess, _ account: SeedAccount) {
        self.server = server
        username = account.username
        token = account.token
    }

    /// A user of a fixture server (any token is accepted there): the recording's own user where it
    /// names one (Misskey's `mika`), else `alice`.
    init(fixture server: ServerProcess, username: String? = nil) {
        self.server = server
        self.username = username ?? server.recordedUser ?? "alice"
        token = "fixture-token"
    }

    func run(_ arguments: [String], tty: Bool = false, width: Int = 100, input: String = "") async -> CommandResult {
        let harness = CommandHarness(environment: ["FEDICTL_TOKEN": token])
        return await harness.run(
            arguments + ["--account", "\(username)@\(server.base)"], tty: tty, width: width, input: input)
    }

    /// The account this user's lists are read as: their machine output leads each row with it.
    var account: String { "\(username)@\(server.base)" }

    /// `lines` (a list's piped TSV, one row a line) as this account's list prints them: each row led
    /// by the account it was read as (issue 44).
    func listed(_ lines: String) -> String {
        lines.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map { "\(account)\t\($0)\n" }.joined()
    }

    /// The rows of this account's piped list without their leading account, which every row must
    /// have: a row without it is kept whole behind a marker, so a comparison shows it.
    func rows(_ stdout: String) -> [[String]] {
        tsvRows(stdout).map { $0.first == account ? Array($0.dropFirst()) : ["(not led by \(account))"] + $0 }
    }

    /// GET with this user's token: the server's own JSON.
    func get(_ path: String) async throws -> Any {
        try await server.json(.get, path, token: token)
    }
}

extension ServerProcess {
    /// Adds or overrides fixture routes for this server process (`POST /__fixture/routes`).
    func addRoutes(_ routes: [String: Any]) async throws {
        _ = try await json(.post, "/__fixture/routes", body: routes)
    }

    /// The requests a fixture server received with this method and path, bodies parsed as JSON
    /// (or as a form) where they are.
    func received(_ method: String, _ path: String) async throws -> [[String: Any]] {
        try await receivedRequests().filter { $0["method"] as? String == method && $0["path"] as? String == path }.map {
            request in
            let body = request["body"] as? String ?? ""
            if let object = try? JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any] { return object }
            var form: [String: Any] = [:]
            for pair in body.split(separator: "&") {
                let parts = pair.split(separator: "=", maxSplits: 1).map {
                    String($0).removingPercentEncoding ?? String($0)
                }
                form[parts[0]] = parts.count > 1 ? parts[1] : ""
            }
            return form
        }
    }
}
