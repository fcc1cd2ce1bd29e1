import FediCore
import FediOutput

extension InstanceRule: Tabular {
    public static let columns: [Column<InstanceRule>] = [
        Column("id") { .text($0.id) },
        Column("text") { .text($0.text) },
        Column("hint", default: false) { .text($0.hint) },
    ]
}
