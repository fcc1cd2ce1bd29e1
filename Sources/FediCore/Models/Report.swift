import FoundationEssentials

/// A moderation report in one shape whatever the software: Mastodon's and GoToSocial's
/// `Admin::Report`, a Pleroma/Akkoma report, a Misskey abuse report.
public struct Report: Encodable, Sendable, Equatable {
    public var id: String
    public var createdAt: Date?
    public var updatedAt: Date?
    /// `open`, `resolved`, or Pleroma's `closed` (dismissed without action).
    public var state: String
    public var actionTakenAt: Date?
    /// `spam`, `legal`, `violation`, `other` (Mastodon, GoToSocial).
    public var category: String?
    /// What the reporter wrote (plain text).
    public var comment: String?
    /// Whether the report was sent on to the reported account's server.
    public var forwarded: Bool?
    /// The reporter's `acct` as the server sent it (`user` or `user@host`; `@user@host` once
    /// `APIClient` qualified it) and id.
    public var reporter: String?
    public var reporterID: String?
    /// The reported account's `acct` and id.
    public var target: String?
    public var targetID: String?
    /// The reported account as the admin API embeds it (Mastodon's and GoToSocial's `target_account`),
    /// flags included, as it stood when the report was read: a wave acting on hundreds of accounts
    /// need not read each one first. Not part of the output (see `encode(to:)`).
    public var targetAccount: AdminAccount?
    public var assignedTo: String?
    public var actionTakenBy: String?
    /// GoToSocial's `action_taken_comment`, Misskey's `resolvedAs`.
    public var actionComment: String?
    /// The text of each broken rule.
    public var rules: [String]
    /// The reported posts.
    public var posts: [Post]
    /// Moderators' notes (Pleroma/Akkoma notes, Misskey's moderation note).
    public var notes: [ReportNote]

    public init(id: String, state: String = "open") {
        self.id = id
        self.state = state
        rules = []
        posts = []
        notes = []
    }

    /// Resolved or closed.
    public var actionTaken: Bool { state != "open" }

    /// The same report with its accounts (reporter, target, assignee, who acted) as the CLI takes
    /// them back: `@user@host`, an account of this server with `host`, its own.
    public func qualified(host: String) -> Report {
        func handle(_ acct: String?) -> String? {
            guard let acct, !acct.isEmpty else { return acct }
            let bare = acct.hasPrefix("@") ? String(acct.dropFirst()) : acct
            return "@" + (bare.contains("@") ? bare : bare + "@" + host)
        }
        var report = self
        (report.reporter, report.target) = (handle(reporter), handle(target))
        (report.assignedTo, report.actionTakenBy) = (handle(assignedTo), handle(actionTakenBy))
        return report
    }

    enum CodingKeys: String, CodingKey {
        case id, state, category, comment, forwarded, reporter, target, rules, posts, notes
        case createdAt = "created_at", updatedAt = "updated_at", actionTaken = "action_taken", actionTakenAt =
            "action_taken_at"
        case reporterID = "reporter_id", targetID = "target_id", assignedTo = "assigned_to", actionTakenBy =
            "action_taken_by"
        case actionComment = "action_comment"
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(createdAt, forKey: .createdAt)
        try c.encode(updatedAt, forKey: .updatedAt)
        try c.encode(state, forKey: .state)
        try c.encode(actionTaken, forKey: .actionTaken)
        try c.encode(actionTakenAt, forKey: .actionTakenAt)
        try c.encode(category, forKey: .category)
        try c.encode(comment, forKey: .comment)
        try c.encode(forwarded, forKey: .forwarded)
        try c.encode(reporter, forKey: .reporter)
        try c.encode(reporterID, forKey: .reporterID)
        try c.encode(target, forKey: .target)
        try c.encode(targetID, forKey: .targetID)
        try c.encode(assignedTo, forKey: .assignedTo)
        try c.encode(actionTakenBy, forKey: .actionTakenBy)
        try c.encode(actionComment, forKey: .actionComment)
        try c.encode(rules, forKey: .rules)
        try c.encode(posts, forKey: .posts)
        try c.encode(notes, forKey: .notes)
    }
}

/// A moderator's note on a report.
public struct ReportNote: Encodable, Sendable, Equatable {
    public var id: String?
    public var author: String?
    public var content: String
    public var createdAt: Date?

    public init(id: String?, author: String?, content: String, createdAt: Date?) {
        self.id = id
        self.author = author
        self.content = content
        self.createdAt = createdAt
    }

    enum CodingKeys: String, CodingKey {
        case id, author, content
        case createdAt = "created_at"
    }
}

