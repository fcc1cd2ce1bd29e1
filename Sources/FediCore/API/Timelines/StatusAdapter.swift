import FoundationEssentials

/// One post (a reported one, usually) as a moderator reads and acts on it: show it, delete it, mark it
/// sensitive or not, change its visibility. What each software can do differs (see the capability
/// table); built by `APIClient.statuses(family:)` behind `Door.statuses`.
///
/// - Pleroma and Akkoma: `GET`, `PUT` (`sensitive`, `visibility`) and `DELETE /api/v1/pleroma/admin/statuses/:id`.
/// - Misskey family: `notes/show`, and `notes/delete`, which lets a moderator delete anyone's note.
/// - Mastodon and GoToSocial: only `GET /api/v1/statuses/:id` (what the moderator's login may see).
///   Mastodon's admin API acts on accounts only: `POST /api/v1/admin/accounts/:id/action` permits
///   `type`, `report_id`, `warning_preset_id`, `text` and `send_email_notification`, no status ids
///   (app/controllers/api/v1/admin/account_actions_controller.rb); deleting or marking one post is
///   the web UI's (Admin::StatusBatchAction), so the writes are refused there.
public protocol StatusAdapter: Sendable {
    /// The post `id` as the server has it now.
    func status(id: String) async throws -> Fetched<Post>
    /// Deletes the post `id` (no way back).
    func delete(id: String) async throws
    /// Marks the post `id` sensitive or not, or changes its visibility (the fields left nil are not sent).
    func update(id: String, sensitive: Bool?, visibility: String?) async throws
}

extension APIClient {
    public func statuses(family: APIFamily) throws -> any StatusAdapter {
        switch family {
        case .mastodonClient: MastodonStatuses(client: self)
        case .pleromaAdmin: PleromaStatuses(client: self)
        case .misskeyAdmin: MisskeyStatuses(client: self)
        case .mastodonAdmin, .gotosocialAdmin, .misskeyClient:
            throw FediError(.unavailable, "posts are not moderated through the \(family.displayName)")
        }
    }

    /// A 404 on a post id: exit 66, "no post 123 on HOST".
    func namingPost<T>(_ id: String, _ body: () async throws -> T) async throws -> T {
        try await naming(
            "post \(id)", hint: "`fedictl reports show ID` lists a report's posts with their ids (post1.id, …)", body)
    }
}

extension Door where Adapter == any StatusAdapter {
    public static func statuses(_ capability: Capability) -> Self {
        Door(capability) { client, family, _ in try client.statuses(family: family) }
    }
}

/// The visibilities a moderator may set (Pleroma's `update_activity_visibility` takes these four).
public enum PostVisibility: String, Sendable, CaseIterable {
    case `public`, unlisted, `private`, direct
}

/// `GET /api/v1/statuses/:id`: the one thing Mastodon's and GoToSocial's APIs let a moderator do with a post.
struct MastodonStatuses: StatusAdapter {
    let client: APIClient

    func status(id: String) async throws -> Fetched<Post> {
        let fetched = try await client.namingPost(id) {
            try await client.fetch(MastodonStatus.self, .get, "/api/v1/statuses/\(ServerAddress.pathSegment(id))")
        }
        return Fetched(value: fetched.value.post, raw: fetched.raw, response: fetched.response)
    }

    func delete(id: String) async throws { throw APIFamily.mastodonClient.unsupported("statuses delete") }

    func update(id: String, sensitive: Bool?, visibility: String?) async throws {
        throw APIFamily.mastodonClient.unsupported("statuses \(visibility == nil ? "sensitive" : "visibility")")
    }
}

/// Pleroma's and Akkoma's `/api/v1/pleroma/admin/statuses/:id` (AdminAPI.StatusController: show,
/// update with a JSON body of `sensitive` and `visibility`, delete).
struct PleromaStatuses: StatusAdapter {
    let client: APIClient

    static func path(_ id: String) -> String { PleromaAdmin.path("statuses/\(ServerAddress.pathSegment(id))") }

    func status(id: String) async throws -> Fetched<Post> {
        let fetched = try await client.namingPost(id) {
            try await client.fetch(MastodonStatus.self, .get, Self.path(id))
        }
        return Fetched(value: fetched.value.post, raw: fetched.raw, response: fetched.response)
    }

    func delete(id: String) async throws {
        try await client.namingPost(id) { try await client.send(.delete, Self.path(id)) }
    }

    struct Change: Encodable {
        var sensitive: Bool?
        var visibility: String?
    }

    func update(id: String, sensitive: Bool?, visibility: String?) async throws {
        let body = try RequestBody.encoded(Change(sensitive: sensitive, visibility: visibility))
        try await client.namingPost(id) { try await client.send(.put, Self.path(id), body: body) }
    }
}

/// The Misskey family's `notes/show` and `notes/delete` (`noteId`); a moderator may delete any note.
/// Misskey has no way for a moderator to mark a note sensitive or change its visibility.
struct MisskeyStatuses: StatusAdapter {
    let client: APIClient

    struct NoteID: Encodable {
        var noteId: String
    }

    func status(id: String) async throws -> Fetched<Post> {
        let fetched = try await client.namingPost(id) {
            try await client.misskeyAdmin.call(MisskeyNote.self, "notes/show", NoteID(noteId: id))
        }
        return Fetched(value: fetched.value.post, raw: fetched.raw, response: fetched.response)
    }

    func delete(id: String) async throws {
        try await client.namingPost(id) { try await client.misskeyAdmin.perform("notes/delete", NoteID(noteId: id)) }
    }

    func update(id: String, sensitive: Bool?, visibility: String?) async throws {
        throw APIFamily.misskeyAdmin.unsupported("statuses \(visibility == nil ? "sensitive" : "visibility")")
    }
}
