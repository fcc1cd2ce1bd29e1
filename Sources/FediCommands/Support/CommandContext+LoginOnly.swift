import FediCore
import FoundationEssentials

extension CommandContext {
    /// A client to read `capability` from `server`, which may keep it from visitors: with the token of a
    /// login on that server (the selected account's, else `login`, else the first stored one) where the
    /// software shows it to logged-in users only (GoToSocial's peers, domain blocks and timelines) or
    /// `always`; else, or without such a login, as a visitor.
    func readingClient(
        _ capability: Capability, on server: ServerAddress, info: ServerInfo?, login: Login?,
        always: Bool = false
    ) async -> APIClient {
        let anonymous = anonymousClient(server)
        guard always || info.map({ $0.needsLogin(for: capability) }) == true else { return anonymous }
        let accounts = accounts
        if let selected = try? accounts.login(), selected.server.authority == server.authority,
            let credentials = try? await accounts.credentials()
        {
            return APIClient(server: credentials.login.server, token: credentials.token, http: http)
        }
        guard let login = login ?? storedLogin(on: server), let (token, _) = try? await accounts.storedToken(for: login)
        else {
            return anonymous
        }
        return APIClient(server: server, token: token, http: http)
    }
}
