import ArgumentParser
import FediCore

extension Instance {
    public struct Peers: FediCommand {
        public init() {}
        public static let configuration = CommandConfiguration(
            commandName: "peers",
            abstract: "Count the servers a server knows, or list them with --all.",
            discussion: """
                Reads /api/v1/instance/peers. No login needed, though some servers (GoToSocial by default) keep \
                the list private. Without HOST, asks the selected account's instance.

                Examples:
                  $ fedictl instance peers mastodon.social
                  $ fedictl instance peers mastodon.social --all | sort
                """)

        public static let traits = VerbTraits(.oncePerServer, .reads)

        @OptionGroup public var globals: GlobalOptions

        @OptionGroup public var hostArgument: InstanceHost

        @Flag(help: "List every peer instead of counting them.")
        public var all = false

        public func run(in ctx: CommandContext) async throws {
            if all {
                try ctx.output.validateFields(for: InstancePeer.self)
            } else {
                try ctx.output.validateFields(for: InstancePeerCount.self)
            }
            let target = try ctx.instanceTarget(hostArgument.host)
            let fetched = try await ctx.with(.instanceLists(.instancePeers), on: target, as: .reader) { client in
                try await Instance.explainingHidden(
                    "peers", on: target.server, authenticated: client.token != nil
                ) {
                    try await client.instancePeers()
                }
            }
            if ctx.globals.raw { return ctx.output.raw(fetched.raw) }
            if all {
                try ctx.output.list(fetched.value.map(InstancePeer.init(domain:)))
            } else {
                try ctx.output.item(InstancePeerCount(host: target.server.authority, peers: fetched.value.count))
            }
        }
    }
}

extension Instance.Peers {
    public var fansOut: Bool { hostArgument.host == nil }
}
