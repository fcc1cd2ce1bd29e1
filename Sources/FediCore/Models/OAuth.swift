import FoundationEssentials

/// What `POST /api/v1/apps` returns (Mastodon's CredentialApplication).
public struct RegisteredApplication: Decodable, Sendable {
    public var clientID: String
    public var clientSecret: String
    /// Only servers from Mastodon 4.3 echo these; nil elsewhere.
    public var scopes: [String]?
    public var redirectURIs: [String]?

    enum CodingKeys: String, CodingKey {
        case scopes
        case clientID = "client_id", clientSecret = "client_secret", redirectURIs = "redirect_uris"
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        clientID = try container.decode(String.self, forKey: .clientID)
        clientSecret = try container.decode(String.self, forKey: .clientSecret)
        scopes = try? container.decodeIfPresent([String].self, forKey: .scopes)
        redirectURIs = try? container.decodeIfPresent([String].self, forKey: .redirectURIs)
    }
}

/// What `POST /oauth/token` returns. `scope` is space-separated.
public struct AccessToken: Decodable, Sendable {
    public var accessToken: String
    public var tokenType: String?
    public var scope: String?

    enum CodingKeys: String, CodingKey {
        case scope
        case accessToken = "access_token", tokenType = "token_type"
    }

    /// The granted scopes, or nil when the server did not say.
    public var grantedScopes: [String]? {
        guard let scope else { return nil }
        let scopes = OAuthScopes.parse(scope)
        return scopes.isEmpty ? nil : scopes
    }
}

/// The account a token belongs to (`GET /api/v1/accounts/verify_credentials`): the fields fedictl keeps.
public struct CredentialAccount: Decodable, Sendable, Equatable {
    public var id: String
    public var username: String
    public var acct: String?
    public var displayName: String?
    /// The account's role name on Mastodon 4.0+ ("Admin", "Moderator"), when the server sends one.
    public var roleName: String?
    /// The account's role as the server reports it; nil when it says nothing.
    public var role: AccountRole?

    enum CodingKeys: String, CodingKey {
        case id, username, acct, role
        case displayName = "display_name"
    }

    enum RoleKeys: String, CodingKey { case name }

    public init(id: String, username: String, acct: String? = nil, displayName: String? = nil, roleName: String? = nil)
    {
        self.id = id
        self.username = username
        self.acct = acct
        self.displayName = displayName
        self.roleName = roleName
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        guard let id = container.lenientString(.id) else {
            throw DecodingError.keyNotFound(
                CodingKeys.id, .init(codingPath: container.codingPath, debugDescription: "no id"))
        }
        self.id = id
        username = try container.decode(String.self, forKey: .username)
        acct = container.optionalText(.acct)
        displayName = container.optionalText(.displayName)
        roleName = (try? container.nestedContainer(keyedBy: RoleKeys.self, forKey: .role))?.optionalText(.name)
        role = (try? decoder.container(keyedBy: AnyKey.self)).flatMap(AccountRole.decode)
    }
}

/// `/.well-known/oauth-authorization-server` (RFC 8414; Mastodon 4.3+): the fields fedictl uses.
public struct AuthorizationServerMetadata: Decodable, Sendable, Equatable {
    public var scopesSupported: [String]?
    public var codeChallengeMethodsSupported: [String]?

    enum CodingKeys: String, CodingKey {
        case scopesSupported = "scopes_supported", codeChallengeMethodsSupported = "code_challenge_methods_supported"
    }

    public init(scopesSupported: [String]? = nil, codeChallengeMethodsSupported: [String]? = nil) {
        self.scopesSupported = scopesSupported
        self.codeChallengeMethodsSupported = codeChallengeMethodsSupported
    }

    public var supportsPKCE: Bool { codeChallengeMethodsSupported?.contains("S256") ?? false }
}

public enum OAuthScopes {
    /// The user scopes fedictl asks for by default.
    public static let user = ["read", "write", "follow"]
    /// Added by `--admin`: the top-level admin scopes every Mastodon since 2.9.1 knows (granular
    /// ones only exist on some versions; these cover them).
    public static let admin = ["admin:read", "admin:write"]

    /// Scopes as users and servers write them: separated by spaces, commas or `+`.
    public static func parse(_ text: String) -> [String] {
        var seen = Set<String>()
        return text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "+" || $0 == "\n" })
            .map(String.init).filter { seen.insert($0).inserted }
    }
}
