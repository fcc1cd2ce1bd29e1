import FediCore
import FediOutput

extension AdminAccount: Tabular {
    public static let columns: [Column<AdminAccount>] = [
        Column("id") { .text($0.id) },
        Column("acct", "account") { .text("@" + $0.acct) },
        Column("status") { .text($0.status) },
        // An address cut short is no address: shown whole or, on a narrow terminal, not at all.
        Column("email", kind: .identifier, priority: .normal) { .text($0.email) },
        Column("created_at", "joined") { .date($0.createdAt) },
        Column("reason") { .text($0.reason) },
        Column("display_name", "name", default: false) { .text($0.displayName) },
        Column("username", default: false) { .text($0.username) },
        Column("domain", default: false) { .text($0.domain) },
        Column("role", default: false) { .text($0.role) },
        Column("staff", default: false) { .flag($0.staff) },
        Column("locale", default: false) { .text($0.locale) },
        Column("confirmed", default: false) { .flag($0.confirmed) },
        Column("approved", default: false) { .flag($0.approved) },
        Column("disabled", default: false) { .flag($0.disabled) },
        Column("silenced", default: false) { .flag($0.silenced) },
        Column("suspended", default: false) { .flag($0.suspended) },
        Column("sensitized", default: false) { .flag($0.sensitized) },
        Column("tags", default: false) { .list($0.tags ?? []) },
        Column("url", "URL", default: false) { .text($0.url) },
        Column("posts", default: false) { .number($0.posts) },
        Column("followers", default: false) { .number($0.followers) },
        // Where a sign-up came from, where the server says: last, so the columns scripts read by
        // position stay where they were; on a terminal only when some account has one.
        Column("ip", "IP", kind: .identifier, priority: .normal) { .text($0.ip) },
    ]

    /// What `accounts show` and the verbs that change an account list about it.
    static let detailFields = [
        "id", "acct", "display_name", "status", "role", "email", "ip", "created_at", "locale", "confirmed",
        "approved", "disabled", "silenced", "suspended", "sensitized", "reason", "url", "posts", "followers",
    ]
}
