import FediCore
import FediOutput
import FediTestSupport
import Foundation
import Testing

@testable import FediCommands

/// What a person sees on stderr while bulk work runs: a line per server on a terminal, nothing elsewhere.
struct BulkProgressTests {
    final class Clock: Sendable {
        let seconds = Recorded<Double>()
        var now: Date { Date(timeIntervalSince1970: 1_000_000 + (seconds.all.last ?? 0)) }
        func at(_ value: Double) { seconds.append(value) }
    }

    func board(live: Bool = true, clock: Clock, terminal: CapturingTerminal) -> ProgressBoard {
        ProgressBoard(live: live, width: 80, now: { clock.now }, write: { terminal.writeError($0) })
    }

    @Test func aTerminalSeesEachServersLineRedrawnInPlaceAndErasedAtTheEnd() {
        let terminal = CapturingTerminal(tty: true)
        let clock = Clock()
        let board = board(clock: clock, terminal: terminal)
        let a = BulkProgress(board: board, label: "a.example")
        let b = BulkProgress(board: board, label: "b.example")
        a.start(total: 1000)
        b.start(total: 2)
        clock.at(10)
        a.update(done: 180, failed: 0)
        a.waiting(PacerWait(host: "a.example", seconds: 251.2, reason: .rateLimit))
        b.update(done: 1, failed: 1)
        b.update(done: 2, failed: 1)
        b.finish()  // a's still runs: both lines stay
        clock.at(300)
        a.update(done: 1000, failed: 0)
        a.finish()
        let up = "\r\u{1B}[2F"
        #expect(
            terminal.stderr
                == "\r\u{1B}[Ka.example  180/1,000 done, about 46s left\n"
                + "\u{1B}[Kb.example  0/2 done\n"
                + "\(up)\u{1B}[Ka.example  180/1,000 done, waiting 4m12s for the rate limit, about 4m12s left\n"
                + "\u{1B}[Kb.example  0/2 done\n"
                + "\(up)\u{1B}[Ka.example  180/1,000 done, waiting 4m12s for the rate limit, about 4m12s left\n"
                + "\u{1B}[Kb.example  1/2 done, 1 failed, about 10s left\n"
                + "\(up)\u{1B}[Ka.example  180/1,000 done, waiting 4m12s for the rate limit, about 4m12s left\n"
                + "\u{1B}[Kb.example  2/2 done, 1 failed\n"
                + "\(up)\u{1B}[Ka.example  1,000/1,000 done\n"
                + "\u{1B}[Kb.example  2/2 done, 1 failed\n"
                + "\(up)\u{1B}[J")
    }

    @Test func otherOutputErasesTheLinesFirstAndTheNextChangeDrawsThemAgain() {
        let capture = CapturingTerminal(tty: true)
        let clock = Clock()
        let board = board(clock: clock, terminal: capture)
        let terminal = BoardTerminal(wrapping: capture, board: board)
        let progress = BulkProgress(board: board, label: "a.example")
        progress.start(total: 4)
        progress.update(done: 1, failed: 0)
        terminal.writeError("fedictl: b.example: refused\n")
        progress.update(done: 2, failed: 0)
        #expect(
            capture.stderr
                == "\r\u{1B}[Ka.example  1/4 done\n\r\u{1B}[1F\u{1B}[J"
                + "fedictl: b.example: refused\n\r\u{1B}[Ka.example  2/4 done\n")
    }

    @Test func linesNeverOutgrowTheTerminal() {
        let terminal = CapturingTerminal(tty: true)
        let clock = Clock()
        let board = ProgressBoard(live: true, width: 30, now: { clock.now }, write: { terminal.writeError($0) })
        let progress = BulkProgress(board: board, label: "a-long-server-name.example")
        progress.start(total: 10)
        progress.waiting(PacerWait(host: "a", seconds: 23, reason: .rateLimit))
        let line = terminal.stderr.split(separator: "\n").first.map(String.init) ?? ""
        #expect(line == "\r\u{1B}[Ka-long-server-name.example  0")
    }

    @Test func aPreviewPassDrawsNothing() {
        let terminal = CapturingTerminal(tty: true)
        let preview = BulkProgress(board: board(clock: Clock(), terminal: terminal), label: "a", countsWrites: false)
        preview.start(total: 3)
        preview.update(done: 1, failed: 0)
        preview.waiting(PacerWait(host: "a", seconds: 30, reason: .busy))
        preview.finish()
        #expect(terminal.stderr.isEmpty)
    }

    @Test func withoutLinesNoCountIsToldAndEachWaitIsOneLine() {
        let terminal = CapturingTerminal()
        let board = board(live: false, clock: Clock(), terminal: terminal)
        let progress = BulkProgress(board: board, label: "gts.example", notice: { terminal.writeError($0) })
        progress.waiting(PacerWait(host: "gts.example", seconds: 30, reason: .busy))  // while planning
        progress.start(total: 1200)
        progress.update(done: 3, failed: 1)
        progress.waiting(PacerWait(host: "gts.example", seconds: 0.4, reason: .rateLimit))
        progress.waiting(PacerWait(host: "gts.example", seconds: 59.5, reason: .rateLimit))
        progress.update(done: 1200, failed: 1)
        progress.finish()
        #expect(
            terminal.stderr == "Waiting 30s: gts.example is busy with another admin action.\n"
                + "Waiting 1m for gts.example's rate limit; 3 of 1,200 done.\n")
    }

    @Test(arguments: [
        (false, false, OutputFormat?.none, false), (true, true, OutputFormat?.none, true),
        (true, true, OutputFormat.json, false), (true, true, OutputFormat.ndjson, false),
        (true, false, OutputFormat?.none, false), (false, true, OutputFormat?.none, false),
    ])
    func linesAreDrawnOnlyOnATerminalWithATable(stdout: Bool, stderr: Bool, format: OutputFormat?, live: Bool) throws {
        var services = Services.unconfigured
        services.terminal = Streams(stdoutIsTTY: stdout, stderrIsTTY: stderr)
        var globals = try GlobalOptions.parse([])
        globals.output = format
        let drawn = services.drawingProgress(globals)
        #expect((drawn.terminal as? BoardTerminal)?.board.live == live)
    }

    /// A terminal that is one only where asked.
    struct Streams: Terminal {
        var stdoutIsTTY: Bool
        var stderrIsTTY: Bool
        var stdinIsTTY: Bool { false }
        var width: Int? { 80 }
        func write(_ text: String) {}
        func writeError(_ text: String) {}
        func readLine(prompt: String?, secret: Bool) -> String? { nil }
        func readAll() throws -> Data { Data() }
    }

    @Test(arguments: [(0, "0"), (999, "999"), (1000, "1,000"), (1_234_567, "1,234,567")])
    func countsAreGroupedInThousands(number: Int, text: String) {
        #expect(ProgressBoard.grouped(number) == text)
    }
}
