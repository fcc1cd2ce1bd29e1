import FediCore
import FediOutput

extension FeatureSupport: Tabular {
    public static let columns: [Column<FeatureSupport>] = [
        Column("capability") { .text($0.capability) },
        Column("family", "API") { .text($0.family?.displayName ?? "unavailable") },
        Column("available", default: false) { .flag($0.available) },
        Column("note") { .text($0.note) },
    ]
}
