import ArgumentParser
import FoundationEssentials
import FediCore
import FediOutput

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
            are matched by their SHA-256 digest against every domain the sources and --known files name; \
            the unmatched ones are kept with their *s and marked (unmatched, digest in JSON).

            --config NAME reads sources and settings from $XDG_CONFIG_HOME/fedictl/blocklists/NAME.json \
            (see the README); sources and flags given here are added to, or override, its own.

            Examples:
              $ fedictl domain-blocks merge a.csv https://example.org/list.csv -o csv > merged.csv
              $ fedictl domain-blocks merge server:a.example server:b.example --threshold 2
              $ fedictl domain-blocks merge lists/*.csv --merge min --threshold 50%
              $ fedictl domain-blocks merge --config nightly --allow friendly.example -o json
            """)

        @OptionGroup public var globals: GlobalOptions

        @Argument(help: ArgumentHelp("Files, https:// URLs, server:HOST or account:NAME.", valueName: "source"), completion: .file())
        public var sources: [String] = []

        @Option(help: ArgumentHelp("max (harshest, the default) or min (mildest) when sources disagree.", valueName: "rule"))
        public var merge: MergeRule?

        @Option(help: ArgumentHelp("Keep domains listed by at least N sources, or N% of them.", valueName: "N|N%"))
        public var threshold: String?

        @Option(help: ArgumentHelp("A domain never to block, or a file of them (repeatable).", valueName: "domain|file"))
        public var allow: [String] = []

        @Option(help: ArgumentHelp("Highest severity taken from the sources named here.", valueName: "severity"))
        public var maxSeverity: DomainBlockSeverity = .suspend

        @Option(help: ArgumentHelp("Fields taken from the sources named here: reject_media, reject_reports, public_comment, private_comment, obfuscate, comments, all (default) or none.",
                                   valueName: "a,b"))
        public var take = "all"

        @Option(help: ArgumentHelp("A file of known domains (one per line) to match obfuscated entries against (repeatable).", valueName: "file"),
                completion: .file())
        public var known: [String] = []

        @Option(help: ArgumentHelp("Read sources and settings from blocklists/NAME.json in fedictl's config directory.", valueName: "name"))
        public var config: String?

        public func validate() throws {
            if let threshold, MergeThreshold(threshold) == nil {
                throw ValidationError("--threshold must be a count (2) or a percentage (50%)")
            }
            _ = try takenFields()
            guard !sources.isEmpty || config != nil else { throw ValidationError("name at least one source, or --config NAME") }
            guard (sources + allow + known).filter({ $0 == "-" }).count <= 1 else { throw ValidationError("stdin (-) can be read only once") }
        }

        /// `--take` as fields (checked in `validate`).
        func takenFields() throws -> Set<BlocklistField> {
            switch BlocklistField.parseList(take) {
            case .success(let fields): return fields
            case .failure(let bad):
                throw ValidationError("--take: unknown field '\(bad.word)' (use \(BlocklistField.allCases.map(\.rawValue).joined(separator: ", ")), comments, all or none)")
            }
        }

        public func run(in ctx: CommandContext) async throws {
            try ctx.output.validateFields(for: MergedBlock.self)
            let saved = try config.map { try BlocklistConfig.load(named: $0, environment: ctx.environment) }
            let here = SourceSettings(maxSeverity: maxSeverity, fields: try takenFields())
            let named = (saved?.sources.map { ($0.source, $0.settings) } ?? []) + sources.map { ($0, here) }
            guard !named.isEmpty else { throw FediError(.config, "blocklist config \(config ?? "") names no sources", hint: "add \"sources\" to it, or name sources here") }
            let parsed = try named.map { (try BlocklistSource($0.0, allowInsecureHTTP: ctx.globals.insecureHttp), $0.1) }

            // Local lists first, so a wrong path fails before any download.
            let allowed = try ((saved?.allow ?? []) + allow).flatMap { try allowedDomains($0, ctx: ctx) }
            let knownDomains = try ((saved?.known ?? []) + known).flatMap { path in
                try BlocklistReader.domains(try ctx.readLocalFile(path), name: path)
            }

            // Sources are read at once (a few at a time): most of the wait is other servers.
            let loaded = await concurrently(parsed, limit: 4) { source, settings in
                do {
                    let (list, skipped) = try await ctx.loadBlocklist(source)
                    return Result<(SourceList, [BlocklistFile.Skipped]), Error>.success((settings.applied(to: list), skipped))
                } catch {
                    return .failure(error)
                }
            }
            var lists: [SourceList] = []
            for ((source, _), outcome) in zip(parsed, loaded) {
                switch outcome {
                case .success(let (list, skipped)):
                    lists.append(list)
                    report(skipped, from: source, ctx: ctx)
                case .failure(let error):
                    let reason = ErrorReport.fediError(from: error)
                    // Named once: file errors already name their path.
                    let message = reason.message.contains(source.description) ? reason.message : "\(source): \(reason.message)"
                    throw FediError(reason.status, message, hint: reason.hint)
                }
            }

            let result = BlocklistMerge.merge(lists, rule: merge ?? saved?.merge ?? .max, threshold: thresholdValue(saved) ?? .count(0),
                                              allow: Set(allowed), knownDomains: knownDomains)
            ctx.status(summary(result, sources: lists.count))
            try ctx.output.list(result.blocks)
        }

        func thresholdValue(_ saved: BlocklistConfig?) -> MergeThreshold? {
            threshold.flatMap(MergeThreshold.init) ?? saved?.threshold
        }

        /// `--allow` is a file when it has a `/` or names a file that exists; otherwise a domain.
        func allowedDomains(_ value: String, ctx: CommandContext) throws -> [String] {
            if value.contains("/") || value == "-" || FileManager.default.fileExists(atPath: value) {
                return try BlocklistReader.domains(try ctx.readLocalFile(value), name: value)
            }
            let domain = BlocklistFile.normalise(value)
            guard !domain.isEmpty, !domain.contains(where: { $0.isWhitespace || $0 == "@" || $0 == "*" }) else {
                throw FediError(.usage, "--allow '\(value)' is neither a domain nor a file", hint: "give a domain such as friendly.example, or a path to a list")
            }
            return [domain]
        }

        func report(_ skipped: [BlocklistFile.Skipped], from source: BlocklistSource, ctx: CommandContext) {
            for row in skipped.prefix(5) { ctx.status("\(source): skipping line \(row.line) (\(row.domain)): \(row.reason).") }
            if skipped.count > 5 { ctx.status("\(source): skipping \(skipped.count - 5) more rows of that kind.") }
        }

        /// "Merged 3 sources into 120 domains; 2 left out by the allowlist; 1 obfuscated entry matched by digest; ...".
        func summary(_ result: BlocklistMergeResult, sources: Int) -> String {
            func count(_ n: Int, _ one: String, _ many: String) -> String { "\(n) \(n == 1 ? one : many)" }
            var parts = ["Merged \(count(sources, "source", "sources")) into \(count(result.blocks.count, "domain", "domains"))"]
            if !result.allowed.isEmpty { parts.append("\(result.allowed.count) left out by the allowlist") }
            if !result.matched.isEmpty {
                parts.append(count(result.matched.count, "obfuscated entry", "obfuscated entries") + " matched by digest")
            }
            let unmatched = result.blocks.filter(\.unmatched).count
            if unmatched > 0 { parts.append(count(unmatched, "obfuscated entry", "obfuscated entries") + " not matched (kept with their *s)") }
            return parts.joined(separator: "; ") + "."
        }
    }
}
