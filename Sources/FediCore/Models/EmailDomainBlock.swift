import FoundationEssentials

/// An e-mail domain refused at sign-up: Mastodon's Admin::EmailDomainBlock shape. Misskey's
/// bannedEmailDomains keep only the domain (used as the id).
public struct EmailDomainBlock: Codable, Sendable, Equatable {
    /// One day of sign-up attempts, as the server gives it: strings, `day` in UNIX seconds.
    public struct Day: Codable, Sendable, Equatable {
        public var day: String
        public var accounts: String
        public var uses: String

        public init(day: String, accounts: String, uses: String) {
            self.day = day
            self.accounts = accounts
            self.uses = uses
        }

        public init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: AnyKey.self)
            day = c.lenientString("day") ?? ""
            accounts = c.lenientString("accounts") ?? ""
            uses = c.lenientString("uses") ?? ""
        }
    }

    public var id: String
    public var domain: String
    public var createdAt: Date?
    public var history: [Day]

    public init(id: String, domain: String, createdAt: Date? = nil, history: [Day] = []) {
        self.id = id
        self.domain = domain
        self.createdAt = createdAt
        self.history = history
    }

    enum CodingKeys: String, CodingKey {
        case id, domain, history
        case createdAt = "created_at"
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: AnyKey.self)
        guard let domain = c.optionalText("domain") else {
            throw DecodingError.keyNotFound(
                AnyKey("domain"), .init(codingPath: decoder.codingPath, debugDescription: "e-mail block without domain")
            )
        }
        self.domain = domain
        id = c.lenientString("id") ?? domain
        createdAt = c.lenientDate("created_at")
        history = c.lenientArray(Day.self, "history")
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(domain, forKey: .domain)
        try c.encode(createdAt, forKey: .createdAt)
        try c.encode(history, forKey: .history)
    }
}
