import FediCore
import FediOutput
import Foundation

/// A terminal for tests: records stdout and stderr, answers reads from a script.
public final class CapturingTerminal: Terminal, @unchecked Sendable {
    private let lock = NSLock()
    private var out = ""
    private var err = ""
    private var inputLines: [String]
    private let stdinData: Data
    public let stdoutIsTTY: Bool
    public let stderrIsTTY: Bool
    public let stdinIsTTY: Bool
    public let width: Int?

    public init(tty: Bool = false, width: Int? = 80, input: String = "") {
        stdoutIsTTY = tty
        stderrIsTTY = tty
        stdinIsTTY = tty
        self.width = tty ? width : nil
        stdinData = Data(input.utf8)
        inputLines = input.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    public var stdout: String { lock.withLock { out } }
    public var stderr: String { lock.withLock { err } }

    public func write(_ text: String) { lock.withLock { out += text } }
    public func writeError(_ text: String) { lock.withLock { err += text } }

    public func readLine(prompt: String?, secret: Bool) -> String? {
        lock.withLock {
            if let prompt { err += prompt }
            return inputLines.isEmpty ? nil : inputLines.removeFirst()
        }
    }

    /// The scripted input, capped as the real stdin is.
    public func readAll() throws -> Data {
        guard stdinData.count <= BoundedInput.maxBytes else { throw BoundedInput.tooLarge("stdin") }
        return stdinData
    }
}
