import FediCore
import FediOutput

extension Filter: Tabular {
    public static let columns: [Column<Filter>] = [
        Column("id") { .text($0.id) },
        Column("title") { .text($0.title) },
        Column("filter_action", "action") { .text($0.filterAction.rawValue) },
        Column("context") { .list($0.context) },
        Column("keywords") { .list($0.keywords.map(FilterKeyword.label)) },
        Column("statuses") { .list($0.statuses.map(FilterStatus.label)) },
        Column("expires_at", "expires") { .date($0.expiresAt) },
        Column("api", "API", default: false) { .text($0.api.rawValue) },
    ]
}

extension FilterKeyword: Tabular {
    public static let columns: [Column<FilterKeyword>] = [
        Column("id") { .text($0.id) },
        Column("keyword") { .text($0.keyword) },
        Column("whole_word") { .flag($0.wholeWord) },
    ]

    /// `election (#12, whole word)`: the id is what `filters keywords remove` takes.
    static func label(_ keyword: FilterKeyword) -> String {
        "\(keyword.keyword) (#\(keyword.id)\(keyword.wholeWord ? ", whole word" : ""))"
    }
}

extension FilterStatus: Tabular {
    public static let columns: [Column<FilterStatus>] = [
        Column("id") { .text($0.id) },
        Column("status_id", "status") { .text($0.statusID) },
    ]

    /// `post 1234 (#7)`: the id is what `filters statuses remove` takes.
    static func label(_ status: FilterStatus) -> String {
        "post \(status.statusID) (#\(status.id))"
    }
}
