import FediTestSupport
import Foundation
import Testing

/// Bulk work's progress on a real terminal (a pty of `script`, which keeps every byte the terminal
/// got) over two rate-limited mastodon_mock servers: a line per server with its counts, the wait
/// for the rate limit while the pacer waits, the lines erased before the summary; on a pipe none.
@Suite(.enabled(if: ProcessRunner.isInstalled("script"), "needs script (util-linux)"))
struct BulkProgressTerminalTests {
    /// 10 requests per 3 s a token: an import of 24 blocks needs three windows or more on each server.
    static func server() async throws -> ServerProcess {
        try await MockServer.start(extraConfig: "[ratelimit]\nenabled = true\nlimit = 10\nwindow_seconds = 3\n")
    }

    @Test func aTerminalSeesEachServersCountsAndItsWaitsAndAPipeNothing() async throws {
        async let first = Self.server()
        async let second = Self.server()
        let servers = try await [first, second]
        defer { servers.forEach { $0.stop() } }
        let home = try TerminalWidthTests.Home(servers: servers)
        defer { try? FileManager.default.removeItem(at: home.root) }
        let both = home.accounts.joined(separator: ",")
        let onTerminal = (0..<24).map { "drawn\($0).example" }
        let piped = (0..<24).map { "piped\($0).example" }
        let list = home.root.appendingPathComponent("terminal.txt")
        try onTerminal.joined(separator: "\n").write(to: list, atomically: true, encoding: .utf8)

        // On a terminal: everything it was sent, escapes and all.
        let typescript = home.root.appendingPathComponent("typescript")
        let command = [RepoPaths.fedictlBinary.path, "--account", both, "domain-blocks", "import", list.path, "--yes"]
            .map { "'\($0)'" }.joined(separator: " ")
        var environment = home.environment
        environment["COLUMNS"] = "100"
        environment["TERM"] = "xterm-256color"
        let run = try await ProcessRunner.run(
            "script", ["-q", "-e", "-c", command, typescript.path], environment: environment)
        #expect(run.status == 0, "\(run)")
        let screen = try String(contentsOf: typescript, encoding: .utf8)
        let drawn = Self.boardLines(screen)
        for server in servers {
            let label = "127.0.0.1:\(server.port)"
            let own = drawn.filter { $0.hasPrefix(label + "  ") }
            #expect(own.contains("\(label)  24/24 done"), "\(label): \(own)")
            // The counts go up as the writes do, and the pacer's waits are on the line while they last.
            #expect(own.contains { $0.range(of: #"  1?[0-9]/24 done"#, options: .regularExpression) != nil }, "\(own)")
            #expect(
                own.contains {
                    $0.range(
                        of: #"/24 done, waiting [0-9]+s for the rate limit, about [0-9]+s left$"#,
                        options: .regularExpression)
                        != nil
                }, "\(label): \(own)")
        }
        // The last lines drawn are erased, and the summary is written where they were.
        let erases = try NSRegularExpression(pattern: #"\r\x{1B}\[[0-9]+F\x{1B}\[J"#)
            .matches(in: screen, range: NSRange(screen.startIndex..., in: screen))
        let erase = try #require(erases.last.flatMap { Range($0.range, in: screen) }, "no erase in \(screen)")
        let after = String(screen[erase.upperBound...])
        #expect(Self.boardLines(after).isEmpty, "\(after)")
        #expect(after.contains("2 accounts: 2 ok, 0 failed"), "\(after)")
        for server in servers {
            #expect(Set(try await PacingTests().blockedDomains(server)) == Set(onTerminal))
        }

        // On a pipe: no line, no wait, no escape; the same work done.
        let pipe = try await ProcessRunner.run(
            RepoPaths.fedictlBinary.path, ["--account", both, "domain-blocks", "import", "-", "--yes"],
            environment: home.environment, input: piped.joined(separator: "\n"))
        #expect(pipe.status == 0, "\(pipe)")
        #expect(!pipe.stderr.contains("/24 done") && !pipe.stderr.contains("waiting"), "\(pipe.stderr)")
        #expect(!pipe.stderr.contains("\u{1B}"), "\(pipe.stderr)")
        for server in servers {
            #expect(Set(try await PacingTests().blockedDomains(server)) == Set(onTerminal + piped))
        }
    }

    /// The progress lines drawn in `screen`: each one's text after its clear-to-end-of-line.
    static func boardLines(_ screen: String) -> [String] {
        screen.components(separatedBy: "\u{1B}[K").dropFirst().compactMap { piece in
            // A pty ends lines with CRLF, one Character.
            let line = piece.prefix { !$0.isNewline && $0 != "\r" }
            return line.range(of: #"  [0-9,]+/[0-9,]+ done"#, options: .regularExpression) != nil ? String(line) : nil
        }
    }
}
