import FoundationEssentials

/// GoToSocial's media maintenance: both run on the server after it answers, so there is nothing to show but that it
/// started.
extension APIClient {
    /// `POST /api/v1/admin/media_cleanup?remote_cache_days=N`: drops cached remote media older than
    /// `days` (the server's media-remote-cache-days when nil). The server answers with the days it used.
    public func cleanUpMedia(days: Int?) async throws -> Int? {
        let query = days.map { [URLQueryItem(name: "remote_cache_days", value: String($0))] } ?? []
        let response = try await send(.post, "/api/v1/admin/media_cleanup", query: query)
        return Int(String(decoding: response.body, as: UTF8.self).trimmed())
    }

    /// `POST /api/v1/admin/media_refetch[?domain=D]`: fetches again the remote emojis missing from storage.
    public func refetchMedia(domain: String?) async throws {
        let query = domain.map { [URLQueryItem(name: "domain", value: $0)] } ?? []
        try await send(.post, "/api/v1/admin/media_refetch", query: query)
    }
}
