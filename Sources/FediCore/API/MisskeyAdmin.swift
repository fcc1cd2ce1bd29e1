import Foundation

/// The Misskey family's API (Misskey, Sharkey, Firefish, Iceshrimp, Catodon): every endpoint is
/// `POST /api/<endpoint>` with a JSON object body. The token goes in the body as `i` (what older
/// servers read) and as a Bearer header (which newer ones prefer). Void endpoints answer 204.
/// Areas extend this type in `MisskeyAdmin+<Area>.swift`.
public struct MisskeyAdmin: Sendable {
    public let client: APIClient

    public init(client: APIClient) {
        self.client = client
    }

    /// The JSON body of a call: `fields` plus the token as `i`.
    func body(_ fields: [String: Any]) -> RequestBody {
        var object = fields
        if let token = client.token { object["i"] = token }
        return .jsonObject(object)
    }

    /// Calls `POST /api/<endpoint>` and decodes the answer.
    public func call<T: Decodable & Sendable>(_ type: T.Type, _ endpoint: String, _ fields: [String: Any] = [:]) async throws -> Fetched<T> {
        try await client.fetch(type, .post, "/api/\(endpoint)", body: body(fields), readsOnly: Self.readsOnly(endpoint))
    }

    /// Calls an endpoint whose answer does not matter (204 on success).
    public func perform(_ endpoint: String, _ fields: [String: Any] = [:]) async throws {
        try await client.send(.post, "/api/\(endpoint)", body: body(fields), readsOnly: Self.readsOnly(endpoint))
    }

    /// Misskey names its endpoints by what they do: `meta`, `i`, `*/show*`, `*/list`, `*-timeline`,
    /// `admin/abuse-user-reports` only read (so `--dry-run` lets them through); everything else writes.
    static func readsOnly(_ endpoint: String) -> Bool {
        let last = endpoint.split(separator: "/").last.map(String.init) ?? endpoint
        return ["meta", "i", "stats", "list", "show", "show-user", "show-users", "abuse-user-reports", "relation"].contains(last)
            || last.hasSuffix("-timeline")
    }
}

extension APIClient {
    /// This client speaking the Misskey family's API.
    public var misskeyAdmin: MisskeyAdmin { MisskeyAdmin(client: self) }
}
