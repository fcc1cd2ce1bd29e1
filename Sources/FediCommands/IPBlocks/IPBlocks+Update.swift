import ArgumentParser
import FediCore

extension IPBlocks {
    public struct Update: FediCommand {
        public init() {}
        public static let configuration = CommandConfiguration(
            commandName: "update",
            abstract: "Change an IP block.",
            discussion: """
                Only what is given changes.

                Examples:
                  $ fedictl ip-blocks update 7 --severity no_access
                  $ fedictl ip-blocks update 7 --ip 192.0.2.0/23 --expires-in 30d
                """)

        public static let traits = VerbTraits(.moderation, .writes)

        @OptionGroup public var globals: GlobalOptions

        @Argument(help: ArgumentHelp("The block's id (see ip-blocks list).", valueName: "id"))
        public var id: String

        @Option(help: ArgumentHelp("A new address or range.", valueName: "cidr"))
        public var ip: String?

        @OptionGroup public var settings: IPBlockSettings

        public func validate() throws {
            if let ip { _ = try IPRange.parse(ip) }
            if ip == nil, settings.severity == nil, settings.comment == nil, settings.expiresIn == nil {
                throw ValidationError("nothing to change: give --ip, --severity, --comment or --expires-in")
            }
        }

        public func run(in ctx: CommandContext) async throws {
            try ctx.output.validateFields(for: IPBlock.self)
            let range = try ip.map(IPRange.parse)
            let expiresIn = try settings.expirySeconds()
            try await ctx.with(.ipBlocks(.ipBlocksUpdate)) { client in
                let updated = try await client.updateIPBlock(
                    id: id, ip: range, severity: settings.severity, comment: settings.comment,
                    expiresIn: expiresIn)
                ctx.status("Updated IP block \(updated.id) (\(updated.ip)).")
                try ctx.output.item(updated)
            }
        }
    }
}

extension IPBlocks.Update: JournaledCommand {
    public var journalTarget: String? { id }
    /// The rule's values before are not in the arguments.
    public func undoArguments(target: String?, createdID: String?) -> [String]? { nil }
}
