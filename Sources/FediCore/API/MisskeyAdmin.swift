import FoundationEssentials

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

    /// Calls `POST /api/<endpoint>` and decodes the answer. Every Misskey endpoint is a POST, so what
    /// reads is told by which of the two entry points is used: `call` only reads (`--dry-run` lets it
    /// through), `perform` writes.
    public func call<T: Decodable & Sendable>(_ type: T.Type, _ endpoint: String, _ fields: [String: Any] = [:]) async throws -> Fetched<T> {
        try await client.fetch(type, .post, "/api/\(endpoint)", body: body(fields), readsOnly: true)
    }

    /// Calls an endpoint that changes something and whose answer does not matter (204 on success).
    public func perform(_ endpoint: String, _ fields: [String: Any] = [:]) async throws {
        try await client.send(.post, "/api/\(endpoint)", body: body(fields), readsOnly: false)
    }
}

extension APIClient {
    /// This client speaking the Misskey family's API.
    public var misskeyAdmin: MisskeyAdmin { MisskeyAdmin(client: self) }
}
