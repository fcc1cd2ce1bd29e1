import ArgumentParser
import FediCore

/// The settings `add` and `update` take; what is not given stays as the block has it (a new block:
/// suspend, nothing rejected, no comments).
public struct DomainBlockSettings: ParsableArguments, Sendable {
    public init() {}

    @Option(
        help: ArgumentHelp(
            "silence (limit), suspend (defederate) or noop (only the rejections below).", valueName: "severity"))
    public var severity: DomainBlockSeverity?

    @Flag(inversion: .prefixedNo, help: "Reject media files from the domain (--no-reject-media: accept them).")
    public var rejectMedia: Bool?

    @Flag(inversion: .prefixedNo, help: "Ignore reports from the domain (--no-reject-reports: accept them).")
    public var rejectReports: Bool?

    @Flag(
        inversion: .prefixedNo,
        help: "Hide the domain's name in the public list, Mastodon and GoToSocial (--no-obfuscate: show it).")
    public var obfuscate: Bool?

    @Option(help: ArgumentHelp("Comment shown to other people in the public list (\"\" clears it).", valueName: "text"))
    public var publicComment: String?

    @Option(help: ArgumentHelp("Comment only moderators see (\"\" clears it).", valueName: "text"))
    public var privateComment: String?

    public var changes: DomainBlockChanges {
        DomainBlockChanges(
            severity: severity, rejectMedia: rejectMedia, rejectReports: rejectReports, privateComment: privateComment,
            publicComment: publicComment, obfuscate: obfuscate)
    }

    public var isEmpty: Bool { changes == DomainBlockChanges() }
}
