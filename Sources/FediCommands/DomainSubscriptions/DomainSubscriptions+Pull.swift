import ArgumentParser
import FediCore

extension DomainSubscriptions {
    public struct Pull: FediCommand {
        public init() {}
        public static let configuration = CommandConfiguration(
            commandName: "pull",
            abstract: "Have the server fetch its subscriptions now, where its API allows.",
            discussion: """
                GoToSocial (up to 0.20 at least) has no API for it: it fetches on its own schedule \
                (instance-subscriptions-process-from and -every in its config), so this says so (exit 69) \
                and sends nothing. `domain-subscriptions test ID` fetches a list now without applying it.

                Examples:
                  $ fedictl domain-subscriptions pull
                """)

        public static let traits = VerbTraits(.moderation, .writes)

        @OptionGroup public var globals: GlobalOptions

        public func run(in ctx: CommandContext) async throws {
            // No software has an API for it (so no capability row): say so, naming what the server runs.
            let login = try ctx.login()
            let server = try await ctx.serverInfo(login.server, login: login).server
            throw FediError(
                .unavailable, "domain-subscriptions pull is not available on \(server.label)",
                hint: "GoToSocial fetches subscriptions on its own schedule "
                    + "(instance-subscriptions-process-from/-every); "
                    + "`fedictl domain-subscriptions test ID` fetches one list now without applying it")
        }
    }
}

extension DomainSubscriptions.Pull: JournaledCommand {
    /// What a pull changes belongs to the subscription: removing it undoes it.
    public func undoArguments(target: String?, createdID: String?) -> [String]? { nil }
}
