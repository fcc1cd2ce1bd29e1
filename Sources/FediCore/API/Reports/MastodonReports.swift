import FoundationEssentials

/// What Mastodon's admin report API and GoToSocial's copy of it share: the paths, the answer's shape,
/// paging, and no notes. Each server's type says how it asks for a state and how it resolves.
protocol MastodonAdminReportAPI: ReportAdapter {
    var client: APIClient { get }
    /// Puts the wanted state (`resolved`) into the list's query.
    func ask(resolved: Bool, in items: inout QueryItems)
}

extension MastodonAdminReportAPI {
    func list(_ query: ReportQuery, limit: Int?, onPage: PageHandler<Report>?) async throws -> [Report] {
        var items = QueryItems()
        ask(resolved: query.resolved, in: &items)
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

    func addNote(
        id: String,
        _ text: String
    ) async throws -> Fetched<Report>? { throw UnsupportedReportVerb.error("note", support) }

    func describeResolve(_ id: String) -> String { "POST /api/v1/admin/reports/\(id)/resolve" }

    func send(
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

/// Reports through Mastodon's admin API.
struct MastodonReports: MastodonAdminReportAPI {
    let client: APIClient
    let support: ReportSupport

    /// Mastodon reads any `resolved` value as true and lists open reports without it.
    func ask(resolved: Bool, in items: inout QueryItems) { items.flag("resolved", resolved) }

    func resolve(id: String, comment: String?) async throws -> Fetched<Report>? {
        try await send(.post, id, "/resolve")
    }

    func reopen(id: String) async throws -> Fetched<Report> { try await send(.post, id, "/reopen") }
}
