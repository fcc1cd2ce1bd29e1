import ArgumentParser
import FediCore

extension Instance.Rules {
    public struct List: FediCommand {
        public init() {}
        public static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "List a server's rules.",
            discussion: """
                Reads /api/v1/instance/rules (Mastodon 3.4+, GoToSocial, Pleroma, Friendica) or the rules in \
                Misskey's /api/meta. No login needed. Without HOST, asks the selected account's instance.

                Examples:
                  $ fedictl instance rules mastodon.social
                  $ fedictl instance rules -o json
                """,
            aliases: ["ls"])

        public static let traits = VerbTraits(.oncePerServer, .reads)

        @OptionGroup public var globals: GlobalOptions

        @OptionGroup public var hostArgument: InstanceHost

        public func run(in ctx: CommandContext) async throws {
            try ctx.output.validateFields(for: InstanceRule.self)
            let target = try ctx.instanceTarget(hostArgument.host)
            let fetched = try await ctx.with(.instance(.instanceRules), on: target, as: .visitor) { instance in
                try await instance.rules()
            }
            if ctx.globals.raw { return ctx.output.raw(fetched.raw) }
            try ctx.output.list(fetched.value)
        }
    }
}

extension Instance.Rules.List {
    public var fansOut: Bool { hostArgument.host == nil }
}
