import ArgumentParser
import FediCore

extension Instance {
    public struct Blocks: FediCommand {
        public init() {}
        public static let configuration = CommandConfiguration(
            commandName: "blocks",
            abstract: "List the domains a server says it blocks.",
            discussion: """
                Reads the server's public domain-block list, /api/v1/instance/domain_blocks (Mastodon 4.0+, \
                GoToSocial), with obfuscated domains and digests as the server gives them. Admins may show it \
                only to logged-in users or hide it: fedictl says which. When HOST is the selected account's \
                instance (or is left out), the account's token is sent.

                Examples:
                  $ fedictl instance blocks mastodon.social
                  $ fedictl instance blocks example.social -o csv > their-blocks.csv
                """)

        public static let traits = VerbTraits(.oncePerServer, .reads)

        @OptionGroup public var globals: GlobalOptions

        @OptionGroup public var hostArgument: InstanceHost

        public func run(in ctx: CommandContext) async throws {
            try ctx.output.validateFields(for: PublicDomainBlock.self)
            let fetched = try await InstanceSteps(ctx).publicDomainBlocks(hostArgument.host)
            try ctx.output.list(fetched)
        }
    }
}

extension Instance.Blocks {
    public var fansOut: Bool { hostArgument.host == nil }
}
