import FoundationEssentials

/// The accounts in `$XDG_CONFIG_HOME/fedictl/config.json` (mode 0600, directory 0700).
///
/// `update` is a read-modify-write under an exclusive lock with an atomic replace, so any number of
/// concurrent fedictl runs never lose an account. A file that does not parse, or that a newer
/// fedictl wrote (a higher `schema_version`), is reported as a config error (exit 78) and never
/// overwritten. The file holds no tokens or client secrets: those are in the SecretStore.
public struct FileLoginStore: LoginStore {
    public let url: URL
    private var file: LockedFile { LockedFile(url: url) }

    public init(url: URL) {
        self.url = url
    }

    public init(paths: ConfigPaths) {
        self.init(url: paths.configFile)
    }

    /// The config; an absent file is an empty config. Needs no lock: the file is only ever
    /// replaced whole by `rename`.
    public func load() throws -> LoginConfig {
        guard let data = try file.read() else { return LoginConfig() }
        return try decode(data)
    }

    @discardableResult
    public func update<T>(_ change: (inout LoginConfig) throws -> T) throws -> T {
        try file.withExclusiveLock {
            var config = try load()  // a corrupt or newer file throws here, before anything is written
            let before = config
            let result = try change(&config)
            if config != before || !FileManager.default.fileExists(atPath: url.path) {
                config.schemaVersion = LoginConfig.currentSchema
                try file.replace(with: try encode(config))
            }
            return result
        }
    }

    func decode(_ data: Data) throws -> LoginConfig {
        struct Probe: Decodable {
            var schemaVersion: Int
            enum CodingKeys: String, CodingKey { case schemaVersion = "schema_version" }
        }
        let decoder = JSONCoding.decoder()
        guard (try? JSONText.object(from: data)) is [String: Any] else {
            throw corrupt("it is not a JSON object")
        }
        guard let schema = try? decoder.decode(Probe.self, from: data).schemaVersion else {
            throw corrupt("it has no schema_version")
        }
        guard schema <= LoginConfig.currentSchema else {
            throw FediError(.config, "the config file \(url.path) has schema version \(schema); this fedictl reads up to \(LoginConfig.currentSchema)",
                            hint: "it was written by a newer fedictl: upgrade fedictl; the file was left untouched")
        }
        do {
            return try decoder.decode(LoginConfig.self, from: data)
        } catch let error as DecodingError {
            throw corrupt(APIClient.describe(error))
        }
    }

    func encode(_ config: LoginConfig) throws -> Data {
        var data = try JSONCoding.encoder(pretty: true).encode(config)
        data.append(0x0A)
        return data
    }

    private func corrupt(_ detail: String) -> FediError {
        FediError(.config, "the config file \(url.path) is corrupt: \(detail)",
                  hint: "fedictl left it untouched: repair \(url.path), or move it away and log in again")
    }
}
