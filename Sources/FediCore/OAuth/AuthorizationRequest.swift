import FoundationEssentials

/// One OAuth authorization-code login in progress: what goes into the authorize URL and what the
/// code exchange must repeat. `state` guards the redirect against forgery; the PKCE verifier (when
/// the server offers S256) proves the exchange comes from whoever started the login.
public struct AuthorizationRequest: Sendable, Equatable {
    /// Where the server sends the code: shown on its page instead of redirecting.
    public static let outOfBandRedirect = "urn:ietf:wg:oauth:2.0:oob"

    public var clientID: String
    public var redirectURI: String
    public var scopes: [String]
    public var state: String
    /// nil when the server does not offer PKCE S256.
    public var codeVerifier: String?
    /// Ask the server to show its login form even if the browser is logged in (a second account).
    public var forceLogin: Bool

    public init(
        clientID: String, redirectURI: String, scopes: [String], state: String = AuthorizationRequest.randomToken(),
        codeVerifier: String? = AuthorizationRequest.randomToken(), forceLogin: Bool = true
    ) {
        self.clientID = clientID
        self.redirectURI = redirectURI
        self.scopes = scopes
        self.state = state
        self.codeVerifier = codeVerifier
        self.forceLogin = forceLogin
    }

    /// The S256 challenge: base64url(SHA-256(verifier)), no padding (RFC 7636 §4.2).
    public var codeChallenge: String? {
        codeVerifier.map { Self.base64URL(SHA256.hash(Data($0.utf8))) }
    }

    /// 32 random bytes (the system's CSPRNG), base64url: 43 characters, valid as a PKCE verifier.
    public static func randomToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return base64URL((0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
    }

    static func base64URL(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString()
            .replacing("+", with: "-").replacing("/", with: "_")
            .replacing("=", with: "")
    }
}
