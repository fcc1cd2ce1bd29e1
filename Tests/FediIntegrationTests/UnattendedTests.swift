import FediCore
import FediTestSupport
import Foundation
import Testing

/// Unattended runs over the real binary, against mastodon_mock and the real GoToSocial: the README's
/// recipe with no D-Bus session (a systemd credentials directory, and cron's token files), and the
/// shipped systemd units checked by `systemd-analyze verify` once `make install` has put them in place.
struct UnattendedTests {
    /// The README's unattended recipe: the lines between its markers.
    static func recipe() throws -> [String] {
        let readme = try String(contentsOf: RepoPaths.root.appendingPathComponent("README.md"), encoding: .utf8)
        let start = try #require(readme.range(of: "<!-- unattended-recipe"), "README has the recipe")
        let end = try #require(readme.range(of: "<!-- end of the unattended recipe -->"))
        return readme[start.upperBound..<end.lowerBound].split(separator: "\n").map(String.init)
    }

    /// A home with fedictl's config: one stored account (its token in no keyring) and the sync
    /// settings `nightly`, reading `list.csv` next to them.
    struct Home {
        let root: URL
        let account: String
        var home: URL { root.appendingPathComponent("home") }
        var config: URL { home.appendingPathComponent(".config/fedictl") }
        var bin: URL { root.appendingPathComponent("bin") }

        init(server: ServerProcess, username: String = MockServer.admin.username) throws {
            root = try TemporaryDirectory.make("unattended")
            account = "\(username)@\(server.base)"
            let store = FileLoginStore(
                paths: ConfigPaths(directory: root.appendingPathComponent("home/.config/fedictl")))
            try store.update { config in
                config.accounts = [
                    Login(
                        id: account, username: username, baseURL: "http://\(server.base)",
                        tokenStorage: .keyring)
                ]
                config.defaultAccount = account
            }
            let lists = config.appendingPathComponent("blocklists")
            try FileManager.default.createDirectory(at: lists, withIntermediateDirectories: true)
            try #"{"sources": ["list.csv"]}"#.write(
                to: lists.appendingPathComponent("nightly.json"), atomically: true, encoding: .utf8)
            try FileManager.default.createDirectory(
                at: home.appendingPathComponent("blocklists"), withIntermediateDirectories: true)
            // `fedictl` on the PATH, as `make install` would put it.
            try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(
                at: bin.appendingPathComponent("fedictl"), withDestinationURL: RepoPaths.fedictlBinary)
        }

        func list(_ domains: [String]) throws {
            let text = "#domain,#severity\n" + domains.map { "\($0),suspend\n" }.joined()
            try text.write(to: config.appendingPathComponent("blocklists/list.csv"), atomically: true, encoding: .utf8)
        }

