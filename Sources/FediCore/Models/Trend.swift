import FoundationEssentials

/// A link, post or hashtag a server's trends show, with where its review stands: Mastodon's admin
/// trends (`Trends::Link` with `id` and `requires_review`, `Status` with `requires_review`,
/// `Admin::Tag` with `trendable` and `requires_review`), in one shape.
public struct Trend: Codable, Sendable, Equatable {
    public enum Kind: String, Codable, Sendable, CaseIterable {
        case link, status, tag

        /// The word of the command and of the API path: `links`, `statuses`, `tags`.
        public var plural: String {
            switch self {
            case .link: "links"
            case .status: "statuses"
            case .tag: "tags"
            }
        }
    }

    /// Where a moderator's decision stands. A server that says neither `requires_review` nor
    /// `trendable` (a post, a link once reviewed) leaves it unknown.
    public enum Review: String, Codable, Sendable {
        case pending, approved, rejected
    }

    public var kind: Kind
    public var id: String
    /// The hashtag's name, the link's title (else its URL), the post's text as plain text.
    public var title: String
    public var url: String?
    /// The post's author (`acct`), for posts.
    public var author: String?
    /// Uses and accounts over the days the server reports (a week on Mastodon), added up.
    public var uses: Int?
    public var accounts: Int?
    public var review: Review?

    public init(
        kind: Kind, id: String, title: String, url: String? = nil, author: String? = nil, uses: Int? = nil,
        accounts: Int? = nil, review: Review? = nil
    ) {
        self.kind = kind
        self.id = id
        self.title = title
        self.url = url
        self.author = author
        self.uses = uses
        self.accounts = accounts
        self.review = review
    }

    enum CodingKeys: String, CodingKey { case kind, id, title, url, author, uses, accounts, review }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(kind, forKey: .kind)
        try c.encode(id, forKey: .id)
        try c.encode(title, forKey: .title)
        try c.encode(url, forKey: .url)
        try c.encode(author, forKey: .author)
        try c.encode(uses, forKey: .uses)
        try c.encode(accounts, forKey: .accounts)
        try c.encode(review, forKey: .review)
    }

    /// Awaiting review first, then as the server ranked them (a stable sort keeps its order).
    public static func pendingFirst(_ trends: [Trend]) -> [Trend] {
        trends.filter { $0.review == .pending } + trends.filter { $0.review != .pending }
    }

    /// The review `requires_review` and `trendable` say: waiting for a decision, else the decision.
    static func review(requiresReview: Bool?, trendable: Bool?) -> Review? {
        if requiresReview == true { return .pending }
        return trendable.map { $0 ? .approved : .rejected }
    }
}

/// Mastodon's admin trends, one decoder per kind: each reads what the others share (`history`,
/// `requires_review`, `trendable`) through `MastodonTrendFacts`.
struct MastodonTrendFacts {
    var uses: Int?
    var accounts: Int?
    var review: Trend.Review?

    init(_ c: KeyedDecodingContainer<AnyKey>) {
        let history = c.lenientArray(Day.self, "history")
        uses = history.isEmpty ? nil : history.reduce(0) { $0 + ($1.uses ?? 0) }
        accounts = history.isEmpty ? nil : history.reduce(0) { $0 + ($1.accounts ?? 0) }
        review = Trend.review(requiresReview: c.lenientBool("requires_review"), trendable: c.lenientBool("trendable"))
    }

    struct Day: Decodable {
        var uses: Int?
        var accounts: Int?
        init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: AnyKey.self)
            uses = c.lenientInt("uses")
            accounts = c.lenientInt("accounts")
        }
    }

    static func missing(_ key: String, _ decoder: Decoder) -> DecodingError {
        .keyNotFound(AnyKey(key), .init(codingPath: decoder.codingPath, debugDescription: "trend without \(key)"))
    }
}

/// `Admin::Tag`: its id is what approve and reject take (mastodon_mock sends the name as the id).
struct MastodonTrendTag: Decodable, Sendable {
    var trend: Trend
    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: AnyKey.self)
        guard let name = c.optionalText("name") else { throw MastodonTrendFacts.missing("name", decoder) }
        let facts = MastodonTrendFacts(c)
        trend = Trend(
            kind: .tag, id: c.optionalText("id") ?? name, title: "#" + name, url: c.optionalText("url"),
            uses: facts.uses, accounts: facts.accounts, review: facts.review)
    }
}

/// `Trends::Link` with the admin serializer's `id`: without one it could not be approved or rejected.
struct MastodonTrendLink: Decodable, Sendable {
    var trend: Trend
    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: AnyKey.self)
        guard let id = c.optionalText("id") else { throw MastodonTrendFacts.missing("id", decoder) }
        let facts = MastodonTrendFacts(c)
        let url = c.optionalText("url")
        trend = Trend(
            kind: .link, id: id, title: c.optionalText("title") ?? url ?? "", url: url, uses: facts.uses,
            accounts: facts.accounts, review: facts.review)
    }
}

/// A `Status` with the admin serializer's `requires_review`: its text behind its warning.
struct MastodonTrendStatus: Decodable, Sendable {
    var trend: Trend
    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: AnyKey.self)
        let post = try MastodonStatus(from: decoder).post
        trend = Trend(
            kind: .status, id: post.id, title: post.displayText(reveal: false), url: post.url, author: post.author,
            review: MastodonTrendFacts(c).review)
    }
}
