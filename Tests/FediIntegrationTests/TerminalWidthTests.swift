import ArgumentParser
import FediCommands
import FediCore
import FediTestSupport
import Foundation
import Testing

/// Every list verb on a real terminal (tmux) of 80, 100 and 120 columns, over two mastodon_mock
/// servers that hand out 18-digit ids (the same ones on both, as real servers do) to accounts
/// with 40-character handles: no line is wider than the terminal, and every id the servers
/// answered shows whole.
@Suite(.enabled(if: ProcessRunner.isInstalled("tmux"), "needs tmux (make deps installs it)"))
struct TerminalWidthTests {
    /// 39 characters: `@` and the name make a 40-character handle.
    static let reporter = SeedAccount("reporter_with_quite_a_long_name_for_you", token: "reporter-token")
    static let reported = SeedAccount("reported_with_quite_a_long_name_for_you", token: "reported-token")
    static let applicant = SeedAccount("applicant_with_quite_a_long_name_for_yo", token: "applicant-token")
    static let remote = """
        [[seed.accounts]]
        username = "cheap_watches_and_spam"
        display_name = "Cheap Watches"
        domain = "spam-of-many-kinds.example"

        """

    /// A server seeded alike each time: two reports, a pending sign-up, an e-mail and an IP block.
    static func server() async throws -> ServerProcess {
        let server = try await MockServer.start(
            accounts: [MockServer.admin, reporter, reported, applicant], extraConfig: remote,
            firstID: 113_456_789_012_345_678)
        let reportedID = try await TriageScene.accountID(reported.username, on: server)
        let remoteID = try await TriageScene.accountID("cheap_watches_and_spam@spam-of-many-kinds.example", on: server)
        for (id, comment) in [
            (reportedID, "keeps posting the same link to everyone who mentions watches, over and over again"),
            (remoteID, "spam"),
        ] {
            _ = try await server.json(
                .post, "/api/v1/reports", token: reporter.token,
                body: ["account_id": id, "comment": comment, "category": "spam"])
        }
        try await server.makePending(
            applicant.username, reason: "I would like to talk about birds and the places they live in, mostly")
        _ = try await server.json(
            .post, "/api/v1/admin/email_domain_blocks", token: MockServer.admin.token,
            body: ["domain": "disposable-mail-for-spammers.example"])
        _ = try await server.json(
            .post, "/api/v1/admin/ip_blocks", token: MockServer.admin.token,
            body: ["ip": "192.0.2.0/24", "severity": "sign_up_requires_approval", "comment": "a wave of sign-ups"])
        return server
    }

    /// A home whose config holds admin on both servers, their tokens in a 0600 file each.
    struct Home {
        let root: URL
        let accounts: [String]
        var tokens: URL { root.appendingPathComponent("tokens") }

        init(servers: [ServerProcess]) throws {
            root = try TemporaryDirectory.make("widths")
            accounts = servers.map { "admin@\($0.base)" }
            let store = FileLoginStore(
                paths: ConfigPaths(directory: root.appendingPathComponent("home/.config/fedictl")))
            try store.update { config in
                config.accounts = zip(accounts, servers).map { account, server in
                    Login(
                        id: account, username: "admin", baseURL: "http://\(server.base)",
                        scopes: ["read", "write", "admin:read", "admin:write"], tokenStorage: .keyring)
                }
                config.defaultAccount = accounts[0]
            }
            try FileManager.default.createDirectory(at: tokens, withIntermediateDirectories: true)
            for account in accounts {
                let file = tokens.appendingPathComponent(account)
                try MockServer.admin.token.write(to: file, atomically: true, encoding: .utf8)
                chmod(file.path, 0o600)
            }
        }

        var environment: [String: String] {
            [
                "HOME": root.appendingPathComponent("home").path, "FEDICTL_TOKEN_FILE": tokens.path,
                "XDG_CACHE_HOME": root.appendingPathComponent("cache").path, "LANG": "C.UTF-8", "NO_COLOR": "1",
                "PATH": "/usr/bin:/bin",
            ]
        }

        func run(_ arguments: [String]) async throws -> CommandResult {
            try await ProcessRunner.run(RepoPaths.fedictlBinary.path, arguments, environment: environment)
        }
    }

    /// The command tree's `list` verbs, as words (`domain-blocks list`), and what the other listing
    /// verbs are called.
    static func listVerbs() -> [[String]] {
        func walk(_ command: any ParsableCommand.Type, _ path: [String]) -> [[String]] {
            let subcommands = command.configuration.subcommands
            if subcommands.isEmpty { return path.last == "list" ? [path] : [] }
            return subcommands.flatMap { walk($0, path + [$0._commandName]) }
        }
        return walk(Fedictl.self, []) + [["queue"], ["log"], ["accounts", "list", "--pending"]]
    }