        /// What cron and systemd give a job: no D-Bus session, no runtime directory, no terminal.
        func environment(_ extra: [String: String] = [:]) -> [String: String] {
            var environment = [
                "HOME": home.path, "PATH": "\(bin.path):/usr/bin:/bin", "LANG": "C.UTF-8",
                "XDG_CACHE_HOME": "/dev/null/no-cache",
            ]
            environment.merge(extra) { $1 }
            return environment
        }
    }

    @Test func theReadmeRecipeRunsWithoutADBusSession() async throws {
        let server = try await MockServer.start()
        defer { server.stop() }
        let home = try Home(server: server)
        defer { try? FileManager.default.removeItem(at: home.root) }
        try await Self.runRecipe(in: home, token: MockServer.admin.token, domains: ("cron.example", "timer.example")) {
            try await Self.blocked(server)
        }
    }

    /// The same recipe against the real GoToSocial, as its admin: the blocks are on that server
    /// afterwards. Its other blocks belong to other tests, so only this run's domains are compared.
    @Test(.realGoToSocial) func theReadmeRecipeRunsAgainstTheRealGoToSocial() async throws {
        let gts = try await GoToSocialServer.shared()
        let home = try Home(server: gts.http, username: gts.admin.username)
        defer { try? FileManager.default.removeItem(at: home.root) }
        let prefix = GoToSocialServer.uniqueName("recipe")
        let domains = ("\(prefix)-cron.example", "\(prefix)-timer.example")
        try await Self.runRecipe(in: home, token: gts.admin.token, domains: domains) {
            let list = try #require(try await gts.get("/api/v1/admin/domain_blocks") as? [[String: Any]])
            return list.compactMap { $0["domain"] as? String }.filter { $0.hasPrefix(prefix) }.sorted()
        }
    }

    /// The README's recipe in `home`, whose one account's token is `token`: cron's line through sh with
    /// the token files, then the sync unit's ExecStart with a credentials directory; `blocked` reads
    /// the server's blocks (of this run) after each. `domains.cron` sorts before `domains.timer`.
    static func runRecipe(
        in home: Home, token: String, domains: (cron: String, timer: String),
        blocked: () async throws -> [String]
    ) async throws {
        let recipe = try Self.recipe()

        // The recipe's first step, with the token the keyring would give: a 0600 file per account.
        let tokens = home.config.appendingPathComponent("tokens")
        try FileManager.default.createDirectory(
            at: tokens, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let tokenFile = tokens.appendingPathComponent(home.account)
        try Data(token.utf8).write(to: tokenFile)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: tokenFile.path)
        #expect(recipe.contains { $0.contains("install -d -m 700 ~/.config/fedictl/tokens") })

        // cron: its line as the README gives it, through sh.
        let cronLine = try #require(recipe.first { $0.hasPrefix("# 30 3 * * * ") }).dropFirst("# 30 3 * * * ".count)
        try home.list([domains.cron])
        let cron = try await ProcessRunner.run("/bin/sh", ["-c", String(cronLine)], environment: home.environment())
        #expect(cron.status == 0, "\(cron)")
        #expect(!cron.stdout.contains(token) && !cron.stderr.contains(token))
        let written = try String(contentsOf: home.home.appendingPathComponent("sync.json"), encoding: .utf8)
        #expect(written.contains(domains.cron) && !written.contains(token), "\(written)")
        #expect(try await blocked() == [domains.cron])

        // systemd: the unit's ExecStart for fedictl-sync@nightly, with the credential its
        // LoadCredential= line names put where systemd puts it (read-only, the unit's own).
        let load = try #require(recipe.first { $0.contains("LoadCredential=fedictl-") })
        let named = try #require(load.split(separator: "=", maxSplits: 1).last).split(separator: ":", maxSplits: 1)
        #expect(
            named.first == "fedictl-admin@example.social"
                && named.last == "%h/.config/fedictl/tokens/admin@example.social", "\(load)")
        let credentials = home.root.appendingPathComponent("credentials")
        try FileManager.default.createDirectory(at: credentials, withIntermediateDirectories: true)
        let source = String(named.last!).replacingOccurrences(of: "%h", with: home.home.path)
            .replacingOccurrences(of: "admin@example.social", with: home.account)
        let credential = credentials.appendingPathComponent("fedictl-\(home.account)")
        try FileManager.default.copyItem(atPath: source, toPath: credential.path)
        try FileManager.default.setAttributes([.posixPermissions: 0o400], ofItemAtPath: credential.path)
        try FileManager.default.removeItem(at: tokenFile)  // the credential alone serves this run
        try home.list([domains.cron, domains.timer])
        let command = try Self.execStart(unit: "fedictl-sync@.service", instance: "nightly")
        let timer = try await ProcessRunner.run(
            command[0], Array(command.dropFirst()),
            environment: home.environment(["CREDENTIALS_DIRECTORY": credentials.path, "NO_COLOR": "1"]))
        #expect(timer.status == 0, "\(timer)")
        #expect(!timer.stdout.contains(token) && !timer.stderr.contains(token))
        #expect(try await blocked() == [domains.cron, domains.timer])
        // Fit for the journal: no colour, no progress redraws, whole lines.
        for text in [timer.stdout, timer.stderr, cron.stderr] {
            #expect(
                !text.contains("\u{1B}") && !text.contains("\r") && (text.isEmpty || text.hasSuffix("\n")), "\(text)")
        }
    }

    /// Off a terminal (stderr a pipe, as under systemd or cron) a bulk import that waits out a rate
    /// limit writes whole lines: the wait is said once as a sentence, no progress is redrawn, no
    /// colour, even with NO_COLOR unset. strace shows each write alone (a pipe would merge them).
    @Test(.enabled(if: WriteTrace.isAvailable, "strace is in the Makefile's APT_PACKAGES"))
    func aRateLimitedImportWritesWholeLinesOffATerminal() async throws {
        // The server's first write is refused with a 2 s Retry-After: the import waits it out, once.
        let server = try await MockServer.start()
        defer { server.stop() }
        try await server.addFault([
            "match": ["methods": ["POST"], "path": "/api/v1/admin/domain_blocks"],
            "effect": ["type": "ratelimit", "headers": ["Retry-After": "2"]], "count": 1,
        ])
        let root = try TemporaryDirectory.make("journal-lines")
        defer { try? FileManager.default.removeItem(at: root) }
        let domains = (0..<14).map { "line\($0).example" }
        let file = root.appendingPathComponent("list.txt")
        try domains.joined(separator: "\n").write(to: file, atomically: true, encoding: .utf8)
        let trace = root.appendingPathComponent("writes.trace")
        let arguments = [
            RepoPaths.fedictlBinary.path, "domain-blocks", "import", file.path,
            "--account", "admin@\(server.base)",
        ]
        let environment = [
            "FEDICTL_TOKEN": MockServer.admin.token,
            "XDG_CONFIG_HOME": root.appendingPathComponent("config").path,
            "XDG_STATE_HOME": root.appendingPathComponent("state").path,
        ]
        let result = try await ProcessRunner.run(
            "/usr/bin/strace", WriteTrace.arguments(to: trace) + arguments,
            environment: BinaryRunner.userEnvironment(environment))
        #expect(result.status == 0, "\(result)")
        let lines = result.stderr.split(separator: "\n")
        let waits = lines.filter { $0.hasPrefix("Waiting ") && $0.contains("'s rate limit; ") }
        #expect(waits.count == 1, "\(result.stderr)")
        #expect(result.stderr.contains("Wrote 14 of 14 changes."), "\(result.stderr)")
        let writes = try WriteTrace.writes(in: trace, to: 2)
        #expect(writes.count >= 2 && WriteTrace.unfitForJournal(writes).isEmpty, "\(writes)")
        #expect(try await Self.blocked(server) == domains.sorted())
    }

    @Test func withNoWayToTheTokenEachWayIsNamed() async throws {
        let server = try await MockServer.start()
        defer { server.stop() }
        let home = try Home(server: server)
        defer { try? FileManager.default.removeItem(at: home.root) }
        try home.list(["never.example"])
        let result = try await ProcessRunner.run(
            home.bin.appendingPathComponent("fedictl").path,
            ["domain-blocks", "sync", "--config", "nightly", "--yes"], environment: home.environment())
        #expect(result.status == 77, "\(result)")
        #expect(
            result.stderr.hasPrefix("fedictl: no token for \(home.account): no Secret Service keyring is reachable"),
            "\(result)")
        for way in ["$CREDENTIALS_DIRECTORY", "--token-file", "FEDICTL_TOKEN_FILE", "/run/user/", "FEDICTL_TOKEN"] {
            #expect(result.stderr.contains(way), "\(way): \(result)")
        }
        #expect(try await Self.blocked(server).isEmpty)
    }

    /// The unit's ExecStart as argv, the binary under test for `@BINDIR@/fedictl`, `instance` for %I,
    /// and an unbraced `$NAME` split into the words of the unit's own `Environment=NAME=…`, as systemd does.
    static func execStart(unit: String, instance: String) throws -> [String] {
        let text = try String(contentsOf: RepoPaths.root.appendingPathComponent("systemd/\(unit)"), encoding: .utf8)
        let lines = text.split(separator: "\n")
        var environment: [String: String] = [:]
        for line in lines where line.hasPrefix("Environment=") {
            let pair = line.dropFirst("Environment=".count).split(separator: "=", maxSplits: 1).map(String.init)
            if pair.count == 2 { environment[pair[0]] = pair[1] }
        }
        let line = try #require(lines.first { $0.hasPrefix("ExecStart=") })
        return line.dropFirst("ExecStart=".count).split(separator: " ").flatMap { word -> [String] in
            if word == "@BINDIR@/fedictl" { return [RepoPaths.fedictlBinary.path] }
            if word.hasPrefix("$"), !word.hasPrefix("${") {
                return (environment[String(word.dropFirst())] ?? "").split(separator: " ").map(String.init)
            }
            return [word.replacingOccurrences(of: "%I", with: instance)]
        }
    }

    /// The sync unit runs over every account it is given: every one that can moderate unless
    /// FEDICTL_SYNC_ACCOUNTS names a group or one account (issue 44: it ran as the default account alone).
    @Test func theSyncUnitRunsOverEveryAccount() async throws {
        async let startA = MockServer.start()
        async let startB = MockServer.start()
        let (a, b) = (try await startA, try await startB)
        defer {
            a.stop()
            b.stop()
        }
        let home = try Home(server: a)
        defer { try? FileManager.default.removeItem(at: home.root) }
        let other = "\(MockServer.admin.username)@\(b.base)"
        try FileLoginStore(paths: ConfigPaths(directory: home.config)).update { config in
            config.accounts.append(
                Login(
                    id: other, username: MockServer.admin.username, baseURL: "http://\(b.base)", tokenStorage: .keyring)
            )
        }
        let tokens = home.root.appendingPathComponent("tokens")
        try FileManager.default.createDirectory(at: tokens, withIntermediateDirectories: true)
        for id in [home.account, other] {
            let file = tokens.appendingPathComponent(id)
            try Data(MockServer.admin.token.utf8).write(to: file)
            try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file.path)
        }
        try home.list(["unit.example"])
        let command = try Self.execStart(unit: "fedictl-sync@.service", instance: "nightly")
        #expect(command.contains("--all-accounts"), "\(command)")
        let run = try await ProcessRunner.run(
            command[0], Array(command.dropFirst()),
            environment: home.environment(["FEDICTL_TOKEN_FILE": tokens.path, "NO_COLOR": "1"]))
        #expect(run.status == 0, "\(run)")
        #expect(try await Self.blocked(a) == ["unit.example"])
        #expect(try await Self.blocked(b) == ["unit.example"], "the second server too: \(run)")
    }

    static func blocked(_ server: ServerProcess) async throws -> [String] {
        try await DomainBlockImportTests.serverBlocks(server).compactMap { $0["domain"] as? String }.sorted()
    }

    @Test(
        .enabled(
            if: ProcessRunner.isInstalled("systemd-analyze") && ProcessRunner.isInstalled("make"),
            "systemd-analyze comes with the Makefile's APT_PACKAGES (systemd)"))
    func theShippedUnitsPassSystemdAnalyzeVerify() async throws {
        let root = try TemporaryDirectory.make("units")
        defer { try? FileManager.default.removeItem(at: root) }
        let prefix = root.appendingPathComponent("prefix").path
        let install = try await ProcessRunner.run("make", InstalledPrefix.make(["install", "PREFIX=\(prefix)"]))
        #expect(install.status == 0, "\(install)")
        let units = root.appendingPathComponent("prefix/lib/systemd/user")
        let installed = try FileManager.default.contentsOfDirectory(atPath: units.path).sorted()
        #expect(installed == ["fedictl-sync@.service", "fedictl-sync@.timer", "fedictl-watch@.service"])
        for unit in installed where unit.hasSuffix(".service") {
            let text = try String(contentsOf: units.appendingPathComponent(unit), encoding: .utf8)
            #expect(text.contains("ExecStart=\(prefix)/bin/fedictl "), "the installed binary: \(unit)")
            // Sandboxed, with fedictl's own directories writable (journal, sync provenance).
            for line in [
                "ProtectSystem=strict", "ProtectHome=read-only", "StateDirectory=fedictl", "StateDirectoryMode=0700",
            ] {
                #expect(text.split(separator: "\n").contains { $0 == line }, "\(unit): \(line)")
            }
        }
        // A template is verified through an instance of it; the timer pulls in its service.
        let instances = ["fedictl-sync@nightly.service", "fedictl-sync@nightly.timer", "fedictl-watch@mods.service"]
        let verify = try await ProcessRunner.run(
            "systemd-analyze", ["verify", "--man=no"] + instances.map { units.appendingPathComponent($0).path })
        #expect(verify.status == 0, "\(verify)")
        #expect(verify.stderr.isEmpty && verify.stdout.isEmpty, "no warning either: \(verify)")
    }
}
