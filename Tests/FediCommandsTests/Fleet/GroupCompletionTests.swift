import FediCore
import FediTestSupport
import Foundation
import Testing

/// `--account` completes groups beside ids and aliases, after a comma too, from the config alone.
struct GroupCompletionTests {
    static let config = LoginConfig(
        accounts: [
            Login(id: "alice@mastodon.example", username: "alice", baseURL: "https://mastodon.example"),
            Login(id: "mod@gts.example", username: "mod", baseURL: "https://gts.example", aliases: ["gts"]),
        ], groups: ["mods": ["alice@mastodon.example", "mod@gts.example"], "everyone": ["alice@mastodon.example"]])

    static func complete(_ words: [String], option: String, command: [String]) async -> (
        CommandResult, InMemorySecretStore, FakeTransport
    ) {
        let secrets = InMemorySecretStore()
        let transport = FakeTransport()
        let harness = CommandHarness(transport: transport, secrets: secrets, logins: InMemoryLoginStore(config))
        let last = words.last ?? ""
        let result = await harness.run(
            ["---completion"] + command + ["--", option, String(words.count - 1), String(last.count)] + words)
        return (result, secrets, transport)
    }

    @Test func accountOffersGroupsToo() async {
        let (result, secrets, transport) = await Self.complete(
            ["fedictl", "reports", "list", "--account", ""], option: "--account",
            command: ["reports", "list"])
        #expect(result.stdout == "alice@mastodon.example\neveryone\ngts\nmod@gts.example\nmods\n", "\(result)")
        #expect(await secrets.callCount == 0)
        #expect(transport.requests.isEmpty)
    }

    @Test func afterACommaTheNextAccountCompletes() async {
        let (result, _, _) = await Self.complete(["fedictl", "--account", "gts,mo"], option: "--account", command: [])
        #expect(result.stdout == "gts,mod@gts.example\ngts,mods\n", "\(result)")
    }

    @Test func groupRemoveCompletesGroupsOnly() async {
        let (result, _, _) = await Self.complete(
            ["fedictl", "auth", "group", "remove", ""], option: "name",
            command: ["auth", "group", "remove"])
        #expect(result.stdout == "everyone\nmods\n", "\(result)")
    }
}
