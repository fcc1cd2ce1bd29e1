import FoundationEssentials

/// One thing waiting for a moderator: an open report or a sign-up awaiting approval, in one shape
/// whatever the software, so the queues of several servers merge into one list.
public struct QueueItem: Encodable, Sendable, Equatable {
    public enum Kind: String, Codable, Sendable, CaseIterable {
        case report
        case signUp = "sign-up"
        /// A trending link, post or hashtag awaiting review (Mastodon): only when asked for
        /// (`queue --kind trend`, `triage --kind trend`), as a busy server always has some.
        case trend

        /// What the queue, its watch and the triage screen show unless told: reports and sign-ups.
        public static let byDefault: [Kind] = [.report, .signUp]
    }

    public var kind: Kind
    /// The report's or the applicant account's id on its server.
    public var id: String
    /// The server the item is on (`ServerAddress.authority`).
    public var server: String
    public var createdAt: Date?
    /// The reported account as `@user@host` (reports only).
    public var target: String?
    /// The reporter, or the applicant, as `@user@host`.
    public var from: String?
    /// The report's category, or what the applicant wrote (kept for scripts; `category` and
    /// `comment` say each).
    public var reason: String?
    /// The report's category (spam, legal, violation, other...).
    public var category: String?
    /// The text of the server rules the report says were broken.
    public var rules: [String]?
    /// The reporter's comment, or the applicant's reason for joining.
    public var comment: String?
    /// How many posts the report attaches (reports only).
    public var posts: Int?
    public var assignedTo: String?
    /// The domain of the applicant's e-mail address, where the server gives it (sign-ups only): a
    /// wave of sign-ups often comes from one mail provider under rotating usernames.
    public var emailDomain: String?
    /// The address the applicant signed up from, where the server gives it (sign-ups only).
    public var ip: String?
    /// The evidence `fedictl triage` shows beside the row, kept from the same answer (not part of
    /// the queue's JSON): the target's id on this server, the reported posts, forwarded or not, the
    /// notes; an applicant's whole e-mail address; a trend as its server listed it.
    public var evidence = Evidence()

    public struct Evidence: Sendable, Equatable {
        public var targetID: String?
        public var reportedPosts: [Post] = []
        public var forwarded: Bool?
        public var notes: [ReportNote] = []
        public var email: String?
        /// The trend itself (its URL, uses and accounts over the server's days, review).
        public var trend: Trend? {
            get { trendHeld?.trend }
            set { trendHeld = newValue.map(HeldTrend.init) }
        }
        /// Behind a reference: every item has the field and few are trends; inline, it made each
        /// of a 10,000-item triage screen's rows about 150 bytes longer (bench/triage's peak RSS).
        private var trendHeld: HeldTrend?
        public init() {}
    }

    final class HeldTrend: Sendable, Equatable {
        let trend: Trend
        init(_ trend: Trend) { self.trend = trend }
        static func == (lhs: HeldTrend, rhs: HeldTrend) -> Bool { lhs.trend == rhs.trend }
    }

    enum CodingKeys: String, CodingKey {
        case kind, id, server, target, from, reason, category, rules, comment, posts, ip
        case createdAt = "created_at", assignedTo = "assigned_to", emailDomain = "email_domain"
    }

    public init(report: Report, server: String) {
        kind = .report
        id = report.id
        self.server = server
        createdAt = report.createdAt
        target = Self.handle(report.target, on: server)
        from = Self.handle(report.reporter, on: server)
        reason = report.category ?? report.comment.flatMap { $0.isEmpty ? nil : $0 }
        category = report.category
        rules = report.rules.isEmpty ? nil : report.rules
        comment = report.comment.flatMap { $0.isEmpty ? nil : $0 }
        posts = report.posts.count
        assignedTo = Self.handle(report.assignedTo, on: server)
        evidence.targetID = report.targetID
        evidence.reportedPosts = report.posts
        evidence.forwarded = report.forwarded
        evidence.notes = report.notes
    }

    public init(signUp account: AdminAccount, server: String) {
        kind = .signUp
        id = account.id
        self.server = server
        createdAt = account.createdAt
        from = Self.handle(account.acct, on: server)
        reason = account.reason
        comment = account.reason
        emailDomain = Self.emailDomain(account.email)
        ip = account.ip.flatMap { $0.isEmpty ? nil : $0 }
        evidence.email = account.email
    }

    /// A trend awaiting review: its kind (`link`, `status`, `tag`) as the category, its title as the
    /// comment, a post's author as `from`. Trends carry no date: they sort after what does.
    public init(trend: Trend, server: String) {
        kind = .trend
        id = trend.id
        self.server = server
        from = Self.handle(trend.author, on: server)
        reason = trend.kind.rawValue
        category = trend.kind.rawValue
        comment = trend.title
        evidence.trend = trend
    }

    /// `mail.example` of `someone@Mail.Example` (lower-cased: domains are case-blind).
    public static func emailDomain(_ address: String?) -> String? {
        guard let address, let at = address.lastIndex(of: "@") else { return nil }
        let domain = address[address.index(after: at)...].lowercased()
        return domain.isEmpty ? nil : domain
    }

    /// `@user@host` from an `acct` (`user` for the server's own accounts, `user@host` for others).
    static func handle(_ acct: String?, on server: String) -> String? {
        guard let acct, !acct.isEmpty else { return nil }
        let bare = acct.hasPrefix("@") ? String(acct.dropFirst()) : acct
        return bare.contains("@") ? "@" + bare : "@\(bare)@\(server)"
    }

    /// Oldest first (undated last); ties by server, kind and id so the order is stable.
    public static func oldestFirst(_ lhs: QueueItem, _ rhs: QueueItem) -> Bool {
        switch (lhs.createdAt, rhs.createdAt) {
        case (let l?, let r?) where l != r: return l < r
        case (.some, nil): return true
        case (nil, .some): return false
        default: return (lhs.server, lhs.kind.rawValue, lhs.id) < (rhs.server, rhs.kind.rawValue, rhs.id)
        }
    }
}
