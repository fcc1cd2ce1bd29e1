import FoundationEssentials

/// Reports through GoToSocial's copy of Mastodon's admin API: it lists both states unless told
/// which, takes a comment for the reporter when resolving, and cannot reopen or keep notes.
struct GoToSocialReports: MastodonAdminReportAPI {
    let client: APIClient
    let support: ReportSupport

    /// Both states are listed unless one is named.
    func ask(resolved: Bool, in items: inout QueryItems) { items.add("resolved", String(resolved)) }

    /// The comment reaches the reporter as `action_taken_comment`.
    func resolve(id: String, comment: String?) async throws -> Fetched<Report>? {
        try await send(.post, id, "/resolve", body: comment.map { .form([("action_taken_comment", $0)]) })
    }

    func reopen(id: String) async throws -> Fetched<Report> { throw UnsupportedReportVerb.error("reopen", support) }
}
