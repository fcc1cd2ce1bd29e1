import FoundationEssentials

extension APIClient {
    /// Finds an account from what a user typed: an id as it is, or `@user@host` / `user@host` / `user`
    /// through `/api/v1/accounts/lookup`, then `/api/v2/search?resolve=true` for remote accounts the
    /// server has not seen yet. Search is fuzzy, so only an exact match of the handle counts: a
    /// moderation action must never land on a look-alike. Not found: exit 66 naming the handle, and
    /// the closest account the search offered as a hint.
    public func resolveAccount(_ text: String) async throws -> Account {
        var handle = text.hasPrefix("@") ? String(text.dropFirst()) : text
        if !text.hasPrefix("@"), !handle.contains("@") {
            return try await get(Account.self, "/api/v1/accounts/\(ServerAddress.pathSegment(handle))")
        }
        // This server's own accounts have no @domain in their acct.
        if let at = handle.lastIndex(of: "@"), isThisServer(String(handle[handle.index(after: at)...])) {
            handle = String(handle[..<at])
        }
        do {
            return try await get(
                Account.self, "/api/v1/accounts/lookup", query: [URLQueryItem(name: "acct", value: handle)])
        } catch let error as APIError where error.meansAbsent {
            let query = [
                URLQueryItem(name: "q", value: "@\(handle)"), URLQueryItem(name: "type", value: "accounts"),
                URLQueryItem(name: "resolve", value: "true"), URLQueryItem(name: "limit", value: "5"),
            ]
            let found = try await get(SearchResults.self, "/api/v2/search", query: query)
            if let account = found.accounts.first(where: { $0.acct.equalsIgnoringCase(handle) }) { return account }
            throw FediError(
                .noInput, "no account @\(handle) found on \(server.authority)",
                hint: found.accounts.first.map { "did you mean @\($0.acct)? Give the exact handle" }
                    ?? "check the handle; remote accounts need the full @user@host")
        }
    }

    /// Whether `domain` (what follows the @ of a handle) names this server.
    func isThisServer(_ domain: String) -> Bool {
        let domain = domain.lowercased()
        return domain == server.authority.lowercased() || domain == server.baseURL.host?.lowercased()
    }
}

struct SearchResults: Decodable, Sendable {
    var accounts: [Account]
    init(from decoder: Decoder) throws {
        accounts = try decoder.container(keyedBy: AnyKey.self).lenientArray(Account.self, "accounts")
    }
}
