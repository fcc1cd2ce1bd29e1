import ArgumentParser
import FediCore
import FoundationEssentials

/// The sources and merge settings of `domain-blocks merge`, for every verb that merges blocklists
/// (`@OptionGroup var lists: BlocklistMergeOptions`, then `try await DomainBlockSteps(ctx).mergeBlocklists(lists)`).
public struct BlocklistMergeOptions: ParsableArguments, Sendable {
    public init() {}

    @Argument(
        help: ArgumentHelp("Files, https:// URLs, server:HOST or account:NAME.", valueName: "source"),
        completion: .file())
    public var sources: [String] = []

    @Option(
        help: ArgumentHelp("max (harshest, the default) or min (mildest) when sources disagree.", valueName: "rule"))
    public var merge: MergeRule?

    @Option(help: ArgumentHelp("Keep domains listed by at least N sources, or N% of them.", valueName: "N|N%"))
    public var threshold: String?

    @Option(help: ArgumentHelp("A domain never to block, or a file of them (repeatable).", valueName: "domain|file"))
    public var allow: [String] = []

    @Option(help: ArgumentHelp("Highest severity taken from the sources named here.", valueName: "severity"))
    public var maxSeverity: DomainBlockSeverity = .suspend

    @Option(
        help: ArgumentHelp(
            "Fields taken from the sources named here: reject_media, reject_reports, public_comment, private_comment, obfuscate, comments, all (default) or none.",
            valueName: "a,b"))
    public var take = "all"

    @Option(
        help: ArgumentHelp(
            "A file of known domains (one per line) to match obfuscated entries against (repeatable).",
            valueName: "file"),
        completion: .file())
    public var known: [String] = []

    @Option(
        help: ArgumentHelp(
            "The name sync stamps a source here by, in order (repeatable; default: a file's name, a URL).",
            valueName: "name"))
    public var sourceName: [String] = []

    @Option(
        help: ArgumentHelp(
            "Read sources and settings from blocklists/NAME.json in fedictl's config directory.", valueName: "name"),
        completion: .custom(BlocklistConfigCompletion.candidates))
    public var config: String?

    public func validate() throws {
        if let threshold, MergeThreshold(threshold) == nil {
            throw ValidationError("--threshold must be a count (2) or a percentage (50%)")
        }
        _ = try takenFields()
        guard !sources.isEmpty || config != nil else {
            throw ValidationError("name at least one source, or --config NAME")
        }
        if sourceName.count > sources.count {
            throw ValidationError(
                "\(sourceName.count) --source-name for \(sources.count) source\(sources.count == 1 ? "" : "s") named here"
            )
        }
        if let bad = sourceName.first(where: { SourceSettings.validName($0) == nil }) {
            throw ValidationError("--source-name '\(bad)': use letters, digits, '.', '-' and '_' (at most 100)")
        }
        guard (sources + allow + known).filter({ $0 == "-" }).count <= 1 else {
            throw ValidationError("stdin (-) can be read only once")
        }
    }

    /// `--take` as fields (checked in `validate`).
    func takenFields() throws -> Set<BlocklistField> {
        switch BlocklistField.parseList(take) {
        case .success(let fields): return fields
        case .failure(let bad):
            throw ValidationError(
                "--take: unknown field '\(bad.word)' (use \(BlocklistField.allCases.map(\.rawValue).joined(separator: ", ")), comments, all or none)"
            )
        }
    }
}

extension DomainBlockSteps {
    /// Reads every source `options` names (with its `--config` file's), and merges them. Nothing is
    /// written anywhere; skipped rows are narrated on stderr; a source that cannot be read stops it all.
    public func mergeBlocklists(_ options: BlocklistMergeOptions) async throws -> BlocklistMergeResult {
        try await readAndMergeBlocklists(options).result
    }

