import FoundationEssentials

/// One block as a source lists it. `spec.domain` keeps its `*`s when the source obfuscated it.
public struct SourceEntry: Sendable, Equatable {
    public var spec: DomainBlockSpec
    /// SHA-256 of the real domain, when the source gives one (Mastodon's public list does).
    public var digest: String?

    public init(spec: DomainBlockSpec, digest: String? = nil) {
        self.spec = spec
        self.digest = digest
    }

    /// A domain shown with `*` in place of some letters (`exam*le.com`).
    public var isObfuscated: Bool { spec.domain.contains("*") }
}

/// One source's list, as merge sees it: a name for people and the entries, each domain once.
public struct SourceList: Sendable, Equatable {
    public var name: String
    public var entries: [SourceEntry]
    /// How the software that published the list hides obfuscated domains; nil: not known.
    public var masking: DomainMasking?

    public init(name: String, entries: [SourceEntry], masking: DomainMasking? = nil) {
        self.name = name
        self.entries = entries
        self.masking = masking
    }
}

/// The fields of a block a source may be trusted with, besides domain and severity.
public enum BlocklistField: String, CaseIterable, Sendable, Codable {
    case rejectMedia = "reject_media"
    case rejectReports = "reject_reports"
    case publicComment = "public_comment"
    case privateComment = "private_comment"
    case obfuscate

    /// `all`, `none`, `comments` (both), or field names, comma-separated; nil names the bad word.
    public static func parseList(_ text: String) -> Result<Set<BlocklistField>, BadWord> {
        var fields: Set<BlocklistField> = []
        for word in text.split(separator: ",").map({ $0.trimmed().lowercased() }) where !word.isEmpty {
            switch word {
            case "all": fields.formUnion(allCases)
            case "none": break
            case "comments": fields.formUnion([.publicComment, .privateComment])
            default:
                guard let field = BlocklistField(rawValue: word) else { return .failure(BadWord(word: word)) }
                fields.insert(field)
            }
        }
        return .success(fields)
    }

    public struct BadWord: Error, Equatable {
        public var word: String
        public init(word: String) { self.word = word }
    }
}

/// What fedictl takes from one source: severities above `maxSeverity` are lowered to it, and the fields
/// not in `fields` are left at their defaults (false, no comment), as fediblockhole's `max_severity`
/// and `import_fields` do.
public struct SourceSettings: Sendable, Equatable {
    public var maxSeverity: DomainBlockSeverity
    public var fields: Set<BlocklistField>
    /// The name sync stamps and records the source by, instead of its identity (`--source-name`).
    public var name: String?

    public init(
        maxSeverity: DomainBlockSeverity = .suspend, fields: Set<BlocklistField> = Set(BlocklistField.allCases),
        name: String? = nil
    ) {
        self.maxSeverity = maxSeverity
        self.fields = fields
        self.name = name
    }

    /// A source name as given (`--source-name`, a config's `"name"`): letters, digits, `.`, `-`
    /// and `_`, at most 100; nil when it is not one. A `/` or `:` would read back as a path or a
    /// server, and the name lives in every stamp.
    public static func validName(_ text: String) -> String? {
        let name = text.trimmed()
        guard !name.isEmpty, name.count <= 100,
            name.unicodeScalars.allSatisfy({
                $0.properties.isAlphabetic || ("0"..."9").contains($0) || ".-_".unicodeScalars.contains($0)
            })
        else { return nil }
        return name
    }

    public func applied(to entry: SourceEntry) -> SourceEntry {
        var copy = entry
        copy.spec.severity = Swift.min(entry.spec.severity, maxSeverity)
        if !fields.contains(.rejectMedia) { copy.spec.rejectMedia = false }
        if !fields.contains(.rejectReports) { copy.spec.rejectReports = false }
        if !fields.contains(.obfuscate) { copy.spec.obfuscate = false }
        copy.spec.publicComment = fields.contains(.publicComment) ? entry.spec.publicComment ?? "" : ""
        copy.spec.privateComment = fields.contains(.privateComment) ? entry.spec.privateComment ?? "" : ""
        return copy
    }

    public func applied(to list: SourceList) -> SourceList {
        SourceList(name: name ?? list.name, entries: list.entries.map(applied(to:)), masking: list.masking)
    }
}

/// How overlapping blocks combine: `max` keeps the harshest severity and any true flag, `min` the
/// mildest severity and any false flag (fediblockhole's mergeplan).
public enum MergeRule: String, CaseIterable, Sendable, Codable {
    case max, min
}

/// How many sources must list a domain for it to be kept: a count, or a percentage of the sources.
public enum MergeThreshold: Sendable, Equatable, CustomStringConvertible {
    case count(Int)
    case percent(Double)

