import ArgumentParser
import FediCore

extension DomainDrafts {
    public struct Show: FediCommand {
        public init() {}
        public static let configuration = CommandConfiguration(
            commandName: "show",
            abstract: "Show one draft.",
            discussion: """
                Examples:
                  $ fedictl domain-drafts show 01JD40A7Q
                """)

        public static let traits = VerbTraits(.moderation, .reads)

        @OptionGroup public var globals: GlobalOptions

        @Argument(help: ArgumentHelp("The draft's id (see domain-drafts list).", valueName: "id"))
        public var id: String

        public func run(in ctx: CommandContext) async throws {
            try ctx.output.validateFields(for: DomainPermission.self)
            try ctx.output.item(
                try await ctx.with(.domainPermissions(.domainDraftsShow)) { client in
                    try await client.domainDraft(id: id)
                })
        }
    }
}
