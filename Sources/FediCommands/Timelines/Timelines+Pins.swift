import ArgumentParser
import FediCore

extension Timelines {
    public struct Pins: FediCommand {
        public init() {}
        public static let configuration = CommandConfiguration(
            commandName: "pins",
            abstract: "List the pinned timelines.",
            discussion: """
                Reads only the config file: no account, no network.

                Examples:
                  $ fedictl timelines pins
                  $ fedictl timelines pins -o json
                """)

        public static let traits = VerbTraits(.own, .reads)

        @OptionGroup public var globals: GlobalOptions

        public func run(in ctx: CommandContext) async throws {
            try ctx.output.validateFields(for: PinnedTimeline.self)
            let pins = try ctx.services.logins.load().pins ?? []
            if pins.isEmpty, ctx.output.settings.format == .table, ctx.output.settings.isTTY {
                return ctx.status("No pinned timelines. Pin one with: fedictl timelines pin HOST")
            }
            try ctx.output.list(pins)
        }
    }
}
