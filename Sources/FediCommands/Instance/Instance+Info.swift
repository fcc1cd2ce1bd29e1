import ArgumentParser
import FediCore

extension Instance {
    public struct Info: FediCommand {
        public init() {}
        public static let configuration = CommandConfiguration(
            commandName: "info",
            abstract: "Show a server's name, version, registrations, contact and limits.",
            discussion: """
            Reads /api/v2/instance, falling back to /api/v1/instance on servers without v2. No login needed.

            Examples:
              $ fedictl instance info mastodon.social
              $ fedictl instance info 127.0.0.1:3000 -o json
              $ fedictl instance info example.social --fields domain,version
            """)

        @OptionGroup public var globals: GlobalOptions

        @Argument(help: ArgumentHelp("Server to ask (host, host:port or URL).", valueName: "host"))
        public var host: String

        public func run(in ctx: CommandContext) async throws {
            try ctx.output.validateFields(for: InstanceInfo.self)
            let client = ctx.anonymousClient(try ctx.server(host))
            let fetched = try await client.instanceInfo()
            if ctx.globals.raw { return ctx.output.raw(fetched.raw) }
            try ctx.output.item(fetched.value)
        }
    }
}
