import FediCore
import FediOutput

extension QueueItem: Tabular {
    /// What a moderator triages from, in that order; the handles are never cut, the comment first.
    /// On a narrow terminal the extras go first (category, rules, posts, assignee), then the
    /// comment, age and kind; the server, id and accounts stay longest (a sign-up's is `from`).
    public static let columns: [Column<QueueItem>] = [
        Column("server", kind: .origin) { .text($0.server) },
        Column("kind") { .text($0.kind.rawValue) },
        Column("id") { .text($0.id) },
        Column("created_at", "age") { .date($0.createdAt) },
        Column("target", kind: .identifier) { .text($0.target) },
        Column("from", kind: .identifier) { .text($0.from) },
        Column("category", priority: .low) { .text($0.category) },
        Column("rules", "rules broken", priority: .low) { .list($0.rules ?? []) },
        Column("comment") { .text($0.comment) },
        Column("posts", priority: .low) { .number($0.posts) },
        Column("assigned_to", "assigned to", kind: .identifier, priority: .low) { .text($0.assignedTo) },
        // A sign-up wave shows as one mail provider or one address; after the others, so the
        // columns scripts read by position stay where they were.
        Column("email_domain", "e-mail domain", kind: .identifier, priority: .normal) { .text($0.emailDomain) },
        Column("ip", "IP", kind: .identifier, priority: .normal) { .text($0.ip) },
        Column("reason", default: false) { .text($0.reason) },
    ]

    /// The place of an item in the fleet's one list: oldest first across servers, as
    /// `oldestFirst` orders one server's (undated last; ties by server, kind and id).
    static let fleetOrder: @Sendable (QueueItem) -> String = { item in
        let time =
            item.createdAt.map { date -> String in
                // Milliseconds as an unsigned number of fixed width, so text order is time order.
                let millis = Int64(clamping: Int((date.timeIntervalSince1970 * 1000).rounded(.down)))
                let digits = String(UInt64(bitPattern: millis ^ Int64.min))
                return "0" + String(repeating: "0", count: 20 - digits.count) + digits
            } ?? "1"
        return [time, item.server, item.kind.rawValue, item.id].joined(separator: "\u{0}")
    }
}
