import FoundationEssentials

/// What a report filed on one server can carry.
public struct ReportFilingSupport: Sendable, Equatable {
    /// Posts, a category, broken rules and forwarding to the reported account's server.
    public var statuses: Bool
    public var category: Bool
    public var rules: Bool
    public var forward: Bool
    /// A report without a comment is refused (the comment is all it carries).
    public var needsComment: Bool
}

/// Filing a report about an account as the signed-in user, whatever API takes it: Mastodon's
/// `POST /api/v1/reports` (also GoToSocial, Pleroma, Akkoma, Friendica) or the Misskey family's
/// `users/report-abuse`. Built by `APIClient.reportFiling(family:)`.
public protocol ReportFilingAdapter: Sendable {
    var support: ReportFilingSupport { get }
    /// Refuses what `draft` asks for and this server's reports cannot carry (exit 65), or a missing
    /// comment where one is needed (exit 64), before anything is sent.
    func check(_ draft: ReportDraft) throws
    /// Reports `account` (`@user@host`, `@user` or an id). `raw` is the server's answer, where it sends one.
    func file(against account: String, _ draft: ReportDraft) async throws -> (value: FiledReport, raw: Data?)
}

extension APIClient {
    /// The report-filing adapter for the API family that takes reports on this server.
    public func reportFiling(family: APIFamily) throws -> any ReportFilingAdapter {
        switch family {
        case .mastodonClient: MastodonReportFiling(client: self)
        case .misskeyClient: MisskeyReportFiling(admin: misskeyAdmin)
        case .mastodonAdmin, .gotosocialAdmin, .pleromaAdmin, .misskeyAdmin: throw family.unsupported("reports file")
        }
    }
}

/// `POST /api/v1/reports`: everything a draft holds; the server judges the ids itself.
struct MastodonReportFiling: ReportFilingAdapter {
    let client: APIClient
    var support: ReportFilingSupport {
        ReportFilingSupport(statuses: true, category: true, rules: true, forward: true, needsComment: false)
    }

    func check(_ draft: ReportDraft) throws {}

    func file(against account: String, _ draft: ReportDraft) async throws -> (value: FiledReport, raw: Data?) {
        let target = try await client.resolveAccount(account)
        let fetched = try await client.fileReport(against: target, draft)
        return (fetched.value, fetched.raw)
    }
}

/// The Misskey family's `users/report-abuse`: a comment and nothing else, and no answer to show.
struct MisskeyReportFiling: ReportFilingAdapter {
    let admin: MisskeyAdmin
    var support: ReportFilingSupport {
        ReportFilingSupport(statuses: false, category: false, rules: false, forward: false, needsComment: true)
    }

    func check(_ draft: ReportDraft) throws {
        let refused = [
            ("--status", !draft.statusIDs.isEmpty), ("--category", draft.category != nil),
            ("--rule", !draft.ruleIDs.isEmpty),
            ("--forward", draft.forward),
        ]
        .filter(\.1).map(\.0)
        guard refused.isEmpty else {
            throw FediError(
                .dataError,
                "Misskey-family reports carry only a comment: \(refused.joined(separator: ", ")) cannot be sent",
                hint: "put the links of the posts and what they break into --comment")
        }
        guard let comment = draft.comment, !comment.isEmpty else {
            throw FediError(
                .usage, "a report on the Misskey family needs --comment",
                hint: "say what is wrong, with links to the posts")
        }
    }

    func file(against account: String, _ draft: ReportDraft) async throws -> (value: FiledReport, raw: Data?) {
        try check(draft)
        let comment = draft.comment ?? ""
        let user: AdminAccount = try await admin.user(account)
        try await admin.reportAbuse(userID: user.id, comment: comment)
        return (FiledReport(comment: comment, target: user.acct, targetID: user.id), nil)
    }
}