    /// The merged list and each source's own list; `peers` gives more known domains to match
    /// obfuscated entries against (a server's `/api/v1/instance/peers`). It is asked only when the
    /// sources leave an obfuscated entry unmatched (by digest, or by pattern where it has none): most
    /// lists have none, and then the answer could change nothing.
    func readAndMergeBlocklists(
        _ options: BlocklistMergeOptions,
        peers: (@Sendable () async -> [String])? = nil
    ) async throws -> (result: BlocklistMergeResult, lists: [SourceList]) {
        let saved = try options.config.map { try BlocklistConfig.load(named: $0, environment: ctx.environment) }
        let here = SourceSettings(maxSeverity: options.maxSeverity, fields: try options.takenFields())
        let named =
            (saved?.sources.map { ($0.source, $0.settings) } ?? [])
            + options.sources.enumerated().map { index, source in
                var settings = here
                settings.name = index < options.sourceName.count ? options.sourceName[index] : nil
                return (source, settings)
            }
        guard !named.isEmpty else {
            throw FediError(
                .config, "blocklist config \(options.config ?? "") names no sources",
                hint: "add \"sources\" to it, or name sources here")
        }
        let parsed = try named.map { (try BlocklistSource($0.0, allowInsecureHTTP: ctx.globals.insecureHttp), $0.1) }

        // Local lists first, so a wrong path fails before any download.
        let allowed = try ((saved?.allow ?? []) + options.allow).flatMap { try allowedDomains($0) }
        let knownDomains = try ((saved?.known ?? []) + options.known).flatMap { path in
            try BlocklistReader.domains(try readLocalFile(path), name: path)
        }

        // Sources are read at once (a few at a time): most of the wait is other servers.
        let loaded = await concurrently(parsed, limit: 4) { source, settings in
            do {
                let (list, skipped) = try await self.loadBlocklist(source)
                return Result<(SourceList, [BlocklistFile.Skipped]), Error>.success(
                    (settings.applied(to: list), skipped))
            } catch {
                return .failure(error)
            }
        }
        var lists: [SourceList] = []
        for ((source, _), outcome) in zip(parsed, loaded) {
            switch outcome {
            case .success(let (list, skipped)):
                lists.append(list)
                reportSkipped(skipped, from: source)
            case .failure(let error):
                let reason = ErrorReport.fediError(from: error)
                // Named once: file errors already name their path.
                let message =
                    reason.message.contains(source.description) ? reason.message : "\(source): \(reason.message)"
                throw FediError(reason.status, message, hint: reason.hint)
            }
        }
        // Sync knows a source by its name: two known alike would stamp and lift as one.
        var seen: [String: BlocklistSource] = [:]
        for ((source, _), list) in zip(parsed, lists) {
            if let other = seen[list.name] {
                throw FediError(
                    .usage, "\(other) and \(source) are both known as \(list.name)",
                    hint: "name one with --source-name (or \"name\" in the config), in the order the sources are given")
            }
            seen[list.name] = source
        }
        let threshold = options.threshold.flatMap(MergeThreshold.init) ?? saved?.threshold ?? .count(0)
        let rule = options.merge ?? saved?.merge ?? .max
        let result = BlocklistMerge.merge(
            lists, rule: rule, threshold: threshold, allow: Set(allowed), knownDomains: knownDomains)
        guard let peers, result.blocks.contains(where: \.unmatched) else { return (result, lists) }
        return (
            BlocklistMerge.merge(
                lists, rule: rule, threshold: threshold, allow: Set(allowed),
                knownDomains: knownDomains + (await peers())), lists
        )
    }

    /// `--allow` (or `--exclude`) is a file when it has a `/` or names a file that exists; otherwise a domain.
    func allowedDomains(_ value: String, flag: String = "--allow") throws -> [String] {
        if value.contains("/") || value == "-" || FileManager.default.fileExists(atPath: value) {
            return try BlocklistReader.domains(try readLocalFile(value), name: value)
        }
        let domain = BlocklistFile.normalise(value)
        guard !domain.isEmpty, !domain.contains(where: { $0.isWhitespace || $0 == "@" || $0 == "*" }) else {
            throw FediError(
                .usage, "\(flag) '\(value)' is neither a domain nor a file",
                hint: "give a domain such as friendly.example, or a path to a list")
        }
        return [domain]
    }

    func reportSkipped(_ skipped: [BlocklistFile.Skipped], from source: BlocklistSource) {
        for row in skipped.prefix(5) {
            ctx.status("\(source): skipping line \(row.line) (\(row.domain)): \(row.reason).")
        }
        if skipped.count > 5 { ctx.status("\(source): skipping \(skipped.count - 5) more rows of that kind.") }
    }
}

/// Shell completion for `--config`: the names of the files in fedictl's blocklists directory.
enum BlocklistConfigCompletion {
    @Sendable static func candidates(_ arguments: [String], _ index: Int, _ prefix: String) -> [String] {
        BlocklistConfig.names(environment: Services.current.environment).filter { $0.hasPrefix(prefix) }
    }
}
