import FoundationEssentials

/// What signing up on one server leads to.
public struct RegistrationSupport: Sendable, Equatable {
    /// Every new account gets a confirmation e-mail (Mastodon, GoToSocial); Pleroma and Akkoma say in
    /// their answer whether one is pending.
    public var confirmsEmail: Bool
}

/// Creating an account on a server through its API. Built by `APIClient.registration(family:on:)`
/// for the client that sends the requests (a visitor for the policy, an app token for the account).
public protocol RegistrationAdapter: Sendable {
    var support: RegistrationSupport { get }
    /// Whether and how strangers may sign up.
    func policy() async throws -> RegistrationPolicy
    func createAccount(_ request: SignupRequest) async throws -> SignupAnswer
    /// The same adapter sending through `client` (the account is created with an app token).
    func through(_ client: APIClient) -> Self
}

extension APIClient {
    /// The registration adapter for the API family that creates accounts on `server`.
    public func registration(family: APIFamily, on server: ServerInfo) throws -> any RegistrationAdapter {
        switch family {
        case .mastodonClient:
            MastodonRegistration(client: self, confirmsEmail: !Flavour.pleromaFamily.contains(server.flavour))
        case .mastodonAdmin, .gotosocialAdmin, .pleromaAdmin, .misskeyAdmin, .misskeyClient:
            throw family.unsupported("signup")
        }
    }
}

/// `/api/v2/instance` (or v1) for the policy, `POST /api/v1/accounts` for the account.
struct MastodonRegistration: RegistrationAdapter {
    let client: APIClient
    let confirmsEmail: Bool
    var support: RegistrationSupport { RegistrationSupport(confirmsEmail: confirmsEmail) }

    func policy() async throws -> RegistrationPolicy { try await client.registrationPolicy() }
    func createAccount(_ request: SignupRequest) async throws -> SignupAnswer {
        try await client.createAccount(request)
    }
    func through(_ client: APIClient) -> Self { MastodonRegistration(client: client, confirmsEmail: confirmsEmail) }
}

extension ServerInfo {
    /// GoToSocial 0.19 and later take sign-ups on their web form only: `POST /api/v1/accounts` with an
    /// app token answers 401 "Unauthorized: user not supplied or not authorized".
    public var takesSignUpsOnTheWebOnly: Bool {
        flavour == .gotosocial && comparableVersion?.isAtLeast(SoftwareVersion(0, 19)) == true
    }
}
