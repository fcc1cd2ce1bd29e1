import FediCore
import FediOutput

extension InstanceActivity: Tabular {
    public static let columns: [Column<InstanceActivity>] = [
        Column("week") { .date($0.week) },
        Column("statuses", "posts") { .number($0.statuses) },
        Column("logins") { .number($0.logins) },
        Column("registrations", "sign-ups") { .number($0.registrations) },
    ]
}
