import FediCommands
import FediTestSupport
import Foundation
import Testing

/// The completion scripts and the man page are generated from the command tree and committed
/// (swift-format's GeneratedFilesValidityTests pattern). These fail, naming `make generate`, when a
/// command, option or help text changed and the files were not regenerated.
///
/// The man page comes from the generate-manual plugin, which needs a package build, so it is not
/// rebuilt here. Instead `scripts/tidy-manual` records in the page's first line the SHA-256 of the
/// `--experimental-dump-help` JSON it was made from (all generate-manual reads) and of itself; the
/// test dumps the tree in-process and compares. That runs under a plain `swift test` on a fresh
/// clone. When the generate-manual tool is in the build folder (after `make generate`),
/// `manPageRegeneratesIdentically` also rebuilds the page and compares it whole.
@Suite struct GeneratedFilesTests {
    static let root = RepoPaths.root
    static let page = root.appendingPathComponent("man/fedictl.1")
    static let regenerate = "run make generate"

    /// Through the built binary rather than `Fedictl.completionScript` in this process: generating a
    /// script leaves ArgumentParser's `CompletionShell.requesting` set for the rest of the process,
    /// which would change how the in-process `---completion` tests format their answers.
    @Test(arguments: Completion.Shell.allCases)
    func completionScriptIsCurrent(_ shell: Completion.Shell) async throws {
        let generated = try await BinaryRunner.run(["completion", shell.rawValue])
        try #require(generated.status == 0, "\(generated)")
        #expect(
            generated.stdout.hasPrefix(
                shell == .zsh ? "#compdef fedictl\n" : shell == .bash ? "#!/bin/bash\n" : "function __fedictl_"))
        let committed = try? String(contentsOf: Self.root.appendingPathComponent(shell.committedPath), encoding: .utf8)
        // a Bool, so a failure does not print both scripts
        let upToDate = committed.map(trimmed) == trimmed(generated.stdout)
        #expect(upToDate, "\(shell.committedPath) is out of date; \(Self.regenerate)")
    }

    @Test func unknownShellIsAUsageError() async {
        let result = await CommandHarness().run(["completion", "tcsh"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("tcsh"))
    }

    @Test func manPageIsCurrent() async throws {
        let dump = await CommandHarness().run(["--experimental-dump-help"])
        try #require(dump.status == 0)
        let header = try String(contentsOf: Self.page, encoding: .utf8).prefix { $0 != "\n" }
        let tree = try await sha256(Data(dump.stdout.utf8))
        let tidy = try await sha256(Data(contentsOf: Self.root.appendingPathComponent("scripts/tidy-manual")))
        #expect(
            header.contains("help (sha256 \(tree))"),
            "man/fedictl.1 is out of date (the command tree changed); \(Self.regenerate)")
        #expect(
            header.contains("tidy-manual (sha256 \(tidy))"),
            "man/fedictl.1 is out of date (scripts/tidy-manual changed); \(Self.regenerate)")
    }

    @Test(.enabled(if: ManualTool.path != nil, "the generate-manual tool is built by make generate"))
    func manPageRegeneratesIdentically() async throws {
        let tool = try #require(ManualTool.path)
        let dump = await CommandHarness().run(["--experimental-dump-help"])
        let directory = try TemporaryDirectory.make("manual")
        defer { try? FileManager.default.removeItem(at: directory) }
        let dumpFile = directory.appendingPathComponent("fedictl.help.json")
        try Data(dump.stdout.utf8).write(to: dumpFile)
        // generate-manual runs `<tool> --experimental-dump-help`; a stub named fedictl answers with the dump.
        let stub = directory.appendingPathComponent("fedictl")
        try "#!/bin/sh\nexec cat '\(dumpFile.path)'\n".write(to: stub, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: stub.path)
        let generated = try await ProcessRunner.run(
            tool, [stub.path, "--date", try ManualTool.pinnedDate(), "--output-directory", directory.path])
        try #require(generated.status == 0, "\(generated)")
        let raw = try String(contentsOf: directory.appendingPathComponent("fedictl.1"), encoding: .utf8)
        let tidy = Self.root.appendingPathComponent("scripts/tidy-manual").path
        let tidied = try await ProcessRunner.run(tidy, ["--dump", dumpFile.path], input: raw)
        try #require(tidied.status == 0, "\(tidied)")
        let upToDate = tidied.stdout == (try String(contentsOf: Self.page, encoding: .utf8))
        #expect(upToDate, "man/fedictl.1 is out of date; \(Self.regenerate)")
    }

    @Test(.enabled(if: ProcessRunner.isInstalled("mandoc"), "mandoc is in the Makefile's APT_PACKAGES"))
    func mandocFindsNothingAboveStyle() async throws {
        let lint = try await ProcessRunner.run("mandoc", ["-Tlint", "-Wwarning", Self.page.path])
        #expect(
            lint.stdout + lint.stderr == "",
            "mandoc -Tlint: fix scripts/tidy-manual or the help text, then \(Self.regenerate)")
    }

    @Test func manPageHasTheReferenceSections() throws {
        let page = try String(contentsOf: Self.page, encoding: .utf8)
        #expect(page.contains(".Dd November 21, 2026"))
        for section in [".Sh DESCRIPTION", ".Sh ENVIRONMENT", ".Sh FILES", #".Sh "EXIT STATUS""#, ".Sh EXAMPLES"] {
            #expect(page.contains("\n\(section)\n"), "missing \(section)")
        }
        for variable in ["FEDICTL_ACCOUNT", "FEDICTL_TOKEN", "FEDICTL_INSTANCE", "XDG_CONFIG_HOME", "NO_COLOR"] {
            #expect(page.contains(".It Ev \(variable)\n"), "ENVIRONMENT misses \(variable)")
        }
        for status in [0, 1, 64, 65, 66, 69, 75, 76, 77, 78] {
            #expect(page.contains("\n.It \(status)\n"), "EXIT STATUS misses \(status)")
        }
        #expect(page.contains(".It Pa $XDG_CONFIG_HOME/fedictl/config.json"))
        #expect(!page.contains(".Ex -std"), "the generic exit-status sentence should give way to the table")
        // The global options are listed once, at the root, not under every command.
        #expect(page.components(separatedBy: ".It Fl -account Ar account...\n").count == 2)
    }
}

/// The generate-manual executable the plugin builds, next to the fedictl this test runs against.
enum ManualTool {
    static var path: String? {
        let candidate = RepoPaths.fedictlBinary.deletingLastPathComponent().appendingPathComponent(
            "generate-manual-tool"
        ).path
        return FileManager.default.isExecutableFile(atPath: candidate) ? candidate : nil
    }

    /// MAN_DATE from the Makefile: the page's pinned date.
    static func pinnedDate() throws -> String {
        let makefile = try String(contentsOf: RepoPaths.root.appendingPathComponent("Makefile"), encoding: .utf8)
        let line = makefile.split(separator: "\n").first { $0.hasPrefix("MAN_DATE := ") }
        return try #require(line).dropFirst("MAN_DATE := ".count).trimmingCharacters(in: .whitespaces)
    }
}

private func trimmed(_ text: String) -> String {
    text.trimmingCharacters(in: .whitespacesAndNewlines)
}

private func sha256(_ data: Data) async throws -> String {
    let result = try await ProcessRunner.run("sha256sum", [], input: String(decoding: data, as: UTF8.self))
    return String(result.stdout.prefix { !$0.isWhitespace })
}
