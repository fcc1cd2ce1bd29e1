import ArgumentParser
import FediCore
import FediOutput
import FoundationEssentials

extension DomainBlocks {
    public struct Merge: FediCommand {
        public init() {}
        public static let configuration = CommandConfiguration(
            commandName: "merge",
            abstract: "Merge shared blocklists into one list, and print it.",
            discussion: """
                Each SOURCE is a file (Mastodon CSV, fediblockhole CSV or JSON, GoToSocial or Mastodon JSON, \
                RapidBlock JSON, or one domain per line; - reads stdin), an https:// URL (kept in \
                $XDG_CACHE_HOME/fedictl/blocklists/ and asked for again with If-None-Match / If-Modified-Since), \
                server:HOST (that server's public list, /api/v1/instance/domain_blocks) or account:NAME (the \
                domain blocks of a stored admin account). Nothing is written to any server.

                The merge is fediblockhole 0.4.6's. --merge max (the default) keeps the harshest severity \
                (noop < silence < suspend) and sets reject_media, reject_reports and obfuscate when any source \
                does; --merge min keeps the mildest and clears a flag when any source does. Comments are joined in \
                source order, each comma-separated part once. --threshold keeps only domains that N sources \
                (or N% of them) list. --allow (a domain, or a file of them; repeatable) always wins. \
                --max-severity lowers what each source may ask for, and --take says which fields besides domain \
                and severity are taken from the sources (default all; fediblockhole's default is none). Unlike \
                fediblockhole, domains are compared without regard to case, and obfuscated entries (exam*le.com) \
                are matched by their SHA-256 digest against every domain the sources and --known files name (an \
                entry without a digest by its pattern, when exactly one of those domains fits it); \
                the unmatched ones are kept with their *s and marked (unmatched, digest in JSON).

                -o csv writes what Mastodon's own importer reads (#domain,#severity,#reject_media,#reject_reports,\
                #public_comment,#obfuscate, true/false), then #private_comment, which `domain-blocks import` and \
                fediblockhole read too; with --fields it is the plain table's columns.

                --config NAME reads sources and settings from $XDG_CONFIG_HOME/fedictl/blocklists/NAME.json \
                (see the README); sources and flags given here are added to, or override, its own.

                Examples:
                  $ fedictl domain-blocks merge a.csv https://example.org/list.csv -o csv > merged.csv
                  $ fedictl domain-blocks merge server:a.example server:b.example --threshold 2
                  $ fedictl domain-blocks merge lists/*.csv --merge min --threshold 50%
                  $ fedictl domain-blocks merge --config nightly --allow friendly.example -o json
                """)

        public static let traits = VerbTraits(.own, .reads)

        @OptionGroup public var globals: GlobalOptions

        @OptionGroup public var lists: BlocklistMergeOptions

        public func run(in ctx: CommandContext) async throws {
            try ctx.output.validateFields(for: MergedBlock.self)
            let result = try await DomainBlockSteps(ctx).mergeBlocklists(lists)
            ctx.status(summary(result))
            // `-o csv` is a file for Mastodon's importer, which reads only its own shape (issue 26);
            // --fields asks for the plain table's columns instead.
            if ctx.output.settings.format == .csv, ctx.output.settings.fields == nil {
                return ctx.output.raw(BlocklistExport.merged(result.blocks, header: !ctx.output.settings.noHeaders))
            }
            try ctx.output.list(result.blocks)
        }

        /// "Merged 3 sources into 120 domains; 2 left out by the allowlist; 1 obfuscated entry matched by digest; ...".
        func summary(_ result: BlocklistMergeResult) -> String {
            func count(_ n: Int, _ one: String, _ many: String) -> String { "\(n) \(n == 1 ? one : many)" }
            var parts = [
                "Merged \(count(result.sources, "source", "sources")) into \(count(result.blocks.count, "domain", "domains"))"
            ]
            if !result.allowed.isEmpty { parts.append("\(result.allowed.count) left out by the allowlist") }
            if !result.matched.isEmpty {
                parts.append(
                    count(result.matched.count, "obfuscated entry", "obfuscated entries") + " matched by digest")
            }
            let unmatched = result.blocks.filter(\.unmatched).count
            if unmatched > 0 {
                parts.append(
                    count(unmatched, "obfuscated entry", "obfuscated entries") + " not matched (kept with their *s)")
            }
            return parts.joined(separator: "; ") + "."
        }
    }
}
