import FoundationEssentials

/// A Misskey-family note as a `Post`. `text` is MFM markup and is kept as it is (there is no HTML
/// to strip); `cw` is the content warning; a renote without text of its own is a boost of the
/// embedded `renote`; a note with text and a renote (a quote) is the quoting note.
public struct MisskeyNote: Decodable, Sendable {
    public var post: Post

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: AnyKey.self)
        guard let id = c.lenientString("id") else {
            throw DecodingError.keyNotFound(
                AnyKey("id"), .init(codingPath: decoder.codingPath, debugDescription: "note without id"))
        }
        let author = (try? c.decode(MisskeyUser.self, forKey: "user")).map { Account(misskey: $0).acct } ?? ""
        let text = c.optionalText("text")
        let renote = try? c.decodeIfPresent(MisskeyNote.self, forKey: "renote")
        let visibility = c.optionalText("visibility")
        if text == nil, let original = renote?.post {
            post = Post(
                id: id, createdAt: c.lenientDate("createdAt"), author: author, content: original.content,
                contentWarning: original.contentWarning, sensitive: original.sensitive, mediaURLs: original.mediaURLs,
                boostOf: original.author, url: original.url, visibility: visibility)
        } else {
            let files = c.lenientArray(File.self, "files")
            post = Post(
                id: id, createdAt: c.lenientDate("createdAt"), author: author, content: text ?? "",
                contentWarning: c.optionalText("cw"), sensitive: files.contains { $0.sensitive },
                mediaURLs: files.compactMap(\.url), url: c.optionalText("url") ?? c.optionalText("uri"),
                visibility: visibility)
        }
    }

    struct File: Decodable {
        var url: String?
        var sensitive: Bool
        init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: AnyKey.self)
            url = c.optionalText("url")
            sensitive = c.lenientBool("isSensitive") ?? false
        }
    }
}
