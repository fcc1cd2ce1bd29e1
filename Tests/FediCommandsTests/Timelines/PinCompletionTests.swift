import FediCore
import FediTestSupport
import Foundation
import Testing

/// `timelines show` and `timelines unpin` complete pinned names from the config alone.
struct PinCompletionTests {
    static let config = LoginConfig(pins: [
        PinnedTimeline(name: "art", baseURL: "https://mastodon.art"),
        PinnedTimeline(name: "local", baseURL: "http://127.0.0.1:3000"),
        PinnedTimeline(name: "misskey", baseURL: "https://misskey.io"),
    ])

    static func complete(_ command: [String], _ typed: String, harness: CommandHarness) async -> CommandResult {
        let words = ["fedictl"] + command + [typed]
        return await harness.run(
            ["---completion"] + command + ["--", "positional@0", String(words.count - 1), String(typed.count)] + words)
    }

    @Test(arguments: [["timelines", "show"], ["timelines", "unpin"]])
    func pinNamesCompleteWithoutKeyringOrNetwork(command: [String]) async {
        let secrets = InMemorySecretStore()
        let transport = FakeTransport()
        let harness = CommandHarness(transport: transport, secrets: secrets, logins: InMemoryLoginStore(Self.config))
        let all = await Self.complete(command, "", harness: harness)
        #expect(all.status == 0, "\(all)")
        #expect(all.stdout == "art\nlocal\nmisskey\n")
        #expect(await Self.complete(command, "m", harness: harness).stdout == "misskey\n")
        #expect(await secrets.callCount == 0, "completion must not touch the keyring")
        #expect(transport.requests.isEmpty, "completion must not touch the network")
    }

    @Test func noPinsCompleteNothing() async {
        let result = await Self.complete(
            ["timelines", "show"], "", harness: CommandHarness(logins: InMemoryLoginStore()))
        #expect(result.status == 0)
        #expect(result.stdout.isEmpty)
    }
}
