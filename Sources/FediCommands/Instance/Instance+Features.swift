import ArgumentParser
import FediCore

extension Instance {
    public struct Features: FediCommand {
        public init() {}
        public static let configuration = CommandConfiguration(
            commandName: "features",
            abstract: "Show what fedictl can do on a server, and through which API.",
            discussion: """
                Detects the server's software and version (nodeinfo, the instance API, Misskey's meta) and prints, \
                for every command area, the API that serves it there, or that it is unavailable and why. Without \
                HOST, asks the selected account's instance, using its cached detection while it is fresh.

                Examples:
                  $ fedictl instance features gts.example
                  $ fedictl instance features --refresh
                  $ fedictl instance features akkoma.example -o json
                """)

        public static let traits = VerbTraits(.oncePerServer, .reads)

        @OptionGroup public var globals: GlobalOptions

        @OptionGroup public var hostArgument: InstanceHost

        @Flag(help: "Detect the server's software again instead of using the account's cached detection.")
        public var refresh = false

        public func run(in ctx: CommandContext) async throws {
            try ctx.output.validateFields(for: FeatureSupport.self)
            let target = try ctx.instanceTarget(hostArgument.host)
            let server = try await ctx.serverInfo(target.server, login: target.login, refresh: refresh).server
            if ctx.terminal.stderrIsTTY { ctx.status("\(target.server.authority): \(server.label)") }
            try ctx.output.list(FeatureSupport.matrix(for: server))
        }
    }
}

extension Instance.Features {
    public var fansOut: Bool { hostArgument.host == nil }
}
