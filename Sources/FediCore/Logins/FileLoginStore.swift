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
            let old = try file.read()
            // a corrupt or newer file throws here, before anything is written
            var config = try old.map(decode) ?? LoginConfig()
            let before = config
            let result = try change(&config)
            if config != before || old == nil {
                config.schemaVersion = LoginConfig.currentSchema
                try file.replace(with: try encode(config, keepingUnknownFieldsOf: old))
            }
            return result
        }
    }

    /// The config as JSON, with the fields this fedictl does not know (a newer one's, a person's
    /// notes) carried over from `old`, at the top level and in each account (matched by id).
    func encode(_ config: LoginConfig, keepingUnknownFieldsOf old: Data?) throws -> Data {
        let data = try encode(config)
        guard let old, let previous = (try? JSONText.object(from: old)) as? [String: Any],
            var fresh = (try? JSONText.object(from: data)) as? [String: Any]
        else { return data }
        var carried = false
        func carry(_ from: [String: Any], into target: inout [String: Any], known: Set<String>) {
            for (key, value) in from where !known.contains(key) && target[key] == nil {
                target[key] = value
                carried = true
            }
        }
        carry(previous, into: &fresh, known: Set(LoginConfig.CodingKeys.allCases.map(\.rawValue)))
        if let oldAccounts = previous["accounts"] as? [[String: Any]],
            var accounts = fresh["accounts"] as? [[String: Any]]
        {
            let known = Set(Login.CodingKeys.allCases.map(\.rawValue))
            for index in accounts.indices {
                guard let id = accounts[index]["id"] as? String,
                    let match = oldAccounts.first(where: { $0["id"] as? String == id })
                else { continue }
                carry(match, into: &accounts[index], known: known)
            }
            fresh["accounts"] = accounts
        }
        guard carried else { return data }
        var merged = try JSONText.data(from: fresh, pretty: true)
        merged.append(0x0A)
        return merged
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
            throw FediError(
                .config,
                "the config file \(url.path) has schema version \(schema); this fedictl reads up to \(LoginConfig.currentSchema)",
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
        FediError(
            .config, "the config file \(url.path) is corrupt: \(detail)",
            hint: "fedictl left it untouched: repair \(url.path), or move it away and log in again")
    }
}
