import ArgumentParser
import FediCore

extension Media {
    public struct Refetch: FediCommand {
        public init() {}
        public static let configuration = CommandConfiguration(
            commandName: "refetch",
            abstract: "Fetch again remote emojis missing from storage (after data loss).",
            discussion: """
                Examples:
                  $ fedictl media refetch
                  $ fedictl media refetch --domain emoji.example
                """)

        public static let traits = VerbTraits(.moderation, .writes)

        @OptionGroup public var globals: GlobalOptions

        @Option(help: ArgumentHelp("Only this domain's.", valueName: "domain"))
        public var domain: String?

        public func run(in ctx: CommandContext) async throws {
            let domain = try domain.map { try DomainText.parse($0) }
            let host = try await ctx.with(.media(.mediaRefetch)) { client in
                try await client.refetchMedia(domain: domain)
                return client.server.authority
            }
            ctx.status("Refetch started on \(host)\(domain.map { " for \($0)" } ?? "").")
        }
    }
}

extension Media.Refetch: JournaledCommand {
    /// A refetch replaces cached emoji; there is nothing to put back.
    public func undoArguments(target: String?, createdID: String?) -> [String]? { nil }
}
