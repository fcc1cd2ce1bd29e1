import FoundationEssentials

/// A domain on a server's allowlist (limited-federation mode): Mastodon's Admin::DomainAllow shape.
/// GoToSocial adds comments; Pleroma keeps a reason; Misskey keeps only the host (used as the id).
public struct DomainAllow: Codable, Sendable, Equatable {
    public var id: String
    public var domain: String
    public var createdAt: Date?
    public var publicComment: String?

    public init(id: String, domain: String, createdAt: Date? = nil, publicComment: String? = nil) {
        self.id = id
        self.domain = domain
        self.createdAt = createdAt
        self.publicComment = publicComment
    }

    enum CodingKeys: String, CodingKey {
        case id, domain
        case createdAt = "created_at", publicComment = "public_comment"
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: AnyKey.self)
        guard let domain = c.optionalText("domain") else {
            throw DecodingError.keyNotFound(
                AnyKey("domain"), .init(codingPath: decoder.codingPath, debugDescription: "domain allow without domain")
            )
        }
        self.domain = domain
        id = c.lenientString("id") ?? domain
        createdAt = c.lenientDate("created_at")
        publicComment = c.optionalText("public_comment")
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(domain, forKey: .domain)
        try c.encode(createdAt, forKey: .createdAt)
        try c.encode(publicComment, forKey: .publicComment)
    }
}
