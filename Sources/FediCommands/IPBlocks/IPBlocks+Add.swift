import ArgumentParser
import FediCore

extension IPBlocks {
    public struct Add: FediCommand {
        public init() {}
        public static let configuration = CommandConfiguration(
            commandName: "add",
            abstract: "Block an IP address or range.",
            discussion: """
                Safe to repeat: when the address already has a block, it is updated where the settings given \
                differ, and nothing is sent when they match. A repeated --expires-in keeps an expiry within the \
                duration's own unit of the new one (a day for 30d), so a cron job does not move it every run.

                Examples:
                  $ fedictl ip-blocks add 192.0.2.0/24 --severity sign_up_block --comment "Spam wave" --expires-in 2w
                  $ fedictl ip-blocks add 2001:db8::/32 --severity no_access
                """)

        public static let traits = VerbTraits(.moderation, .writes)

        @OptionGroup public var globals: GlobalOptions

        @Argument(help: ArgumentHelp("An IPv4 or IPv6 address, with an optional prefix length.", valueName: "cidr"))
        public var ip: String

        @OptionGroup public var settings: IPBlockSettings

        public func validate() throws {
            _ = try IPRange.parse(ip)
            if settings.severity == nil {
                throw ValidationError("--severity is required: sign_up_requires_approval, sign_up_block or no_access")
            }
        }

        public func run(in ctx: CommandContext) async throws {
            try ctx.output.validateFields(for: IPBlock.self)
            let range = try IPRange.parse(ip)
            let severity = settings.severity ?? .signUpBlock
            let duration = try settings.expiresIn.map { try DurationText.parse($0, flag: "--expires-in") }
            try await ctx.with(.ipBlocks(.ipBlocksAdd)) { client in
                let blocks = try await client.ipBlocks(limit: nil, onPage: nil)
                if let existing = blocks.first(where: { IPRange($0.ip)?.withPrefix == range.withPrefix }) {
                    let comment = settings.comment.flatMap { $0 == (existing.comment ?? "") ? nil : $0 }
                    let newSeverity = severity == existing.severity ? nil : severity
                    // Re-running the same command later asks for a later expiry: within the precision the
                    // duration was written in (a day for 30d), it is the same one, so it stays.
                    var expiresIn = duration?.seconds
                    if let duration, let current = existing.expiresAt {
                        let wanted = ctx.services.now().addingTimeInterval(duration.timeInterval)
                        if abs(wanted.timeIntervalSince(current)) < Double(max(duration.precision, 60)) {
                            expiresIn = nil
                        }
                    }
                    guard newSeverity != nil || comment != nil || expiresIn != nil else {
                        ctx.status("\(existing.ip) is already blocked with these settings; nothing sent.")
                        return try ctx.output.item(existing)
                    }
                    let updated = try await client.updateIPBlock(
                        id: existing.id, ip: nil, severity: newSeverity, comment: comment, expiresIn: expiresIn)
                    ctx.status("Updated the block on \(updated.ip).")
                    return try ctx.output.item(updated)
                }
                let created = try await client.createIPBlock(
                    ip: range, severity: severity, comment: settings.comment, expiresIn: duration?.seconds)
                ctx.status("Blocked \(created.ip) (\(created.severity.rawValue)).")
                try ctx.output.item(created)
            }
        }
    }
}

extension IPBlocks.Add: JournaledCommand {
    public var journalTarget: String? { ip }
    public func undoArguments(target: String?, createdID: String?) -> [String]? {
        createdID.map { ["ip-blocks", "remove", $0] }
    }
}
