import ArgumentParser
import FediCore

extension Instance {
    public struct Nodeinfo: FediCommand {
        public init() {}
        public static let configuration = CommandConfiguration(
            commandName: "nodeinfo",
            abstract: "Print a server's nodeinfo document as the server sent it.",
            discussion: """
                Follows /.well-known/nodeinfo to the highest schema (2.1, 2.0, 1.1, 1.0) that really answers and \
                prints that JSON untouched. No login needed. Without HOST, asks the selected account's instance.

                Examples:
                  $ fedictl instance nodeinfo mastodon.social
                  $ fedictl instance nodeinfo gts.example | jq .software
                """)

        public static let traits = VerbTraits(.oncePerServer, .reads)

        @OptionGroup public var globals: GlobalOptions

        @OptionGroup public var hostArgument: InstanceHost

        public func run(in ctx: CommandContext) async throws {
            let target = try ctx.instanceTarget(hostArgument.host)
            guard let document = try await ctx.anonymousClient(target.server).nodeinfo() else {
                throw FediError(
                    .unavailable, "\(target.server.authority) publishes no nodeinfo",
                    hint: "/.well-known/nodeinfo is missing or lists no document that answers")
            }
            ctx.output.raw(document.raw)
        }
    }
}

extension Instance.Nodeinfo {
    public var fansOut: Bool { hostArgument.host == nil }
}
