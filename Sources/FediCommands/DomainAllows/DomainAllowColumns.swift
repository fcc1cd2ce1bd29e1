import FediCore
import FediOutput

extension DomainAllow: Tabular {
    public static let columns: [Column<DomainAllow>] = [
        Column("id") { .text($0.id) },
        Column("domain") { .text($0.domain) },
        Column("created_at") { .date($0.createdAt) },
        Column("public_comment", default: false) { .text($0.publicComment) },
    ]
}
