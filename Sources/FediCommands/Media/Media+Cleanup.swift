import ArgumentParser
import FediCore

extension Media {
    public struct Cleanup: FediCommand {
        public init() {}
        public static let configuration = CommandConfiguration(
            commandName: "cleanup",
            abstract: "Drop cached remote media older than N days, and unused or orphaned files.",
            discussion: """
                Without --days the server's media-remote-cache-days setting applies. Remote media is fetched \
                again when someone views it.

                Examples:
                  $ fedictl media cleanup --days 30
                """)

        public static let traits = VerbTraits(.moderation, .writes)

        @OptionGroup public var globals: GlobalOptions

        @Option(help: ArgumentHelp("Keep remote media this many days (0: drop all).", valueName: "n"))
        public var days: Int?

        public func validate() throws {
            if let days, days < 0 { throw ValidationError("--days must be 0 or more") }
        }

        public func run(in ctx: CommandContext) async throws {
            let (used, host) = try await ctx.with(.media(.mediaCleanup)) { client in
                (try await client.cleanUpMedia(days: days), client.server.authority)
            }
            let kept = (used ?? days).map { "older than \($0) day\($0 == 1 ? "" : "s")" } ?? "past the server's setting"
            ctx.status("Cleanup started on \(host): remote media \(kept) goes.")
        }
    }
}

extension Media.Cleanup: JournaledCommand {
    /// Removed remote media is fetched again only when shown.
    public func undoArguments(target: String?, createdID: String?) -> [String]? { nil }
}
