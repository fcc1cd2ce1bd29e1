import ArgumentParser
import FediCore
import FediOutput

/// The merged list's columns: the block fields under the names blocklist CSVs use, so
/// `merge -o csv` can be imported again (`domain-blocks import`, fediblockhole).
extension MergedBlock: Tabular {
    public static let columns: [Column<MergedBlock>] = [
        Column("domain") { .text($0.domain) },
        Column("severity") { .text($0.severity.rawValue) },
        Column("reject_media") { .flag($0.rejectMedia) },
        Column("reject_reports") { .flag($0.rejectReports) },
        Column("public_comment") { .text($0.publicComment) },
        Column("private_comment") { .text($0.privateComment) },
        Column("obfuscate") { .flag($0.obfuscate) },
        Column("sources") { .number($0.sources.count) },
        Column("unmatched", default: false) { .flag($0.unmatched) },
        Column("digest", default: false) { .text($0.digest) },
    ]
}

extension MergeRule: ExpressibleByArgument {}