/// `Admin::Report` as Mastodon and GoToSocial send it.
public struct MastodonAdminReport: Decodable, Sendable {
    public var report: Report

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: AnyKey.self)
        let id = try c.requiredID(of: "report")
        func account(_ key: AnyKey) -> AdminAccount? {
            (try? c.decodeIfPresent(MastodonAdminAccount.self, forKey: key))?.account
        }
        var report = Report(id: id, state: c.lenientBool("action_taken") == true ? "resolved" : "open")
        report.createdAt = c.lenientDate("created_at")
        report.updatedAt = c.lenientDate("updated_at")
        report.actionTakenAt = c.lenientDate("action_taken_at")
        report.category = c.optionalText("category")
        report.comment = c.optionalText("comment")
        report.forwarded = c.lenientBool("forwarded")
        let reporter = account("account")
        let target = account("target_account")
        (report.reporter, report.reporterID) = (reporter?.acct, reporter?.id)
        (report.target, report.targetID) = (target?.acct, target?.id)
        report.targetAccount = target
        report.assignedTo = account("assigned_account")?.acct
        report.actionTakenBy = account("action_taken_by_account")?.acct
        report.actionComment = c.optionalText("action_taken_comment")
        report.rules = c.lenientArray(RuleText.self, "rules").compactMap(\.text)
        report.posts = c.lenientArray(MastodonStatus.self, "statuses").map(\.post)
        self.report = report
    }
}

/// A rule as reports carry it: `{id, text}`.
struct RuleText: Decodable {
    var text: String?
    init(from decoder: Decoder) throws {
        text = try decoder.container(keyedBy: AnyKey.self).optionalText("text")
    }
}

/// A report as the Pleroma/Akkoma Admin API sends it: `account` is the reported account, `actor` the reporter.
public struct PleromaReport: Decodable, Sendable {
    public var report: Report

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: AnyKey.self)
        let id = try c.requiredID(of: "report")
        var report = Report(id: id, state: c.optionalText("state") ?? "open")
        report.createdAt = c.lenientDate("created_at")
        report.comment = c.optionalText("content")
        let target = try? c.decodeIfPresent(Account.self, forKey: "account")
        let reporter = try? c.decodeIfPresent(Account.self, forKey: "actor")
        (report.target, report.targetID) = (target?.acct, target?.id)
        (report.reporter, report.reporterID) = (reporter?.acct, reporter?.id)
        report.rules = c.lenientArray(RuleText.self, "rules").compactMap(\.text)
        report.posts = c.lenientArray(MastodonStatus.self, "statuses").map(\.post)
        report.notes = c.lenientArray(Note.self, "notes").map(\.note)
        self.report = report
    }

    struct Note: Decodable {
        var note: ReportNote
        init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: AnyKey.self)
            let user = try? c.decodeIfPresent(Account.self, forKey: "user")
            note = ReportNote(
                id: c.lenientString("id"), author: user?.acct, content: c.optionalText("content") ?? "",
                createdAt: c.lenientDate("created_at"))
        }
    }
}

/// `{total, reports}`: a page of Pleroma/Akkoma reports.
struct PleromaReportPage: Decodable, Sendable {
    var total: Int?
    var reports: [Report]
    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: AnyKey.self)
        total = c.lenientInt("total")
        reports = c.lenientArray(PleromaReport.self, "reports").map(\.report)
    }
}

/// An abuse report as the Misskey family sends it (`admin/abuse-user-reports`).
public struct MisskeyReport: Decodable, Sendable {
    public var report: Report

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: AnyKey.self)
        let id = try c.requiredID(of: "report")
        func user(_ key: AnyKey) -> AdminAccount? { (try? c.decodeIfPresent(MisskeyUser.self, forKey: key))?.account }
        var report = Report(id: id, state: c.lenientBool("resolved") == true ? "resolved" : "open")
        report.createdAt = c.lenientDate("createdAt")
        report.comment = c.optionalText("comment")
        report.forwarded = c.lenientBool("forwarded")
        report.reporter = user("reporter")?.acct
        report.reporterID = c.optionalText("reporterId")
        report.target = user("targetUser")?.acct
        report.targetID = c.optionalText("targetUserId")
        // The moderator who resolved it becomes the assignee.
        report.assignedTo = user("assignee")?.acct
        if report.actionTaken { report.actionTakenBy = report.assignedTo }
        report.actionComment = c.optionalText("resolvedAs")
        if let note = c.optionalText("moderationNote") {
            report.notes = [ReportNote(id: nil, author: nil, content: note, createdAt: nil)]
        }
        self.report = report
    }
}
