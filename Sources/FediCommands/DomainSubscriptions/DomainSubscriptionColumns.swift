import FediCore
import FediOutput

extension DomainSubscription: Tabular {
    public static let columns: [Column<DomainSubscription>] = [
        Column("id") { .text($0.id) },
        Column("permission_type") { .text($0.permissionType) },
        Column("priority") { .number($0.priority) },
        Column("title") { .text($0.title) },
        Column("uri") { .text($0.uri) },
        Column("as_draft") { .flag($0.asDraft) },
        Column("count") { .number($0.count) },
        Column("successfully_fetched_at") { .date($0.successfullyFetchedAt) },
        Column("error") { .text($0.error) },
        Column("adopt_orphans", default: false) { .flag($0.adoptOrphans) },
        Column("remove_retracted", default: false) { .flag($0.removeRetracted) },
        Column("content_type", default: false) { .text($0.contentType) },
        Column("fetch_username", default: false) { .text($0.fetchUsername) },
        Column("fetch_password_set", default: false) { .flag($0.fetchPasswordSet) },
        Column("fetched_at", default: false) { .date($0.fetchedAt) },
        Column("created_at", default: false) { .date($0.createdAt) },
    ]
}
