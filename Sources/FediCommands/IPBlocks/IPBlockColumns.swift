import ArgumentParser
import FediCore
import FediOutput

extension IPBlock: Tabular {
    public static let columns: [Column<IPBlock>] = [
        Column("id") { .text($0.id) },
        Column("ip") { .text($0.ip) },
        Column("severity") { .text($0.severity.rawValue) },
        Column("comment") { .text($0.comment) },
        Column("expires_at") { .date($0.expiresAt) },
        Column("created_at", default: false) { .date($0.createdAt) },
    ]
}

extension IPBlockSeverity: ExpressibleByArgument {
    public init?(argument: String) {
        let value = IPBlockSeverity(rawValue: argument)
        guard value.isKnown else { return nil }
        self = value
    }

    public static var allValueStrings: [String] { knownValues.map(\.rawValue) }
}

/// The settings `ip-blocks add` and `update` share.
public struct IPBlockSettings: ParsableArguments, Sendable {
    public init() {}

    @Option(help: ArgumentHelp("sign_up_requires_approval, sign_up_block or no_access.", valueName: "severity"))
    public var severity: IPBlockSeverity?

    @Option(help: ArgumentHelp("Why (moderators see it).", valueName: "text"))
    public var comment: String?

    @Option(help: ArgumentHelp("Lift the block after this long: 30m, 12h, 1d, 2w.", valueName: "duration"))
    public var expiresIn: String?

    /// Seconds, checked (a usage error names the flag).
    public func expirySeconds() throws -> Int? {
        try expiresIn.map { try DurationText.parse($0, flag: "--expires-in").seconds }
    }

    public func validate() throws {
        _ = try expirySeconds()
    }
}

extension IPRange {
    /// How Mastodon shows an address: always with a prefix length.
    var withPrefix: String { prefixLength == nil ? "\(address)/\(family == .v4 ? 32 : 128)" : description }
}
