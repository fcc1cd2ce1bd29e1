import ArgumentParser
import FediCore

extension Instance {
    public struct Activity: FediCommand {
        public init() {}
        public static let configuration = CommandConfiguration(
            commandName: "activity",
            abstract: "Show a server's weekly posts, logins and sign-ups.",
            discussion: """
                Reads /api/v1/instance/activity (Mastodon): one row per week, newest first. No login needed. \
                Without HOST, asks the selected account's instance.

                Examples:
                  $ fedictl instance activity mastodon.social
                  $ fedictl instance activity -o csv > activity.csv
                """)

        public static let traits = VerbTraits(.oncePerServer, .reads)

        @OptionGroup public var globals: GlobalOptions

        @OptionGroup public var hostArgument: InstanceHost

        public func run(in ctx: CommandContext) async throws {
            try ctx.output.validateFields(for: InstanceActivity.self)
            let target = try ctx.instanceTarget(hostArgument.host)
            let client = ctx.anonymousClient(target.server)
            let fetched = try await ctx.withCapability(.instanceActivity, on: target) { _ in
                try await Instance.explainingHidden("activity", on: target.server) {
                    try await client.instanceActivity()
                }
            }
            try ctx.output.list(fetched)
        }
    }
}

extension Instance.Activity {
    public var fansOut: Bool { hostArgument.host == nil }
}