    /// `N` or `N%`; nil for anything else.
    public init?(_ text: String) {
        let trimmed = text.trimmed()
        if trimmed.hasSuffix("%") {
            guard let value = Double(trimmed.dropLast().trimmed()), value >= 0, value <= 100 else { return nil }
            self = .percent(value)
        } else {
            guard let value = Int(trimmed), value >= 0 else { return nil }
            self = .count(value)
        }
    }

    /// fediblockhole's test, float arithmetic included (`count / total * 100 >= pct`), so borderline
    /// percentages fall the same way.
    public func isMet(count: Int, of total: Int) -> Bool {
        switch self {
        case .count(let wanted): count >= wanted
        case .percent(let wanted): total > 0 && Double(count) / Double(total) * 100 >= wanted
        }
    }

    public var description: String {
        switch self {
        case .count(let value): String(value)
        case .percent(let value): (value == value.rounded() ? String(Int(value)) : String(value)) + "%"
        }
    }
}

/// One block of a merged list.
public struct MergedBlock: Codable, Sendable, Equatable {
    public var domain: String
    public var severity: DomainBlockSeverity
    public var rejectMedia: Bool
    public var rejectReports: Bool
    public var publicComment: String
    public var privateComment: String
    public var obfuscate: Bool
    /// For an obfuscated domain no source or known domain revealed: the digest it came with.
    public var digest: String?
    /// True when `domain` is still obfuscated (`exam*le.com`): the real domain is not known.
    public var unmatched: Bool
    /// The sources that list the domain, in source order.
    public var sources: [String]
    /// For an unmatched entry without a digest: the known domains its pattern fits, when more than
    /// one does (ambiguous, so none is taken). Not part of the merged list's JSON.
    public var fits: [String] = []

    enum CodingKeys: String, CodingKey {
        case domain, severity, obfuscate, digest, unmatched, sources
        case rejectMedia = "reject_media", rejectReports = "reject_reports"
        case publicComment = "public_comment", privateComment = "private_comment"
    }

    /// Every key always present (`digest` null when there is none), so scripts see one shape.
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(domain, forKey: .domain)
        try c.encode(severity, forKey: .severity)
        try c.encode(rejectMedia, forKey: .rejectMedia)
        try c.encode(rejectReports, forKey: .rejectReports)
        try c.encode(publicComment, forKey: .publicComment)
        try c.encode(privateComment, forKey: .privateComment)
        try c.encode(obfuscate, forKey: .obfuscate)
        try c.encode(digest, forKey: .digest)
        try c.encode(unmatched, forKey: .unmatched)
        try c.encode(sources, forKey: .sources)
    }

    /// The block to write to a server.
    public var spec: DomainBlockSpec {
        DomainBlockSpec(
            domain: domain, severity: severity, rejectMedia: rejectMedia, rejectReports: rejectReports,
            privateComment: privateComment, publicComment: publicComment, obfuscate: obfuscate)
    }
}

/// The merged list, and what became of the obfuscated entries.
public struct BlocklistMergeResult: Sendable, Equatable {
    /// Sorted by domain.
    public var blocks: [MergedBlock]
    /// Obfuscated entries whose digest named a known domain: (source, as listed, real domain).
    public var matched: [DigestMatch]
    /// Domains the allowlist took out.
    public var allowed: [String]
    /// How many sources were merged (the base of a percentage threshold).
    public var sources: Int

    public struct DigestMatch: Sendable, Equatable {
        public var source: String
        public var listed: String
        public var domain: String

        public init(source: String, listed: String, domain: String) {
            self.source = source
            self.listed = listed
            self.domain = domain
        }
    }
}

