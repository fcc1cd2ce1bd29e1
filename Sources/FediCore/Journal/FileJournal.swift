import FoundationEssentials
import Synchronization

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
///
/// Write-ahead: a write's intent (outcome `pending`) is appended before the request goes out and its
/// outcome, under the same id, after; readers show the outcome in the intent's place, and an intent
/// left alone by a killed run as `pending` (sent or not, the server knows). The append returns once
/// `write(2)` has the line, so it survives kill -9 (not a power cut: no fsync, to keep an append
/// well under a millisecond); a full disk fails that `write(2)`, so nothing is sent.
/// Only a regular file of the user's is used (`PrivateFile`): a symlink or FIFO is refused.
/// The blocking file work runs on a thread of its own, never on Swift concurrency's pool.
public struct FileJournal: Journal {
    public let directory: URL
    public let rotationBytes: Int
    /// `write(2)`, replaceable so the fast tier can play a full disk.
    let writeBytes: @Sendable (Int32, UnsafeRawPointer, Int) -> Int

    public init(directory: URL, rotationBytes: Int = 8 << 20) {
        self.init(
            directory: directory, rotationBytes: rotationBytes,
            writeBytes: { fd, bytes, count in write(fd, bytes, count) })
    }

    /// A journal whose every append fails as a full disk does (`ENOSPC`), for tests.
    public static func fullDisk(directory: URL) -> FileJournal {
        FileJournal(
            directory: directory, rotationBytes: 8 << 20,
            writeBytes: { _, _, _ in
                errno = ENOSPC
                return -1
            })
    }

    init(directory: URL, rotationBytes: Int, writeBytes: @escaping @Sendable (Int32, UnsafeRawPointer, Int) -> Int) {
        self.directory = directory
        self.rotationBytes = rotationBytes
        self.writeBytes = writeBytes
    }

    public init(paths: StatePaths) {
        self.init(directory: paths.journalDirectory)
    }

    public var isRecording: Bool { true }
    public var currentFile: URL { directory.appendingFile("journal.jsonl") }
    var lockPath: String { directory.appendingFile("journal.lock").path }

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

