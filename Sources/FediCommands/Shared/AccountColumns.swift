import FediCore
import FediOutput

extension Account: Tabular {
    public static let columns: [Column<Account>] = [
        Column("id") { .text($0.id) },
        Column("acct", "account") { .text("@" + $0.acct) },
        Column("display_name", "name") { .text($0.displayName) },
        Column("created_at", "created", default: false) { .date($0.createdAt) },
        Column("bot", default: false) { .flag($0.bot) },
        Column("locked", default: false) { .flag($0.locked) },
        Column("url", "URL", default: false) { .text($0.url) },
        Column("note", default: false) { .text($0.note) },
    ]
}
