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

/// What a server's report queue keeps beyond the report's state.
public struct ReportSupport: Sendable, Equatable {
    /// `reports resolve --comment` has a place: GoToSocial sends it to the reporter, Pleroma and
    /// Akkoma keep it as a note. Mastodon and Misskey have none.
    public var keepsResolveComment: Bool
    /// The API, for messages ("Mastodon admin API").
    public var api: String
    /// An open report can be assigned to a moderator (Mastodon's): it may then be another's to act on.
    public var keepsAssignee = false

    /// Refuses `--comment` where there is no place for it (exit 69), before anything is sent.
    public func check(comment: String?) throws {
        guard comment == nil || keepsResolveComment else {
            throw FediError(
                .unavailable, "reports resolve --comment is not available through the \(api)",
                hint: "leave out --comment; the reporter sees only that the report was resolved")
        }
    }
}

/// The admin report queue on one server, whatever its API: Mastodon's (which GoToSocial shares),
/// Pleroma's or Misskey's. Every report it returns names its accounts `@user@host`
/// (`Report.qualified`). Built by `APIClient.reports(family:)`.
public protocol ReportAdapter: Sendable {
    var support: ReportSupport { get }
    func list(_ query: ReportQuery, limit: Int?, onPage: PageHandler<Report>?) async throws -> [Report]
    /// One report; a missing id is exit 66, "no report 123 on HOST".
    func report(id: String) async throws -> Fetched<Report>
    func assign(id: String) async throws -> Fetched<Report>
    func unassign(id: String) async throws -> Fetched<Report>
    /// Marks a report resolved, with `comment` where `support` keeps one. Misskey's answer is empty: nil.
    func resolve(id: String, comment: String?) async throws -> Fetched<Report>?
    func reopen(id: String) async throws -> Fetched<Report>
    /// Adds a moderator's note. Pleroma/Akkoma keep a list (the report, with its notes, comes back);
    /// Misskey has one note per report, which this replaces (nil comes back).
    func addNote(id: String, _ text: String) async throws -> Fetched<Report>?
    /// The request `resolve(id:comment:)` sends, for `--dry-run`.
    func describeResolve(_ id: String) -> String
}

extension APIClient {
    /// The report adapter for the API family that serves the admin report queue on this server.
    public func reports(family: APIFamily) throws -> any ReportAdapter {
        let support = { (comment: Bool) in ReportSupport(keepsResolveComment: comment, api: family.displayName) }
        let base: any ReportAdapter
        switch family {
        case .mastodonAdmin:
            var mastodon = support(false)
            mastodon.keepsAssignee = true
            base = MastodonReports(client: self, support: mastodon)
        case .gotosocialAdmin: base = GoToSocialReports(client: self, support: support(true))
        case .pleromaAdmin: base = PleromaReports(admin: pleromaAdmin, support: support(true))
        case .misskeyAdmin: base = MisskeyReports(admin: misskeyAdmin, support: support(false))
        case .mastodonClient, .misskeyClient: throw family.unsupported("reports")
        }
        return QualifiedReports(base: base, host: server.authority)
    }

    /// A 404 on a report id: exit 66, "no report 123 on HOST".
    @discardableResult
    static func namingReport<T>(_ id: String, on client: APIClient, _ body: () async throws -> T) async throws -> T {
        try await client.naming(
            "report \(id)",
            hint: "`fedictl reports list` shows the open reports, `--resolved` the others", body)
    }
}

/// What an adapter cannot do, should the capability table ever send a verb there: exit 69.
struct UnsupportedReportVerb {
    static func error(_ verb: String, _ support: ReportSupport) -> FediError {
        FediError(
            .unavailable, "reports \(verb) is not available through the \(support.api)",
            hint: "`fedictl instance features` lists what this server can do")
    }
}

/// Every adapter's reports with their accounts named `@user@host`, in one place.
struct QualifiedReports: ReportAdapter {
    let base: any ReportAdapter
    let host: String
    var support: ReportSupport { base.support }

    func list(_ query: ReportQuery, limit: Int?, onPage: PageHandler<Report>?) async throws -> [Report] {
        let host = host
        let qualifiedPage = onPage.map { onPage -> PageHandler<Report> in
            { reports, raw in try await onPage(reports.map { $0.qualified(host: host) }, raw) }
        }
        return try await base.list(query, limit: limit, onPage: qualifiedPage).map { $0.qualified(host: host) }
    }

    func report(id: String) async throws -> Fetched<Report> { qualified(try await base.report(id: id)) }
    func assign(id: String) async throws -> Fetched<Report> { qualified(try await base.assign(id: id)) }
    func unassign(id: String) async throws -> Fetched<Report> { qualified(try await base.unassign(id: id)) }
    func resolve(id: String, comment: String?) async throws -> Fetched<Report>? {
        try await base.resolve(id: id, comment: comment).map(qualified)
    }
    func reopen(id: String) async throws -> Fetched<Report> { qualified(try await base.reopen(id: id)) }
    func addNote(id: String, _ text: String) async throws -> Fetched<Report>? {
        try await base.addNote(id: id, text).map(qualified)
    }
    func describeResolve(_ id: String) -> String { base.describeResolve(id) }

    private func qualified(_ fetched: Fetched<Report>) -> Fetched<Report> { fetched.map { $0.qualified(host: host) } }
}
