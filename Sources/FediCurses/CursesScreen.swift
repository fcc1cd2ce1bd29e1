import CCursesShim
import FediCommands
import FediCore
import FoundationEssentials
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// `fedictl triage`'s terminal through ncursesw (loaded with dlopen when the screen starts):
/// terminfo, wide characters, colours, the alternate screen and resizing are the library's.
/// Curses is not thread-safe, so one thread of its own makes every call: it waits for a key or for
/// a frame handed to `show` (which wakes it through a pipe, so a decision's answer shows at once),
/// draws the newest frame, and gives the terminal back on `stop`.
public final class CursesScreen: TriageScreen, @unchecked Sendable {
    private struct State {
        var frame: ScreenFrame?
        var stopping = false
        var stopped: [CheckedContinuation<Void, Never>] = []
        var running = false
        var done = false
    }
    private let state = Mutex(State())
    /// `show` writes a byte to `wake.write`; the curses thread's wait for a key ends on it.
    private let wake: (read: Int32, write: Int32)

    public init() {
        var ends: [Int32] = [-1, -1]
        if pipe(&ends) == 0 {
            for end in ends {
                _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
                _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            }
        } else {
            ends = [-1, -1]
        }
        wake = (ends[0], ends[1])
    }

    deinit {
        for end in [wake.read, wake.write] where end >= 0 { close(end) }
    }

    public func start(colors: Bool) async throws -> AsyncStream<ScreenEvent> {
        let (events, feed) = AsyncStream.makeStream(of: ScreenEvent.self)
        let started: String? = await withCheckedContinuation { continuation in
            startThread { [self] in
                if let error = fm_curses_start(colors ? 1 : 0) {
                    continuation.resume(returning: String(cString: error))
                    finish(feed)
                    return
                }
                state.withLock { $0.running = true }
                continuation.resume(returning: nil)
                loop(feed)
            }
        }
        if let started {
            throw FediError(.unavailable, "cannot drive this terminal: \(started)", hint: "fedictl queue")
        }
        return events
    }

    public func show(_ frame: ScreenFrame) {
        state.withLock { $0.frame = frame }
        wakeUp()
    }

    /// Ends the curses thread's wait for a key (a full pipe wakes it already).
    private func wakeUp() {
        var byte: UInt8 = 1
        if wake.write >= 0 { _ = write(wake.write, &byte, 1) }
    }

    public func stop() async {
        await withCheckedContinuation { continuation in
            let resumeNow = state.withLock { state -> Bool in
                if state.done || !state.running { return true }
                state.stopping = true
                state.stopped.append(continuation)
                return false
            }
            if resumeNow { continuation.resume() } else { wakeUp() }
        }
    }

    private func loop(_ feed: AsyncStream<ScreenEvent>.Continuation) {
        var rows: Int32 = 0
        var columns: Int32 = 0
        fm_curses_size(&rows, &columns)
        feed.yield(.resize(rows: Int(rows), columns: Int(columns)))
        while !state.withLock({ $0.stopping }) {
            if let frame = state.withLock({ state -> ScreenFrame? in
                defer { state.frame = nil }
                return state.frame
            }) {
                draw(frame)
            }
            var character: UInt32 = 0
            let key = fm_curses_key(50, wake.read, &character)
            switch Int(key) {
            case Int(FM_KEY_NONE): continue
            case Int(FM_KEY_CHAR):
                if let scalar = Unicode.Scalar(character) { feed.yield(.character(Character(scalar))) }
            case Int(FM_KEY_UP): feed.yield(.up)
            case Int(FM_KEY_DOWN): feed.yield(.down)
            case Int(FM_KEY_PAGE_UP): feed.yield(.pageUp)
            case Int(FM_KEY_PAGE_DOWN): feed.yield(.pageDown)
            case Int(FM_KEY_HOME): feed.yield(.home)
            case Int(FM_KEY_END): feed.yield(.end)
            case Int(FM_KEY_BACKSPACE): feed.yield(.backspace)
            case Int(FM_KEY_ENTER): feed.yield(.enter)
            case Int(FM_KEY_RESIZE):
                fm_curses_size(&rows, &columns)
                feed.yield(.resize(rows: Int(rows), columns: Int(columns)))
            default: continue
            }
        }
        fm_curses_stop()
        finish(feed)
    }

    private func finish(_ feed: AsyncStream<ScreenEvent>.Continuation) {
        feed.finish()
        let waiting = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.done = true
            defer { state.stopped = [] }
            return state.stopped
        }
        for continuation in waiting { continuation.resume() }
    }

    private func draw(_ frame: ScreenFrame) {
        fm_curses_erase()
        var rows: Int32 = 0
        var columns: Int32 = 0
        fm_curses_size(&rows, &columns)
        for (row, spans) in frame.rows.enumerated() where row < Int(rows) {
            var column: Int32 = 0
            for span in spans {
                let scalars = span.text.unicodeScalars.map(\.value)
                column += scalars.withUnsafeBufferPointer { buffer in
                    fm_curses_put(
                        Int32(row), column, buffer.baseAddress, Int32(buffer.count), Int32(span.style.rawValue), columns
                    )
                }
                if column >= columns { break }
            }
        }
        fm_curses_refresh()
    }
}
