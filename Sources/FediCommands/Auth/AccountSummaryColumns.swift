import FediCore
import FediOutput

/// One stored account as `auth list`, `auth login` and `auth add` show it.
public struct AccountSummary: Tabular, Equatable {
    public var account: String
    public var instance: String
    /// The detected software (`mastodon`), once a command has detected it.
    public var flavour: String?
    /// `Mastodon 4.3.0`, once detected.
    public var software: String?
    public var scopes: [String]
    public var scopesSource: String?
    /// The role lets the account moderate (admin, or a moderation permission), as the server said;
    /// for accounts stored before roles were recorded, guessed from the admin scopes.
    public var admin: Bool
    /// The role's name as the server reported it.
    public var role: String?
    public var isDefault: Bool
    public var aliases: [String]
    /// `keyring`, `file` or `env` (FEDICTL_TOKEN overrides it for this run).
    public var tokenStorage: String

    enum CodingKeys: String, CodingKey {
        case account, instance, flavour, software, scopes, admin, role, aliases
        case scopesSource = "scopes_source", isDefault = "default", tokenStorage = "token_storage"
    }

    init(_ login: Login, isDefault: Bool, tokenSource: TokenSource? = nil) {
        account = login.id
        instance = login.baseURL
        flavour = login.serverInfo?.flavour.rawValue
        software = login.serverInfo?.label
        scopes = login.scopes
        scopesSource = login.scopesSource?.rawValue
        admin = login.role?.canModerate ?? login.isAdmin
        role = login.role?.name
        self.isDefault = isDefault
        aliases = login.aliases
        tokenStorage = (tokenSource ?? TokenSource(login.tokenStorage ?? .keyring)).rawValue
    }

    public static let columns: [Column<AccountSummary>] = [
        Column("account") { .text($0.account) },
        Column("instance", kind: .identifier) { .text($0.instance) },
        Column("software") { .text($0.software) },
        Column("flavour", default: false) { .text($0.flavour) },
        Column("scopes", priority: .low) { .list($0.scopes) },
        Column("scopes_source", "scopes from", default: false) { .text($0.scopesSource) },
        Column("admin") { .flag($0.admin) },
        Column("role", default: false) { .text($0.role) },
        Column("default") { .text($0.isDefault ? "*" : "") },
        Column("aliases", priority: .low) { .list($0.aliases) },
        Column("token_storage", "token") { .text($0.tokenStorage) },
    ]
}

/// What `auth status` found out from the server.
public struct AuthStatus: Tabular, Equatable {
    public var account: String
    public var username: String
    public var instance: String
    public var role: String?
    public var scopes: [String]
    public var admin: Bool
    public var tokenSource: String

    enum CodingKeys: String, CodingKey {
        case account, username, instance, role, scopes, admin
        case tokenSource = "token_source"
    }

    public static let columns: [Column<AuthStatus>] = [
        Column("account") { .text($0.account) },
        Column("username") { .text($0.username) },
        Column("instance", kind: .identifier) { .text($0.instance) },
        Column("role") { .text($0.role) },
        Column("scopes", priority: .low) { .list($0.scopes) },
        Column("admin") { .flag($0.admin) },
        Column("token_source", "token from") { .text($0.tokenSource) },
    ]
}
