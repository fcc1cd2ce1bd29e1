import FediCore
import FediOutput
import FoundationEssentials
import Synchronization

/// Progress of bulk work on stderr. On a terminal one line redrawn in place (`\r  120/1000 written`,
/// or `waiting 4m12s for example.social's rate limit; 180 of 1,000 done` while a server's limit is
/// waited out). Elsewhere only the waits are told, a line each, so a cron log explains a pause.
public final class BulkProgress: BulkObserver {
    let terminal: any Terminal
    let isTTY: Bool
    private struct Line {
        var total: Int?
        var done = 0
        var shown = -1
        /// The line on screen is a wait: the next redraw clears it first (it may be longer).
        var showingWait = false
    }
    /// Held while the line is written too, so two redraws never interleave.
    private let line = Mutex(Line())

    /// Whether the writes are sent: a fleet's first pass only gathers them for its one
    /// confirmation, and "2/2 written" before the question would be untrue.
    private let countsWrites: Bool

    public init(terminal: any Terminal, countsWrites: Bool = true) {
        self.terminal = terminal
        self.isTTY = terminal.stderrIsTTY
        self.countsWrites = countsWrites
    }

    /// The writes begin: from here on the line counts them.
    public func start(total: Int) {
        line.withLock { $0.total = total }
    }

    public func update(_ done: Int) {
        line.withLock { line in
            line.done = done
            guard isTTY, countsWrites, let total = line.total else { return }
            // At most about a hundred redraws, and always the last.
            guard done == total || done - line.shown >= max(1, total / 100) else { return }
            line.shown = done
            terminal.writeError((line.showingWait ? "\r\u{1B}[K" : "\r") + "  \(done)/\(total) written")
            line.showingWait = false
        }
    }

    /// A wait began (reported once per wait by the pacer). Waits under a second go unmentioned.
    public func waiting(_ wait: PacerWait) {
        guard wait.seconds >= 1 else { return }
        line.withLock { line in
            let length = DurationText.format(Int(wait.seconds.rounded(.up)))
            var text =
                switch wait.reason {
                case .rateLimit: "waiting \(length) for \(wait.host)'s rate limit"
                case .busy: "waiting \(length): \(wait.host) is busy with another admin action"
                }
            if let total = line.total { text += "; \(Self.grouped(line.done)) of \(Self.grouped(total)) done" }
            if isTTY {
                terminal.writeError("\r\u{1B}[K  " + Renderer.inertLines(text))
                line.showingWait = true
            } else {
                terminal.writeError(Renderer.inertLines(text.prefix(1).uppercased() + text.dropFirst()) + ".\n")
            }
        }
    }

    /// Ends the line on a terminal, so what follows starts on its own.
    public func finish() {
        line.withLock { line in
            if isTTY, line.shown >= 0 || line.showingWait { terminal.writeError("\n") }
            (line.shown, line.showingWait) = (-1, false)
        }
    }

    /// 1000 → "1,000".
    static func grouped(_ number: Int) -> String {
        let digits = String(number.magnitude)
        var text = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { text.append(",") }
            text.append(digit)
        }
        return number < 0 ? "-" + text : text
    }
}

extension CommandContext {
    /// The progress line of a bulk write, which counts nothing on a fleet's preview pass.
    func bulkProgress() -> BulkProgress { BulkProgress(terminal: terminal, countsWrites: fleetMember?.preview == nil) }
}
