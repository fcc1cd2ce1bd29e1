import FediCore
import FediOutput

extension Post: Tabular {
    /// Tables show the body behind its warning unless the row was marked `revealed` (`--reveal`);
    /// JSON always carries both the content and the warning.
    public static let columns: [Column<Post>] = [
        Column("id") { .text($0.id) },
        Column("created_at", "posted") { .date($0.createdAt) },
        Column("author", kind: .identifier) {
            .text("@" + $0.author + ($0.boostOf.map { " (boost of @\($0))" } ?? ""))
        },
        Column("content") { .text($0.displayText(reveal: $0.revealed)) },
        Column("media_urls", "media", default: false) { .number($0.mediaURLs.count) },
        Column("content_warning", "content warning", default: false) { .text($0.contentWarning) },
        Column("url", "URL", default: false) { .text($0.url) },
        Column("boost_of", "boost of", default: false) { .text($0.boostOf) },
        Column("visibility", default: false) { .text($0.visibility) },
        Column("sensitive", default: false) { .flag($0.sensitive) },
    ]

}
