import FoundationEssentials

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The journal as JSON Lines in a private directory (0700, files 0600).
///
/// Each append takes an exclusive `flock` on `journal.lock`, so concurrent fedictl processes never
/// interleave, and writes its whole line with one `write(2)` to `journal.jsonl` opened with
/// `O_APPEND`. A line left partial by a crash is closed with a newline by the next writer, so only
/// that line is lost; readers skip lines that do not parse and count them. When the file passes
/// `rotationBytes` it is renamed to `journal-<time>.jsonl` and a new one is started; rotated files
/// are kept (an audit trail is not pruned behind the user's back).
/// The blocking file work runs on a thread of its own, never on Swift concurrency's pool.
public struct FileJournal: Journal {
    public let directory: URL
    public let rotationBytes: Int

    public init(directory: URL, rotationBytes: Int = 8 << 20) {
        self.directory = directory
        self.rotationBytes = rotationBytes
    }

    public init(paths: StatePaths) {
        self.init(directory: paths.journalDirectory)
    }

    public var isRecording: Bool { true }
    public var currentFile: URL { directory.appendingPathComponent("journal.jsonl") }
    var lockPath: String { directory.appendingPathComponent("journal.lock").path }

    public func checkWritable() async throws {
        try await Self.offThread { [self] in try checkWritableNow() }
    }

    public func append(_ entry: JournalEntry) async throws {
        let line = try entry.line()
        try await Self.offThread { [self] in try appendNow(line) }
    }

    public func read() async throws -> JournalContents {
        try await Self.offThread { [self] in try readNow() }
    }

    // MARK: blocking parts (public for the benchmark and the crash test's writer)

    /// Creates the directory (0700) and the file (0600) if need be, and checks the file can be appended to.
    public func checkWritableNow() throws {
        try ensurePrivateDirectory()
        let fd = try openJournal()
        close(fd)
    }

    /// Appends `line` (one JSON object and its newline) under the lock.
    public func appendNow(_ line: Data) throws {
        try ensurePrivateDirectory()
        let lock = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard lock >= 0 else { throw LockedFile.ioError("cannot open the journal lock \(lockPath)") }
        defer { close(lock) }  // closing releases the flock
        while flock(lock, LOCK_EX) != 0 {
            guard errno == EINTR else { throw LockedFile.ioError("cannot lock \(lockPath)") }
        }
        var fd = try openJournal()
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw LockedFile.ioError("cannot read the size of \(currentFile.path)") }
        if Int(info.st_size) >= rotationBytes {
            try rotate()
            close(fd)
            fd = try openJournal()
            info.st_size = 0
        }
        var bytes = line
        if info.st_size > 0 {
            // A writer killed mid-line left no newline: end its line, so ours stays whole.
            var last: UInt8 = 0
            if pread(fd, &last, 1, off_t(info.st_size - 1)) == 1, last != 0x0A { bytes.insert(0x0A, at: 0) }
        }
        try bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    throw LockedFile.ioError("cannot append to \(currentFile.path)")
                }
                offset += written
            }
        }
    }

    /// Every entry of the rotated files and the current one, oldest file first.
    public func readNow() throws -> JournalContents {
        var entries: [JournalEntry] = []
        var damaged = 0
        for file in try journalFiles() {
            guard let data = try LockedFile(url: file).read() else { continue }
            for line in data.split(separator: 0x0A, omittingEmptySubsequences: true) {
                if let entry = JournalEntry.parse(line: line) { entries.append(entry) } else { damaged += 1 }
            }
        }
        return JournalContents(entries: entries, damagedLines: damaged)
    }

    /// `journal-*.jsonl` in name (time) order, then `journal.jsonl`.
    func journalFiles() throws -> [URL] {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        } catch {
            if (error as? CocoaError)?.code == .fileReadNoSuchFile || (error as? POSIXError)?.code == .ENOENT { return [] }
            throw FediError(.config, "cannot read \(directory.path): \(systemMessage(error))", hint: "check the directory's owner and permissions")
        }
        let rotated = names.filter { $0.hasPrefix("journal-") && $0.hasSuffix(".jsonl") }.sorted()
        return (rotated + ["journal.jsonl"]).map { directory.appendingPathComponent($0) }
    }

    private func openJournal() throws -> Int32 {
        let fd = open(currentFile.path, O_RDWR | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)  // read too: the last byte is checked
        guard fd >= 0 else { throw LockedFile.ioError("cannot open the journal \(currentFile.path)") }
        var info = stat()
        if fstat(fd, &info) == 0, info.st_mode & 0o077 != 0 { _ = fchmod(fd, 0o600) }
        return fd
    }

    /// Renames the current file to `journal-<UTC time>-<pid>.jsonl`. Call under the lock.
    private func rotate() throws {
        let stamp = FlexibleDate.format(Date()).filter { $0.isNumber || $0 == "T" || $0 == "Z" }
        let archived = directory.appendingPathComponent("journal-\(stamp)-\(getpid()).jsonl").path
        guard rename(currentFile.path, archived) == 0 else { throw LockedFile.ioError("cannot rotate \(currentFile.path)") }
    }

    private func ensurePrivateDirectory() throws {
        try LockedFile(url: currentFile).ensurePrivateDirectory()
    }

    /// Runs blocking file work on a thread of its own and waits for it without holding a pool thread.
    static func offThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await onOwnThread(body)
    }
}
