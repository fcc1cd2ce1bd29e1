import FoundationEssentials

/// A server's public description read through whichever API it has: Mastodon's instance API
/// (also GoToSocial, Pleroma, Friendica) or the Misskey family's `/api/meta`. Built by
/// `APIClient.instance(family:)`.
public protocol InstanceAdapter: Sendable {
    /// The server's rules and the server's bytes for `--raw`.
    func rules() async throws -> Fetched<[InstanceRule]>
}

extension APIClient {
    /// The instance adapter for the API family that describes this server.
    public func instance(family: APIFamily) throws -> any InstanceAdapter {
        switch family {
        case .mastodonClient: MastodonInstance(client: self)
        case .misskeyClient: MisskeyInstance(client: self)
        case .mastodonAdmin, .gotosocialAdmin, .pleromaAdmin, .misskeyAdmin: throw family.unsupported("instance")
        }
    }
}

/// `GET /api/v1/instance/rules`.
struct MastodonInstance: InstanceAdapter {
    let client: APIClient

    func rules() async throws -> Fetched<[InstanceRule]> {
        try await client.instanceRules()
    }
}

/// `/api/meta`, whose `serverRules` are bare texts: numbered from 1 here.
struct MisskeyInstance: InstanceAdapter {
    let client: APIClient

    func rules() async throws -> Fetched<[InstanceRule]> {
        try await client.misskeyMeta().map { meta in
            (meta.serverRules ?? []).enumerated().map { InstanceRule(id: String($0.offset + 1), text: $0.element) }
        }
    }
}
