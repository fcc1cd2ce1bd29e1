import FoundationEssentials

/// What `GET /api/v1/apps/verify_credentials` says about the app a token belongs to.
public struct AppCredentials: Decodable, Sendable, Equatable {
    public var name: String
    public var website: String?
    /// Mastodon 4.3+ and mastodon_mock; nil where the server does not say.
    public var scopes: [String]?

    public init(name: String, website: String? = nil, scopes: [String]? = nil) {
        self.name = name
        self.website = website
        self.scopes = scopes
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: AnyKey.self)
        name = c.optionalText("name") ?? ""
        website = c.optionalText("website")
        scopes =
            (try? c.decodeIfPresent([String].self, forKey: "scopes")) ?? c.optionalText("scopes").map(OAuthScopes.parse)
    }
}

/// Whether and how strangers may sign up, from the instance document.
public struct RegistrationPolicy: Sendable, Equatable {
    public var mode: RegistrationMode?
    /// Mastodon 4.4+: a reason must be given (with approval).
    public var reasonRequired: Bool
    /// Mastodon 4.4+: the minimum age, which makes a date of birth required.
    public var minAge: Int?

    public init(mode: RegistrationMode?, reasonRequired: Bool = false, minAge: Int? = nil) {
        self.mode = mode
        self.reasonRequired = reasonRequired
        self.minAge = minAge
    }

    /// `/api/v2/instance` `registrations{enabled, approval_required, reason_required, min_age}`, or
    /// v1's `registrations` and `approval_required`.
    struct Document: Decodable {
        var policy: RegistrationPolicy
        init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: AnyKey.self)
            func mode(enabled: Bool?, approval: Bool?) -> RegistrationMode? {
                enabled.map { !$0 ? .closed : (approval == true ? .approvalRequired : .open) }
            }
            if let v2 = try? c.nestedContainer(keyedBy: AnyKey.self, forKey: "registrations") {
                policy = RegistrationPolicy(
                    mode: mode(enabled: v2.lenientBool("enabled"), approval: v2.lenientBool("approval_required")),
                    reasonRequired: v2.lenientBool("reason_required") ?? false, minAge: v2.lenientInt("min_age"))
            } else {
                policy = RegistrationPolicy(
                    mode: mode(enabled: c.lenientBool("registrations"), approval: c.lenientBool("approval_required")))
            }
        }
    }
}

/// What `POST /api/v1/accounts` takes. The password travels only in the request body.
public struct SignupRequest: Sendable {
    public var username: String
    public var email: String
    public var password: String
    public var locale: String
    public var reason: String?
    /// `YYYY-MM-DD` (Mastodon 4.4+, where the server has a minimum age).
    public var dateOfBirth: String?

    public init(
        username: String, email: String, password: String, locale: String, reason: String? = nil,
        dateOfBirth: String? = nil
    ) {
        self.username = username
        self.email = email
        self.password = password
        self.locale = locale
        self.reason = reason
        self.dateOfBirth = dateOfBirth
    }
}

/// How a server answered a sign-up: a token (Mastodon, GoToSocial, and Pleroma/Akkoma when nothing
/// is pending), or Pleroma/Akkoma's 200 `{"message", "identifier"}` naming what the account waits for
/// (`awaiting_approval`, `missing_confirmed_email`, `manual_login_required`).
public enum SignupAnswer: Sendable, Equatable {
    case token
    case pending(identifier: String, message: String?)

    struct Body: Decodable {
        var answer: SignupAnswer
        init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: AnyKey.self)
            if c.optionalText("access_token") != nil {
                answer = .token
            } else if let identifier = c.optionalText("identifier") {
                answer = .pending(identifier: identifier, message: c.optionalText("message"))
            } else {
                throw DecodingError.keyNotFound(
                    AnyKey("access_token"), .init(codingPath: [], debugDescription: "neither a token nor an identifier")
                )
            }
        }
    }
}

/// One field a server refused, from Mastodon's 422 `details` (3.4+):
/// `{"details": {"username": [{"error": "ERR_TAKEN", "description": "…"}]}}`.
public struct FieldRejection: Sendable, Equatable {
    public var field: String
    public var code: String
    public var description: String?

    public static func all(in body: Data) -> [FieldRejection] {
        guard let object = try? JSONText.object(from: body) as? [String: Any],
            let details = object["details"] as? [String: Any]
        else { return [] }
        return details.keys.sorted().flatMap { field in
            ((details[field] as? [[String: Any]]) ?? []).compactMap { entry in
                (entry["error"] as? String).map {
                    FieldRejection(field: field, code: $0, description: entry["description"] as? String)
                }
            }
        }
    }
}

/// App credentials, sign-ups, and the client-credentials tokens both use.
extension APIClient {
    /// `POST /oauth/token` with `grant_type=client_credentials`: a token for the app itself (no user).
    public func clientCredentialsToken(clientID: String, clientSecret: String, scopes: [String]) async throws
        -> AccessToken
    {
        let form = [
            ("grant_type", "client_credentials"), ("client_id", clientID), ("client_secret", clientSecret),
            ("redirect_uri", AuthorizationRequest.outOfBandRedirect), ("scope", scopes.joined(separator: " ")),
        ]
        return try await fetch(AccessToken.self, .post, "/oauth/token", body: .form(form)).value
    }

    /// `GET /api/v1/apps/verify_credentials`: the app this client's token belongs to.
    public func verifyAppCredentials() async throws -> Fetched<AppCredentials> {
        try await fetch(AppCredentials.self, .get, "/api/v1/apps/verify_credentials")
    }

    /// The instance's registration mode: `/api/v2/instance`, else `/api/v1/instance`.
    public func registrationPolicy() async throws -> RegistrationPolicy {
        do {
            return try await get(RegistrationPolicy.Document.self, "/api/v2/instance").policy
        } catch let error as APIError where error.meansAbsent || error.status == 400 {
            return try await get(RegistrationPolicy.Document.self, "/api/v1/instance").policy
        }
    }

    /// `POST /api/v1/accounts` (a form, which every server reads), sent with an app token. The answer's
    /// token is not kept: it works only once the account is confirmed (and approved).
    public func createAccount(_ request: SignupRequest) async throws -> SignupAnswer {
        var form = [
            ("username", request.username), ("email", request.email), ("password", request.password),
            ("agreement", "true"), ("locale", request.locale),
        ]
        if let reason = request.reason { form.append(("reason", reason)) }
        if let dateOfBirth = request.dateOfBirth { form.append(("date_of_birth", dateOfBirth)) }
        return try await fetch(SignupAnswer.Body.self, .post, "/api/v1/accounts", body: .form(form)).value.answer
    }
}
