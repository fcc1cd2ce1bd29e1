import FediCore
import FediOutput
import FoundationEssentials

/// fedictl's app on an instance, as `apps register` and `apps verify` show it. Never the secret.
public struct AppSummary: Encodable, Sendable {
    public var instance: String
    public var clientID: String?
    public var name: String?
    public var website: String?
    public var scopes: [String]
    public var redirectURIs: [String]?
    /// Where the client secret was put: `keyring` or `file` (register only).
    public var secretStorage: TokenStorage?

    enum CodingKeys: String, CodingKey {
        case instance, name, website, scopes
        case clientID = "client_id", redirectURIs = "redirect_uris", secretStorage = "secret_storage"
    }
}

extension AppSummary: Tabular {
    public static let columns: [Column<AppSummary>] = [
        Column("instance", kind: .identifier) { .text($0.instance) },
        Column("client_id", "client ID") { .text($0.clientID) },
        Column("name") { .text($0.name) },
        Column("website", default: false) { .text($0.website) },
        Column("scopes") { .list($0.scopes) },
        Column("redirect_uris", "redirect URIs", default: false) { .list($0.redirectURIs ?? []) },
        Column("secret_storage", "secret in", default: false) { .text($0.secretStorage?.rawValue) },
    ]
}
