import FoundationEssentials

/// Abuse reports on the Misskey family: listed by `admin/abuse-user-reports` (newest first, paged by
/// `untilId`), resolved by `admin/resolve-abuse-user-report`. There is no call for one report.
extension MisskeyAdmin {
    static let pageSize = 100

    /// Misskey filters by state but not by account: that is done here.
    func reports(_ query: ReportQuery, limit: Int?, onPage: PageHandler<Report>?) async throws -> [Report] {
        let size = min(limit ?? Self.pageSize, Self.pageSize)
        return try await client.walkPages(from: "", limit: limit, onPage: onPage) { untilID in
            let fields = MisskeyPage(
                limit: size, untilId: untilID.isEmpty ? nil : untilID, state: query.resolved ? "resolved" : "unresolved"
            )
            let fetched = try await call([MisskeyReport].self, "admin/abuse-user-reports", fields)
            let reports = fetched.value.map(\.report)
            return PagePiece(
                items: reports.filter(query.matches), raw: fetched.raw,
                next: reports.count == size ? reports.last?.id : nil)
        }
    }

    /// `admin/resolve-abuse-user-report {reportId}` (204). The newer `resolvedAs` is left out, so
    /// servers from before it accept the call too.
    func resolveReport(id: String) async throws {
        try await APIClient.namingReport(id, on: client) {
            try await perform("admin/resolve-abuse-user-report", ["reportId": id])
        }
    }

    /// `admin/update-abuse-user-report {reportId, moderationNote}`: the report's one note, replaced.
    func setReportNote(id: String, _ note: String) async throws {
        try await APIClient.namingReport(id, on: client) {
            try await perform("admin/update-abuse-user-report", ["reportId": id, "moderationNote": note])
        }
    }
}

/// Abuse reports through the Misskey family's admin API: listed, resolved, one note each; no call
/// for one report, for assigning or for reopening.
struct MisskeyReports: ReportAdapter {
    let admin: MisskeyAdmin
    let support: ReportSupport

    func list(_ query: ReportQuery, limit: Int?, onPage: PageHandler<Report>?) async throws -> [Report] {
        try await admin.reports(query, limit: limit, onPage: onPage)
    }

    func report(id: String) async throws -> Fetched<Report> { throw UnsupportedReportVerb.error("show", support) }
    func assign(id: String) async throws -> Fetched<Report> { throw UnsupportedReportVerb.error("assign", support) }
    func unassign(id: String) async throws -> Fetched<Report> { throw UnsupportedReportVerb.error("unassign", support) }

    func resolve(id: String, comment: String?) async throws -> Fetched<Report>? {
        try await admin.resolveReport(id: id)
        return nil
    }

    func reopen(id: String) async throws -> Fetched<Report> { throw UnsupportedReportVerb.error("reopen", support) }

    func addNote(id: String, _ text: String) async throws -> Fetched<Report>? {
        try await admin.setReportNote(id: id, text)
        return nil
    }

    func describeResolve(_ id: String) -> String { "POST /api/admin/resolve-abuse-user-report reportId=\(id)" }
}
