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
    /// Open reports about it that another moderator holds: left to them, or taken over first.
    public var held: [Report] = []
    /// Whether `held` is taken over (and in `reports`) rather than left.
    public var takesOver = false

    /// The reported account's id on this server.
    public var accountID: String? { reports.lazy.compactMap(\.targetID).first }

    /// The open reports about `target` on `host` and the plan for them. What the server cannot do
    /// (an action kind, a text, a comment) is refused here, before anything is sent. `accounts` is
    /// needed only with an action. Reports another moderator holds (`claims`) are left, or with
    /// `takeOver` taken over first.
    public static func plan(
        about target: String, action kind: AccountAction.Kind?, text: String?, comment: String?,
        reports queue: any ReportAdapter, accounts: (any AdminAccountAdapter)?,
        host: String, claims: ReportClaims? = nil, takeOver: Bool = false
    ) async throws -> ReportSweep {
        try queue.support.check(comment: comment)
        var open = try await queue.list(ReportQuery(resolved: false), limit: nil, onPage: nil)
            .filter { names(target, $0, host: host) }
            .sorted { ($0.createdAt ?? .distantFuture, $0.id) < ($1.createdAt ?? .distantFuture, $1.id) }
        let held = claims?.partition(open).held ?? []
        if !takeOver { open = claims?.partition(open).free ?? open }
        var sweep = ReportSweep(target: target, reports: open, action: nil, requests: [])
        (sweep.held, sweep.takesOver) = (held, takeOver)
        if takeOver, let claims {
            sweep.requests += held.map {
                "take report \($0.id) over from \(claims.holder(of: $0) ?? "?") (assign it to you)"
            }
        }
        if let kind, let accounts, let first = open.first {
            var action = AccountAction(kind, reportID: first.id, text: text)
            action.reportComment = comment
            try accounts.support.check(action)
            guard sweep.accountID != nil else {
                throw FediError(.protocol, "\(host) did not say which account report \(first.id) is about")
            }
            sweep.action = action
        }
        if let action = sweep.action, let accountID = sweep.accountID, let accounts {
            sweep.requests.append(accounts.describe(action, on: accountID))
            // Where the action does not resolve its report, `perform` resolves it itself, afterwards.
            if !accounts.support.resolvesAttachedReport { sweep.requests.append(queue.describeResolve(open[0].id)) }
            sweep.requests += open.dropFirst().map { queue.describeResolve($0.id) + " (if still open)" }
        } else {
            sweep.requests += open.map { queue.describeResolve($0.id) }
        }
        return sweep
    }

    /// Carries the sweep out; returns the ids of the reports that were still open and are resolved
    /// now. Nothing is sent twice: after the action the open reports are read back, and only those
    /// still open are resolved. Each write is sent with the notes of what it changes (the account's
    /// flags, each report's state), so its journal entry says how to undo it, as a wave's do; with
    /// `journal` on, an account whose flags the reports did not carry is read first.
    @discardableResult
    public func carryOut(
        comment: String?, reports queue: any ReportAdapter,
        accounts: (any AdminAccountAdapter)?, host: String, journal: Bool, claims: ReportClaims? = nil
    ) async throws -> [String] {
        var reports = reports
        if takesOver, let claims {
            for (index, report) in reports.enumerated() where claims.holder(of: report) != nil {
                reports[index] = try await claims.takeOver(report, through: queue)
            }
        }
        var ids = reports.map(\.id)
        if let action, let accountID, let accounts {
            var before = Self.flagsKnown(in: reports)
            if before == nil, journal { before = try await accounts.account(id: accountID).value }
            var notes = before.map { [JournalNote.account($0, on: host, setting: action.kind)] } ?? []
            if let attached = reports.first(where: { $0.id == action.reportID }) {
                notes.append(.report(attached, on: host, state: "resolved"))
            }
            try await JournalNote.during(notes) { try await accounts.perform(action, onAccount: accountID) }
            let stillOpen = Set(try await queue.list(ReportQuery(resolved: false), limit: nil, onPage: nil).map(\.id))
            // The attached report is the action's to resolve (Mastodon's, or `perform` after it), never sent again.
            ids = ids.filter { stillOpen.contains($0) && $0 != action.reportID }
        }
        for report in reports where ids.contains(report.id) {
            _ = try await JournalNote.during([.report(report, on: host, state: "resolved")]) {
                try await queue.resolve(id: report.id, comment: comment)
            }
        }
        return reports.map(\.id)
    }

    /// The reported account as the reports embed it, where they carry every flag an action sets
    /// (Mastodon, GoToSocial): its state before, with no request.
    public static func flagsKnown(in reports: [Report]) -> AdminAccount? {
        reports.lazy.compactMap(\.targetAccount).first { account in
            JournalNote.flags.allSatisfy { account[keyPath: $0.path] != nil }
        }
    }

    /// Whether `report` is about the account `target` names.
    static func names(_ target: String, _ report: Report, host: String) -> Bool {
        guard target.contains("@") else { return report.targetID == target }
        guard let reported = report.target else { return false }
        return handle(target, host: host) == handle(reported, host: host)
    }

    /// `user@host`, lower-cased, for comparing; a bare `@user` is this server's.
    private static func handle(_ text: String, host: String) -> String {
        let bare = text.hasPrefix("@") ? String(text.dropFirst()) : text
        return (bare.contains("@") ? bare : bare + "@" + host).lowercased()
    }
}
