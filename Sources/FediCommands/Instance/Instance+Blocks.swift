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

        @OptionGroup public var globals: GlobalOptions

        @OptionGroup public var hostArgument: InstanceHost

        public func run(in ctx: CommandContext) async throws {
            try ctx.output.validateFields(for: PublicDomainBlock.self)
            let target = try ctx.instanceTarget(hostArgument.host)
            let fetched = try await ctx.withDetection(.instanceBlocks, on: target) { _, info in
                // A login's token on this server, when there is one: some admins (and GoToSocial) show the list to users only.
                let client = await ctx.readingClient(.instanceBlocks, on: target.server, info: info, login: target.login, always: true)
                return try await Instance.explainingHidden("domain blocks", on: target.server, authenticated: client.token != nil) {
                    try await client.instanceDomainBlocks()
                }
            }
            if ctx.globals.raw { return ctx.output.raw(fetched.raw) }
            try ctx.output.list(fetched.value)
        }
    }
}
