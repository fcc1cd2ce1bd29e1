import FediCore
import FediOutput

extension InstanceInfo: Tabular {
    public static let columns: [Column<InstanceInfo>] = [
        Column("domain") { .text($0.domain) },
        Column("title") { .text($0.title) },
        Column("software_label", "software") { .text($0.softwareLabel) },
        Column("software", "software name", default: false) { .text($0.software) },
        Column("software_version", "software version", default: false) { .text($0.softwareVersion) },
        Column("flavour", default: false) { .text($0.flavour) },
        Column("variant", default: false) { .text($0.variant) },
        Column("version") { .text($0.version) },
        Column("api_version", "API version") { .number($0.apiVersion) },
        Column("source_url", "source URL") { .text($0.sourceURL) },
        Column("active_users", "active users") { .number($0.activeUsers) },
        Column("user_count", "users", default: false) { .number($0.userCount) },
        Column("status_count", "posts", default: false) { .number($0.statusCount) },
        Column("registrations") { .text($0.registrations?.displayName) },
        Column("contact_email", "contact e-mail") { .text($0.contactEmail) },
        Column("contact_account", "contact account", kind: .identifier) { .text($0.contactAccount.map { "@" + $0 }) },
        Column("languages") { .list($0.languages) },
        Column("rules_count", "rules") { .number($0.rulesCount) },
        Column("max_characters", "max characters") { .number($0.maxCharacters) },
        Column("max_media_attachments", "max media") { .number($0.maxMediaAttachments) },
        Column("max_poll_options", "max poll options") { .number($0.maxPollOptions) },
        Column("api_source", "answered by", default: false) { .text($0.answeredBy) },
    ]
}

extension InstanceInfo {
    /// The endpoint the description came from.
    var answeredBy: String {
        switch apiSource {
        case "v1", "v2": "/api/\(apiSource)/instance"
        case "meta": "/api/meta"
        default: apiSource
        }
    }
}

extension RegistrationMode {
    var displayName: String {
        switch self {
        case .open: "open"
        case .approvalRequired: "approval required"
        case .closed: "closed"
        default: rawValue
        }
    }
}
