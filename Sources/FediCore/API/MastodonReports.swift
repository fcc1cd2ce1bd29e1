import FoundationEssentials

/// Reports through Mastodon's admin API, which GoToSocial shares with a few differences: it lists
/// both states unless told which, takes a comment for the reporter when resolving, and cannot reopen
/// or keep notes.
struct MastodonReports: ReportAdapter {
    let client: APIClient
    let support: ReportSupport
    let gotosocial: Bool

    func list(_ query: ReportQuery, limit: Int?, onPage: PageHandler<Report>?) async throws -> [Report] {
        var items = QueryItems()
        // Mastodon reads any `resolved` value as true and lists open reports without it;
        // GoToSocial lists both unless told which.
        if gotosocial { items.add("resolved", String(query.resolved)) } else { items.flag("resolved", query.resolved) }
        items.add("account_id", query.reporterID)
        items.add("target_account_id", query.targetID)
        return try await client.linkPages(
            MastodonAdminReport.self, "/api/v1/admin/reports", query: items.items,
            limit: limit,
            pageSize: 100, onPage: onPage
        ) { $0.report }
    }

    func report(id: String) async throws -> Fetched<Report> { try await send(.get, id, "") }

    /// `POST /api/v1/admin/reports/:id/assign_to_self`.
    func assign(id: String) async throws -> Fetched<Report> { try await send(.post, id, "/assign_to_self") }

    /// `POST /api/v1/admin/reports/:id/unassign`.
    func unassign(id: String) async throws -> Fetched<Report> { try await send(.post, id, "/unassign") }

    /// GoToSocial sends `comment` to the reporter as `action_taken_comment`.
    func resolve(id: String, comment: String?) async throws -> Fetched<Report>? {
        guard gotosocial else { return try await send(.post, id, "/resolve") }
        return try await send(.post, id, "/resolve", body: comment.map { .form([("action_taken_comment", $0)]) })
    }

    func reopen(id: String) async throws -> Fetched<Report> {
        if gotosocial { throw UnsupportedReportVerb.error("reopen", support) }
        return try await send(.post, id, "/reopen")
    }

    func addNote(
        id: String,
        _ text: String
    ) async throws -> Fetched<Report>? { throw UnsupportedReportVerb.error("note", support) }

    func describeResolve(_ id: String) -> String { "POST /api/v1/admin/reports/\(id)/resolve" }

    private func send(
        _ method: HTTPMethod, _ id: String, _ action: String,
        body: RequestBody? = nil
    ) async throws -> Fetched<Report> {
        try await APIClient.namingReport(id, on: client) {
            try await client.fetch(
                MastodonAdminReport.self, method,
                "/api/v1/admin/reports/\(ServerAddress.pathSegment(id))\(action)",
                body: body
            ).map(\.report)
        }
    }
}
