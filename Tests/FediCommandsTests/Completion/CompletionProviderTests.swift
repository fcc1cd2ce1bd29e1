import ArgumentParser
import FediCore
import FediOutput
import FediTestSupport
import Foundation
import Testing

@testable import FediCommands

/// The dynamic completions, asked the way the shell scripts ask them:
/// `fedictl ---completion <command path> -- <option> <word index> <cursor> <words…>`, in-process
/// through the real command tree, with a keyring and a transport that count every use.
@Suite struct CompletionProviderTests {
    static let config = LoginConfig(
        defaultAccount: "alice@mastodon.example",
        accounts: [
            Login(id: "alice@mastodon.example", username: "alice", baseURL: "https://mastodon.example"),
            Login(id: "mod@gts.example", username: "mod", baseURL: "https://gts.example", aliases: ["gts"]),
            Login(id: "admin@localhost:3000", username: "admin", baseURL: "http://localhost:3000"),
        ])

    /// The candidates fedictl prints for the last of `words`, an `option` of `command`.
    static func complete(
        _ words: [String], option: String, command: [String] = [],
        harness: CommandHarness = CommandHarness(logins: InMemoryLoginStore(config))
    ) async -> CommandResult {
        let last = words.last ?? ""
        return await harness.run(
            ["---completion"] + command + ["--", option, String(words.count - 1), String(last.count)] + words)
    }

    @Test func accountCompletesIdsAndAliasesFromTheConfigAlone() async {
        let secrets = InMemorySecretStore()
        let transport = FakeTransport()
        let harness = CommandHarness(transport: transport, secrets: secrets, logins: InMemoryLoginStore(Self.config))
        let result = await Self.complete(
            ["fedictl", "instance", "info", "--account", ""], option: "--account",
            command: ["instance", "info"], harness: harness)
        #expect(result.status == 0)
        #expect(result.stdout == "admin@localhost:3000\nalice@mastodon.example\ngts\nmod@gts.example\n")
        #expect(await secrets.callCount == 0, "completion must not touch the keyring")
        #expect(transport.requests.isEmpty, "completion must not touch the network")
    }

    @Test func accountCompletionFiltersByWhatIsTyped() async {
        let result = await Self.complete(
            ["fedictl", "auth", "status", "--account", "mo"], option: "--account", command: ["auth", "status"])
        #expect(result.stdout == "mod@gts.example\n")
    }

    @Test func accountCompletesBeforeTheCommandToo() async {
        let result = await Self.complete(["fedictl", "--account", "g"], option: "--account")
        #expect(result.stdout == "gts\n")
    }

    @Test func aBrokenConfigCompletesNothingAndSaysNothing() async throws {
        let directory = try TemporaryDirectory.make("completion")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("config.json")
        try Data("{ not json".utf8).write(to: file)
        let harness = CommandHarness(logins: FileLoginStore(url: file))
        let result = await Self.complete(["fedictl", "--account", ""], option: "--account", harness: harness)
        #expect(result.status == 0)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.isEmpty)
    }

    /// The fish script's two condition functions each start with the gate that parses the typed
    /// line once: if the generator's wording changes, the gate would silently not be put in.
    @Test func fishConditionsAreGatedOnTheTypedCommand() async {
        let result = await CommandHarness().run(["completion", "fish"])
        #expect(result.status == 0)
        let gated = result.stdout.components(separatedBy: "expected_commands\n    __fedictl_typed_commands\n").count - 1
        let gatedPositional =
            result.stdout.components(separatedBy: "expected_positional_index\n    __fedictl_typed_commands\n").count - 1
        #expect(gated == 1 && gatedPositional == 1, "\(result.stdout.prefix(800))")
        #expect(result.stdout.contains("function __fedictl_typed_commands\n"))
    }

    @Test func zshGetsColonsQuoted() {
        #expect(ConfigCompletion.escaped("admin@localhost:3000", for: .zsh) == #"admin@localhost\:3000"#)
        #expect(ConfigCompletion.escaped("admin@localhost:3000", for: .bash) == "admin@localhost:3000")
        #expect(ConfigCompletion.escaped("admin@localhost:3000", for: nil) == "admin@localhost:3000")
    }

