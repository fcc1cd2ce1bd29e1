import FediCommands
import Foundation

/// A triage screen for tests: a size, then keys from a script, each sent once the frames shown
/// so far allow it (`waitFor` holds the script until a frame shows the text). Records every frame.
/// No clock: the script advances only when the screen draws.
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
    public private(set) var stops = 0
    public let rows: Int
    public let columns: Int

    public init(rows: Int = 24, columns: Int = 80, _ steps: [Step]) {
        self.rows = rows
        self.columns = columns
        self.steps = steps
    }

    /// Keys typed as characters (`"jjr"`), each its own step.
    public static func keys(_ text: String) -> [Step] { text.map { .key(.character($0)) } }

    public var frames: [ScreenFrame] { lock.withLock { shown } }
    public var last: ScreenFrame? { frames.last }
    public var wasStarted: Bool { lock.withLock { started } }

    public func start(colors: Bool) async throws -> AsyncStream<ScreenEvent> {
        let (events, feed) = AsyncStream.makeStream(of: ScreenEvent.self)
        lock.withLock {
            started = true
            self.feed = feed
        }
        feed.yield(.resize(rows: rows, columns: columns))
        return events
    }

    public func show(_ frame: ScreenFrame) {
        lock.lock()
        shown.append(frame)
        let key = nextKey(after: frame.text.joined(separator: "\n"))
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

    public func stop() async {
        lock.withLock {
            stops += 1
            feed?.finish()
        }
    }
}
