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
                `domain-blocks import` reads all of them back. Without --format, -o json gives json and -o csv \
                gives csv.

                Examples:
                  $ fedictl domain-blocks export > blocklist.csv
                  $ fedictl domain-blocks export --format json --account me@other.example > blocks.json
                """)

        public static let traits = VerbTraits(.moderation, .reads)

        @OptionGroup public var globals: GlobalOptions

        @Option(help: ArgumentHelp("mastodon-csv (default), csv, json or list.", valueName: "format"))
        public var format: BlocklistFormat?

        /// --format, else what -o asks for: a script's `-o json` means JSON here as everywhere.
        var fileFormat: BlocklistFormat {
            get throws {
                switch (format, globals.output) {
                case (let format?, nil), (let format?, .table): return format
                case (.json?, .json), (.csv?, .csv): return format!
                case (_?, let output?):
                    throw ValidationError(
                        "--format \(format!.rawValue) and -o \(output.rawValue) disagree; give one of them")
                case (nil, .json): return .json
                case (nil, .csv): return .csv
                case (nil, .ndjson):
                    throw ValidationError("export writes a blocklist file: -o json, -o csv or --format")
                case (nil, .table), (nil, nil): return .mastodonCSV
                }
            }
        }

        public func validate() throws {
            _ = try fileFormat
        }

        public func run(in ctx: CommandContext) async throws {
            let format = try fileFormat
            try await ctx.with(.domainBlocks(.domainBlocksExport)) { adapter in
                let blocks = try await adapter.list(limit: nil, onPage: nil)
                ctx.output.raw(try BlocklistExport.render(blocks, as: format))
                if ctx.terminal.stderrIsTTY {
                    ctx.status("Exported \(blocks.count) domain block\(blocks.count == 1 ? "" : "s").")
                }
            }
        }
    }
}
