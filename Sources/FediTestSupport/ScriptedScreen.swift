import FediCommands
import Foundation
import Testing

/// A triage screen for tests: a size, then keys from a script, each sent once the frames shown
/// so far allow it (`waitFor` holds the script until a frame shows the text). Records every frame.
/// No clock: the script advances only when the screen draws. It cannot hang a test: once the
/// session has settled (nothing in flight, every key handled) with the script waiting for text the
/// screen does not show, the wait fails the test (`unmet`) and the keys end, as they do when the
/// script runs out; the screen then closes as on `q`.
public final class ScriptedScreen: TriageScreen, @unchecked Sendable {
    public enum Step: Sendable {
        case key(ScreenEvent)
        /// Holds the script until a frame shows `text`.
        case waitFor(String)
    }

    private let lock = NSLock()
    private var steps: [Step]
    private var feed: AsyncStream<ScreenEvent>.Continuation?
    private var shown: [ScreenFrame] = []
    private var started = false
    /// Events handed to the session (the size, then keys).
    private var sent = 0
    private var failedWait: String?
    public private(set) var stops = 0
    public let rows: Int
    public let columns: Int
    let sourceLocation: SourceLocation

    public init(rows: Int = 24, columns: Int = 80, _ steps: [Step], sourceLocation: SourceLocation = #_sourceLocation) {
        self.rows = rows
        self.columns = columns
        self.steps = steps
        self.sourceLocation = sourceLocation
    }

    /// Keys typed as characters (`"jjr"`), each its own step.
    public static func keys(_ text: String) -> [Step] { text.map { .key(.character($0)) } }

    public var frames: [ScreenFrame] { lock.withLock { shown } }
    public var last: ScreenFrame? { frames.last }
    public var wasStarted: Bool { lock.withLock { started } }
    /// The text a `waitFor` waited for when the session settled without showing it.
    public var unmet: String? { lock.withLock { failedWait } }

    public func start(colors: Bool) async throws -> AsyncStream<ScreenEvent> {
        let (events, feed) = AsyncStream.makeStream(of: ScreenEvent.self)
        lock.withLock {
            started = true
            self.feed = feed
            sent += 1
        }
        feed.yield(.resize(rows: rows, columns: columns))
        return events
    }

    public func show(_ frame: ScreenFrame) {
        lock.lock()
        shown.append(frame)
        let key = nextKey(after: frame.text.joined(separator: "\n"))
        if key != nil { sent += 1 }
        let feed = self.feed
        lock.unlock()
        if let key { feed?.yield(key) }
    }

    /// The next key the script allows once `text` is shown: one per frame, so each later step is
    /// judged on the frame that key brings. Called with the lock held.
    private func nextKey(after text: String) -> ScreenEvent? {
        while let step = steps.first {
            steps.removeFirst()
            switch step {
            case .key(let key): return key
            case .waitFor(let wanted) where !text.contains(wanted):
                steps.insert(step, at: 0)
                return nil
            case .waitFor: continue
            }
        }
        return nil
    }

    /// The session waits for keys alone: a key still on its way will bring a frame; else the
    /// script is over, or waits for what will never come.
    public func settled(events: Int) {
        lock.lock()
        guard events >= sent, let feed else {
            lock.unlock()
            return
        }
        var wanted: String?
        if case .waitFor(let text) = steps.first {
            wanted = text
            failedWait = text
        }
        steps = []
        let last = shown.last?.text.joined(separator: "\n") ?? "(nothing shown)"
        lock.unlock()
        if let wanted {
            Issue.record(
                "the triage screen settled without showing \"\(wanted)\"; its last frame:\n\(last)",
                sourceLocation: sourceLocation)
        }
        feed.finish()
    }

    public func stop() async {
        lock.withLock {
            stops += 1
            feed?.finish()
        }
    }
}
