import ArgumentParser
import FediCore

extension Statuses {
    public struct Unsensitive: FediCommand {
        public init() {}
        public static let configuration = CommandConfiguration(
            commandName: "unsensitive",
            abstract: "Take the sensitive mark off posts.",
            discussion: """
                Pleroma and Akkoma (admin API: PUT …/admin/statuses/:id with sensitive). Each is journaled \
                with its state before; `fedictl log undo` runs `statuses sensitive` on it. - reads the ids a \
                list printed (TSV, CSV, JSON or bare ids), each sent to its own server only.

                Examples:
                  $ fedictl statuses unsensitive AbCdEf123
                  $ fedictl reports show Aq0e8GN2 -o json | jq -r '.posts[].id' | fedictl statuses unsensitive -
                """)

        public static var traits: VerbTraits { VerbTraits(.moderation, .writes) }

        @OptionGroup public var globals: GlobalOptions

        @OptionGroup public var targets: IDTargets

        public var stdinReferences: StdinReferences? { targets.stdinReferences }

        public func run(in ctx: CommandContext) async throws {
            try await StatusWave(ctx).change(targets, .sensitive(false))
        }
    }
}

extension Statuses.Unsensitive: JournaledCommand {
    /// Each entry names its post and carries its own undo (`statuses sensitive`).
    public func undoArguments(target: String?, createdID: String?) -> [String]? { nil }
}
