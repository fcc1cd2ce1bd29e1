import FoundationEssentials

/// What an IP block does to requests from its range (Mastodon's values; a newer server's are kept as they are).
public struct IPBlockSeverity: OpenEnum {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let signUpRequiresApproval = IPBlockSeverity(rawValue: "sign_up_requires_approval")
    public static let signUpBlock = IPBlockSeverity(rawValue: "sign_up_block")
    public static let noAccess = IPBlockSeverity(rawValue: "no_access")
    public static let knownValues: [IPBlockSeverity] = [.signUpRequiresApproval, .signUpBlock, .noAccess]
}

/// An IP address or range a server limits: Mastodon's Admin::IpBlock shape.
public struct IPBlock: Codable, Sendable, Equatable {
    public var id: String
    public var ip: String
    public var severity: IPBlockSeverity
    public var comment: String?
    public var createdAt: Date?
    public var expiresAt: Date?

    public init(
        id: String, ip: String, severity: IPBlockSeverity, comment: String? = nil, createdAt: Date? = nil,
        expiresAt: Date? = nil
    ) {
        self.id = id
        self.ip = ip
        self.severity = severity
        self.comment = comment
        self.createdAt = createdAt
        self.expiresAt = expiresAt
    }

    enum CodingKeys: String, CodingKey {
        case id, ip, severity, comment
        case createdAt = "created_at", expiresAt = "expires_at"
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: AnyKey.self)
        guard let id = c.lenientString("id"), let ip = c.optionalText("ip") else {
            throw DecodingError.keyNotFound(
                AnyKey("ip"), .init(codingPath: decoder.codingPath, debugDescription: "IP block without id or ip"))
        }
        self.id = id
        self.ip = ip
        severity = IPBlockSeverity(rawValue: c.optionalText("severity") ?? "")
        comment = c.optionalText("comment")
        createdAt = c.lenientDate("created_at")
        expiresAt = c.lenientDate("expires_at")
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(ip, forKey: .ip)
        try c.encode(severity, forKey: .severity)
        try c.encode(comment, forKey: .comment)
        try c.encode(createdAt, forKey: .createdAt)
        try c.encode(expiresAt, forKey: .expiresAt)
    }
}
