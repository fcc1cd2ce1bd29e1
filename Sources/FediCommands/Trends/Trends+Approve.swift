import ArgumentParser
import FediCore

extension Trends {
    public struct Approve<Kind: TrendKind>: FediCommand {
        public init() {}
        public static var configuration: CommandConfiguration {
            CommandConfiguration(
                commandName: "approve",
                abstract: "Approve trending \(Kind.spoken): they may trend publicly.",
                discussion: """
                    Each is journaled with its review before; `fedictl log undo` rejects it again. - reads the \
                    ids a list printed (its TSV, CSV, JSON or bare ids), each sent to its own server only. \
                    Mastodon 4.2+.

                    Examples:
                      $ fedictl trends \(Kind.word) approve \(Kind.exampleID)
                      $ fedictl trends \(Kind.word) list --pending -o json | fedictl trends \(Kind.word) approve -
                    """)
        }

        public static var traits: VerbTraits { VerbTraits(.moderation, .writes) }

        @OptionGroup public var globals: GlobalOptions

        @OptionGroup public var targets: IDTargets

        public var stdinReferences: StdinReferences? { targets.stdinReferences }

        public func run(in ctx: CommandContext) async throws {
            try ctx.output.validateFields(for: BulkTargetRow.self)
            try await TrendReview(ctx).review(Kind.kind, targets, approve: true)
        }
    }
}

extension Trends.Approve: JournaledCommand {
    /// Each entry names its trend and carries its own undo (reject it).
    public func undoArguments(target: String?, createdID: String?) -> [String]? { nil }
}
