import FoundationEssentials

/// A user as the client API shows it (`Account` on Mastodon-compatible servers; Misskey users map here too).
public struct Account: Codable, Sendable, Equatable {
    public var id: String
    public var username: String
    /// `user` for local accounts, `user@host` for remote ones (Mastodon's `acct`).
    public var acct: String
    public var displayName: String?
    public var url: String?
    public var createdAt: Date?
    public var locked: Bool?
    public var bot: Bool?
    public var note: String?

    public init(
        id: String, username: String, acct: String, displayName: String? = nil, url: String? = nil,
        createdAt: Date? = nil,
        locked: Bool? = nil, bot: Bool? = nil, note: String? = nil
    ) {
        self.id = id
        self.username = username
        self.acct = acct
        self.displayName = displayName
        self.url = url
        self.createdAt = createdAt
        self.locked = locked
        self.bot = bot
        self.note = note
    }

    enum CodingKeys: String, CodingKey {
        case id, username, acct, url, locked, bot, note
        case displayName = "display_name", createdAt = "created_at"
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: AnyKey.self)
        guard let id = c.lenientString("id") else {
            throw DecodingError.keyNotFound(
                AnyKey("id"), .init(codingPath: decoder.codingPath, debugDescription: "account without id"))
        }
        self.id = id
        username = c.optionalText("username") ?? ""
        acct = c.optionalText("acct") ?? username
        displayName = c.optionalText("display_name")
        url = c.optionalText("url")
        createdAt = c.lenientDate("created_at")
        locked = c.lenientBool("locked")
        bot = c.lenientBool("bot")
        note = c.optionalText("note").map(HTMLText.plain)
    }
}

/// A post (status, note) in one shape whatever the server: text already plain, the content warning
/// kept apart so it can hide the body.
public struct Post: Codable, Sendable, Equatable {
    public var id: String
    public var createdAt: Date?
    /// The author's `acct`.
    public var author: String
    public var content: String
    public var contentWarning: String?
    public var sensitive: Bool
    public var mediaURLs: [String]
    /// When this is a boost (reblog, renote): the boosted post's author; `content` is the boosted post's.
    public var boostOf: String?
    public var url: String?
    public var visibility: String?
    /// Shown in full in tables (`--reveal`); not part of the JSON.
    public var revealed = false

    public init(
        id: String, createdAt: Date?, author: String, content: String, contentWarning: String? = nil,
        sensitive: Bool = false,
        mediaURLs: [String] = [], boostOf: String? = nil, url: String? = nil, visibility: String? = nil
    ) {
        self.id = id
        self.createdAt = createdAt
        self.author = author
        self.content = content
        self.contentWarning = contentWarning
        self.sensitive = sensitive
        self.mediaURLs = mediaURLs
        self.boostOf = boostOf
        self.url = url
        self.visibility = visibility
    }

    enum CodingKeys: String, CodingKey {
        case id, author, content, sensitive, url, visibility
        case createdAt = "created_at", contentWarning = "content_warning", mediaURLs = "media_urls", boostOf =
            "boost_of"
    }

    /// Hidden behind its warning: a content warning, or marked sensitive.
    public var isHidden: Bool { contentWarning != nil || sensitive }

    /// The body as a person should first see it: behind its warning unless revealed, and revealed
    /// still after its warning, so the reader knows what they were warned of.
    public func displayText(reveal: Bool) -> String {
        guard isHidden else { return content }
        let warning = "[" + (contentWarning.map { "CW: \($0)" } ?? "sensitive") + "]"
        return warning + " " + (reveal ? content : "(hidden; --reveal shows it)")
    }
}

/// `Status` as Mastodon-compatible servers send it.
public struct MastodonStatus: Decodable, Sendable {
    public var post: Post

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: AnyKey.self)
        guard let id = c.lenientString("id") else {
            throw DecodingError.keyNotFound(
                AnyKey("id"), .init(codingPath: decoder.codingPath, debugDescription: "status without id"))
        }
        let author = (try? c.decode(Account.self, forKey: "account"))?.acct ?? ""
        // A boost carries the original in `reblog`; show the original's text and say who wrote it.
        let original = try? c.decodeIfPresent(MastodonStatus.self, forKey: "reblog")
        let media = (try? c.decodeIfPresent([MediaAttachment].self, forKey: "media_attachments")) ?? []
        if let original = original?.post {
            post = Post(
                id: id, createdAt: c.lenientDate("created_at"), author: author, content: original.content,
                contentWarning: original.contentWarning, sensitive: original.sensitive, mediaURLs: original.mediaURLs,
                boostOf: original.author, url: original.url, visibility: c.optionalText("visibility"))
        } else {
            post = Post(
                id: id, createdAt: c.lenientDate("created_at"), author: author,
                content: HTMLText.plain(c.optionalText("content") ?? ""),
                contentWarning: c.optionalText("spoiler_text"), sensitive: c.lenientBool("sensitive") ?? false,
                mediaURLs: media.compactMap { $0.url }, url: c.optionalText("url") ?? c.optionalText("uri"),
                visibility: c.optionalText("visibility"))
        }
    }

    struct MediaAttachment: Decodable {
        var url: String?
        init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: AnyKey.self)
            url = c.optionalText("url") ?? c.optionalText("remote_url")
        }
    }
}
