import FediCommands
import FediCore
import FediTestSupport
import Foundation
import Testing

/// `make install` into a temporary prefix, then real interactive shells with only that prefix
/// added, driven through tmux: type a command line, press TAB, read the screen. bash loads
/// bash-completion (as Debian's bashrc does, with XDG_DATA_DIRS naming the prefix), zsh runs
/// compinit with the prefix's site-functions in fpath, fish finds the prefix's
/// vendor_completions.d through XDG_DATA_DIRS. The accounts come from a config file
/// written by FileLoginStore, so the completions go through the installed binary's own
/// `---completion` path with the live services.
///
/// The install uses `BIN=` to put the debug binary these tests run against in place of a release
/// build, so the test needs no second (slow, 2-core) optimised build; the Makefile rule is the same.
@Suite(
    .enabled(if: InstalledPrefix.toolsPresent, "needs make, tmux, bash-completion and zsh (make deps installs them)"))
struct ShellCompletionTests {
    enum Expect: Sendable, CustomStringConvertible {
        /// The line reads exactly this after TAB (a unique candidate, with the space after it).
        case line(String)
        /// TAB lists (at least) these candidates.
        case lists([String])

        var description: String {
            switch self {
            case .line(let line): "line \"\(line)\""
            case .lists(let words): "lists \(words.joined(separator: " "))"
            }
        }
    }

    static let reportsVerbs = Reports.configuration.subcommands.compactMap { $0.configuration.commandName }
    static let instanceVerbs = Instance.configuration.subcommands.compactMap { $0.configuration.commandName }

    /// What is typed before TAB, and what TAB must give; one line per case.
    static let cases: [(typed: String, expect: Expect)] = [
        ("fedictl rep", .line("fedictl reports ")),
        ("fedictl reports ", .lists(reportsVerbs)),
        ("fedictl ins", .line("fedictl instance ")),
        ("fedictl instance ", .lists(instanceVerbs)),
        ("fedictl --account ", .lists(["alice@mastodon.example", "mod@gts.example", "gts"])),
        ("fedictl instance info --account al", .line("fedictl instance info --account alice@mastodon.example ")),
        ("fedictl -o ", .lists(["table", "json", "ndjson", "csv"])),
        ("fedictl instance peers --fields ", .lists(["domain", "host", "peers"])),
        ("fedictl completion ", .lists(["bash", "zsh", "fish"])),
        ("fedictl timelines show ", .lists(["social", "fosstodon"])),
    ]

    // Each shell's cases one at a time (`.serialized`): all thirty interactive shells at once put the
    // load average at 25 on two cores, and a Secret Service call of the keyring tests, running beside
    // them, then took up to 2 s (20 ms otherwise) and their 3 s probe failed.
    @Test(.serialized, arguments: cases)
    func bashCompletes(_ typed: String, _ expect: Expect) async throws {
        try await expectCompletion(in: .bash, typed: typed, expect)
    }

    @Test(.serialized, arguments: cases)
    func zshCompletes(_ typed: String, _ expect: Expect) async throws {
        try await expectCompletion(in: .zsh, typed: typed, expect)
    }

    @Test(
        .enabled(if: ProcessRunner.isInstalled("fish"), "fish is in the Makefile's APT_PACKAGES"), .serialized,
        arguments: cases)
    func fishCompletes(_ typed: String, _ expect: Expect) async throws {
        try await expectCompletion(in: .fish, typed: typed, expect)
    }

    /// The tmux session polls and sleeps: that runs on a thread of its own, off the cooperative pool.
    private func expectCompletion(in shell: InstalledPrefix.Shell, typed: String, _ expect: Expect) async throws {
        let failure = try await ProcessRunner.onOwnThread {
            try InstalledPrefix.withPrefix { try $0.check(shell, typed: typed, expect: expect) }
        }
        #expect(failure == nil, Comment(rawValue: failure ?? ""))
    }

