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
                Without HOST, asks the selected account's instance. On a terminal the table is followed by a \
                sparkline of each measure, oldest week to newest, in block characters (digits 0-9 with \
                --ascii, NO_COLOR or --no-color); piped output and JSON hold the figures only.

                Examples:
                  $ fedictl instance activity mastodon.social
                  $ fedictl instance activity -o csv > activity.csv
                """)

        public static let traits = VerbTraits(.oncePerServer, .reads)

        @OptionGroup public var globals: GlobalOptions

        @OptionGroup public var hostArgument: InstanceHost

        @Flag(help: "Draw the sparklines with digits 0-9 instead of block characters.")
        public var ascii = false

        public func run(in ctx: CommandContext) async throws {
            try ctx.output.validateFields(for: InstanceActivity.self)
            let target = try ctx.instanceTarget(hostArgument.host)
            let fetched = try await ctx.with(.instanceLists(.instanceActivity), on: target, as: .visitor) { client in
                try await Instance.explainingHidden("activity", on: target.server) {
                    try await client.instanceActivity()
                }
            }
            try ctx.output.list(fetched)
            let weeks = Array(fetched.value.reversed())  // oldest first, as a line is read
            ctx.output.sparklines(
                [
                    ("posts", weeks.map(\.statuses)), ("logins", weeks.map(\.logins)),
                    ("sign-ups", weeks.map(\.registrations)),
                ], ascii: ascii)
        }
    }
}

extension Instance.Activity {
    public var fansOut: Bool { hostArgument.host == nil }
}
