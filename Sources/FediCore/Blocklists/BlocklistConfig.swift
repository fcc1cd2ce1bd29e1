import FoundationEssentials

/// A named set of blocklist sources and merge settings, so a cron job can say `--config NAME`:
/// `$XDG_CONFIG_HOME/fedictl/blocklists/NAME.json` (else `~/.config/fedictl/blocklists/NAME.json`).
///
/// ```json
/// {
///   "sources": [
///     "https://example.org/blocklist.csv",
///     {"source": "server:mastodon.example", "max_severity": "silence", "fields": ["public_comment"]},
///     {"source": "/srv/lists/shared.csv", "name": "shared"}
///   ],
///   "merge": "max",
///   "threshold": "2",
///   "allow": ["friendly.example", "allowlist.csv"],
///   "exclude": ["partner.example", "pins.txt"]
/// }
/// ```
/// JSON, so reading it needs nothing beyond Foundation. Relative file paths (sources and allowlists)
/// are read from the file's own directory; a leading `~/` means the home directory.
public struct BlocklistConfig: Sendable, Equatable {
    public struct Source: Sendable, Equatable {
        public var source: String
        public var settings: SourceSettings
    }

    public var sources: [Source]
    public var merge: MergeRule?
    public var threshold: MergeThreshold?
    /// Domains, or allowlist files.
    public var allow: [String]
    /// Files of domains known to exist (one per line), to reveal obfuscated entries by digest.
    public var known: [String]
    /// Domains, or files of them, that `sync` never touches (its `--exclude`).
    public var exclude: [String] = []

    /// The file `--config NAME` reads.
    public static func file(named name: String, environment: [String: String]) -> URL {
        ConfigPaths(environment: environment).directory.appendingFile("blocklists", isDirectory: true)
            .appendingFile(name + ".json")
    }

    /// The names of the configs there are, sorted (for shell completion).
    public static func names(environment: [String: String]) -> [String] {
        let directory = file(named: "x", environment: environment).deletingLastPathComponent().path
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return files.filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }.map { String($0.dropLast(".json".count)) }
            .sorted()
    }

    public static func load(named name: String, environment: [String: String]) throws -> BlocklistConfig {
        guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || "-_.".contains($0) }), !name.hasPrefix(".")
        else {
            throw FediError(
                .usage, "'\(name)' is not a blocklist config name",
                hint: "use letters, digits, - and _ (the file is blocklists/NAME.json in fedictl's config directory)")
        }
        let url = file(named: name, environment: environment)
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw FediError(
                .noInput, "no blocklist config named \(name)", hint: "create \(url.path) (the README shows its shape)")
        }
        let data = try BoundedInput.readFile(url.path)
        return try parse(data, path: url.path, home: environment["HOME"])
    }

    public static func parse(_ data: Data, path: String, home: String? = nil) throws -> BlocklistConfig {
        func bad(_ what: String) -> FediError {
            FediError(
                .config, "\(path): \(what)",
                hint: "fix the file: it is JSON with \"sources\", and optionally "
                    + "\"merge\", \"threshold\", \"allow\", \"known\" and \"exclude\"")
        }
        guard let object = try? JSONText.object(from: data), let root = object as? [String: Any] else {
            throw bad("not a JSON object")
        }
        let known = ["sources", "merge", "threshold", "allow", "known", "exclude"]
        if let unknown = root.keys.sorted().first(where: { !known.contains($0) }) {
            throw bad("unknown key \"\(unknown)\"")
        }
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
        func resolved(_ text: String) -> String {
            guard
                (try? BlocklistSource(text, allowInsecureHTTP: true)).map({ if case .file = $0 { true } else { false } }
                ) ?? false,
                text != "-"
            else { return text }
            if text.hasPrefix("~/"), let home { return home + text.dropFirst(1) }
            return text.hasPrefix("/") ? text : directory + "/" + text
        }

        var sources: [Source] = []
        for (index, item) in (root["sources"] as? [Any] ?? []).enumerated() {
            if let text = item as? String {
                sources.append(Source(source: resolved(text), settings: SourceSettings()))
                continue
            }
            guard let fields = item as? [String: Any], let text = fields["source"] as? String else {
                throw bad("sources[\(index)] is neither a string nor an object with \"source\"")
            }
            var settings = SourceSettings()
            if let value = fields["max_severity"] {
                guard let text = value as? String, let severity = DomainBlockSeverity(rawValue: text.lowercased())
                else {
                    throw bad("sources[\(index)].max_severity is not noop, silence or suspend")
                }
                settings.maxSeverity = severity
            }
            if let value = fields["name"] {
                guard let text = value as? String, let name = SourceSettings.validName(text) else {
                    throw bad("sources[\(index)].name is not a name (letters, digits, . - _, at most 100)")
                }
                settings.name = name
            }
            if let value = fields["fields"] {
                let words = (value as? [String])?.joined(separator: ",") ?? value as? String
                guard let words, case .success(let taken) = BlocklistField.parseList(words) else {
                    throw bad(
                        "sources[\(index)].fields names something other than \(BlocklistField.allCases.map(\.rawValue).joined(separator: ", ")), comments, all or none"
                    )
                }
                settings.fields = taken
            }
            sources.append(Source(source: resolved(text), settings: settings))
        }
        var merge: MergeRule?
        if let value = root["merge"] {
            guard let text = value as? String, let rule = MergeRule(rawValue: text.lowercased()) else {
                throw bad("\"merge\" is not max or min")
            }
            merge = rule
        }
        var threshold: MergeThreshold?
        if let value = root["threshold"] {
            let text = (value as? String) ?? (value as? Int).map(String.init)
            guard let text, let parsed = MergeThreshold(text) else {
                throw bad("\"threshold\" is not a count (2) or a percentage (\"50%\")")
            }
            threshold = parsed
        }
        guard let allow = (root["allow"] ?? [String]()) as? [String] else {
            throw bad("\"allow\" is not a list of domains or files")
        }
        guard let knownFiles = (root["known"] ?? [String]()) as? [String] else {
            throw bad("\"known\" is not a list of files")
        }
        guard let exclude = (root["exclude"] ?? [String]()) as? [String] else {
            throw bad("\"exclude\" is not a list of domains or files")
        }
        func domainOrFile(_ text: String) -> String {
            text.contains("/") || FileManager.default.fileExists(atPath: directory + "/" + text) ? resolved(text) : text
        }
        return BlocklistConfig(
            sources: sources, merge: merge, threshold: threshold, allow: allow.map(domainOrFile),
            known: knownFiles.map(resolved), exclude: exclude.map(domainOrFile))
    }
}
