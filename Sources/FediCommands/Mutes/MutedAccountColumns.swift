import FediCore
import FediOutput

extension MutedAccount: Tabular {
    /// The account's columns, then when the mute ends (blank: never) and whether notifications are muted.
    public static let columns: [Column<MutedAccount>] =
        Account.columns.map { column in
            Column(column.key, column.header, default: column.isDefault) { column.value($0.account) }
        } + [
            Column("mute_expires_at", "expires") { .date($0.muteExpiresAt) },
            Column("notifications", "notifications muted", default: false) { .flag($0.notifications) },
        ]
}
