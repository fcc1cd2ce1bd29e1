import ArgumentParser
import FediCore

extension Statuses {
    public struct Sensitive: FediCommand {
        public init() {}
        public static let configuration = CommandConfiguration(
            commandName: "sensitive",
            abstract: "Mark posts sensitive: their media hidden until a reader asks.",
            discussion: """
                Pleroma and Akkoma (admin API: PUT …/admin/statuses/:id with sensitive). Each is journaled \
                with its state before; `fedictl log undo` runs `statuses unsensitive` on it. - reads the ids a \
                list printed (TSV, CSV, JSON or bare ids), each sent to its own server only.

                Examples:
                  $ fedictl statuses sensitive AbCdEf123
                  $ fedictl reports show Aq0e8GN2 -o json | jq -r '.posts[].id' | fedictl statuses sensitive -
                """)

        public static var traits: VerbTraits { VerbTraits(.moderation, .writes) }

        @OptionGroup public var globals: GlobalOptions

        @OptionGroup public var targets: IDTargets

        public var stdinReferences: StdinReferences? { targets.stdinReferences }

        public func run(in ctx: CommandContext) async throws {
            try await StatusWave(ctx).change(targets, .sensitive(true))
        }
    }
}

extension Statuses.Sensitive: JournaledCommand {
    /// Each entry names its post and carries its own undo (`statuses unsensitive`).
    public func undoArguments(target: String?, createdID: String?) -> [String]? { nil }
}
