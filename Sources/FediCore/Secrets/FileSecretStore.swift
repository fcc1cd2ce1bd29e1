import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The explicit `--insecure-storage` opt-in: secrets in a plain JSON file, mode 0600, in a 0700
/// directory (by default `$XDG_CONFIG_HOME/fedictl/secrets.json`). Only file permissions protect it.
///
/// Writes are read-modify-write under an exclusive `flock` on a sibling lock file
/// (`secrets.json.lock`), and replace the file atomically (temp file in the same directory,
/// `fsync`, `rename`, `fsync` of the directory), so concurrent fedictl processes lose nothing and a
/// reader never sees a half-written file. A file that does not parse is reported as a config
/// error and never overwritten.
///
/// Format: `{"version": 1, "secrets": {"<kind>:<account>": "<secret>"}}`.
public struct FileSecretStore: SecretStore {
    public let storageName = "file (insecure)"
    /// The JSON file.
    public let url: URL

    public static let formatVersion = 1

    public init(url: URL) {
        self.url = url
    }

    /// `$XDG_CONFIG_HOME/fedictl/secrets.json`, or `~/.config/fedictl/secrets.json`.
    public static func defaultURL(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        let base: URL
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") {
            base = URL(fileURLWithPath: config, isDirectory: true)
        } else {
            let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
            base = URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(".config", isDirectory: true)
        }
        return base.appendingPathComponent("fedictl", isDirectory: true).appendingPathComponent("secrets.json")
    }

    /// The key a secret is filed under: `<kind>:<account>`.
    public static func entryName(for key: SecretKey) -> String {
        "\(key.kind.rawValue):\(key.account)"
    }

    public func store(_ secret: String, for key: SecretKey) async throws {
        try update { $0[Self.entryName(for: key)] = secret }
    }

    public func lookup(_ key: SecretKey) async throws -> String? {
        try read()[Self.entryName(for: key)]
    }

    public func remove(_ key: SecretKey) async throws {
        guard FileManager.default.fileExists(atPath: url.path) else { return }
        try update { $0.removeValue(forKey: Self.entryName(for: key)) }
    }

    // MARK: - File handling

    private struct Contents: Codable {
        var version: Int
        var secrets: [String: String]
    }

    private var path: String { url.path }
    private var directory: String { url.deletingLastPathComponent().path }

    /// The current secrets; an absent file is empty. Needs no lock: the file is only ever replaced
    /// by `rename`, so a reader sees the old or the new version, whole.
    func read() throws -> [String: String] {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch let error as CocoaError where error.code == .fileReadNoSuchFile {
            return [:]
        } catch {
            if !FileManager.default.fileExists(atPath: path) { return [:] }
            throw FediError(.permission, "cannot read \(path): \(error.localizedDescription)")
        }
        let contents: Contents
        do {
            contents = try JSONDecoder().decode(Contents.self, from: data)
        } catch {
            throw FediError(
                .config, "the secrets file \(path) is corrupt (not fedictl's JSON)",
                hint: "fedictl left it untouched; repair it, or move it away and log in again")
        }
        guard contents.version <= Self.formatVersion else {
            throw FediError(
                .config, "the secrets file \(path) has format version \(contents.version), newer than this fedictl",
                hint: "upgrade fedictl; the file was left untouched")
        }
        return contents.secrets
    }

    /// Read-modify-write under the exclusive lock. Writes nothing if `change` changes nothing.
    func update(_ change: (inout [String: String]) -> Void) throws {
        try ensureDirectory()
        let lockPath = path + ".lock"
        let lockFD = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard lockFD >= 0 else { throw Self.ioError("cannot open the lock file \(lockPath)") }
        defer { close(lockFD) }  // closing releases the flock
        while flock(lockFD, LOCK_EX) != 0 {
            guard errno == EINTR else { throw Self.ioError("cannot lock \(lockPath)") }
        }

        var secrets = try read()  // a corrupt file throws here, before anything is written
        let before = secrets
        change(&secrets)
        guard secrets != before || !FileManager.default.fileExists(atPath: path) else { return }

        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        var data = try encoder.encode(Contents(version: Self.formatVersion, secrets: secrets))
        data.append(0x0A)
        try writeAtomically(data)
    }

    private func writeAtomically(_ data: Data) throws {
        let name = url.lastPathComponent
        let tmpPath = directory + "/.\(name).\(getpid()).\(UInt32.random(in: .min ... .max)).tmp"
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
        // Make the rename itself durable.
        let dirFD = open(directory, O_RDONLY | O_CLOEXEC)
        if dirFD >= 0 {
            _ = fsync(dirFD)
            close(dirFD)
        }
    }

    /// Creates the directory 0700 (parents too), or tightens an existing one to 0700.
    private func ensureDirectory() throws {
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
            throw FediError(.permission, "cannot create \(directory): \(error.localizedDescription)")
        }
        // createDirectory's attributes go through the umask on some platforms; be explicit.
        guard chmod(directory, 0o700) == 0 else { throw Self.ioError("cannot restrict \(directory) to mode 0700") }
    }

    private static func ioError(_ what: String) -> FediError {
        let code = errno
        let reason = String(cString: strerror(code))
        let status: ExitStatus = (code == EACCES || code == EPERM || code == EROFS) ? .permission : .failure
        return FediError(status, "\(what): \(reason)")
    }
}
