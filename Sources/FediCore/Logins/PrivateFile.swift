import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Opens fedictl's own state files (journal, lock files, config, provenance) only when they are what
/// fedictl made: a regular file owned by the user. A symbolic link is not followed (it could point the
/// journal at another file), and a FIFO or device is refused without blocking (a FIFO would swallow
/// the entries, `/dev/full` would refuse them only after the change was sent).
enum PrivateFile {
    /// The descriptor of `path` opened with `flags` (`O_CREAT` makes it 0600), or exit 78 naming what is there.
    static func open(_ path: String, _ flags: Int32) throws -> Int32 {
        let fd = Glibc.open(path, flags | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            if errno == ELOOP { throw refusal(path, "is a symbolic link") }
            if errno == ENXIO { throw refusal(path, "is a FIFO or socket with no reader") }
            throw LockedFile.ioError("cannot open \(path)")
        }
        do {
            try check(fd, path: path)
        } catch {
            close(fd)
            throw error
        }
        // Back to blocking I/O for a regular file (O_NONBLOCK only kept a FIFO's open from hanging).
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        return fd
    }

    /// As `open`, but nil when there is no file at `path`.
    static func openIfPresent(_ path: String, _ flags: Int32) throws -> Int32? {
        do {
            return try open(path, flags)
        } catch {
            var info = stat()
            if lstat(path, &info) != 0, errno == ENOENT { return nil }
            throw error
        }
    }

    /// Exit 78 unless `fd` is a regular file owned by the user running fedictl.
    static func check(_ fd: Int32, path: String) throws {
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw LockedFile.ioError("cannot read the type of \(path)") }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFIFO: throw refusal(path, "is a FIFO")
        case S_IFDIR: throw refusal(path, "is a directory")
        case S_IFCHR, S_IFBLK: throw refusal(path, "is a device")
        default: throw refusal(path, "is not a regular file")
        }
        guard info.st_uid == geteuid() else { throw refusal(path, "is owned by user \(info.st_uid), not by you") }
    }

    /// The file's bytes (nil when there is none), read through the same checks.
    static func read(_ path: String) throws -> Data? {
        let fd = Glibc.open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        if fd < 0, errno == ENOENT { return nil }
        guard fd >= 0 else {
            if errno == ELOOP { throw refusal(path, "is a symbolic link") }
            throw FediError(
                .config, "cannot read \(path): \(String(cString: strerror(errno)))",
                hint: "check the file's owner and permissions")
        }
        defer { close(fd) }
        try check(fd, path: path)
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        return try StandardStream.readAll(fd)
    }

    static func refusal(_ path: String, _ what: String) -> FediError {
        FediError(
            .config, "\(path) \(what); fedictl uses only regular files of its own there",
            hint: "move it away (fedictl then starts a new file) and check who put it there")
    }
}
