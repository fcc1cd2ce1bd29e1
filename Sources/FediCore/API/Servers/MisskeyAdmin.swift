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
    func body(_ fields: some Encodable) throws -> RequestBody {
        try .encoded(MisskeyCall(fields: fields, token: client.token))
    }

    /// Calls `POST /api/<endpoint>` and decodes the answer. Every Misskey endpoint is a POST, so what
    /// reads is told by which of the two entry points is used: `call` only reads (`--dry-run` lets it
    /// through), `perform` writes.
    public func call<T: Decodable & Sendable>(_ type: T.Type, _ endpoint: String, _ fields: some Encodable = NoFields())
        async throws -> Fetched<T>
    {
        try await client.fetch(type, .post, "/api/\(endpoint)", body: body(fields), readsOnly: true)
    }

    /// Calls an endpoint that changes something and whose answer does not matter (204 on success).
    public func perform(_ endpoint: String, _ fields: some Encodable = NoFields()) async throws {
        try await client.send(.post, "/api/\(endpoint)", body: body(fields), readsOnly: false)
    }

    /// One page of a list: `untilId` (older than) or `sinceId` (newer than) a record's id; the
    /// fields a list takes besides (`state`, `withFiles`). Fields left nil are not sent.
    struct MisskeyPage: Encodable {
        var limit: Int
        var untilId: String?
        var sinceId: String?
        var state: String?
        var withFiles: Bool?

        init(limit: Int, untilId: String? = nil, sinceId: String? = nil, state: String? = nil, withFiles: Bool? = nil) {
            self.limit = limit
            self.untilId = untilId
            self.sinceId = sinceId
            self.state = state
            self.withFiles = withFiles
        }
    }

    /// A body with no fields of its own (the token is added).
    public struct NoFields: Encodable, Sendable {
        public init() {}
    }

    /// A call's fields with the token beside them as `i`.
    struct MisskeyCall<Fields: Encodable>: Encodable {
        var fields: Fields
        var token: String?

        func encode(to encoder: any Encoder) throws {
            try fields.encode(to: encoder)
            var container = encoder.container(keyedBy: TokenKey.self)
            try container.encodeIfPresent(token, forKey: .i)
        }

        enum TokenKey: String, CodingKey { case i }
    }
}

extension APIClient {
    /// This client speaking the Misskey family's API.
    public var misskeyAdmin: MisskeyAdmin { MisskeyAdmin(client: self) }
}

extension MisskeyAdmin {
    /// The account the token belongs to: `POST /api/i`, Misskey's verify_credentials.
    public func verifyCredentials() async throws -> CredentialAccount {
        struct Me: Decodable, Sendable {
            var id: String
            var username: String
            var name: String?
            var isAdmin: Bool?
            var isModerator: Bool?
        }
        let me = try await call(Me.self, "i").value
        let role = me.isAdmin == true ? "Admin" : me.isModerator == true ? "Moderator" : nil
        var account = CredentialAccount(id: me.id, username: me.username, displayName: me.name, roleName: role)
        if let role {
            account.role = AccountRole(name: role, permissions: nil, isAdmin: me.isAdmin == true, canModerate: true)
        }
        return account
    }
}