/// fediblockhole 0.4.6's merge (`merge_blocklists`, `apply_mergeplan`, `merge_comments`), with two
/// deliberate differences: domains compare without regard to case (DNS ignores it), and obfuscated
/// entries are matched by digest to a real domain where one is known, or kept and marked, instead of
/// being dropped.
public enum BlocklistMerge {
    /// `lists` in source order (the first listing of a domain is the base its comments grow from);
    /// `threshold` counts sources, `allow` always wins, `knownDomains` adds to the domains the sources
    /// themselves name when matching digests.
    public static func merge(
        _ lists: [SourceList], rule: MergeRule = .max, threshold: MergeThreshold = .count(0),
        allow: Set<String> = [], knownDomains: [String] = []
    ) -> BlocklistMergeResult {
        let plainDomains = lists.flatMap {
            $0.entries.filter { !$0.isObfuscated }.map { BlocklistFile.normalise($0.spec.domain) }
        }
        let digests = DomainDigestIndex(domains: plainDomains + knownDomains.map(BlocklistFile.normalise))
        var matched: [BlocklistMergeResult.DigestMatch] = []

        // Each domain's entries, in source order; a domain counts once per source.
        var groups: [String: [(source: String, entry: SourceEntry)]] = [:]
        for list in lists {
            var seen: Set<String> = []
            for var entry in list.entries {
                entry.spec.domain = BlocklistFile.normalise(entry.spec.domain)
                var key = entry.spec.domain
                if entry.isObfuscated {
                    if let digest = entry.digest,
                        let domain = digests.domain(digest: digest, pattern: entry.spec.domain)
                    {
                        matched.append(.init(source: list.name, listed: entry.spec.domain, domain: domain))
                        entry.spec.domain = domain
                        entry.digest = nil
                        key = domain
                    } else if let digest = entry.digest {
                        key = "sha256:" + digest.lowercased()
                    } else if let domain = digests.only(fitting: entry.spec.domain, masking: list.masking) {
                        // Published without a digest (GoToSocial): the pattern alone, when one known domain fits it.
                        matched.append(.init(source: list.name, listed: entry.spec.domain, domain: domain))
                        entry.spec.domain = domain
                        key = domain
                    }
                }
                guard seen.insert(key).inserted else { continue }
                groups[key, default: []].append((list.name, entry))
            }
        }

        let allowedDigests = Set(allow.map { DomainDigest.sha256Hex(BlocklistFile.normalise($0)) })
        let allowed = Set(allow.map(BlocklistFile.normalise))
        var blocks: [MergedBlock] = []
        var removed: [String] = []
        for (_, group) in groups where threshold.isMet(count: group.count, of: lists.count) {
            var block = start(group[0].entry, source: group[0].source)
            for (source, entry) in group.dropFirst() {
                block = combine(block, entry, rule: rule)
                block.sources.append(source)
            }
            if allowed.contains(block.domain) || block.digest.map({ allowedDigests.contains($0.lowercased()) }) == true
            {
                removed.append(block.domain)
                continue
            }
            blocks.append(block)
        }
        for index in blocks.indices where blocks[index].unmatched && blocks[index].digest == nil {
            blocks[index].fits = digests.fitting(blocks[index].domain)
        }
        blocks.sort { $0.domain.unicodeScalars.lexicographicallyPrecedes($1.domain.unicodeScalars) }
        return BlocklistMergeResult(blocks: blocks, matched: matched, allowed: removed.sorted(), sources: lists.count)
    }

    static func start(_ entry: SourceEntry, source: String) -> MergedBlock {
        let spec = entry.spec
        let unmatched = entry.isObfuscated
        return MergedBlock(
            domain: spec.domain, severity: spec.severity, rejectMedia: spec.rejectMedia,
            rejectReports: spec.rejectReports,
            publicComment: spec.publicComment ?? "", privateComment: spec.privateComment ?? "",
            obfuscate: spec.obfuscate,
            digest: unmatched ? entry.digest?.lowercased() : nil, unmatched: unmatched, sources: [source])
    }

    /// fediblockhole's `apply_mergeplan`: comments always merge; severity and flags follow the rule.
    static func combine(_ old: MergedBlock, _ new: SourceEntry, rule: MergeRule) -> MergedBlock {
        var block = old
        block.publicComment = mergeComments(old.publicComment, new.spec.publicComment ?? "")
        block.privateComment = mergeComments(old.privateComment, new.spec.privateComment ?? "")
        switch rule {
        case .max:
            block.severity = Swift.max(old.severity, new.spec.severity)
            block.rejectMedia = old.rejectMedia || new.spec.rejectMedia
            block.rejectReports = old.rejectReports || new.spec.rejectReports
            block.obfuscate = old.obfuscate || new.spec.obfuscate
        case .min:
            block.severity = Swift.min(old.severity, new.spec.severity)
            block.rejectMedia = old.rejectMedia && new.spec.rejectMedia
            block.rejectReports = old.rejectReports && new.spec.rejectReports
            block.obfuscate = old.obfuscate && new.spec.obfuscate
        }
        return block
    }

    /// fediblockhole's `merge_comments`: the old comment, then the new one's `, `-separated parts that
    /// it does not already have (each old part cancels one equal new part).
    public static func mergeComments(_ old: String, _ new: String) -> String {
        if old.isEmpty && new.isEmpty { return "" }
        if old == new || new.isEmpty { return old }
        if old.isEmpty { return new }
        let oldTokens = old.split(separator: ", ", omittingEmptySubsequences: false).map(String.init).filter {
            !$0.isEmpty
        }
        var newTokens = new.split(separator: ", ", omittingEmptySubsequences: false).map(String.init).filter {
            !$0.isEmpty
        }
        for token in oldTokens {
            if let index = newTokens.firstIndex(of: token) { newTokens.remove(at: index) }
        }
        return (oldTokens + newTokens).joined(separator: ", ")
    }
}
