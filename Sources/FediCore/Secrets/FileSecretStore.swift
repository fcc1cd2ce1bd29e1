import FoundationEssentials

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
        ConfigPaths(environment: environment).secretsFile
    }

    /// The key a secret is filed under: `<kind>:<account>`.
    public static func entryName(for key: SecretKey) -> String {
        "\(key.kind.rawValue):\(key.account)"
    }

    // Each call waits on the flock and fsyncs: on a thread of its own, never on the cooperative pool.
    public func store(_ secret: String, for key: SecretKey) async throws {
        try await onOwnThread { [self] in try update { $0[Self.entryName(for: key)] = secret } }
    }

    public func lookup(_ key: SecretKey) async throws -> String? {
        try await onOwnThread { [self] in try read()[Self.entryName(for: key)] }
    }

    public func remove(_ key: SecretKey) async throws {
        try await onOwnThread { [self] in
            guard FileManager.default.fileExists(atPath: url.path) else { return }
            try update { $0.removeValue(forKey: Self.entryName(for: key)) }
        }
    }

    // MARK: - File handling

    private struct Contents: Codable {
        var version: Int
        var secrets: [String: String]
    }

    private var file: LockedFile { LockedFile(url: url) }
    private var path: String { url.path }

    /// The current secrets; an absent file is empty. Needs no lock: the file is only ever replaced
    /// by `rename`, so a reader sees the old or the new version, whole.
    func read() throws -> [String: String] {
        guard let data = try file.read() else { return [:] }
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
        try file.withExclusiveLock {
            var secrets = try read()  // a corrupt file throws here, before anything is written
            let before = secrets
            change(&secrets)
            guard secrets != before || !FileManager.default.fileExists(atPath: path) else { return }
            let encoder = TidyJSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            var data = try encoder.encode(Contents(version: Self.formatVersion, secrets: secrets))
            data.append(0x0A)
            try file.replace(with: data)
        }
    }
}
