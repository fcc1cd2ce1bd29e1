import FediCore
import FediOutput

extension DomainPermission: Tabular {
    public static let columns: [Column<DomainPermission>] = [
        Column("id") { .text($0.id) },
        Column("domain") { .text($0.domain) },
        Column("permission_type", hidesWhenEmpty: true) { .text($0.permissionType) },
        Column("subscription_id", hidesWhenEmpty: true) { .text($0.subscriptionID) },
        Column("created_at") { .date($0.createdAt) },
        Column("private_comment") { .text($0.privateComment) },
        Column("public_comment", default: false) { .text($0.publicComment) },
        Column("obfuscate", default: false) { .flag($0.obfuscate) },
    ]
}
