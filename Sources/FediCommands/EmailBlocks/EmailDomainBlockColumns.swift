import FediCore
import FediOutput

extension EmailDomainBlock: Tabular {
    public static let columns: [Column<EmailDomainBlock>] = [
        Column("id") { .text($0.id) },
        Column("domain") { .text($0.domain) },
        Column("created_at") { .date($0.createdAt) },
        // As the server gives it: day (UNIX seconds), accounts and uses, all strings.
        Column("history", default: false) {
            .list($0.history.map { "\($0.day): \($0.accounts) accounts, \($0.uses) uses" })
        },
    ]
}
