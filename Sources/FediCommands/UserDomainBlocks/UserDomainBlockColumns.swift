import FediCore
import FediOutput

extension UserDomainBlock: Tabular {
    public static let columns: [Column<UserDomainBlock>] = [
        Column("domain") { .text($0.domain) }
    ]
}
