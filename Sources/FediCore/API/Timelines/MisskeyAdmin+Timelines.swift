import FoundationEssentials

/// Timelines on the Misskey family. `after` is a note id of the same server (`sinceId`).
extension MisskeyAdmin {
    /// `notes/local-timeline {limit, withFiles, sinceId}`: no credential needed, unless the server's
    /// base role has the local timeline off (`LTL_DISABLED`).
    func localTimeline(limit: Int, mediaOnly: Bool, after: String?) async throws -> Fetched<[Post]> {
        try await notes("notes/local-timeline", MisskeyPage(limit: limit, sinceId: after, withFiles: mediaOnly))
    }

    /// `notes/timeline {limit, sinceId}`: the signed-in user's home timeline.
    func homeTimeline(limit: Int, after: String?) async throws -> Fetched<[Post]> {
        try await notes("notes/timeline", MisskeyPage(limit: limit, sinceId: after))
    }

    /// Local notes carry no `url`: their page is `/notes/<id>` on this server.
    private func notes(_ endpoint: String, _ fields: MisskeyPage) async throws -> Fetched<[Post]> {
        let fetched = try await call([MisskeyNote].self, endpoint, fields)
        let posts = fetched.value.map { note in
            var post = note.post
            post.url = post.url ?? client.server.url("/notes/\(ServerAddress.pathSegment(post.id))").absoluteString
            return post
        }
        return Fetched(value: posts, raw: fetched.raw, response: fetched.response)
    }
}
