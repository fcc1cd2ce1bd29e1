import ArgumentParser
import FediCore

extension CanonicalEmailBlocks {
    public struct Test: FediCommand {
        public init() {}
        public static let configuration = CommandConfiguration(
            commandName: "test",
            abstract: "Show the canonical e-mail blocks an address matches.",
            discussion: """
                Exits 0 either way; an address no block matches lists nothing (and says so on a terminal).

                Examples:
                  $ fedictl canonical-email-blocks test jdoe@example.com
                """)

        public static let traits = VerbTraits(.moderation, .reads)

        @OptionGroup public var globals: GlobalOptions

        @Argument(help: ArgumentHelp("The e-mail address.", valueName: "email"))
        public var email: String

        public func run(in ctx: CommandContext) async throws {
            try ctx.output.validateFields(for: CanonicalEmailBlock.self)
            try await ctx.with(.canonicalEmailBlocks(.canonicalEmailBlocksTest)) { client in
                let fetched = try await client.testCanonicalEmailBlocks(email: email)
                if ctx.globals.raw { return ctx.output.raw(fetched.raw) }
                if fetched.value.isEmpty, ctx.terminal.stderrIsTTY {
                    ctx.status("No canonical e-mail block matches \(email).")
                }
                try ctx.output.list(fetched.value)
            }
        }
    }
}