    @Test func installedManPageRenders() async throws {
        let prefix = try await ProcessRunner.onOwnThread { try InstalledPrefix() }
        defer { prefix.remove() }
        let environment = [
            "PATH": "/usr/bin:/bin", "HOME": prefix.home.path, "MANPAGER": "cat", "MANWIDTH": "80", "LANG": "C.UTF-8",
        ]
        let page = prefix.prefix.appendingPathComponent("share/man/man1/fedictl.1").path
        for arguments in [["-l", page], ["-M", prefix.prefix.appendingPathComponent("share/man").path, "fedictl"]] {
            let result = try await ProcessRunner.run("man", arguments, environment: environment)
            #expect(result.status == 0, "\(result)")
            for heading in ["NAME", "SYNOPSIS", "DESCRIPTION", "ENVIRONMENT", "FILES", "EXIT STATUS", "EXAMPLES"] {
                #expect(
                    result.stdout.contains("\n\(heading)\n"),
                    "man \(arguments.joined(separator: " ")) shows no \(heading)")
            }
            #expect(result.stdout.contains("FEDICTL_ACCOUNT"))
        }
    }

    @Test func installHonoursDestdirAndUninstallRemovesExactlyWhatItInstalled() async throws {
        let root = try TemporaryDirectory.make("destdir")
        defer { try? FileManager.default.removeItem(at: root) }
        let destdir = root.path
        let installed = [
            "bin/fedictl", "share/man/man1/fedictl.1", "share/bash-completion/completions/fedictl",
            "share/zsh/site-functions/_fedictl", "share/fish/vendor_completions.d/fedictl.fish",
            "lib/systemd/user/fedictl-sync@.service", "lib/systemd/user/fedictl-sync@.timer",
            "lib/systemd/user/fedictl-watch@.service",
        ]
        let placement = ["DESTDIR=\(destdir)", "PREFIX=/opt/fedictl"]
        let install = try await ProcessRunner.run("make", InstalledPrefix.make(["install"] + placement))
        #expect(install.status == 0, "\(install)")
        #expect(files(under: root) == installed.map { "opt/fedictl/\($0)" }.sorted())
        let binary = root.appendingPathComponent("opt/fedictl/bin/fedictl").path
        #expect(FileManager.default.isExecutableFile(atPath: binary))
        #expect(try await ProcessRunner.run(binary, ["--version"]).status == 0)

        let neighbour = root.appendingPathComponent("opt/fedictl/share/bash-completion/completions/other")
        try Data("keep me\n".utf8).write(to: neighbour)
        let uninstall = try await ProcessRunner.run("make", InstalledPrefix.make(["uninstall"] + placement))
        #expect(uninstall.status == 0, "\(uninstall)")
        #expect(files(under: root) == ["opt/fedictl/share/bash-completion/completions/other"])
    }

    /// The installed binary answers a completion from the config alone: under strace, no socket is
    /// opened (no D-Bus for the keyring, no HTTP), only the config file is read.
    @Test(.enabled(if: ProcessRunner.isInstalled("strace"), "strace is in the Makefile's APT_PACKAGES"))
    func liveCompletionTouchesNoSocket() async throws {
        let prefix = try await ProcessRunner.onOwnThread { try InstalledPrefix() }
        defer { prefix.remove() }
        let trace = prefix.root.appendingPathComponent("trace")
        let completion = [
            prefix.binary, "---completion", "instance", "info", "--", "--account", "4", "0",
            "fedictl", "instance", "info", "--account", "",
        ]
        let result = try await ProcessRunner.run(
            "strace", ["-f", "-qq", "-e", "trace=socket,connect,openat", "-o", trace.path] + completion,
            environment: prefix.environment)
        try #require(result.status == 0, "\(result)")
        #expect(result.stdout == "alice@mastodon.example\ngts\nmod@gts.example\n")
        let calls = try String(contentsOf: trace, encoding: .utf8)
        #expect(!calls.contains("socket("), "completion opened a socket:\n\(calls)")
        #expect(!calls.contains("connect("), "completion connected somewhere:\n\(calls)")
        #expect(calls.contains("fedictl/config.json"))
    }

    private func files(under root: URL) -> [String] {
        let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey])
        return (enumerator?.compactMap { $0 as? URL } ?? [])
            .filter { (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true }
            .map { String($0.standardizedFileURL.path.dropFirst(root.standardizedFileURL.path.count + 1)) }
            .sorted()
    }
}

