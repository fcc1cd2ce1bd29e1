import FediCore
import FediTestSupport
import Foundation
import Testing

/// The built binary completes `--account` with groups beside account ids and aliases, after a
/// comma too, from a config file on disk (what the generated shell scripts ask it).
struct GroupCompletionBinaryTests {
    @Test func accountCompletionOffersGroupsFromTheConfigFile() async throws {
        let sandbox = AuthSandbox()
        try sandbox.logins.update { config in
            config.accounts = [
                Login(id: "alice@mastodon.example", username: "alice", baseURL: "https://mastodon.example"),
                Login(id: "mod@gts.example", username: "mod", baseURL: "https://gts.example", aliases: ["gts"]),
            ]
            config.groups = ["mods": ["alice@mastodon.example", "mod@gts.example"]]
        }
        let first = try await sandbox.run([
            "---completion", "reports", "list", "--", "--account", "4", "0", "fedictl", "reports", "list", "--account",
            "",
        ])
        #expect(first.status == 0, "\(first)")
        #expect(first.stdout == "alice@mastodon.example\ngts\nmod@gts.example\nmods\n", "\(first)")
        let afterComma = try await sandbox.run([
            "---completion", "--", "--account", "2", "6", "fedictl", "--account", "gts,mo",
        ])
        #expect(afterComma.stdout == "gts,mod@gts.example\ngts,mods\n", "\(afterComma)")
    }
}
