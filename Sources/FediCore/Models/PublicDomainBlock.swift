import FoundationEssentials

/// One entry of a server's public domain-block list (`GET /api/v1/instance/domain_blocks`).
/// An obfuscated domain keeps its `*`s; the digest (SHA-256 of the real domain) lets people match it.
public struct PublicDomainBlock: Codable, Sendable, Equatable {
    public var domain: String
    public var digest: String?
    public var severity: String?
    public var comment: String?

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: AnyKey.self)
        guard let domain = c.optionalText("domain") else {
            throw DecodingError.keyNotFound(
                AnyKey("domain"), .init(codingPath: [], debugDescription: "block without domain"))
        }
        self.domain = domain
        digest = c.optionalText("digest")
        severity = c.optionalText("severity")
        comment = c.optionalText("comment") ?? c.optionalText("public_comment")
    }

    enum CodingKeys: String, CodingKey { case domain, digest, severity, comment }
}
