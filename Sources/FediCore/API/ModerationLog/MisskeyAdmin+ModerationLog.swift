import FoundationEssentials

/// The server's own record of its moderators' actions: `admin/show-moderation-logs` (newest first).
extension MisskeyAdmin {
    /// The newest `limit` entries, at most 100 (the endpoint's cap).
    public func moderationLog(limit: Int) async throws -> Fetched<[ModerationLogEntry]> {
        try await call([MisskeyModerationLog].self, "admin/show-moderation-logs", ["limit": max(1, min(limit, 100))])
            .map { $0.map(\.entry) }
    }
}
