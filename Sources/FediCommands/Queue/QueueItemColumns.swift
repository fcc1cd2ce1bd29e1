import FediCore
import FediOutput

extension QueueItem: Tabular {
    public static let columns: [Column<QueueItem>] = [
        Column("kind") { .text($0.kind.rawValue) },
        Column("id") { .text($0.id) },
        Column("created_at", "age") { .date($0.createdAt) },
        Column("target") { .text($0.target) },
        Column("from") { .text($0.from) },
        Column("reason") { .text($0.reason) },
        Column("posts") { .number($0.posts) },
        Column("assigned_to", "assigned to") { .text($0.assignedTo) },
        Column("server", default: false) { .text($0.server) },
    ]
}