    /// (the command path the script passes, the shell words, the candidates)
    static let fieldCases: [([String], [String], [String])] = [
        (["instance", "peers"], ["fedictl", "instance", "peers", "--fields", ""], ["domain", "host", "peers"]),
        (
            ["instance", "peers"], ["fedictl", "instance", "peers", "--fields", "domain,"],
            ["domain,host", "domain,peers"]
        ),
        (["instance", "peers"], ["fedictl", "instance", "peers", "--fields", "domain,p"], ["domain,peers"]),
        (
            ["instance", "rules", "list"], ["fedictl", "-o", "json", "instance", "rules", "list", "--fields", ""],
            InstanceRule.fieldNames
        ),
        (["auth", "list"], ["fedictl", "auth", "ls", "--fields", "sc"], ["scopes", "scopes_source"]),
        ([], ["fedictl", "--fields", ""], []),
    ]

    @Test(arguments: fieldCases)
    func fieldsCompleteTheCommandsFieldNames(_ command: [String], _ words: [String], _ expected: [String]) async {
        let result = await Self.complete(words, option: "--fields", command: command)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.split(separator: "\n").map(String.init) == expected)
    }

    @Test func formatsCompleteFromTheEnumeration() throws {
        // The committed script (GeneratedFilesTests keeps it current): generating one here would set
        // ArgumentParser's process-wide CompletionShell.requesting under the other tests.
        let script = try String(
            contentsOf: RepoPaths.root.appendingPathComponent("Completions/fedictl.bash"), encoding: .utf8)
        #expect(script.contains("'table'$'\\n''json'$'\\n''ndjson'$'\\n''csv'"))
    }

    /// Each command that checks `--fields` against a row type (`validateFields(for: Row.self)`, or
    /// `printPages(of: Row.self)`) must list those rows in `FieldCompletion.rows`, or
    /// `--fields <TAB>` offers nothing for it. (Commands printing through a shared helper, such as
    /// `ReportView.show`, are listed there by hand.)
    @Test func everyCommandWithFieldsIsInTheRegistry() throws {
        let sources = RepoPaths.root.appendingPathComponent("Sources/FediCommands")
        let files =
            FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []
        let registered = Dictionary(
            uniqueKeysWithValues: FieldCompletion.rows.map { entry in
                (
                    String(reflecting: entry.command).replacingOccurrences(of: "FediCommands.", with: ""),
                    Set(entry.rows.map { String(describing: $0) })
                )
            })
        var found = 0
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            guard let verb = text.firstMatch(of: /struct (\w+): FediCommand/) else { continue }
            // The command nests in the last `extension Noun {` (or `Noun.Group`) before it, if any.
            let noun = text[..<verb.range.lowerBound].matches(of: /extension ([\w.]+) \{/).last?.1
            let rows = Set(text.matches(of: /(?:validateFields\(for|printPages\(of): (\w+)\.self/).map { String($0.1) })
            guard !rows.isEmpty else { continue }
            found += 1
            let command = noun.map { "\($0).\(verb.1)" } ?? String(verb.1)
            let line = "(\(command).self, [\(rows.sorted().map { "\($0).self" }.joined(separator: ", "))])"
            #expect(registered[command] == rows, "FieldCompletion.rows: add \(line)")
        }
        #expect(found > 10, "the scan found only \(found) commands: has the source layout changed?")
    }

    @Test func theCommandIsFoundPastOptionsAndAliases() {
        func name(_ words: [String]) -> String { String(reflecting: FieldCompletion.command(for: words)) }
        #expect(
            name(["fedictl", "--account", "gts", "instance", "-o", "csv", "peers"]) == "FediCommands.Instance.Peers")
        #expect(name(["fedictl", "auth", "ls"]) == "FediCommands.Auth.List")
        #expect(name(["fedictl"]) == "FediCommands.Fedictl")
    }
}