/// A temporary folder with `make install PREFIX=<folder>/prefix` done, a home, and a config with
/// two accounts (one with an alias) and two pinned timelines, written by FileLoginStore.
/// Blocking: use it off the cooperative pool (`ProcessRunner.onOwnThread`).
struct InstalledPrefix: Sendable {
    enum Shell: String { case bash, zsh, fish }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    static var toolsPresent: Bool {
        ["make", "tmux", "bash", "zsh", "man"].allSatisfy(ProcessRunner.isInstalled)
            && FileManager.default.fileExists(atPath: "/usr/share/bash-completion/bash_completion")
    }

    let root: URL
    var home: URL { root.appendingPathComponent("home") }
    var prefix: URL { root.appendingPathComponent("prefix") }
    var binary: String { prefix.appendingPathComponent("bin/fedictl").path }

    init() throws {
        root = try TemporaryDirectory.make("prefix")
        let result = try ProcessRunner.runBlocking("make", Self.make(["install", "PREFIX=\(prefix.path)"]))
        guard result.status == 0 else { throw Failure(description: "make install failed: \(result)") }
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        let store = FileLoginStore(paths: ConfigPaths(directory: root.appendingPathComponent("config/fedictl")))
        try store.update { config in
            config.accounts = [
                Login(
                    id: "alice@mastodon.example", username: "alice", baseURL: "https://mastodon.example",
                    scopes: ["read"]),
                Login(
                    id: "mod@gts.example", username: "mod", baseURL: "https://gts.example", scopes: ["read"],
                    aliases: ["gts"]),
            ]
            config.defaultAccount = "alice@mastodon.example"
            config.pins = [
                PinnedTimeline(name: "social", baseURL: "https://mastodon.social"),
                PinnedTimeline(name: "fosstodon", baseURL: "https://fosstodon.org"),
            ]
        }
        try "source /usr/share/bash-completion/bash_completion\nPS1='bash> '\n"
            .write(to: root.appendingPathComponent("bashrc"), atomically: true, encoding: .utf8)
        let zshrc = """
            fpath=(\(prefix.path)/share/zsh/site-functions $fpath)
            autoload -Uz compinit && compinit -u -d \(root.path)/zcompdump
            PS1='zsh> '

            """
        try zshrc.write(to: root.appendingPathComponent(".zshrc"), atomically: true, encoding: .utf8)
        let fishConfig = root.appendingPathComponent("config/fish")
        try FileManager.default.createDirectory(at: fishConfig, withIntermediateDirectories: true)
        try "set -g fish_greeting\nfunction fish_prompt; echo -n 'fish> '; end\n"
            .write(to: fishConfig.appendingPathComponent("config.fish"), atomically: true, encoding: .utf8)
        // A fish that finds no generated_completions starts a Python job that parses every man page
        // on the machine, ten of them at once here, and outlives the shell: a user who has run fish
        // before has that folder.
        try FileManager.default.createDirectory(
            at: home.appendingPathComponent(".local/share/fish/generated_completions"),
            withIntermediateDirectories: true)
    }

    /// Runs `body` with a fresh prefix and removes it afterwards.
    static func withPrefix<T>(_ body: (InstalledPrefix) throws -> T) throws -> T {
        let prefix = try InstalledPrefix()
        defer { prefix.remove() }
        return try body(prefix)
    }

    /// The arguments of `make <arguments>` in the checkout, installing the binary under test (see the suite's note).
    static func make(_ arguments: [String]) -> [String] {
        ["-s", "-C", RepoPaths.root.path, "BIN=\(RepoPaths.fedictlBinary.path)"] + arguments
    }

    func remove() {
        try? FileManager.default.removeItem(at: root)
    }

    /// A fresh login environment with only the prefix added.
    var environment: [String: String] {
        [
            "HOME": home.path, "TERM": "screen", "LANG": "C.UTF-8",
            "PATH": "\(prefix.path)/bin:/usr/bin:/bin",
            "XDG_CONFIG_HOME": root.appendingPathComponent("config").path,
            "XDG_DATA_DIRS": "\(prefix.path)/share:/usr/share",
            "ZDOTDIR": root.path,
        ]
    }

