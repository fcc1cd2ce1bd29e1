import FoundationEssentials

/// Where a login's access token was stored.
public enum TokenStorage: String, Codable, Sendable, CaseIterable {
    /// The Secret Service keyring (libsecret).
    case keyring
    /// The `--insecure-storage` opt-in: a 0600 file beside the config.
    case file
}

/// How the scopes recorded for a login are known.
public enum ScopesSource: String, Codable, Sendable {
    /// The server's token response said so (OAuth login).
    case granted
    /// Asked for in the OAuth login; the server's token response did not list scopes.
    case requested
    /// Read back from the server for an imported token (`/oauth/token/info` or the app's credentials).
    case server
    /// The server would not say; these are the scopes the user gave with `--scopes`.
    case claimed
}

/// The OAuth application fedictl registered on one instance. Its secret lives in the SecretStore
/// under `RegisteredClient.secretKey(for:)`; this record never holds it.
public struct RegisteredClient: Codable, Sendable, Equatable {
    public var clientID: String
    /// The scopes the app was registered with; an authorization may ask for at most these.
    public var scopes: [String]
    public var redirectURIs: [String]
    public var registeredAt: Date?

    public init(clientID: String, scopes: [String], redirectURIs: [String], registeredAt: Date? = nil) {
        self.clientID = clientID
        self.scopes = scopes
        self.redirectURIs = redirectURIs
        self.registeredAt = registeredAt
    }

    enum CodingKeys: String, CodingKey {
        case scopes
        case clientID = "client_id", redirectURIs = "redirect_uris", registeredAt = "registered_at"
    }

    /// Whether an authorization for `scopes` with `redirectURI` can use this app.
    public func covers(scopes wanted: [String], redirectURI: String) -> Bool {
        Set(wanted).isSubset(of: Set(scopes)) && redirectURIs.contains(redirectURI)
    }

    /// The keyring item of an instance's client secret: one app per instance, keyed by its host.
    public static func secretKey(for server: ServerAddress) -> SecretKey {
        SecretKey(account: server.authority, instance: server.authority, kind: .clientSecret)
    }
}

extension Login {
    /// `user@host`, with the host as `ServerAddress.authority` (lower-cased, punycode, port kept).
    public static func makeID(username: String, server: ServerAddress) -> String {
        "\(username)@\(server.authority)"
    }

    /// The keyring item holding this login's access token.
    public var tokenKey: SecretKey {
        SecretKey(account: id, instance: server.authority, kind: .accessToken)
    }
}
