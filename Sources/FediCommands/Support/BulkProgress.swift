import FoundationEssentials
import FediCore
import FediOutput

/// Progress of bulk work on stderr. On a terminal one line redrawn in place (`\r  120/1000 written`,
/// or `waiting 4m12s for example.social's rate limit; 180 of 1,000 done` while a server's limit is
/// waited out). Elsewhere only the waits are told, a line each, so a cron log explains a pause.
public final class BulkProgress: @unchecked Sendable {
    let terminal: any Terminal
    let isTTY: Bool
    private let lock = Lock()
    private var total: Int?
    private var done = 0
    private var shown = -1
    /// The line on screen is a wait: the next redraw clears it first (it may be longer).
    private var showingWait = false

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
        lock.withLock { self.total = total }
    }

    public func update(_ done: Int) {
        lock.withLock {
            self.done = done
            guard isTTY, countsWrites, let total else { return }
            // At most about a hundred redraws, and always the last.
            guard done == total || done - shown >= max(1, total / 100) else { return }
            shown = done
            terminal.writeError((showingWait ? "\r\u{1B}[K" : "\r") + "  \(done)/\(total) written")
            showingWait = false
        }
    }

    /// A wait began (reported once per wait by the pacer). Waits under a second go unmentioned.
    public func waiting(_ wait: PacerWait) {
        guard wait.seconds >= 1 else { return }
        lock.withLock {
            let length = DurationText.format(Int(wait.seconds.rounded(.up)))
            var text = switch wait.reason {
            case .rateLimit: "waiting \(length) for \(wait.host)'s rate limit"
            case .busy: "waiting \(length): \(wait.host) is busy with another admin action"
            }
            if let total { text += "; \(Self.grouped(done)) of \(Self.grouped(total)) done" }
            if isTTY {
                terminal.writeError("\r\u{1B}[K  " + Renderer.inertLines(text))
                showingWait = true
            } else {
                terminal.writeError(Renderer.inertLines(text.prefix(1).uppercased() + text.dropFirst()) + ".\n")
            }
        }
    }

    /// Ends the line on a terminal, so what follows starts on its own.
    public func finish() {
        lock.withLock {
            if isTTY, shown >= 0 || showingWait { terminal.writeError("\n") }
            (shown, showingWait) = (-1, false)
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
    func bulkProgress() -> BulkProgress { BulkProgress(terminal: terminal, countsWrites: pin?.preview == nil) }
}
