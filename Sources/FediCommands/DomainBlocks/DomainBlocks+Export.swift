import ArgumentParser
import FediCore

extension BlocklistFormat: ExpressibleByArgument {}

extension DomainBlocks {
    public struct Export: FediCommand {
        public init() {}
        public static let configuration = CommandConfiguration(
            commandName: "export",
            abstract: "Write every domain block as a blocklist file on stdout.",
            discussion: """
            Formats: mastodon-csv (default; Mastodon's import header \
            #domain,#severity,#reject_media,#reject_reports,#public_comment,#obfuscate with every column \
            filled in; private comments are left out, as Mastodon does), csv (fediblockhole's un-prefixed \
            header, private_comment included), json (the Mastodon admin API list shape), list (domains only). \
            `domain-blocks import` reads all of them back.

            Examples:
              $ fedictl domain-blocks export > blocklist.csv
              $ fedictl domain-blocks export --format json --account me@other.example > blocks.json
            """)

        @OptionGroup public var globals: GlobalOptions

        @Option(help: ArgumentHelp("mastodon-csv, csv, json or list.", valueName: "format"))
        public var format: BlocklistFormat = .mastodonCSV

        public func run(in ctx: CommandContext) async throws {
            try await ctx.withDomainBlocks(.domainBlocksExport) { adapter, _ in
                let blocks = try await adapter.list(limit: nil, onPage: nil)
                ctx.output.raw(try BlocklistExport.render(blocks, as: format))
                if ctx.terminal.stderrIsTTY { ctx.status("Exported \(blocks.count) domain block\(blocks.count == 1 ? "" : "s").") }
            }
        }
    }
}
