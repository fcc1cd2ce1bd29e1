import ArgumentParser
import FediCore

extension Trends {
    public struct Reject<Kind: TrendKind>: FediCommand {
        public init() {}
        public static var configuration: CommandConfiguration {
            CommandConfiguration(
                commandName: "reject",
                abstract: "Reject trending \(Kind.spoken): kept out of public trends.",
                discussion: """
                    Each is journaled with its review before; `fedictl log undo` approves it again. - reads the \
                    ids a list printed (its TSV, CSV, JSON or bare ids), each sent to its own server only. \
                    Mastodon 4.2+.

                    Examples:
                      $ fedictl trends \(Kind.word) reject \(Kind.exampleID)
                      $ fedictl trends \(Kind.word) list --pending --fields id | fedictl trends \(Kind.word) reject -
                    """)
        }

        public static var traits: VerbTraits { VerbTraits(.moderation, .writes) }

        @OptionGroup public var globals: GlobalOptions

        @OptionGroup public var targets: IDTargets

        public var stdinReferences: StdinReferences? { targets.stdinReferences }

        public func run(in ctx: CommandContext) async throws {
            try ctx.output.validateFields(for: BulkTargetRow.self)
            try await TrendReview(ctx).review(Kind.kind, targets, approve: false)
        }
    }
}

extension Trends.Reject: JournaledCommand {
    /// Each entry names its trend and carries its own undo (approve it).
    public func undoArguments(target: String?, createdID: String?) -> [String]? { nil }
}
