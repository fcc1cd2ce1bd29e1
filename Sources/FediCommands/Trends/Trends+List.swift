import ArgumentParser
import FediCore

extension Trends {
    public struct List<Kind: TrendKind>: FediCommand {
        public init() {}
        public static var configuration: CommandConfiguration {
            let word = Kind.word
            return CommandConfiguration(
                commandName: "list",
                abstract: "List the trending \(Kind.spoken), those awaiting review first.",
                discussion: """
                    Shows each one's review: pending (awaiting a moderator), approved, rejected, or empty \
                    where the server does not say (Mastodon says whether a post or link once reviewed was \
                    approved only for hashtags). --pending shows only those awaiting review. Mastodon 3.5+.

                    Examples:
                      $ fedictl trends \(word) list
                      $ fedictl trends \(word) list --pending -o json
                      $ fedictl --all-accounts trends \(word) list --pending
                    """,
                aliases: ["ls"])
        }

        public static var traits: VerbTraits { VerbTraits(.moderation, .reads) }

        @OptionGroup public var globals: GlobalOptions

        @Flag(help: "Only those awaiting review.")
        public var pending = false

        @Option(name: [.customShort("L"), .long], help: "Ask the server for at most this many (default: all).")
        public var limit: Int?

        public func validate() throws {
            if let limit, limit < 1 { throw ValidationError("--limit must be at least 1") }
        }

        public func run(in ctx: CommandContext) async throws {
            try ctx.output.validateFields(for: Trend.self)
            let trends = try await ctx.with(.trends(.trendsList)) { adapter in
                try await adapter.list(Kind.kind, limit: limit)
            }
            let shown = Trend.pendingFirst(trends).filter { !pending || $0.review == .pending }
            let settings = ctx.output.settings
            if shown.isEmpty, settings.format == .table, settings.isTTY {
                return ctx.status(pending ? "No trending \(Kind.spoken) await review." : "No trending \(Kind.spoken).")
            }
            try ctx.output.list(shown)
        }
    }
}
