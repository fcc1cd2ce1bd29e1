import FediCore
import FediOutput

extension PublicDomainBlock: Tabular {
    public static let columns: [Column<PublicDomainBlock>] = [
        Column("domain") { .text($0.domain) },
        Column("severity") { .text($0.severity) },
        Column("comment") { .text($0.comment) },
        Column("digest", default: false) { .text($0.digest) },
    ]
}
