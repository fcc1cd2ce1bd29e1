import ArgumentParser
import FediCore

extension Timelines {
    public struct Unpin: FediCommand {
        public init() {}
        public static let configuration = CommandConfiguration(
            commandName: "unpin",
            abstract: "Forget a pinned timeline.",
            discussion: """
                NAME is the pin's name (or its server). Only the config changes; nothing is sent anywhere.

                Examples:
                  $ fedictl timelines unpin art
                """)

        public static let traits = VerbTraits(.own, .writes)

        @OptionGroup public var globals: GlobalOptions

        @Argument(
            help: ArgumentHelp("The pin's name.", valueName: "name"), completion: .custom(PinCompletion.candidates))
        public var name: String

        public func run(in ctx: CommandContext) async throws {
            try ctx.output.validateFields(for: PinnedTimeline.self)
            let address = try? ctx.server(name)
            let removed = try ctx.logins.update { config -> PinnedTimeline? in
                guard let pin = config.pin(name, server: address) else { return nil }
                if !ctx.globals.dryRun { config.pins?.removeAll { $0.name == pin.name } }
                return pin
            }
            guard let removed else {
                throw FediError(
                    .noInput, "no timeline is pinned as \(name)", hint: "`fedictl timelines pins` lists the pins")
            }
            ctx.status(ctx.globals.dryRun ? "dry run: would unpin \(removed.name)" : "Unpinned \(removed.name).")
            try ctx.output.item(removed)
        }
    }
}

extension Timelines.Unpin: JournaledCommand {
    /// The pin's server is not in the arguments.
    public func undoArguments(target: String?, createdID: String?) -> [String]? { nil }
}
