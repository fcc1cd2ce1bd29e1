import FediCore
import FediOutput
import FoundationEssentials

/// One domain on one server in a sync plan (`sync`, saved with `--dry-run -o json` for `apply`):
/// what will happen, old → new, why, and after applying, what happened.
public struct SyncRow: Tabular, Codable, Equatable {
    public var account: String
    public var domain: String
    public var action: String
    /// The severity after the change (before it, for lifts and rows that write nothing).
    public var severity: String?
    /// Changed fields as `field old → new`; for a new block, what it sets beyond its severity.
    public var details: [String]
    /// The sources that list the domain.
    public var sources: [String]
    public var note: String?
    public var result: String?
    /// The block as it will be written, for `apply`.
    public var rejectMedia: Bool?
    public var rejectReports: Bool?
    public var publicComment: String?
    public var privateComment: String?
    public var obfuscate: Bool?
    /// For a new or raised suspension: local accounts following accounts on the domain, and followed by them.
    public var follows: Int?
    public var followers: Int?
    /// The fingerprint of the server's whole list when the plan was made (`apply` refuses a changed list).
    public var listDigest: String

    enum CodingKeys: String, CodingKey {
        case account, domain, action, severity, details, sources, note, result, obfuscate, follows, followers
        case rejectMedia = "reject_media", rejectReports = "reject_reports"
        case publicComment = "public_comment", privateComment = "private_comment", listDigest = "list_digest"
    }

    public static let columns: [Column<SyncRow>] = [
        Column("account") { .text($0.account) },
        Column("domain") { .text($0.domain) },
        Column("action") { .text($0.action) },
        Column("severity") { .text($0.severity) },
        // Never cut nor left out on a terminal: a cut before `old → new` hides what the change
        // overwrites (issue 26); a line runs on instead.
        Column("details", kind: .identifier, priority: .required) { .list($0.details) },
        Column("note") { .text($0.note) },
        Column("result") { .text($0.result) },
        Column("sources", default: false) { .list($0.sources) },
        Column("reject_media", default: false) { .flag($0.rejectMedia) },
        Column("reject_reports", default: false) { .flag($0.rejectReports) },
        Column("public_comment", default: false) { .text($0.publicComment) },
        Column("private_comment", default: false) { .text($0.privateComment) },
        Column("obfuscate", default: false) { .flag($0.obfuscate) },
        Column("follows", default: false) { .number($0.follows) },
        Column("followers", default: false) { .number($0.followers) },
        Column("list_digest", default: false) { .text($0.listDigest) },
    ]

    init(_ step: SyncPlan.Step, account: String, listDigest: String) {
        self.account = account
        domain = step.domain
        action = step.action.rawValue
        severity = (step.wanted?.severity ?? step.existing?.severity)?.rawValue
        details = step.details
        sources = step.sources
        note = step.note
        rejectMedia = step.wanted?.rejectMedia
        rejectReports = step.wanted?.rejectReports
        publicComment = step.wanted?.publicComment
        privateComment = step.wanted?.privateComment
        obfuscate = step.wanted?.obfuscate
        follows = step.follows?.follows
        followers = step.follows?.followers
        self.listDigest = listDigest
    }

    /// The plan step this row says, against the server's `current` list (for `apply`).
    func step(current: [DomainBlock]) throws -> SyncPlan.Step {
        guard let action = SyncPlan.Action(rawValue: action) else {
            throw FediError(
                .dataError, "plan row for \(domain) has an unknown action '\(self.action)'",
                hint: "make the plan again with `domain-blocks sync --dry-run -o json`")
        }
        var wanted: DomainBlockSpec?
        if let severity, [.add, .raise, .lower, .change].contains(action) {
            guard let level = DomainBlockSeverity(rawValue: severity) else {
                throw FediError(
                    .dataError, "plan row for \(domain) has an unknown severity '\(severity)'",
                    hint: "make the plan again")
            }
            wanted = DomainBlockSpec(
                domain: domain, severity: level, rejectMedia: rejectMedia ?? false,
                rejectReports: rejectReports ?? false,
                privateComment: privateComment, publicComment: publicComment, obfuscate: obfuscate ?? false)
        }
        // Planned against a list that has changed since (--force): what the row asks for, against the block as it is now.
        let existing = current.first(named: domain)
        var now = action
        switch (action, existing, wanted) {
        case (.add, let existing?, let wanted?), (.raise, let existing?, let wanted?),
            (.lower, let existing?, let wanted?), (.change, let existing?, let wanted?):
            now =
                wanted.differences(from: existing).isEmpty
                ? .unchanged
                : wanted.severity > existing.severity ? .raise : wanted.severity < existing.severity ? .lower : .change
        case (.raise, nil, _), (.lower, nil, _), (.change, nil, _):
            now = .add
        case (.lift, nil, _):
            now = .unchanged
        default:
            break
        }
        return SyncPlan.Step(
            action: now, domain: domain, wanted: now == .unchanged ? nil : wanted, existing: existing,
            details: now == action ? details : wanted?.changeDetails(from: existing) ?? [], sources: sources, note: note
        )
    }
}

extension SyncPlan {
    /// A fingerprint of a server's whole list: any block added, lifted or changed changes it.
    static func listDigest(_ blocks: [DomainBlock]) -> String {
        let lines = blocks.map { block in
            [
                BlocklistFile.normalise(block.domain), block.severity.rawValue, "\(block.rejectMedia)",
                "\(block.rejectReports)", "\(block.obfuscate)",
                block.publicComment ?? "", block.privateComment ?? "",
            ].joined(separator: "\t")
        }.sorted()
        return DomainDigest.sha256Hex(lines.joined(separator: "\n"))
    }
}
