import Foundation

/// fedictl's writes to stdout and stderr one by one, as strace sees them: a pipe merges writes, so
/// only the system calls show whether each one is a whole line (what journald needs off a terminal).
public enum WriteTrace {
    public static var isAvailable: Bool { ProcessRunner.isInstalled("strace") }

    /// strace's arguments before the traced command: every thread's writes, each byte as `\xNN`,
    /// nothing cut short; seccomp keeps every other system call untraced (and at full speed).
    public static func arguments(to trace: URL) -> [String] {
        [
            "-f", "-qq", "--seccomp-bpf", "-e", "trace=write", "-e", "signal=none", "-xx", "-s", "1000000", "-o",
            trace.path, "--",
        ]
    }

    /// The text of each write to `descriptor` in the trace, in order.
    public static func writes(in trace: URL, to descriptor: Int32) throws -> [String] {
        let text = try String(contentsOf: trace, encoding: .utf8)
        let call = "write(\(descriptor), \""
        return text.split(separator: "\n").compactMap { line -> String? in
            guard let start = line.range(of: call) else { return nil }
            let hex = line[start.upperBound...].prefix { $0 != "\"" }
            var bytes: [UInt8] = []
            var rest = hex[...]
            while rest.hasPrefix("\\x"), let byte = UInt8(rest.dropFirst(2).prefix(2), radix: 16) {
                bytes.append(byte)
                rest = rest.dropFirst(4)
            }
            return String(decoding: bytes, as: UTF8.self)
        }
    }

    /// The writes that would not read as journal lines: not ending in a newline, or holding a
    /// carriage return (a redraw) or an escape (colour, clearing a line).
    public static func unfitForJournal(_ writes: [String]) -> [String] {
        // Bytes, not characters: "\r\n" is one Character, which neither `hasSuffix` nor `contains` would split.
        writes.filter {
            $0.utf8.last != UInt8(ascii: "\n") || $0.utf8.contains(UInt8(ascii: "\r")) || $0.utf8.contains(0x1B)
        }
    }
}
