import FoundationEssentials

/// Reports on Pleroma/Akkoma: `/api/v1/pleroma/admin/reports`, paged by `page`/`page_size`, state
/// changed by one `PATCH` for a batch, notes kept per report.
extension PleromaAdmin {
    static let pageSize = 50

    /// Open reports (`state=open`), or with `resolved` every report that is not open (Pleroma filters
    /// by one state at a time: resolved and closed are fetched together and sorted out here). Pleroma
    /// cannot filter by account, so that is done here too.
    func reports(_ query: ReportQuery, limit: Int?, onPage: PageHandler<Report>?) async throws -> [Report] {
        let size = min(limit ?? Self.pageSize, Self.pageSize)
        var base = QueryItems()
        if !query.resolved { base.add("state", "open") }
        base.add("page_size", String(size))
        return try await client.walkPages(from: 1, limit: limit, onPage: onPage) { page in
            let fetched = try await client.fetch(
                PleromaReportPage.self, .get, Self.path("reports"),
                query: base.items + [URLQueryItem(name: "page", value: String(page))])
            let reports = fetched.value.reports
            let kept = reports.filter { (!query.resolved || $0.state != "open") && query.matches($0) }
            let more = fetched.value.total.map { page * size < $0 } ?? (reports.count == size)
            return PagePiece(items: kept, raw: fetched.raw, next: more && !reports.isEmpty ? page + 1 : nil)
        }
    }

    /// `GET …/reports/:id` (a missing one answers 404 with the bare string "Not found").
    func report(id: String) async throws -> Fetched<Report> {
        try await APIClient.namingReport(id, on: client) {
            try await client.fetch(PleromaReport.self, .get, Self.path("reports/\(ServerAddress.pathSegment(id))")).map(
                \.report)
        }
    }

    /// `PATCH …/reports` with `{"reports": [{"id", "state"}]}` (204), then the report as it is now.
    /// A batch entry that fails answers 400 `[{id, error}]`: a report that does not exist is then named.
    func setReportState(id: String, _ state: String) async throws -> Fetched<Report> {
        do {
            try await client.send(
                .patch, Self.path("reports"), body: .encoded(["reports": [["id": id, "state": state]]]))
        } catch let error as APIError where error.status == 400 {
            _ = try await report(id: id)
            throw error
        }
        return try await report(id: id)
    }

    /// `POST …/reports/:id/notes` with `{"content"}` (204).
    func addReportNote(id: String, content: String) async throws {
        try await APIClient.namingReport(id, on: client) {
            try await client.send(
                .post, Self.path("reports/\(ServerAddress.pathSegment(id))/notes"), body: .encoded(["content": content])
            )
        }
    }
}

/// Reports through Pleroma's and Akkoma's admin API: state set by a batch `PATCH`, notes kept per
/// report (a resolve comment becomes one). No assignment.
struct PleromaReports: ReportAdapter {
    let admin: PleromaAdmin
    let support: ReportSupport

    func list(_ query: ReportQuery, limit: Int?, onPage: PageHandler<Report>?) async throws -> [Report] {
        try await admin.reports(query, limit: limit, onPage: onPage)
    }

    func report(id: String) async throws -> Fetched<Report> { try await admin.report(id: id) }
    func assign(id: String) async throws -> Fetched<Report> { throw UnsupportedReportVerb.error("assign", support) }
    func unassign(id: String) async throws -> Fetched<Report> { throw UnsupportedReportVerb.error("unassign", support) }

    func resolve(id: String, comment: String?) async throws -> Fetched<Report>? {
        if let comment { try await admin.addReportNote(id: id, content: comment) }
        return try await admin.setReportState(id: id, "resolved")
    }

    func reopen(id: String) async throws -> Fetched<Report> { try await admin.setReportState(id: id, "open") }

    func addNote(id: String, _ text: String) async throws -> Fetched<Report>? {
        try await admin.addReportNote(id: id, content: text)
        return try await admin.report(id: id)
    }

    func describeResolve(_ id: String) -> String { "PATCH /api/v1/pleroma/admin/reports (report \(id): resolved)" }
}
