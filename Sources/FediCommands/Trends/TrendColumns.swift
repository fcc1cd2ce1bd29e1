import FediCore
import FediOutput

extension Trend: Tabular {
    public static let columns: [Column<Trend>] = [
        Column("id") { .text($0.id) },
        Column("review") { .text($0.review?.rawValue) },
        Column("title") { .text($0.title) },
        Column("author", default: false, kind: .identifier) { .text($0.author.map { "@" + $0 }) },
        Column("uses") { .number($0.uses) },
        Column("accounts", default: false) { .number($0.accounts) },
        Column("url", "URL", default: false) { .text($0.url) },
        Column("kind", default: false) { .text($0.kind.rawValue) },
    ]
}
