import FediCore
import FediOutput

extension PinnedTimeline: Tabular {
    public static let columns: [Column<PinnedTimeline>] = [
        Column("name") { .text($0.name) },
        Column("base_url", "server") { .text($0.baseURL) },
        Column("server", "software") { .text($0.server?.label) },
        Column("last_seen_at", "last seen") { .date($0.lastSeenAt) },
        Column("last_seen_id", "last seen id", default: false) { .text($0.lastSeenID) },
        Column("pinned_at", "pinned", default: false) { .date($0.pinnedAt) },
    ]
}