    public func scan(
        prefilter: String?,
        _ visit: @escaping @Sendable (JournalEntry) throws -> Void
    ) async throws -> Int {
        try await Self.offThread { [self] in try scanNow(prefilter: prefilter, visit) }
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
        let lock = try PrivateFile.open(lockPath, O_RDWR | O_CREAT)
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
                let written = writeBytes(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    let failure = LockedFile.ioError("cannot append to \(currentFile.path)")
                    // Whatever part went out is cut back, so no half line is left for the next writer to mend.
                    _ = ftruncate(fd, info.st_size)
                    throw FediError(.config, failure.message, hint: failure.hint)
                }
                offset += written
            }
        }
    }

    /// Every entry of the rotated files and the current one, oldest file first.
    public func readNow() throws -> JournalContents {
        let entries = Mutex<[JournalEntry]>([])
        let damaged = try scanNow(prefilter: nil) { entry in entries.withLock { $0.append(entry) } }
        return JournalContents(entries: entries.withLock { $0 }, damagedLines: damaged)
    }

    /// Calls `visit` with each entry, oldest file first, reading a block at a time: memory is bounded
    /// by the longest line (a line past `maxLine` is skipped as damaged), whatever the journal's size.
    /// An intent is given with its outcome in place of it; one that never got one, at the end.
    /// `prefilter`: lower-case ASCII text a line must contain to be decoded at all (a fast `--target`).
    /// Returns the number of damaged lines.
    public func scanNow(prefilter: String?, _ visit: (JournalEntry) throws -> Void) throws -> Int {
        var damaged = 0
        var pending: [String: JournalEntry] = [:]
        var pendingOrder: [String] = []
        let needle = prefilter.map { Array($0.utf8) }
        for file in try journalFiles() {
            damaged += try Self.forEachLine(of: file.path, maxLine: Self.maxLine) { line in
                // A line cut short by a crash is counted as damaged even when the prefilter would skip it.
                if let needle, line.first == UInt8(ascii: "{"), line.last == UInt8(ascii: "}"),
                    !Self.contains(line, lowercased: needle), Self.isPlainASCII(line)
                {
                    return
                }
                guard let entry = JournalEntry.parse(line: line) else {
                    damaged += 1
                    return
                }
                if entry.outcome == .pending {
                    if pending.updateValue(entry, forKey: entry.id) == nil { pendingOrder.append(entry.id) }
                    return
                }
                pending[entry.id] = nil
                try visit(entry)
            }
        }
        for id in pendingOrder { if let entry = pending[id] { try visit(entry) } }
        return damaged
    }

    static let maxLine = 1 << 20

    /// Calls `body` with each line of the state file at `path` (none if it does not exist), 64 KiB at a
    /// time; returns how many lines were longer than `maxLine` (skipped).
    static func forEachLine(of path: String, maxLine: Int, _ body: (ArraySlice<UInt8>) throws -> Void) throws -> Int {
        guard let fd = try PrivateFile.openIfPresent(path, O_RDONLY) else { return 0 }
        var damaged = 0
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 65_536)
        var carry: [UInt8] = []
        var skipping = false
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            var start = 0
            while let newline = Self.newline(in: buffer, from: start, to: count) {
                if skipping {
                    skipping = false
                } else if carry.isEmpty {
                    if newline > start { try body(buffer[start..<newline]) }
                } else {
                    carry += buffer[start..<newline]
                    try body(carry[...])
                    carry.removeAll(keepingCapacity: true)
                }
                start = newline + 1
            }
            if !skipping { carry += buffer[start..<count] }
            if carry.count > maxLine {
                damaged += 1
                carry = []
                skipping = true
            }
        }
        if !carry.isEmpty, !skipping { try body(carry[...]) }
        return damaged
    }

    /// The index of the first newline in `buffer[start..<end]`: memchr, since `log --target` passes
    /// over every byte of a journal that can hold 100,000 entries.
    private static func newline(in buffer: [UInt8], from start: Int, to end: Int) -> Int? {
        guard start < end else { return nil }
        return buffer.withUnsafeBufferPointer { bytes in
            guard let base = bytes.baseAddress, let hit = memchr(base + start, 0x0A, end - start) else { return nil }
            return base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
        }
    }

    /// Whether `line`, lower-cased as ASCII, contains `needle` (already lower case). It runs on every
    /// line a `--target` query skips, so it folds the line in one tight pass and leaves the search to
    /// memmem, rather than comparing at each byte that starts like the needle.
    static func contains(_ line: ArraySlice<UInt8>, lowercased needle: [UInt8]) -> Bool {
        guard !needle.isEmpty else { return true }
        guard line.count >= needle.count else { return false }
        return line.withUnsafeBufferPointer { hay in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: hay.count) { folded in
                for index in 0..<hay.count { folded[index] = lower(hay[index]) }
                return needle.withUnsafeBufferPointer { pin in
                    occurs(pin, in: UnsafeBufferPointer(start: folded.baseAddress, count: hay.count))
                }
            }
        }
    }

    /// No byte past ASCII and no `\u` escape: a line whose every text is as it reads. Elsewhere a
    /// text may match without holding the needle's bytes (the Kelvin sign lower-cases to `k`), so
    /// such a line is decoded whatever the prefilter says: no false negatives. (An escaped backslash
    /// before a `u` counts too: such a line is decoded, which costs time, never a match.)
    static func isPlainASCII(_ line: ArraySlice<UInt8>) -> Bool {
        line.withUnsafeBufferPointer { bytes in
            var any: UInt8 = 0
            for byte in bytes { any |= byte }
            guard any < 0x80 else { return false }
            return withUnsafeBytes(of: (UInt8(ascii: "\\"), UInt8(ascii: "u"))) { escape in
                !occurs(escape.bindMemory(to: UInt8.self), in: bytes)
            }
        }
    }

    /// Whether `needle` occurs in `bytes`: memchr to each place its first byte does (glibc's is
    /// vectorised), then memcmp. (memmem would do, but Glibc's module does not export it.)
    private static func occurs(_ needle: UnsafeBufferPointer<UInt8>, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = needle.first, let base = bytes.baseAddress, let pin = needle.baseAddress else {
            return needle.isEmpty
        }
        var start = 0
        let last = bytes.count - needle.count
        while start <= last, let hit = memchr(base + start, Int32(first), last - start + 1) {
            let index = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
            if memcmp(base + index, pin, needle.count) == 0 { return true }
            start = index + 1
        }
        return false
    }

    private static func lower(_ byte: UInt8) -> UInt8 { byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte }

    /// `journal-*.jsonl` in name (time) order, then `journal.jsonl`.
    func journalFiles() throws -> [URL] {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        } catch {
            if (error as? CocoaError)?.code == .fileReadNoSuchFile || (error as? POSIXError)?.code == .ENOENT {
                return []
            }
            throw FediError(
                .config, "cannot read \(directory.path): \(systemMessage(error))",
                hint: "check the directory's owner and permissions")
        }
        let rotated = names.filter { $0.hasPrefix("journal-") && $0.hasSuffix(".jsonl") }.sorted()
        return (rotated + ["journal.jsonl"]).map { directory.appendingFile($0) }
    }

    private func openJournal() throws -> Int32 {
        // Read too: the last byte is checked.
        let fd = try PrivateFile.open(currentFile.path, O_RDWR | O_APPEND | O_CREAT)
        var info = stat()
        if fstat(fd, &info) == 0, info.st_mode & 0o077 != 0 { _ = fchmod(fd, 0o600) }
        return fd
    }
    /// Renames the current file to `journal-<UTC time>-<pid>.jsonl`. Call under the lock.
    private func rotate() throws {
        let stamp = FlexibleDate.format(Date()).filter { $0.isNumber || $0 == "T" || $0 == "Z" }
        let archived = directory.appendingFile("journal-\(stamp)-\(getpid()).jsonl").path
        guard rename(currentFile.path, archived) == 0 else {
            throw LockedFile.ioError("cannot rotate \(currentFile.path)")
        }
    }

    private func ensurePrivateDirectory() throws {
        try LockedFile(url: currentFile).ensurePrivateDirectory()
    }

    /// Runs blocking file work on a thread of its own and waits for it without holding a pool thread.
    static func offThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await onOwnThread(body)
    }
}
