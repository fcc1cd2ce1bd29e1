import FoundationEssentials

// The notes of moderation writes: an account's state flags around an action, a report's state and
// assignee around a resolve, reopen or (un)assignment.

extension JournalNote {
    public static let account = "account"
    public static let report = "report"

    /// The flags the actions set, in a fixed order: `suspended: no; silenced: yes; ...`.
    public static func state(of account: AdminAccount) -> [StateField] {
        flags.map { StateField($0.name, account[keyPath: $0.path] == true ? "yes" : "no") }
    }

    /// Each flag, its key path, the action that sets it and the verb that lifts it.
    public typealias Flag = (name: String, path: KeyPath<AdminAccount, Bool?>, kind: AccountAction.Kind, lift: String)

    public static var flags: [Flag] {
        [
            ("suspended", \.suspended, .suspend, "unsuspend"), ("silenced", \.silenced, .silence, "unsilence"),
            ("disabled", \.disabled, .disable, "enable"), ("sensitized", \.sensitized, .sensitive, "unsensitive"),
        ]
    }

    /// `@user@host` for a person: a local account's `acct` is only the username.
    public static func handle(_ acct: String, on host: String) -> String {
        let bare = acct.hasPrefix("@") ? String(acct.dropFirst()) : acct
        return bare.contains("@") ? "@\(bare)" : "@\(bare)@\(host)"
    }

    /// The note of an action on `account` (`kind` sets its flag; nil lifts the flag named `lifting`).
    public static func account(
        _ account: AdminAccount, on host: String, setting kind: AccountAction.Kind?,
        lifting: String? = nil
    ) -> JournalNote {
        let before = state(of: account)
        let changed = flags.first { $0.kind == kind || $0.lift == lifting }?.name
        let after = before.map { field in
            field.name == changed ? StateField(field.name, kind == nil ? "no" : "yes") : field
        }
        let target = handle(account.acct, on: host)
        var note = JournalNote(subject: Self.account, target: target, before: before, after: after)
        note.id = account.id
        return note
    }

    /// A report's state and assignee: `state: open; assigned_to: @mod@host` (or `none`).
    public static func state(of report: Report, on host: String) -> [StateField] {
        [
            StateField("state", report.state == "open" ? "open" : "resolved"),
            StateField("assigned_to", report.assignedTo.map { handle($0, on: host) } ?? "none"),
        ]
    }

    /// The note of a change to `report`: its state and assignee (`@user@host`, `none`) after; nil: unchanged.
    public static func report(
        _ report: Report, on host: String, state: String? = nil,
        assignedTo: String? = nil
    ) -> JournalNote {
        let before = Self.state(of: report, on: host)
        let after = [
            StateField("state", state ?? before[0].value),
            StateField("assigned_to", assignedTo ?? before[1].value),
        ]
        let about = report.target.map { " (\(handle($0, on: host)))" } ?? ""
        let target = "report \(report.id)\(about)"
        var note = JournalNote(subject: Self.report, target: target, before: before, after: after)
        note.id = report.id
        return note
    }
}

extension JournalNote {
    public static let signUp = "sign-up"

    /// The note of an approval (`approved`) or a rejection (nil: the sign-up is deleted): who signed
    /// up, with their e-mail and reason, since a rejected account is gone from the server.
    public static func signUp(_ account: AdminAccount, on host: String, approved: Bool) -> JournalNote {
        let before = [
            StateField("state", "pending"), StateField("email", account.email ?? "", isText: true),
            StateField("reason", account.reason ?? "", isText: true),
        ]
        let after = approved ? [StateField("state", "approved")] + before.dropFirst() : nil
        var note = JournalNote(subject: signUp, target: handle(account.acct, on: host), before: before, after: after)
        note.id = account.id
        return note
    }
}

extension JournalNote {
    public static let trend = "trend"

    /// The note of a trend's review: `review: pending` (or approved, rejected, unknown) before, the
    /// decision after. Its target leads with the kind (`tag 802 (#caturday)`), which its undo needs.
    public static func trend(_ trend: Trend, on host: String, approved: Bool) -> JournalNote {
        let label = trend.title == trend.id ? "" : " (\(trend.title.prefix(60)))"
        var note = JournalNote(
            subject: Self.trend, target: "\(trend.kind.rawValue) \(trend.id)\(label)",
            before: [StateField("review", trend.review?.rawValue ?? "unknown")],
            after: [StateField("review", approved ? "approved" : "rejected")])
        note.id = trend.id
        return note
    }
}

extension JournalNote {
    public static let status = "status"

    /// A post's state as a moderator can change it: `sensitive: yes; visibility: public`.
    public static func state(of post: Post) -> [StateField] {
        [
            StateField("sensitive", post.sensitive ? "yes" : "no"),
            StateField("visibility", post.visibility ?? "unknown"),
        ]
    }

    /// A post as a person names it: its author and the start of its text, or of its warning where it
    /// has one (the journal never keeps what a warning hides): `@ann: buy now`.
    public static func label(of post: Post) -> String {
        let text = post.contentWarning ?? (post.sensitive ? "[sensitive]" : post.content)
        let words = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        let start = words.count > 40 ? words.prefix(40) + "…" : Substring(words)
        let author = post.author.isEmpty ? "" : "@\(post.author)"
        return [author, String(start)].filter { !$0.isEmpty }.joined(separator: ": ")
    }

    /// The note of a change to a post: its state before (read from the server) and after (nil: deleted,
    /// which nothing brings back). Its target names the author and the text's start (`post 9 (@ann: buy now)`).
    public static func status(_ post: Post, sensitive: Bool? = nil, visibility: String? = nil, deleted: Bool = false)
        -> JournalNote
    {
        let label = label(of: post)
        var changed = post
        if let sensitive { changed.sensitive = sensitive }
        if let visibility { changed.visibility = visibility }
        var note = JournalNote(
            subject: Self.status, target: "post \(post.id)" + (label.isEmpty ? "" : " (\(label))"),
            before: state(of: post), after: deleted ? nil : state(of: changed))
        note.id = post.id
        return note
    }
}
