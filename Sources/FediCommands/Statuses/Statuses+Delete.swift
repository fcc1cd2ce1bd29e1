import ArgumentParser
import FediCore

extension Statuses {
    public struct Delete: FediCommand {
        public init() {}
        public static let configuration = CommandConfiguration(
            commandName: "delete",
            abstract: "Delete posts (asked first: nothing brings a deleted post back).",
            discussion: """
                Pleroma and Akkoma (admin API) and the Misskey family (a moderator's notes/delete). Each is \
                read first and journaled with its author, text and state; `fedictl log undo` cannot bring \
                it back and says so. - reads the ids a list printed (TSV, CSV, JSON or bare ids), each \
                sent to its own server only.

                Examples:
                  $ fedictl statuses delete AbCdEf123
                  $ fedictl reports show Aq0e8GN2 -o json | jq -r '.posts[].id' | fedictl statuses delete - --yes
                """)

        public static var traits: VerbTraits { VerbTraits(.moderation, .writes) }

        @OptionGroup public var globals: GlobalOptions

        @OptionGroup public var targets: IDTargets

        public var stdinReferences: StdinReferences? { targets.stdinReferences }

        public func run(in ctx: CommandContext) async throws {
            try await StatusWave(ctx).change(targets, .delete)
        }
    }
}

extension Statuses.Delete: JournaledCommand {
    /// Each entry names its post; there is no undo, and the entry says why.
    public func undoArguments(target: String?, createdID: String?) -> [String]? { nil }
}
