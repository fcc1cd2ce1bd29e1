import ArgumentParser
import FediCore

extension Statuses {
    public struct Visibility: FediCommand {
        public init() {}
        public static let configuration = CommandConfiguration(
            commandName: "visibility",
            abstract: "Change who sees posts: public, unlisted, private (followers) or direct.",
            discussion: """
                Pleroma and Akkoma (admin API: PUT …/admin/statuses/:id with visibility). Each is journaled \
                with its visibility before; `fedictl log undo` sets that one again. - reads the ids a list \
                printed (TSV, CSV, JSON or bare ids), each sent to its own server only.

                Examples:
                  $ fedictl statuses visibility AbCdEf123 --to private
                  $ fedictl reports show Aq0e8GN2 -o json | jq -r '.posts[].id' | fedictl statuses visibility - --to unlisted
                """)

        public static var traits: VerbTraits { VerbTraits(.moderation, .writes) }

        @OptionGroup public var globals: GlobalOptions

        @OptionGroup public var targets: IDTargets

        @Option(
            help: ArgumentHelp("The visibility to set: public, unlisted, private or direct.", valueName: "visibility"))
        public var to: PostVisibility

        public var stdinReferences: StdinReferences? { targets.stdinReferences }

        public func run(in ctx: CommandContext) async throws {
            try await StatusWave(ctx).change(targets, .visibility(to))
        }
    }
}

extension PostVisibility: ExpressibleByArgument {}

extension Statuses.Visibility: JournaledCommand {
    /// Each entry names its post and carries its own undo (its visibility before).
    public func undoArguments(target: String?, createdID: String?) -> [String]? { nil }
}
