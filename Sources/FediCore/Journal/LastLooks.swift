import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// What `queue --since-last` saw at its last look, per server: the keys of the items that waited
/// then (`report 12`, `sign-up 7`). Only items whose key is not there are new.
public protocol LastLookStore: Sendable {
    /// The keys seen at the last look at `server` (empty before the first). Throws when the state
    /// cannot be read, never treating a damaged file as "nothing seen".
    func seen(on server: String) async throws -> Set<String>
    /// Replaces what was seen on `server` with `keys` (the items waiting now).
    func record(_ keys: Set<String>, on server: String, at time: Date) async throws
    /// Runs `body` holding `server`'s lock, so concurrent `--since-last` runs on one server take
    /// turns at read-compare-store and each item is new to one of them only.
    func withLock<T: Sendable>(on server: String, _ body: () async throws -> T) async throws -> T
}

extension LastLookStore {
    /// Within one process the stores of tests keep no turns.
    public func withLock<T: Sendable>(on server: String, _ body: () async throws -> T) async throws -> T {
        try await body()
    }
}

/// `queue-looks.json` in the state directory: `{"version": 1, "servers": {HOST: {"looked_at", "seen"}}}`.
/// Read-modify-write under a lock, replaced atomically (`LockedFile`), so concurrent runs over
/// several servers lose nothing. A file fedictl cannot read is an error, and is left as it is.
public struct FileLastLookStore: LastLookStore {
    public let file: URL

    public init(file: URL) {
        self.file = file
    }

    public init(paths: StatePaths) {
        self.init(file: paths.directory.appendingFile("queue-looks.json"))
    }

    struct Contents: Codable {
        static let currentVersion = 1
        var version: Int
        var servers: [String: Look]
    }

    struct Look: Codable {
        var lookedAt: Date
        var seen: [String]

        enum CodingKeys: String, CodingKey {
            case seen
            case lookedAt = "looked_at"
        }
    }

    public func seen(on server: String) async throws -> Set<String> {
        try await FileJournal.offThread { [self] in Set(try load()?.servers[server]?.seen ?? []) }
    }

    public func record(_ keys: Set<String>, on server: String, at time: Date) async throws {
        try await FileJournal.offThread { [self] in
            let locked = LockedFile(url: file, stateFile: true)
            try locked.withExclusiveLock {
                var contents = try load() ?? Contents(version: Contents.currentVersion, servers: [:])
                contents.servers[server] = Look(lookedAt: time, seen: keys.sorted())
                try locked.replace(with: try JSONCoding.encoder(pretty: true).encode(contents))
            }
        }
    }

    /// An exclusive `flock` on `queue-looks.json.HOST.lock`, taken on a thread of its own (it may
    /// wait for another run) and held while `body` runs.
    public func withLock<T: Sendable>(on server: String, _ body: () async throws -> T) async throws -> T {
        let safe = String(server.map { $0.isLetter || $0.isNumber || ".:-_".contains($0) ? $0 : "_" })
        let path = file.path + "." + safe + ".lock"
        let locked = LockedFile(url: file)
        let descriptor = try await FileJournal.offThread { () throws -> Int32 in
            try locked.ensurePrivateDirectory()
            let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
            guard descriptor >= 0 else { throw LockedFile.ioError("cannot open the lock file \(path)") }
            while flock(descriptor, LOCK_EX) != 0 {
                guard errno == EINTR else {
                    close(descriptor)
                    throw LockedFile.ioError("cannot lock \(path)")
                }
            }
            return descriptor
        }
        defer { close(descriptor) }  // closing releases the flock
        return try await body()
    }

    /// The file's contents, nil when there is none yet.
    func load() throws -> Contents? {
        guard let data = try LockedFile(url: file, stateFile: true).read() else { return nil }
        let contents: Contents
        do {
            contents = try JSONCoding.decoder().decode(Contents.self, from: data)
        } catch {
            throw damaged("it is not the JSON fedictl writes")
        }
        guard contents.version == Contents.currentVersion else {
            throw damaged("it has version \(contents.version), which this fedictl does not know")
        }
        return contents
    }

    private func damaged(_ why: String) -> FediError {
        FediError(
            .config, "cannot read the queue's last look \(file.path): \(why)",
            hint:
                "fedictl leaves it as it is; move it away to start afresh (the next --since-last shows everything once)"
        )
    }
}
