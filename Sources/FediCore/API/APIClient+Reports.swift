import FoundationEssentials

/// Which reports `reports list` asks for.
public struct ReportQuery: Sendable, Equatable {
    /// Resolved (and closed) reports instead of open ones.
    public var resolved: Bool
    /// Only reports filed by this account id.
    public var reporterID: String?
    /// Only reports about this account id.
    public var targetID: String?

    public init(resolved: Bool = false, reporterID: String? = nil, targetID: String? = nil) {
        self.resolved = resolved
        self.reporterID = reporterID
        self.targetID = targetID
    }

    /// For servers that cannot filter by account: whether a report matches.
    func matches(_ report: Report) -> Bool {
        (reporterID == nil || report.reporterID == reporterID) && (targetID == nil || report.targetID == targetID)
    }
}

/// The admin report queue, whatever the family: each call dispatches to the Mastodon admin API
/// (which GoToSocial shares), the Pleroma admin API or the Misskey one, and returns `Report`s.
extension APIClient {
    /// Every report these functions return names its accounts `@user@host` (`Report.qualified`).
    public func reports(_ query: ReportQuery, via family: APIFamily, limit: Int?, onPage: PageHandler<Report>? = nil) async throws -> [Report] {
        let host = server.authority
        var qualifiedPage: PageHandler<Report>?
        if let onPage {
            qualifiedPage = { @Sendable reports, raw in try await onPage(reports.map { $0.qualified(host: host) }, raw) }
        }
        return try await serverReports(query, via: family, limit: limit, onPage: qualifiedPage).map { $0.qualified(host: host) }
    }

    private func serverReports(_ query: ReportQuery, via family: APIFamily, limit: Int?, onPage: PageHandler<Report>?) async throws -> [Report] {
        switch family {
        case .pleromaAdmin:
            return try await pleromaAdmin.reports(query, limit: limit, onPage: onPage)
        case .misskeyAdmin:
            return try await misskeyAdmin.reports(query, limit: limit, onPage: onPage)
        case .mastodonClient, .misskeyClient:
            throw family.unsupported("reports list")
        case .mastodonAdmin, .gotosocialAdmin:
            var items = QueryItems()
            // Mastodon reads any `resolved` value as true and lists open reports without it;
            // GoToSocial lists both unless told which.
            if family == .gotosocialAdmin { items.add("resolved", String(query.resolved)) } else { items.flag("resolved", query.resolved) }
            items.add("account_id", query.reporterID)
            items.add("target_account_id", query.targetID)
            return try await linkPages(MastodonAdminReport.self, "/api/v1/admin/reports", query: items.items, limit: limit, pageSize: 100,
                                       onPage: onPage) { $0.report }
        }
    }

    public func report(id: String, via family: APIFamily) async throws -> Fetched<Report> {
        switch family {
        case .pleromaAdmin: return qualified(try await pleromaAdmin.report(id: id))
        case .misskeyAdmin, .mastodonClient, .misskeyClient: throw family.unsupported("reports show")
        case .mastodonAdmin, .gotosocialAdmin: return try await mastodonReport(.get, id, "")
        }
    }

    /// `POST /api/v1/admin/reports/:id/assign_to_self` (Mastodon).
    public func assignReport(id: String) async throws -> Fetched<Report> {
        try await mastodonReport(.post, id, "/assign_to_self")
    }

    /// `POST /api/v1/admin/reports/:id/unassign` (Mastodon).
    public func unassignReport(id: String) async throws -> Fetched<Report> {
        try await mastodonReport(.post, id, "/unassign")
    }

    /// Marks a report resolved. `comment` is GoToSocial's `action_taken_comment` (sent to the
    /// reporter); Pleroma keeps it as a note. Misskey's answer is empty: nil.
    public func resolveReport(id: String, comment: String?, via family: APIFamily) async throws -> Fetched<Report>? {
        switch family {
        case .pleromaAdmin:
            if let comment { try await pleromaAdmin.addReportNote(id: id, content: comment) }
            return qualified(try await pleromaAdmin.setReportState(id: id, "resolved"))
        case .misskeyAdmin:
            try await misskeyAdmin.resolveReport(id: id)
            return nil
        case .gotosocialAdmin:
            return try await mastodonReport(.post, id, "/resolve", body: comment.map { .form([("action_taken_comment", $0)]) })
        case .mastodonClient, .misskeyClient:
            throw family.unsupported("reports resolve")
        case .mastodonAdmin:
            return try await mastodonReport(.post, id, "/resolve")
        }
    }

    public func reopenReport(id: String, via family: APIFamily) async throws -> Fetched<Report> {
        switch family {
        case .pleromaAdmin: return qualified(try await pleromaAdmin.setReportState(id: id, "open"))
        case .misskeyAdmin, .gotosocialAdmin, .mastodonClient, .misskeyClient: throw family.unsupported("reports reopen")
        case .mastodonAdmin: return try await mastodonReport(.post, id, "/reopen")
        }
    }

    /// Adds a moderator's note. Pleroma/Akkoma keep a list (the report, with its notes, comes back);
    /// Misskey has one note per report, which this replaces (nil comes back).
    public func addReportNote(id: String, _ text: String, via family: APIFamily) async throws -> Fetched<Report>? {
        switch family {
        case .pleromaAdmin:
            try await pleromaAdmin.addReportNote(id: id, content: text)
            return qualified(try await pleromaAdmin.report(id: id))
        case .misskeyAdmin:
            try await misskeyAdmin.setReportNote(id: id, text)
            return nil
        case .mastodonAdmin, .gotosocialAdmin, .mastodonClient, .misskeyClient:
            throw family.unsupported("reports note")
        }
    }

    private func mastodonReport(_ method: HTTPMethod, _ id: String, _ action: String, body: RequestBody? = nil) async throws -> Fetched<Report> {
        qualified(try await Self.namingReport(id, on: self) {
            try await fetch(MastodonAdminReport.self, method, "/api/v1/admin/reports/\(ServerAddress.pathSegment(id))\(action)", body: body).map(\.report)
        })
    }

    private func qualified(_ fetched: Fetched<Report>) -> Fetched<Report> {
        fetched.map { $0.qualified(host: server.authority) }
    }

    /// A 404 on a report id: exit 66, "no report 123 on HOST".
    @discardableResult
    static func namingReport<T>(_ id: String, on client: APIClient, _ body: () async throws -> T) async throws -> T {
        try await client.naming("report \(id)", hint: "`fedictl reports list` shows the open reports, `--resolved` the others", body)
    }
}
