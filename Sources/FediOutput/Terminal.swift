import FediCore
import FoundationEssentials
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The facts about where output goes and input comes from. Commands never touch stdio directly.
public protocol Terminal: Sendable {
    func write(_ text: String)
    /// Output that is UTF-8 already (a page of a JSON list): no String made and checked again.
    func write(utf8: [UInt8])
    func writeError(_ text: String)
    var stdoutIsTTY: Bool { get }
    var stderrIsTTY: Bool { get }
    var stdinIsTTY: Bool { get }
    /// Columns of the terminal stdout goes to, when it is one.
    var width: Int? { get }
    /// Reads one line from stdin (nil at end of input). With `secret`, echo is off on a terminal.
    func readLine(prompt: String?, secret: Bool) -> String?
    /// All of stdin, for `--token-stdin` and `import -`; the same bytes every time in one run.
    /// More than `BoundedInput.maxBytes`: exit 65, having read no further.
    func readAll() throws -> Data
}

extension Terminal {
    public func write(utf8: [UInt8]) { write(String(decoding: utf8, as: UTF8.self)) }
}

/// The real process streams.
public struct StandardTerminal: Terminal {
    public init() {}

    public func write(_ text: String) { StandardStream.write(text, to: STDOUT_FILENO) }
    public func write(utf8: [UInt8]) { utf8.withUnsafeBytes { StandardStream.write($0, to: STDOUT_FILENO) } }
    public func writeError(_ text: String) { StandardStream.write(text, to: STDERR_FILENO) }
    public var stdoutIsTTY: Bool { Self.isTTY(STDOUT_FILENO) }
    public var stderrIsTTY: Bool { Self.isTTY(STDERR_FILENO) }
    public var stdinIsTTY: Bool { isatty(STDIN_FILENO) == 1 }

    public var width: Int? {
        var size = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        if let columns = ProcessInfo.processInfo.environment["COLUMNS"], let value = Int(columns) { return value }
        return nil
    }

    public func readLine(prompt: String?, secret: Bool) -> String? {
        if let prompt { writeError(prompt) }
        guard secret, stdinIsTTY else { return StandardStream.readLine(STDIN_FILENO) }
        var saved = termios()
        tcgetattr(STDIN_FILENO, &saved)
        var quiet = saved
        quiet.c_lflag &= ~tcflag_t(ECHO)
        tcsetattr(STDIN_FILENO, TCSANOW, &quiet)
        defer {
            tcsetattr(STDIN_FILENO, TCSANOW, &saved)
            writeError("\n")
        }
        return StandardStream.readLine(STDIN_FILENO)
    }

    /// Read once per run and kept: over several accounts each account's command reads stdin
    /// (`import -`, `--token-stdin`), and the second would find it empty.
    public func readAll() throws -> Data {
        try Self.standardInput.withLock { kept in
            if kept == nil {
                kept = Result { () throws(FediError) in
                    do {
                        return try StandardStream.readAll(STDIN_FILENO)
                    } catch {
                        throw BoundedInput.tooLarge("stdin")
                    }
                }
            }
            return try kept!.get()
        }
    }

    private static let standardInput = Mutex<Result<Data, FediError>?>(nil)

    static func isTTY(_ fd: Int32) -> Bool {
        isatty(fd) == 1 && ProcessInfo.processInfo.environment["TERM"] != "dumb"
    }
}
