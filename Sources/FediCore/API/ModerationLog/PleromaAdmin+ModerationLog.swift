import FoundationEssentials

/// The server's own record of its moderators' actions: `GET /api/v1/pleroma/admin/moderation_log`.
extension PleromaAdmin {
    /// The newest `limit` entries (one page; Pleroma pages by `page`/`page_size`, newest first).
    public func moderationLog(limit: Int) async throws -> Fetched<[ModerationLogEntry]> {
        let query = [
            URLQueryItem(name: "page", value: "1"),
            URLQueryItem(name: "page_size", value: String(max(1, min(limit, 500)))),
        ]
        return try await client.fetch(PleromaModerationLogPage.self, .get, Self.path("moderation_log"), query: query)
            .map(\.items)
    }
}
