import FediCore
import FediOutput

extension HeaderFilter: Tabular {
    public static let columns: [Column<HeaderFilter>] = [
        Column("id") { .text($0.id) },
        Column("kind") { .text($0.kind) },
        Column("header") { .text($0.header) },
        Column("regex") { .text($0.regex) },
        Column("created_at") { .date($0.createdAt) },
    ]
}