    /// Types `typed` into a new interactive shell, presses TAB (twice in bash to list, as a user
    /// would), and waits for the screen to show `expect`. Nil when it did, else what went wrong.
    func check(_ shell: Shell, typed: String, expect: ShellCompletionTests.Expect) throws -> String? {
        let tmux = Tmux(socket: root.appendingPathComponent("tmux-\(shell.rawValue)").path)
        defer { tmux.stop() }
        let command: [String] =
            switch shell {
            case .bash: ["bash", "--noprofile", "--rcfile", root.appendingPathComponent("bashrc").path, "-i"]
            case .zsh: ["zsh", "-i"]
            case .fish: ["fish", "-i"]
            }
        let prompt = "\(shell.rawValue)> "
        try tmux.start(
            ["env", "-i"] + environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" } + command)
        // tmux trims lines
        guard tmux.waitFor({ $0.contains { $0.hasPrefix(prompt.trimmingCharacters(in: .whitespaces)) } }) else {
            return "\(shell) never showed its prompt:\n\(tmux.screenText)"
        }
        try tmux.type(typed)
        switch expect {
        case .line(let line):
            // A marker typed after TAB shows where the completion left the cursor.
            try tmux.keys("Tab")
            try tmux.type("#")
            if tmux.waitFor({ $0.contains(prompt + line + "#") }) { return nil }
            return "\(shell): \(typed)<TAB> should give \(line):\n\(tmux.screenText)"
        case .lists(let words):
            try tmux.keys(shell == .bash ? "Tab Tab" : "Tab")
            let listed = tmux.waitFor { screen in
                let shown = Set(
                    screen.drop { !$0.hasPrefix(prompt + typed.trimmingCharacters(in: .whitespaces)) }.dropFirst()
                        .flatMap { $0.split(separator: " ").map(String.init) })
                return words.allSatisfy(shown.contains)
            }
            if listed { return nil }
            return "\(shell): \(typed)<TAB> should list \(words.joined(separator: " ")):\n\(tmux.screenText)"
        }
    }
}

/// One private tmux server (its own socket) running one shell in a 160×50 window.
struct Tmux {
    let socket: String

    func start(_ command: [String], columns: Int = 160, rows: Int = 50) throws {
        // The server this forks outlives the call: it must hold no pipe of ours (stdio to /dev/null)
        // nor one a concurrent test's child leaked into this process (every other descriptor
        // closed), or whoever reads that pipe to the end would wait for the server to exit.
        let arguments =
            ["-f", "/dev/null", "-S", socket, "new-session", "-d", "-x", String(columns), "-y", String(rows)] + command
        let detach = ProcessRunner.closingInheritedDescriptors + #"exec tmux "$@" </dev/null >/dev/null 2>&1"#
        let result = try ProcessRunner.runBlocking("bash", ["-c", detach, "tmux"] + arguments)
        guard result.status == 0 else {
            throw InstalledPrefix.Failure(description: "tmux new-session failed: \(result)")
        }
    }

    func type(_ text: String) throws { _ = try run(["send-keys", "-l", "--", text]) }

    /// Key names, space-separated ("Tab Tab").
    func keys(_ keys: String) throws { _ = try run(["send-keys"] + keys.split(separator: " ").map(String.init)) }

    func screen() -> [String] {
        ((try? run(["capture-pane", "-p"]))?.stdout ?? "").split(separator: "\n", omittingEmptySubsequences: false).map(
            String.init)
    }

    var screenText: String { screen().joined(separator: "\n") }

    /// Polls the screen until `done` holds, for up to 20 s (shells start slowly on a loaded machine).
    func waitFor(_ done: ([String]) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline {
            if done(screen()) { return true }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return false
    }

    /// Ends this test's own tmux server (by its socket) and the shell in it. The shell is killed
    /// first: one busy in a completion when the server hangs up on it can outlive the server.
    func stop() {
        if let pane = try? run(["display-message", "-p", "#{pane_pid}"]),
            let pid = Int32(pane.stdout.trimmingCharacters(in: .whitespacesAndNewlines)), pid > 1
        {
            kill(pid, SIGKILL)
        }
        _ = try? run(["kill-server"])
    }

    private func run(_ arguments: [String]) throws -> CommandResult {
        try ProcessRunner.runBlocking("tmux", ["-f", "/dev/null", "-S", socket] + arguments)
    }
}
