import FoundationEssentials

/// A server's own log of what its moderators did, where its admin API has one (Pleroma, Akkoma,
/// the Misskey family). Built by `APIClient.moderationLog(family:)`.
public protocol ModerationLogAdapter: Sendable {
    /// The newest `limit` entries.
    func entries(limit: Int) async throws -> Fetched<[ModerationLogEntry]>
}

extension APIClient {
    /// The moderation-log adapter for the admin API family of this server (the one serving its
    /// reports); nil where that API has no moderation log (Mastodon's, GoToSocial's).
    public func moderationLog(family: APIFamily) -> (any ModerationLogAdapter)? {
        switch family {
        case .pleromaAdmin: PleromaLogAdapter(admin: pleromaAdmin)
        case .misskeyAdmin: MisskeyLogAdapter(admin: misskeyAdmin)
        case .mastodonAdmin, .gotosocialAdmin, .mastodonClient, .misskeyClient: nil
        }
    }
}

struct PleromaLogAdapter: ModerationLogAdapter {
    let admin: PleromaAdmin
    func entries(limit: Int) async throws -> Fetched<[ModerationLogEntry]> {
        try await admin.moderationLog(limit: limit)
    }
}

struct MisskeyLogAdapter: ModerationLogAdapter {
    let admin: MisskeyAdmin
    func entries(limit: Int) async throws -> Fetched<[ModerationLogEntry]> {
        try await admin.moderationLog(limit: limit)
    }
}
