import FoundationEssentials

/// Every open report about one account on one server, and what `reports resolve --target` does
/// with them: with an action, the action once with the oldest report attached (Mastodon's action
/// resolves the account's other open reports itself), then each report still open is resolved.
public struct ReportSweep: Sendable {
    /// The account as asked: `@user@host`, `user@host`, `@user` (this server's) or an id.
    public var target: String
    /// Open reports about it, oldest first.
    public var reports: [Report]
    public var action: AccountAction?
    /// The requests it will send, for `--dry-run` (`POST /api/v1/admin/accounts/7/action type=suspend report_id=12`).
    public var requests: [String]

    /// The reported account's id on this server.
    public var accountID: String? { reports.lazy.compactMap(\.targetID).first }
}

extension APIClient {
    /// Refuses `--comment` where the family has no place for it (exit 69), before anything is sent.
    public static func checkResolve(comment: String?, family: APIFamily) throws {
        guard comment == nil || family == .gotosocialAdmin || family == .pleromaAdmin else {
            throw FediError(.unavailable, "reports resolve --comment is not available through the \(family.displayName)",
                            hint: "leave out --comment; the reporter sees only that the report was resolved")
        }
    }

    /// The open reports about `target` and the plan for them. What the family cannot do (an action
    /// kind, a text, a comment) is refused here, before anything is sent.
    public func reportSweep(about target: String, action kind: AccountAction.Kind?, text: String?, comment: String?,
                            via family: APIFamily, on server: ServerInfo) async throws -> ReportSweep {
        try Self.checkResolve(comment: comment, family: family)
        let open = try await reports(ReportQuery(resolved: false), via: family, limit: nil)
            .filter { names(target, $0) }
            .sorted { ($0.createdAt ?? .distantFuture, $0.id) < ($1.createdAt ?? .distantFuture, $1.id) }
        var sweep = ReportSweep(target: target, reports: open, action: nil, requests: [])
        if let kind, let first = open.first {
            var action = AccountAction(kind, reportID: first.id, text: text)
            action.reportComment = comment
            try Self.checkAction(action, family: family, on: server)
            guard sweep.accountID != nil else {
                throw FediError(.protocol, "\(self.server.authority) did not say which account report \(first.id) is about")
            }
            sweep.action = action
        }
        if let action = sweep.action, let accountID = sweep.accountID {
            sweep.requests.append(Self.describeAction(action, on: accountID, via: family))
            // Off Mastodon, `performAction` resolves the attached report itself, afterwards.
            if [.pleromaAdmin, .misskeyAdmin, .gotosocialAdmin].contains(family) { sweep.requests.append(Self.describeResolve(open[0].id, via: family)) }
            sweep.requests += open.dropFirst().map { Self.describeResolve($0.id, via: family) + " (if still open)" }
        } else {
            sweep.requests += open.map { Self.describeResolve($0.id, via: family) }
        }
        return sweep
    }

    /// Carries the sweep out; returns the ids of the reports that were still open and are resolved
    /// now. Nothing is sent twice: after the action the open reports are read back, and only those
    /// still open are resolved.
    @discardableResult
    public func carryOut(_ sweep: ReportSweep, comment: String?, via family: APIFamily, on server: ServerInfo) async throws -> [String] {
        var ids = sweep.reports.map(\.id)
        if let action = sweep.action, let accountID = sweep.accountID {
            try await performAction(action, onAccount: accountID, via: family, on: server)
            let stillOpen = Set(try await reports(ReportQuery(resolved: false), via: family, limit: nil).map(\.id))
            // The attached report is the action's to resolve (Mastodon's, or `performAction` after it), never sent again.
            ids = ids.filter { stillOpen.contains($0) && $0 != action.reportID }
        }
        for id in ids { _ = try await resolveReport(id: id, comment: comment, via: family) }
        return sweep.reports.map(\.id)
    }

    /// Whether `report` is about the account `target` names.
    func names(_ target: String, _ report: Report) -> Bool {
        guard target.contains("@") else { return report.targetID == target }
        guard let reported = report.target else { return false }
        return handle(target) == handle(reported)
    }

    /// `user@host`, lower-cased, for comparing; a bare `@user` is this server's.
    private func handle(_ text: String) -> String {
        let bare = text.hasPrefix("@") ? String(text.dropFirst()) : text
        return (bare.contains("@") ? bare : bare + "@" + server.authority).lowercased()
    }

    private static func describeAction(_ action: AccountAction, on id: String, via family: APIFamily) -> String {
        switch family {
        case .pleromaAdmin:
            return action.kind == .suspend || action.kind == .disable
                ? "PATCH /api/v1/pleroma/admin/users/deactivate (account \(id))"
                : "PUT /api/v1/pleroma/admin/users/tag (account \(id), \(action.kind.rawValue))"
        case .misskeyAdmin:
            return "POST /api/admin/suspend-user userId=\(id)"
        case .gotosocialAdmin:
            return "POST /api/v1/admin/accounts/\(id)/action type=\(action.kind.rawValue)"
        default:
            return "POST /api/v1/admin/accounts/\(id)/action type=\(action.kind.rawValue) report_id=\(action.reportID ?? "")"
        }
    }

    private static func describeResolve(_ id: String, via family: APIFamily) -> String {
        switch family {
        case .pleromaAdmin: "PATCH /api/v1/pleroma/admin/reports (report \(id): resolved)"
        case .misskeyAdmin: "POST /api/admin/resolve-abuse-user-report reportId=\(id)"
        default: "POST /api/v1/admin/reports/\(id)/resolve"
        }
    }
}
