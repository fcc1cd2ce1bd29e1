import ArgumentParser
import FediCore

extension DomainExcludes {
    public struct Remove: FediCommand {
        public init() {}
        public static let configuration = CommandConfiguration(
            commandName: "remove",
            abstract: "Let subscriptions manage a domain again, by domain or id.",
            discussion: """
                Asks first on a terminal; elsewhere needs --yes.

                Examples:
                  $ fedictl domain-excludes remove partner.example --yes
                """,
            aliases: ["rm"])

        public static let traits = VerbTraits(.moderation, .writes)

        @OptionGroup public var globals: GlobalOptions

        @Argument(help: ArgumentHelp("The excluded domain, or its id.", valueName: "domain-or-id"))
        public var target: String

        public func run(in ctx: CommandContext) async throws {
            try ctx.output.validateFields(for: DomainPermission.self)
            try await ctx.with(.domainPermissions(.domainExcludesRemove)) { client in
                guard let exclude = try await client.domainExcludes(limit: nil, onPage: nil).first(named: target) else {
                    throw FediError(
                        .noInput, "\(target) is not excluded on \(client.server.authority)",
                        hint: "`fedictl domain-excludes list` shows what is")
                }
                try ctx.confirm("Let subscriptions manage \(exclude.domain) again?")
                try await client.removeDomainExclude(id: exclude.id)
                ctx.status("Removed the exclude on \(exclude.domain).")
                try ctx.output.item(exclude)
            }
        }
    }
}

extension DomainExcludes.Remove: JournaledCommand {
    public var journalTarget: String? { target }
    public func undoArguments(target: String?, createdID: String?) -> [String]? {
        // Only a domain can be excluded again; an id names an exclude that no longer exists.
        self.target.contains(".") ? ["domain-excludes", "add", self.target] : nil
    }
}