    @Test func everyListFitsTheTerminalAndShowsItsIdsWhole() async throws {
        async let first = Self.server()
        async let second = Self.server()
        let servers = try await [first, second]
        defer { servers.forEach { $0.stop() } }
        let home = try Home(servers: servers)
        defer { try? FileManager.default.removeItem(at: home.root) }
        let both = home.accounts.joined(separator: ",")
        // Journal entries for `log`, and a block on each server.
        let added = try await home.run([
            "--account", both, "domain-blocks", "add", "a-rather-long-domain-name-for-a-blocklist.example",
            "--severity", "suspend", "--public-comment", "took part in a spam wave that lasted for days", "--yes",
        ])
        try #require(added.status == 0, "\(added)")

        // What each command shows: over the first server, over both, and the verbs that run once.
        let verbs = Self.listVerbs()
        let once: Set<[String]> = [["auth", "list"], ["log"], ["auth", "group", "list"]]
        var commands: [[String]] = []
        for verb in verbs {
            if once.contains(verb) {
                commands.append(verb)
            } else {
                commands += [["--account", home.accounts[0]] + verb, ["--account", both] + verb]
            }
        }
        // The ids each command's servers answered: its JSON, piped.
        var ids: [[String]: [String]] = [:]
        for command in commands {
            let json = try await home.run(command + ["-o", "json"])
            guard json.status == 0, let rows = try? JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [Any]
            else { continue }
            ids[command] = rows.compactMap { ($0 as? [String: Any])?["id"] as? String }
        }
        let core = [
            ["--account", both, "queue"], ["--account", both, "reports", "list"],
            ["--account", both, "accounts", "list"], ["--account", both, "accounts", "list", "--pending"],
            ["--account", both, "domain-blocks", "list"], ["auth", "list"], ["log"],
        ]
        for command in core {
            #expect(ids[command]?.isEmpty == false || command == ["auth", "list"], "\(command) answered no ids")
        }
        #expect(ids[["--account", both, "reports", "list"]]?.allSatisfy { $0.count == 18 } == true)

        for width in [80, 100, 120] {
            let sections = try await Self.screens(commands, width: width, home: home)
            for (command, section) in zip(commands, sections) {
                let label = "\(command.joined(separator: " ")) at \(width) columns"
                let isCore = core.contains(command)
                if isCore { #expect(section.status == 0, "\(label): exit \(section.status)\n\(section.lines)") }
                guard section.status == 0 else { continue }
                for line in section.lines where line.count > width {
                    Issue.record("\(label): a line of \(line.count) columns:\n\(section.lines.joined(separator: "\n"))")
                }
                for id in ids[command] ?? [] {
                    let whole = section.lines.contains { line in
                        line.split(separator: " ").contains { $0 == id }
                    }
                    #expect(whole, "\(label): id \(id) is not shown whole\n\(section.lines.joined(separator: "\n"))")
                }
            }
        }
    }

    /// Runs every command in one shell in a tmux pane `width` columns wide, and reads back each
    /// one's lines (wrapped lines joined, so a line too wide shows as one) and exit status.
    static func screens(_ commands: [[String]], width: Int, home: Home) async throws -> [(
        lines: [String], status: Int
    )] {
        let directory = home.root.appendingPathComponent("tmux-\(width)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var script = home.environment.map { "export \($0.key)='\($0.value)'\n" }.sorted().joined()
        for (index, command) in commands.enumerated() {
            let words = ([RepoPaths.fedictlBinary.path] + command).map { "'\($0)'" }.joined(separator: " ")
            script += "echo '### \(index)'; \(words) 2>&1; echo \"### status $?\"\n"
        }
        // The pane stays until it is read (and goes by itself should the test stop first).
        script += "echo '### done'; exec sleep 120\n"
        let scriptFile = directory.appendingPathComponent("run.sh")
        try script.write(to: scriptFile, atomically: true, encoding: .utf8)
        let config = directory.appendingPathComponent("tmux.conf")
        try "set -g history-limit 100000\n".write(to: config, atomically: true, encoding: .utf8)
        let socket = directory.appendingPathComponent("socket").path
        func tmux(_ arguments: [String]) async throws -> CommandResult {
            try await ProcessRunner.run("tmux", ["-u", "-f", config.path, "-S", socket] + arguments)
        }
        // The server it forks must hold none of our pipes (see `Tmux.start`).
        let detach =
            #"for fd in /proc/$$/fd/*; do fd=${fd##*/}; [ "$fd" -gt 2 ] && eval "exec $fd>&-" 2>/dev/null; done; "#
            + #"exec tmux "$@" </dev/null >/dev/null 2>&1"#
        let started = try await ProcessRunner.run(
            "bash",
            [
                "-c", detach, "tmux", "-u", "-f", config.path, "-S", socket, "new-session", "-d", "-x", String(width),
                "-y", "24", "bash", "--norc", "--noprofile", scriptFile.path,
            ],
            environment: ["LANG": "C.UTF-8", "PATH": "/usr/bin:/bin", "TERM": "xterm-256color"])
        try #require(started.status == 0, "\(started)")
        // Gone however this ends: the pane's process first, as a server told to go can outlive
        // it (as `Tmux.stop` does).
        defer {
            let tmux = { (arguments: [String]) in
                try? ProcessRunner.runBlocking("tmux", ["-f", config.path, "-S", socket] + arguments)
            }
            if let pane = tmux(["display-message", "-p", "#{pane_pid}"]),
                let pid = Int32(pane.stdout.trimmingCharacters(in: .whitespacesAndNewlines)), pid > 1
            {
                kill(pid, SIGKILL)
            }
            _ = tmux(["kill-server"])
        }
        var screen: [String] = []
        let deadline = Date().addingTimeInterval(300)
        while Date() < deadline {
            let captured = try await tmux(["capture-pane", "-p", "-J", "-S", "-", "-E", "-"])
            screen = captured.stdout.split(separator: "\n", omittingEmptySubsequences: false).map {
                String($0).replacingOccurrences(of: " +$", with: "", options: .regularExpression)
            }
            if screen.contains("### done") { break }
            try await Task.sleep(for: .milliseconds(300))
        }
        try #require(screen.contains("### done"), "the commands never finished:\n\(screen.joined(separator: "\n"))")
        var sections: [(lines: [String], status: Int)] = []
        var current: [String]?
        for line in screen {
            if line.hasPrefix("### status ") {
                sections.append((current ?? [], Int(line.dropFirst("### status ".count)) ?? -1))
                current = nil
            } else if line.hasPrefix("### ") {
                current = []
            } else {
                current?.append(line)
            }
        }
        try #require(sections.count == commands.count, "\(sections.count) of \(commands.count) commands read back")
        return sections
    }
}
