import FediCore
import FediOutput

extension CanonicalEmailBlock: Tabular {
    public static let columns: [Column<CanonicalEmailBlock>] = [
        Column("id") { .text($0.id) },
        Column("canonical_email_hash", kind: .identifier) { .text($0.canonicalEmailHash) },
    ]
}
