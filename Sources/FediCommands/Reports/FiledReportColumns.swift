import FediCore
import FediOutput

extension FiledReport: Tabular {
    public static let columns: [Column<FiledReport>] = [
        Column("id") { .text($0.id) },
        Column("target", "account", kind: .identifier) { .text("@" + $0.target) },
        Column("category") { .text($0.category) },
        Column("comment") { .text($0.comment) },
        Column("status_ids", "posts") { .list($0.statusIDs) },
        Column("rule_ids", "rules") { .list($0.ruleIDs) },
        Column("forwarded", default: false) { .flag($0.forwarded) },
        Column("created_at", "filed", default: false) { .date($0.createdAt) },
        Column("target_id", "account id", default: false) { .text($0.targetID) },
        Column("action_taken", "action taken", default: false) { .flag($0.actionTaken) },
    ]
}
