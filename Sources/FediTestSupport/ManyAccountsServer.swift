import Foundation

/// Tests/Fixtures/many_accounts_server.py: a fake Mastodon 4.3 with `accounts` admin accounts in
/// pages of 100. With `holdLast`, the last page waits until `release()`, so a test can see what
/// fedictl wrote before the list ended.
public enum ManyAccountsServer {
    public static func start(accounts: Int, holdLast: Bool = false) async throws -> ServerProcess {
        try await StartupGate.shared.withSlot {
            try await FixtureServer.launchScript(
                "many_accounts_server.py",
                ["--accounts", String(accounts), "--port", "0"]
                    + (holdLast ? ["--hold-last"] : []), name: "many-accounts server")
        }
    }
}

extension ServerProcess {
    /// Lets a `holdLast` server answer its last page.
    public func release() async throws {
        _ = try await request(.post, "/__release")
    }
}
