import FediCore
import FoundationEssentials
import Synchronization

/// The progress of bulk work on a terminal: one line per server (`mastodon.example  56/70 done,
/// 2 failed, waiting 23s for the rate limit, about 1m10s left`), redrawn in place under what was
/// printed before. Lines are drawn only when stdout and stderr are both a terminal and the output is
/// a table (gh's rule: a pipe or JSON gets none). Once every server's work is finished the lines are
/// erased, so the summary that follows takes their place. Anything else written to the terminal
/// while lines are up erases them first (`BoardTerminal`); the next change draws them again.
public final class ProgressBoard: Sendable {
    public struct Row: Sendable, Equatable {
        public var label: String
        public var total: Int
        public var done = 0
        public var failed = 0
        public var started: Date
        public var waitUntil: Date?
        public var waitReason: PacerWait.Reason = .rateLimit
        public var finished = false
        /// The count last drawn, so a long run is redrawn about a hundred times, not once a step.
        var shown = -1

        public init(label: String, total: Int, started: Date) {
            self.label = label
            self.total = total
            self.started = started
        }
    }

    private struct State {
        var rows: [Row] = []
        /// Lines on screen now, above the cursor.
        var drawn = 0
    }

    /// Whether anything is drawn at all.
    public let live: Bool
    let width: Int
    let now: @Sendable () -> Date
    let write: @Sendable (String) -> Void
    private let state = Mutex(State())

    /// `write` goes to stderr, unfiltered (not through a `BoardTerminal`, which would erase the lines).
    public init(
        live: Bool, width: Int?, now: @escaping @Sendable () -> Date, write: @escaping @Sendable (String) -> Void
    ) {
        self.live = live
        self.width = max(20, width ?? 80)
        self.now = now
        self.write = write
    }

    /// A new line for one server's work of `total` steps; its handle for the calls below.
    public func begin(_ label: String, total: Int) -> Int? {
        guard live else { return nil }
        return state.withLock { state in
            state.rows.append(Row(label: label, total: total, started: now()))
            return state.rows.count - 1
        }
    }

    public func progress(_ row: Int, done: Int, failed: Int) {
        change(row) { line, now in
            let redraw =
                done == line.total || failed != line.failed || line.waitUntil != nil
                || done - line.shown >= max(1, line.total / 100)
            line.done = done
            line.failed = failed
            // A step can finish during a wait (it was in flight before): the wait stands until its end.
            if let until = line.waitUntil, until <= now { line.waitUntil = nil }
            return redraw
        }
    }

    /// A wait began; those under a second go unmentioned.
    public func waiting(_ row: Int, _ wait: PacerWait) {
        guard wait.seconds >= 1 else { return }
        change(row) { line, now in
            line.waitUntil = now.addingTimeInterval(wait.seconds)
            line.waitReason = wait.reason
            return true
        }
    }

    /// This server's work is over. When every server's is, the lines are erased.
    public func end(_ row: Int) {
        guard live else { return }
        state.withLock { state in
            guard state.rows.indices.contains(row) else { return }
            state.rows[row].finished = true
            guard state.rows.allSatisfy(\.finished) else { return }
            erase(&state)
            state.rows = []
        }
    }

    /// Erases the lines (before other output, or at the end of the command).
    public func clear() {
        guard live else { return }
        state.withLock { erase(&$0) }
    }

    private func change(_ row: Int, _ body: (inout Row, Date) -> Bool) {
        guard live else { return }
        let now = now()
        state.withLock { state in
            guard state.rows.indices.contains(row), !state.rows[row].finished else { return }
            guard body(&state.rows[row], now) else { return }
            state.rows[row].shown = state.rows[row].done
            draw(&state, now: now)
        }
    }

    /// Up over the lines drawn, then every line again (each cleared to its end first).
    private func draw(_ state: inout State, now: Date) {
        var text = state.drawn > 0 ? "\r\u{1B}[\(state.drawn)F" : "\r"
        for row in state.rows {
            // A line never wider than the terminal: a wrapped one would throw the count of lines off.
            text += "\u{1B}[K" + String(Self.line(row, now: now).prefix(width - 1)) + "\n"
        }
        state.drawn = state.rows.count
        write(text)
    }

    private func erase(_ state: inout State) {
        guard state.drawn > 0 else { return }
        write("\r\u{1B}[\(state.drawn)F\u{1B}[J")
        state.drawn = 0
    }

    /// One server's line: `label  done/total done[, N failed][, waiting …][, about … left]`.
    public static func line(_ row: Row, now: Date) -> String {
        var text = "\(Renderer.inertLines(row.label))  \(grouped(row.done))/\(grouped(row.total)) done"
        if row.failed > 0 { text += ", \(grouped(row.failed)) failed" }
        var left: Double?
        if row.done > 0, row.done < row.total {
            // The pace so far, its waits for the server's limit included: the pacing decides it.
            let elapsed = now.timeIntervalSince(row.started)
            left = elapsed / Double(row.done) * Double(row.total - row.done)
        }
        if let until = row.waitUntil, until > now {
            let wait = until.timeIntervalSince(now)
            let why =
                switch row.waitReason {
                case .rateLimit: "for the rate limit"
                case .busy: "while the server is busy with another admin action"
                }
            text += ", waiting \(seconds(wait)) \(why)"
            left = max(left ?? 0, wait)
        }
        if let left, left >= 1 { text += ", about \(seconds(left)) left" }
        return text
    }

    static func seconds(_ value: Double) -> String { DurationText.format(Int(value.rounded(.up))) }

    /// 1000 → "1,000".
    public static func grouped(_ number: Int) -> String {
        let digits = String(number.magnitude)
        var text = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { text.append(",") }
            text.append(digit)
        }
        return number < 0 ? "-" + text : text
    }
}

/// The terminal while a `ProgressBoard` may be drawn on it: whatever else is written, or asked,
/// erases the board's lines first, so output never lands in the middle of them.
public struct BoardTerminal: Terminal {
    public let wrapped: any Terminal
    public let board: ProgressBoard

    public init(wrapping terminal: any Terminal, board: ProgressBoard) {
        self.wrapped = terminal
        self.board = board
    }

    public func write(_ text: String) {
        board.clear()
        wrapped.write(text)
    }

    public func write(utf8: [UInt8]) {
        board.clear()
        wrapped.write(utf8: utf8)
    }

    public func writeError(_ text: String) {
        board.clear()
        wrapped.writeError(text)
    }

    public var stdoutIsTTY: Bool { wrapped.stdoutIsTTY }
    public var stderrIsTTY: Bool { wrapped.stderrIsTTY }
    public var stdinIsTTY: Bool { wrapped.stdinIsTTY }
    public var width: Int? { wrapped.width }

    public func readLine(prompt: String?, secret: Bool) -> String? {
        board.clear()
        return wrapped.readLine(prompt: prompt, secret: secret)
    }

    public func readAll() throws -> Data { try wrapped.readAll() }
}
