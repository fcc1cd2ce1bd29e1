import Foundation
import FediCore
import FediTestSupport
import Testing

/// Unattended runs over the real binary and mastodon_mock: the README's recipe with no D-Bus
/// session (a systemd credentials directory, and cron's token files), and the shipped systemd
/// units checked by `systemd-analyze verify` once `make install` has put them in place.
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

        init(server: ServerProcess) throws {
            root = try TemporaryDirectory.make("unattended")
            account = "\(MockServer.admin.username)@\(server.base)"
            let store = FileLoginStore(paths: ConfigPaths(directory: root.appendingPathComponent("home/.config/fedictl")))
            try store.update { config in
                config.accounts = [Login(id: account, username: MockServer.admin.username, baseURL: "http://\(server.base)",
                                         tokenStorage: .keyring)]
                config.defaultAccount = account
            }
            let lists = config.appendingPathComponent("blocklists")
            try FileManager.default.createDirectory(at: lists, withIntermediateDirectories: true)
            try #"{"sources": ["list.csv"]}"#.write(to: lists.appendingPathComponent("nightly.json"), atomically: true, encoding: .utf8)
            try FileManager.default.createDirectory(at: home.appendingPathComponent("blocklists"), withIntermediateDirectories: true)
            // `fedictl` on the PATH, as `make install` would put it.
            try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(at: bin.appendingPathComponent("fedictl"), withDestinationURL: RepoPaths.fedictlBinary)
        }

        func list(_ domains: [String]) throws {
            let text = "#domain,#severity\n" + domains.map { "\($0),suspend\n" }.joined()
            try text.write(to: config.appendingPathComponent("blocklists/list.csv"), atomically: true, encoding: .utf8)
        }

        /// What cron and systemd give a job: no D-Bus session, no runtime directory, no terminal.
        func environment(_ extra: [String: String] = [:]) -> [String: String] {
            var environment = ["HOME": home.path, "PATH": "\(bin.path):/usr/bin:/bin", "LANG": "C.UTF-8",
                               "XDG_CACHE_HOME": "/dev/null/no-cache"]
            environment.merge(extra) { $1 }
            return environment
        }
    }

    @Test func theReadmeRecipeRunsWithoutADBusSession() async throws {
        let server = try await MockServer.start()
        defer { server.stop() }
        let home = try Home(server: server)
        defer { try? FileManager.default.removeItem(at: home.root) }
        let recipe = try Self.recipe()

        // The recipe's first step, with the token the keyring would give: a 0600 file per account.
        let tokens = home.config.appendingPathComponent("tokens")
        try FileManager.default.createDirectory(at: tokens, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let tokenFile = tokens.appendingPathComponent(home.account)
        try Data(MockServer.admin.token.utf8).write(to: tokenFile)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: tokenFile.path)
        #expect(recipe.contains { $0.contains("install -d -m 700 ~/.config/fedictl/tokens") })

        // cron: its line as the README gives it, through sh.
        let cronLine = try #require(recipe.first { $0.hasPrefix("# 30 3 * * * ") }).dropFirst("# 30 3 * * * ".count)
        try home.list(["cron.example"])
        let cron = try await ProcessRunner.run("/bin/sh", ["-c", String(cronLine)], environment: home.environment())
        #expect(cron.status == 0, "\(cron)")
        #expect(!cron.stdout.contains(MockServer.admin.token) && !cron.stderr.contains(MockServer.admin.token))
        let written = try String(contentsOf: home.home.appendingPathComponent("sync.json"), encoding: .utf8)
        #expect(written.contains("cron.example") && !written.contains(MockServer.admin.token), "\(written)")
        #expect(try await Self.blocked(server) == ["cron.example"])

        // systemd: the unit's ExecStart for fedictl-sync@nightly, with the credential its
        // LoadCredential= line names put where systemd puts it (read-only, the unit's own).
        let load = try #require(recipe.first { $0.contains("LoadCredential=fedictl-") })
        let named = try #require(load.split(separator: "=", maxSplits: 1).last).split(separator: ":", maxSplits: 1)
        #expect(named.first == "fedictl-admin@example.social" && named.last == "%h/.config/fedictl/tokens/admin@example.social", "\(load)")
        let credentials = home.root.appendingPathComponent("credentials")
        try FileManager.default.createDirectory(at: credentials, withIntermediateDirectories: true)
        let source = String(named.last!).replacingOccurrences(of: "%h", with: home.home.path)
            .replacingOccurrences(of: "admin@example.social", with: home.account)
        let credential = credentials.appendingPathComponent("fedictl-\(home.account)")
        try FileManager.default.copyItem(atPath: source, toPath: credential.path)
        try FileManager.default.setAttributes([.posixPermissions: 0o400], ofItemAtPath: credential.path)
        try FileManager.default.removeItem(at: tokenFile)  // the credential alone serves this run
        try home.list(["cron.example", "timer.example"])
        let command = try Self.execStart(unit: "fedictl-sync@.service", instance: "nightly")
        let timer = try await ProcessRunner.run(command[0], Array(command.dropFirst()),
                                                environment: home.environment(["CREDENTIALS_DIRECTORY": credentials.path, "NO_COLOR": "1"]))
        #expect(timer.status == 0, "\(timer)")
        #expect(!timer.stdout.contains(MockServer.admin.token) && !timer.stderr.contains(MockServer.admin.token))
        #expect(try await Self.blocked(server) == ["cron.example", "timer.example"])
        // Fit for the journal: no colour, no progress redraws, whole lines.
        for text in [timer.stdout, timer.stderr, cron.stderr] {
            #expect(!text.contains("\u{1B}") && !text.contains("\r") && (text.isEmpty || text.hasSuffix("\n")), "\(text)")
        }
    }

    @Test func withNoWayToTheTokenEachWayIsNamed() async throws {
        let server = try await MockServer.start()
        defer { server.stop() }
        let home = try Home(server: server)
        defer { try? FileManager.default.removeItem(at: home.root) }
        try home.list(["never.example"])
        let result = try await ProcessRunner.run(home.bin.appendingPathComponent("fedictl").path,
                                                 ["domain-blocks", "sync", "--config", "nightly", "--yes"], environment: home.environment())
        #expect(result.status == 77, "\(result)")
        #expect(result.stderr.hasPrefix("fedictl: no token for \(home.account): no Secret Service keyring is reachable"), "\(result)")
        for way in ["$CREDENTIALS_DIRECTORY", "--token-file", "FEDICTL_TOKEN_FILE", "/run/user/", "FEDICTL_TOKEN"] {
            #expect(result.stderr.contains(way), "\(way): \(result)")
        }
        #expect(try await Self.blocked(server).isEmpty)
    }

    /// The unit's ExecStart as argv, the binary under test for `@BINDIR@/fedictl` and `instance` for %I.
    static func execStart(unit: String, instance: String) throws -> [String] {
        let text = try String(contentsOf: RepoPaths.root.appendingPathComponent("systemd/\(unit)"), encoding: .utf8)
        let line = try #require(text.split(separator: "\n").first { $0.hasPrefix("ExecStart=") })
        return line.dropFirst("ExecStart=".count).split(separator: " ").map { word in
            word == "@BINDIR@/fedictl" ? RepoPaths.fedictlBinary.path : word.replacingOccurrences(of: "%I", with: instance)
        }
    }

    static func blocked(_ server: ServerProcess) async throws -> [String] {
        try await DomainBlockImportTests.serverBlocks(server).compactMap { $0["domain"] as? String }.sorted()
    }

    @Test(.enabled(if: ProcessRunner.isInstalled("systemd-analyze") && ProcessRunner.isInstalled("make"),
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
            for line in ["ProtectSystem=strict", "ProtectHome=read-only", "StateDirectory=fedictl", "StateDirectoryMode=0700"] {
                #expect(text.split(separator: "\n").contains { $0 == line }, "\(unit): \(line)")
            }
        }
        // A template is verified through an instance of it; the timer pulls in its service.
        let instances = ["fedictl-sync@nightly.service", "fedictl-sync@nightly.timer", "fedictl-watch@mods.service"]
        let verify = try await ProcessRunner.run("systemd-analyze", ["verify", "--man=no"] + instances.map { units.appendingPathComponent($0).path })
        #expect(verify.status == 0, "\(verify)")
        #expect(verify.stderr.isEmpty && verify.stdout.isEmpty, "no warning either: \(verify)")
    }
}
