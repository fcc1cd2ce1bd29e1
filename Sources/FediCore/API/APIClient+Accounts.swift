import Foundation

extension APIClient {
    /// Finds an account from what a user typed: an id as it is, or `@user@host` / `user@host` / `user`
    /// through `/api/v1/accounts/lookup`, then `/api/v2/search?resolve=true` for remote accounts the
    /// server has not seen yet. Not found: exit 66 naming the handle.
    public func resolveAccount(_ text: String) async throws -> Account {
        let handle = text.hasPrefix("@") ? String(text.dropFirst()) : text
        if !text.hasPrefix("@"), !handle.contains("@") {
            return try await get(Account.self, "/api/v1/accounts/\(handle)")
        }
        do {
            return try await get(Account.self, "/api/v1/accounts/lookup", query: [URLQueryItem(name: "acct", value: handle)])
        } catch let error as APIError where error.meansAbsent {
            let query = [URLQueryItem(name: "q", value: "@\(handle)"), URLQueryItem(name: "type", value: "accounts"),
                         URLQueryItem(name: "resolve", value: "true"), URLQueryItem(name: "limit", value: "1")]
            let found = try await get(SearchResults.self, "/api/v2/search", query: query)
            guard let account = found.accounts.first(where: { $0.acct.caseInsensitiveCompare(handle) == .orderedSame || "\($0.acct)@\(server.authority)".caseInsensitiveCompare(handle) == .orderedSame }) ?? found.accounts.first else {
                throw FediError(.noInput, "no account @\(handle) found on \(server.authority)",
                                hint: "check the handle; remote accounts need the full @user@host")
            }
            return account
        }
    }
}

struct SearchResults: Decodable, Sendable {
    var accounts: [Account]
    init(from decoder: Decoder) throws {
        accounts = try decoder.container(keyedBy: AnyKey.self).lenientArray(Account.self, "accounts")
    }
}
