import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A private file changed by read-modify-write across processes: an exclusive `flock` on a sibling
/// `.lock` file serialises writers, and each write replaces the file atomically (temp file in the
/// same directory, `fsync`, `rename`, `fsync` of the directory), so a reader sees the old or the
/// new contents, whole, and concurrent writers lose nothing. The directory is kept at 0700 and the
/// file at 0600.
struct LockedFile: Sendable {
    let url: URL
    /// State files (journal, provenance, last looks) must be regular files of the user's, not links
    /// or FIFOs (`PrivateFile`); the config may be a link into a dotfiles repository.
    var stateFile = false

    init(url: URL, stateFile: Bool = false) {
        self.url = url
        self.stateFile = stateFile
    }

    var path: String { url.path }
    var directory: String {
        let path = path
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
    var lockPath: String { path + ".lock" }

    /// The file's bytes, or nil when it does not exist.
    func read() throws -> Data? {
        removeStaleTemporaryFiles()
        // A state file that is a symlink, FIFO or someone else's is refused, not followed (`PrivateFile`).
        if stateFile { return try PrivateFile.read(path) }
        do {
            return try Data(contentsOf: url)
        } catch {
            // Judged from the error itself: checking the path afterwards would race a concurrent
            // first write, which can create the file between the failed read and the check.
            if (error as? CocoaError)?.code == .fileReadNoSuchFile || (error as? POSIXError)?.code == .ENOENT {
                return nil
            }
            throw FediError(
                .config, "cannot read \(path): \(systemMessage(error))",
                hint: "check the file's owner and permissions")
        }
    }

    /// Runs `body` holding the exclusive lock (blocking until other writers are done).
    func withExclusiveLock<T>(_ body: () throws -> T) throws -> T {
        try ensurePrivateDirectory()
        let fd = try PrivateFile.open(lockPath, O_RDWR | O_CREAT)
        defer { close(fd) }  // closing releases the flock
        while flock(fd, LOCK_EX) != 0 {
            guard errno == EINTR else { throw Self.ioError("cannot lock \(lockPath)") }
        }
        return try body()
    }

    /// Replaces the file with `data`, mode 0600. Call under the lock.
    func replace(with data: Data) throws {
        let tmpPath = directory + "/.\(url.lastPathComponent).\(getpid()).\(UInt32.random(in: .min ... .max)).tmp"
        let fd = open(tmpPath, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw Self.ioError("cannot create \(tmpPath)") }
        var renamed = false
        defer { if !renamed { unlink(tmpPath) } }
        do {
            defer { close(fd) }
            guard fchmod(fd, 0o600) == 0 else { throw Self.ioError("cannot chmod \(tmpPath)") }
            try data.withUnsafeBytes { buffer in
                var offset = 0
                while offset < buffer.count {
                    let written = write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                    if written < 0 {
                        if errno == EINTR { continue }
                        throw Self.ioError("cannot write \(tmpPath)")
                    }
                    offset += written
                }
            }
            guard fsync(fd) == 0 else { throw Self.ioError("cannot sync \(tmpPath)") }
        }
        guard rename(tmpPath, path) == 0 else { throw Self.ioError("cannot replace \(path)") }
        renamed = true
        let dirFD = open(directory, O_RDONLY | O_CLOEXEC)
        if dirFD >= 0 {
            _ = fsync(dirFD)
            close(dirFD)
        }
    }

    /// Deletes the temp files (`.<file>.<pid>.<random>.tmp`) that writers killed mid-write left in
    /// this directory, for its every file (reading the config also clears the secrets file's, which
    /// hold tokens). Only those whose process is gone: a live writer's is about to be renamed.
    /// Listed with readdir(3): FileManager's first listing in a run cost 0.1 ms of start-up.
    func removeStaleTemporaryFiles() {
        let directory = directory
        guard let stream = opendir(directory) else { return }
        var names: [String] = []
        while let entry = readdir(stream) {
            names.append(
                withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) })
        }
        closedir(stream)
        for name in names where name.hasPrefix(".") && name.hasSuffix(".tmp") {
            let parts = name.dropFirst().dropLast(".tmp".count).split(separator: ".")
            guard parts.count >= 3, let pid = pid_t(parts[parts.count - 2]), pid > 0,
                UInt32(parts[parts.count - 1]) != nil
            else { continue }
            if kill(pid, 0) != 0, errno == ESRCH { unlink(directory + "/" + name) }
        }
    }

    /// Creates the directory 0700 (with parents), or tightens an existing one to 0700.
    func ensurePrivateDirectory() throws {
        var info = stat()
        if stat(directory, &info) == 0 {
            guard (info.st_mode & S_IFMT) == S_IFDIR else {
                throw FediError(.config, "\(directory) is not a directory")
            }
            if info.st_mode & 0o077 != 0, chmod(directory, 0o700) != 0 {
                throw Self.ioError("cannot restrict \(directory) to mode 0700")
            }
            return
        }
        do {
            try FileManager.default.createDirectory(
                atPath: directory, withIntermediateDirectories: true,
                attributes: [.posixPermissions: 0o700])
        } catch {
            throw FediError(.config, "cannot create \(directory): \(systemMessage(error))")
        }
        guard chmod(directory, 0o700) == 0 else { throw Self.ioError("cannot restrict \(directory) to mode 0700") }
    }

    static func ioError(_ what: String) -> FediError {
        let code = errno
        let status: ExitStatus = (code == EACCES || code == EPERM || code == EROFS) ? .permission : .failure
        return FediError(status, "\(what): \(String(cString: strerror(code)))")
    }
}
