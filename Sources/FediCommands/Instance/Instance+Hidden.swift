import FediCore

extension Instance {
    /// Reads a list an admin may keep private, and says so in words when it is:
    /// 401 → exit 77 "HOST does not publish its domain blocks" with a login hint (when no token was sent);
    /// 403, 404 or 410 → exit 69, the list is hidden.
    static func explainingHidden<T>(
        _ what: String, on server: ServerAddress, authenticated: Bool = false,
        _ read: () async throws -> T
    ) async throws -> T {
        do {
            return try await read()
        } catch let error as APIError {
            let host = server.authority
            switch error.status {
            case 401 where !authenticated:
                throw FediError(
                    .permission, "\(host) does not publish its \(what)",
                    hint:
                        "its admin shows them to logged-in users only: log in (fedictl auth login \(host)) and run this again"
                )
            case 403, 404, 410:
                throw FediError(
                    .unavailable, "\(host) does not publish its \(what)", hint: "its admin keeps them hidden")
            default:
                throw error
            }
        }
    }
}
