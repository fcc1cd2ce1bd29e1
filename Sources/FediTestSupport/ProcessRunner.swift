import Foundation

/// Runs a program to the end and returns what it printed and its exit status: the built fedictl
/// (`BinaryRunner`), or the tools tests drive (shells, make, man, mandoc, tmux).
public enum ProcessRunner {
    /// - Parameters:
    ///   - executable: an absolute path, or a name looked up in PATH (through /usr/bin/env).
    ///   - environment: the whole environment of the child; nil inherits this process's.
    ///
    /// Async, and the waiting happens on a thread of its own: a blocking wait on one of the few
    /// cooperative threads (two on a 2-core machine) would stall every other test in the run.
    public static func run(
        _ executable: String, _ arguments: [String], environment: [String: String]? = nil,
        input: String? = nil, directory: URL? = nil
    ) async throws -> CommandResult {
        try await onOwnThread {
            try runBlocking(executable, arguments, environment: environment, input: input, directory: directory)
        }
    }

    /// Runs `work` on a new thread, off Swift's cooperative pool, and waits for it without blocking.
    public static func onOwnThread<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread { continuation.resume(with: Result { try work() }) }
        }
    }

    /// The same, blocking the calling thread: only for threads of a test's own (never from async code).
    public static func runBlocking(
        _ executable: String, _ arguments: [String], environment: [String: String]? = nil,
        input: String? = nil, directory: URL? = nil
    ) throws -> CommandResult {
        try TestTier.requireIntegration(executable)
        let process = Process()
        if executable.hasPrefix("/") {
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = arguments
        } else {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = [executable] + arguments
        }
        if let environment { process.environment = environment }
        if let directory { process.currentDirectoryURL = directory }
        let out = Pipe()
        let err = Pipe()
        let inPipe = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = inPipe
        try process.run()
        if let input { inPipe.fileHandleForWriting.write(Data(input.utf8)) }
        try? inPipe.fileHandleForWriting.close()
        // Read both pipes to the end before waiting, so a full pipe cannot block the child. The
        // stderr reader gets a thread of its own, not DispatchQueue.global(): on Linux Swift's
        // tasks run on those same few threads, and a reader blocked there for a whole child's
        // run held up every await in the test process (a 0.4 s deadline resumed 90 s late).
        let group = DispatchGroup()
        nonisolated(unsafe) var errData = Data()
        group.enter()
        Thread.detachNewThread {
            errData = err.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return CommandResult(
            stdout: String(decoding: outData, as: UTF8.self), stderr: String(decoding: errData, as: UTF8.self),
            status: process.terminationStatus)
    }

    /// Whether `name` is an executable in PATH (a test that needs a tool can say so, not fail).
    public static func isInstalled(_ name: String) -> Bool {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(name)") }
    }
}
