import FoundationEssentials

/// A stored login: one account on one instance. Its token is in the SecretStore, never here.
public struct Login: Codable, Sendable, Equatable {
    /// `user@host` (host lower-cased, IDN as punycode, port kept for local servers).
    public var id: String
    public var username: String
    /// The instance base URL, e.g. https://example.social or http://127.0.0.1:3000.
    @StoredBaseURL public var baseURL: String
    public var clientID: String?
    public var scopes: [String]
    public var aliases: [String]
    public var accountID: String?
    public var addedAt: Date?
    /// Where the access token was put: the keyring, or the `--insecure-storage` file.
    public var tokenStorage: TokenStorage?
    /// How `scopes` is known: granted by the server, read from the server, or as the user said.
    public var scopesSource: ScopesSource?
    /// What fedictl detected about the instance's software, and when (a cache; `instance info --refresh` renews it).
    public var serverInfo: ServerInfo?
    /// The instance's rules as last read (`reports file --rule`), so `--rule` can complete offline.
    public var instanceRules: [InstanceRule]?
    /// The account's role as its server last reported it (login, add, status); nil in older configs.
    public var role: AccountRole?

    public init(
        id: String, username: String, baseURL: String, clientID: String? = nil, scopes: [String] = [],
        aliases: [String] = [], accountID: String? = nil, addedAt: Date? = nil,
        tokenStorage: TokenStorage? = nil, scopesSource: ScopesSource? = nil, serverInfo: ServerInfo? = nil
    ) {
        self.id = id
        self.username = username
        self.baseURL = baseURL
        self.clientID = clientID
        self.scopes = scopes
        self.aliases = aliases
        self.accountID = accountID
        self.addedAt = addedAt
        self.tokenStorage = tokenStorage
        self.scopesSource = scopesSource
        self.serverInfo = serverInfo
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case id, username, scopes, aliases
        case baseURL = "base_url", clientID = "client_id", accountID = "account_id", addedAt = "added_at"
        case tokenStorage = "token_storage", scopesSource = "scopes_source"
        case serverInfo = "server"
        case instanceRules = "instance_rules"
        case role
    }

    /// Never nil: `baseURL` is checked when read from the file, and written only from a `ServerAddress`.
    public var server: ServerAddress { ServerAddress(baseURL: URL(string: baseURL)!) }
    public var isAdmin: Bool { scopes.contains { $0 == "admin" || $0.hasPrefix("admin:") } }
    /// Whether the account's role lets it moderate, as last recorded; nil when not known.
    public var mayModerate: Bool? { role?.canModerate }
}

/// Everything fedictl keeps on disk. Versioned so an older fedictl refuses a newer file.
public struct LoginConfig: Codable, Sendable, Equatable {
    public static let currentSchema = 1
    public var schemaVersion: Int
    public var defaultAccount: String?
    public var accounts: [Login]
    /// The OAuth app fedictl registered on each instance, by `ServerAddress.authority`
    /// (its client secret is in the SecretStore). Absent in files that never had one.
    public var clients: [String: RegisteredClient]?
    /// Remote timelines pinned by name (`fedictl timelines pin`). Absent in files that never had one.
    public var pins: [PinnedTimeline]?
    /// Named sets of account ids for `--account GROUP` (`fedictl auth group`). Absent in files that never had one.
    public var groups: [String: [String]]?
    /// Settings the user chose by editing the file (`"settings": {"journal": false}`). Absent by default.
    public var settings: ConfigSettings?

    public init(
        schemaVersion: Int = LoginConfig.currentSchema, defaultAccount: String? = nil, accounts: [Login] = [],
        clients: [String: RegisteredClient]? = nil, pins: [PinnedTimeline]? = nil, groups: [String: [String]]? = nil
    ) {
        self.schemaVersion = schemaVersion
        self.defaultAccount = defaultAccount
        self.accounts = accounts
        self.clients = clients
        self.pins = pins
        self.groups = groups
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case schemaVersion = "schema_version", defaultAccount = "default_account", accounts, clients, pins, groups
        case settings
    }
}

/// Preferences kept in the config file.
public struct ConfigSettings: Codable, Sendable, Equatable {
    /// false: record no changes in the journal (as `--no-journal` does for one run). Default true.
    public var journal: Bool?

    public init(journal: Bool? = nil) {
        self.journal = journal
    }
}

/// Reads and changes the config. `update` is atomic: concurrent fedictl runs never lose a change.
public protocol LoginStore: Sendable {
    func load() throws -> LoginConfig
    @discardableResult
    func update<T>(_ change: (inout LoginConfig) throws -> T) throws -> T
}
