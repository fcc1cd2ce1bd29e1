import ArgumentParser
import FediCore
import FediOutput

extension DomainBlock: Tabular {
    public static let columns: [Column<DomainBlock>] = [
        Column("id") { .text($0.id) },
        Column("domain") { .text($0.domain) },
        Column("severity") { .text($0.severity.rawValue) },
        Column("reject_media", priority: .low) { .flag($0.rejectMedia) },
        Column("reject_reports", priority: .low) { .flag($0.rejectReports) },
        Column("public_comment") { .text($0.publicComment) },
        Column("private_comment", default: false) { .text($0.privateComment) },
        Column("obfuscate", default: false) { .flag($0.obfuscate) },
        Column("created_at", default: false) { .date($0.createdAt) },
        Column("digest", default: false) { .text($0.digest) },
    ]
}

/// One row of an import plan, and after applying it, what happened.
public struct DomainBlockPlanRow: Tabular, Equatable {
    public var action: String
    public var domain: String
    public var severity: String?
    public var rejectMedia: Bool?
    public var rejectReports: Bool?
    /// The fields an update changes.
    public var changes: [String]
    /// The same with their values, old → new; for a new block, what it sets beyond its severity.
    public var details: [String] = []
    /// The file line the row came from.
    public var line: Int?
    /// "covered by DOMAIN", or after applying: "done" or what went wrong.
    public var result: String?

    enum CodingKeys: String, CodingKey {
        case action, domain, severity, changes, details, line, result
        case rejectMedia = "reject_media", rejectReports = "reject_reports"
    }

    public static let columns: [Column<DomainBlockPlanRow>] = [
        Column("action") { .text($0.action) },
        Column("domain") { .text($0.domain) },
        Column("severity") { .text($0.severity) },
        Column("reject_media", default: false) { .flag($0.rejectMedia) },
        Column("reject_reports", default: false) { .flag($0.rejectReports) },
        Column("changes", default: false) { .list($0.changes) },
        Column("details") { .list($0.details) },
        Column("line", default: false) { .number($0.line) },
        Column("result") { .text($0.result) },
    ]
}

extension DomainBlockSeverity: ExpressibleByArgument {}
