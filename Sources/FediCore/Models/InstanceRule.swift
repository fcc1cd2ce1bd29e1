import FoundationEssentials

/// One of a server's rules (`GET /api/v1/instance/rules`, or Misskey's `serverRules`).
public struct InstanceRule: Codable, Sendable, Equatable {
    public var id: String
    public var text: String
    /// Mastodon 4.3+: a longer explanation; nil elsewhere.
    public var hint: String?

    public init(id: String, text: String, hint: String? = nil) {
        self.id = id
        self.text = text
        self.hint = hint
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: AnyKey.self)
        guard let text = c.lenientString("text") else {
            throw DecodingError.keyNotFound(
                AnyKey("text"), .init(codingPath: [], debugDescription: "rule without text"))
        }
        self.init(id: c.lenientString("id") ?? "", text: text, hint: c.optionalText("hint"))
    }

    enum CodingKeys: String, CodingKey { case id, text, hint }
}
