import FoundationEssentials

/// A blocked canonical e-mail address (dots and +tags removed, then SHA-256): Mastodon's Admin::CanonicalEmailBlock.
public struct CanonicalEmailBlock: Codable, Sendable, Equatable {
    public var id: String
    public var canonicalEmailHash: String

    public init(id: String, canonicalEmailHash: String) {
        self.id = id
        self.canonicalEmailHash = canonicalEmailHash
    }

    enum CodingKeys: String, CodingKey {
        case id
        case canonicalEmailHash = "canonical_email_hash"
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: AnyKey.self)
        guard let id = c.lenientString("id") else {
            throw DecodingError.keyNotFound(
                AnyKey("id"),
                .init(codingPath: decoder.codingPath, debugDescription: "canonical e-mail block without id"))
        }
        self.id = id
        canonicalEmailHash = c.optionalText("canonical_email_hash") ?? ""
    }
}
