import FediCore
import FediOutput
import FoundationEssentials
import Synchronization

/// One server's line of bulk work on the run's `ProgressBoard` (drawn on a terminal only):
/// done/total, failures, a wait for the server's rate limit while the pacer holds the writes back,
/// and the time left. Over several servers each has its own line on the one board. Where no line
/// is drawn (a pipe, JSON), no count is either; only a wait of a second or more is told, a plain
/// line each (`Waiting 4m for example.social's rate limit; 180 of 1,000 done.`), so a cron log
/// explains a pause.
public final class BulkProgress: BulkObserver {
    let board: ProgressBoard
    let label: String
    /// Whether the writes are sent: a fleet's first pass only gathers them for its one
    /// confirmation, and "2/2 done" before the question would be untrue.
    private let countsWrites: Bool
    /// Where a wait is told when no line is drawn.
    private let notice: @Sendable (String) -> Void
    private struct Counts {
        var row: Int?
        var total: Int?
        var done = 0
    }
    private let counts = Mutex(Counts())

    public init(
        board: ProgressBoard, label: String, countsWrites: Bool = true,
        notice: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.board = board
        self.label = label
        self.countsWrites = countsWrites
        self.notice = notice
    }

    /// The writes begin: from here on the line counts them.
    public func start(total: Int) {
        let row = countsWrites ? board.begin(label, total: total) : nil
        counts.withLock { $0 = Counts(row: row, total: total) }
    }

    public func update(done: Int, failed: Int) {
        guard
            let row = counts.withLock({ counts in
                counts.done = done
                return counts.row
            })
        else { return }
        board.progress(row, done: done, failed: failed)
    }

    /// A wait began (reported once per wait by the pacer): on the line, or told once.
    public func waiting(_ wait: PacerWait) {
        guard wait.seconds >= 1 else { return }
        let now = counts.withLock { $0 }
        if let row = now.row { return board.waiting(row, wait) }
        guard !board.live else { return }  // planning, before the lines: the pause is short next to the writes'
        let length = DurationText.format(Int(wait.seconds.rounded(.up)))
        var text =
            switch wait.reason {
            case .rateLimit: "Waiting \(length) for \(wait.host)'s rate limit"
            case .busy: "Waiting \(length): \(wait.host) is busy with another admin action"
            }
        if let total = now.total {
            text += "; \(ProgressBoard.grouped(now.done)) of \(ProgressBoard.grouped(total)) done"
        }
        notice(Renderer.inertLines(text) + ".\n")
    }

    /// This server's line is done; the board erases the lines once every server's is.
    public func finish() {
        guard let row = counts.withLock({ $0.row }) else { return }
        board.end(row)
    }
}

extension Services {
    /// The services of a run whose terminal may carry progress lines: the terminal erases them
    /// before anything else is written. Nested runs (`log undo`) share the outer run's board.
    func drawingProgress(_ globals: GlobalOptions) -> Services {
        guard !(terminal is BoardTerminal) else { return self }
        let format = globals.output ?? .table
        let live = terminal.stdoutIsTTY && terminal.stderrIsTTY && format == .table
        let plain = terminal
        let board = ProgressBoard(live: live, width: terminal.width, now: now) { plain.writeError($0) }
        var services = self
        services.terminal = BoardTerminal(wrapping: terminal, board: board)
        return services
    }
}

extension BulkProgress {
    /// The run's progress lines (none when the command's terminal carries none).
    static func board(of ctx: CommandContext) -> ProgressBoard {
        (ctx.terminal as? BoardTerminal)?.board
            ?? ProgressBoard(live: false, width: nil, now: ctx.services.now, write: { _ in })
    }

    /// The progress line of a bulk write on `ctx`'s server, which counts nothing on a fleet's preview pass.
    convenience init(_ ctx: CommandContext) {
        let terminal = ctx.terminal
        self.init(
            board: Self.board(of: ctx), label: (try? ctx.login())?.server.authority ?? "server",
            countsWrites: ctx.fleetMember?.preview == nil, notice: { terminal.writeError($0) })
    }
}
