import FoundationEssentials

/// How hard a server-wide domain block bites (Mastodon's terms; other software is mapped onto them).
public enum DomainBlockSeverity: String, Codable, Sendable, CaseIterable, Comparable {
    /// Nothing beyond the media/report rejections.
    case noop
    /// Limited: hidden from timelines, follows need approval (Pleroma's federated_timeline_removal, Misskey's silencedHosts).
    case silence
    /// Defederated: no content in or out (Pleroma's reject, Misskey's blockedHosts, GoToSocial's only kind).
    case suspend

    var rank: Int {
        switch self {
        case .noop: 0
        case .silence: 1
        case .suspend: 2
        }
    }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rank < rhs.rank }
}

/// A server-wide domain block, whatever software keeps it: Mastodon's Admin::DomainBlock shape and keys.
/// Servers that key blocks by domain (Pleroma, Misskey) use the domain as the id.
public struct DomainBlock: Codable, Sendable, Equatable {
    public var id: String
    public var domain: String
    /// SHA-256 of the domain (Mastodon 4.3+), for matching obfuscated public entries.
    public var digest: String?
    public var createdAt: Date?
    public var severity: DomainBlockSeverity
    public var rejectMedia: Bool
    public var rejectReports: Bool
    public var privateComment: String?
    public var publicComment: String?
    public var obfuscate: Bool
    /// GoToSocial: the domain permission subscription that owns this block (it puts it back on its next
    /// fetch), so fedictl leaves it alone unless forced.
    public var subscriptionID: String?

    public init(
        id: String, domain: String, digest: String? = nil, createdAt: Date? = nil, severity: DomainBlockSeverity,
        rejectMedia: Bool = false, rejectReports: Bool = false, privateComment: String? = nil,
        publicComment: String? = nil,
        obfuscate: Bool = false, subscriptionID: String? = nil
    ) {
        self.id = id
        self.domain = domain
        self.digest = digest
        self.createdAt = createdAt
        self.severity = severity
        self.rejectMedia = rejectMedia
        self.rejectReports = rejectReports
        self.privateComment = privateComment
        self.publicComment = publicComment
        self.obfuscate = obfuscate
        self.subscriptionID = subscriptionID
    }

    enum CodingKeys: String, CodingKey {
        case id, domain, digest, severity, obfuscate
        case subscriptionID = "subscription_id"
        case createdAt = "created_at", rejectMedia = "reject_media", rejectReports = "reject_reports"
        case privateComment = "private_comment", publicComment = "public_comment"
    }

    /// Mastodon's and GoToSocial's shapes. GoToSocial leaves out empty fields and has no severity
    /// before 0.18 (its blocks are all suspensions); "" comments mean none.
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: AnyKey.self)
        guard let domain = c.optionalText("domain") else {
            throw DecodingError.keyNotFound(
                AnyKey("domain"), .init(codingPath: decoder.codingPath, debugDescription: "domain block without domain")
            )
        }
        self.domain = domain
        id = c.lenientString("id") ?? domain
        digest = c.optionalText("digest")
        createdAt = c.lenientDate("created_at")
        severity = c.optionalText("severity").flatMap { DomainBlockSeverity(rawValue: $0.lowercased()) } ?? .suspend
        rejectMedia = c.lenientBool("reject_media") ?? false
        rejectReports = c.lenientBool("reject_reports") ?? false
        privateComment = c.optionalText("private_comment")
        publicComment = c.optionalText("public_comment") ?? c.optionalText("comment")
        obfuscate = c.lenientBool("obfuscate") ?? false
        subscriptionID = c.optionalText("subscription_id")
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(domain, forKey: .domain)
        try c.encode(digest, forKey: .digest)
        try c.encode(createdAt, forKey: .createdAt)
        try c.encode(severity, forKey: .severity)
        try c.encode(rejectMedia, forKey: .rejectMedia)
        try c.encode(rejectReports, forKey: .rejectReports)
        try c.encode(privateComment, forKey: .privateComment)
        try c.encode(publicComment, forKey: .publicComment)
        try c.encode(obfuscate, forKey: .obfuscate)
        // Only GoToSocial's blocks have it: other servers' JSON stays as it was.
        try c.encodeIfPresent(subscriptionID, forKey: .subscriptionID)
    }

    /// The settings of this block, as something to compare or write.
    public var spec: DomainBlockSpec {
        DomainBlockSpec(
            domain: domain, severity: severity, rejectMedia: rejectMedia, rejectReports: rejectReports,
            privateComment: privateComment ?? "", publicComment: publicComment ?? "", obfuscate: obfuscate)
    }
}

/// What a domain block should be: for `add`, `update` and each row of an import. A nil comment means
/// "leave the server's as it is"; "" means none.
public struct DomainBlockSpec: Sendable, Equatable {
    public var domain: String
    public var severity: DomainBlockSeverity
    public var rejectMedia: Bool
    public var rejectReports: Bool
    public var privateComment: String?
    public var publicComment: String?
    public var obfuscate: Bool

    public init(
        domain: String, severity: DomainBlockSeverity, rejectMedia: Bool = false, rejectReports: Bool = false,
        privateComment: String? = nil, publicComment: String? = nil, obfuscate: Bool = false
    ) {
        self.domain = domain
        self.severity = severity
        self.rejectMedia = rejectMedia
        self.rejectReports = rejectReports
        self.privateComment = privateComment
        self.publicComment = publicComment
        self.obfuscate = obfuscate
    }

    /// The fields in which `block` differs from this spec, by their JSON names (empty: nothing to write).
    public func differences(from block: DomainBlock) -> [String] {
        var fields: [String] = []
        if severity != block.severity { fields.append("severity") }
        if rejectMedia != block.rejectMedia { fields.append("reject_media") }
        if rejectReports != block.rejectReports { fields.append("reject_reports") }
        if let publicComment, publicComment != (block.publicComment ?? "") { fields.append("public_comment") }
        if let privateComment, privateComment != (block.privateComment ?? "") { fields.append("private_comment") }
        if obfuscate != block.obfuscate { fields.append("obfuscate") }
        return fields
    }

    /// What writing this spec does, in values a person can check: for an update, each changed field
    /// as `old → new` (`severity silence → suspend`, `public_comment "" → "trolls"`); for a new block
    /// (`block` nil), every setting it sets beyond the severity (`reject_media yes`, `public_comment "spam"`).
    public func changeDetails(from block: DomainBlock?) -> [String] {
        func flag(_ value: Bool) -> String { value ? "yes" : "no" }
        func quoted(_ text: String?) -> String { "\"\(text ?? "")\"" }
        guard let block else {
            var set: [String] = []
            if rejectMedia { set.append("reject_media yes") }
            if rejectReports { set.append("reject_reports yes") }
            if obfuscate { set.append("obfuscate yes") }
            if let publicComment, !publicComment.isEmpty { set.append("public_comment \(quoted(publicComment))") }
            if let privateComment, !privateComment.isEmpty { set.append("private_comment \(quoted(privateComment))") }
            return set
        }
        return differences(from: block).map { field in
            switch field {
            case "severity": "severity \(block.severity.rawValue) → \(severity.rawValue)"
            case "reject_media": "reject_media \(flag(block.rejectMedia)) → \(flag(rejectMedia))"
            case "reject_reports": "reject_reports \(flag(block.rejectReports)) → \(flag(rejectReports))"
            case "obfuscate": "obfuscate \(flag(block.obfuscate)) → \(flag(obfuscate))"
            case "public_comment": "public_comment \(quoted(block.publicComment)) → \(quoted(publicComment))"
            case "private_comment": "private_comment \(quoted(block.privateComment)) → \(quoted(privateComment))"
            default: field
            }
        }
    }

    /// Mastodon's `stricter_than?`, with this spec as the new block.
    public func isStricter(than other: DomainBlock) -> Bool {
        if severity == .suspend { return true }
        if other.severity == .suspend { return false }
        if other.severity == .silence, severity == .noop { return false }
        return (rejectMedia || !other.rejectMedia) && (rejectReports || !other.rejectReports)
    }

    /// This spec with the server's comments filled in where it leaves them unsaid.
    public func keepingComments(of block: DomainBlock?) -> DomainBlockSpec {
        var copy = self
        if copy.publicComment == nil { copy.publicComment = block?.publicComment ?? "" }
        if copy.privateComment == nil { copy.privateComment = block?.privateComment ?? "" }
        return copy
    }
}

/// A partial change to a block (`domain-blocks update`, and `add` of an existing domain): nil keeps
/// what the block has.
public struct DomainBlockChanges: Sendable, Equatable {
    public var severity: DomainBlockSeverity?
    public var rejectMedia: Bool?
    public var rejectReports: Bool?
    public var privateComment: String?
    public var publicComment: String?
    public var obfuscate: Bool?

    public init(
        severity: DomainBlockSeverity? = nil, rejectMedia: Bool? = nil, rejectReports: Bool? = nil,
        privateComment: String? = nil,
        publicComment: String? = nil, obfuscate: Bool? = nil
    ) {
        self.severity = severity
        self.rejectMedia = rejectMedia
        self.rejectReports = rejectReports
        self.privateComment = privateComment
        self.publicComment = publicComment
        self.obfuscate = obfuscate
    }

    /// The block `existing` becomes with these changes; a new block (suspend unless said otherwise)
    /// when there is none.
    public func applied(to existing: DomainBlock?, domain: String) -> DomainBlockSpec {
        let base = existing?.spec ?? DomainBlockSpec(domain: domain, severity: .suspend)
        return DomainBlockSpec(
            domain: existing?.domain ?? domain, severity: severity ?? base.severity,
            rejectMedia: rejectMedia ?? base.rejectMedia, rejectReports: rejectReports ?? base.rejectReports,
            privateComment: privateComment ?? base.privateComment, publicComment: publicComment ?? base.publicComment,
            obfuscate: obfuscate ?? base.obfuscate)
    }
}

/// What a server's domain blocks can hold. Asking for more is refused (exit 65), never dropped.
public struct DomainBlockSupport: Sendable, Equatable {
    public var software: String
    public var severities: Set<DomainBlockSeverity>
    public var rejectMedia: Bool
    public var rejectReports: Bool
    public var obfuscate: Bool
    public var publicComment: Bool
    public var privateComment: Bool
    /// Whether a block that limits nothing (noop, no rejections) can exist: not on servers that keep blocks as host lists.
    public var emptyBlocks: Bool
    /// Whether a `*.example` wildcard blocks the subdomains (Pleroma/Akkoma); elsewhere a domain's
    /// block covers its subdomains already and `*` is no part of a name.
    public var wildcards: Bool
    /// Whether the server refuses a block that a parent domain's block already covers (Mastodon's
    /// 422 `existing_domain_block`), so plans show such rows as covered instead of sending them.
    public var parentRules: Bool
    /// Why this server cannot take the steps around its blocks that depend on its software's version
    /// (`Capability.domainBlockSteps`: changing a block in place, drafts, follow counts, excludes), in
    /// the capability table's words; filled in by the door that built the adapter.
    public var refusals: [Capability: FediError] = [:]

    public init(
        software: String, severities: Set<DomainBlockSeverity>, rejectMedia: Bool, rejectReports: Bool, obfuscate: Bool,
        publicComment: Bool, privateComment: Bool, emptyBlocks: Bool, wildcards: Bool = false, parentRules: Bool = false
    ) {
        self.software = software
        self.severities = severities
        self.rejectMedia = rejectMedia
        self.rejectReports = rejectReports
        self.obfuscate = obfuscate
        self.publicComment = publicComment
        self.privateComment = privateComment
        self.emptyBlocks = emptyBlocks
        self.wildcards = wildcards
        self.parentRules = parentRules
    }

    public static func mastodon(_ software: String = "Mastodon") -> DomainBlockSupport {
        DomainBlockSupport(
            software: software, severities: Set(DomainBlockSeverity.allCases), rejectMedia: true, rejectReports: true,
            obfuscate: true, publicComment: true, privateComment: true, emptyBlocks: true, parentRules: true)
    }

    /// Why the server cannot take `step` (one of `Capability.domainBlockSteps`, exit 69); nil where it can.
    public func refusal(of step: Capability) -> FediError? { refusals[step] }

    /// What `spec` asks for that this server cannot keep, in words ("silence (GoToSocial only suspends)").
    public func unsupported(_ spec: DomainBlockSpec) -> [String] {
        var missing: [String] = []
        if spec.domain.hasPrefix("*."), !wildcards {
            missing.append(
                "a *. wildcard (\(software) blocks subdomains with their domain: block \(spec.domain.dropFirst(2)))")
        }
        if !severities.contains(spec.severity) {
            let kinds = DomainBlockSeverity.allCases.filter(severities.contains).map(\.rawValue).joined(separator: ", ")
            missing.append("severity \(spec.severity.rawValue) (\(software) blocks can be: \(kinds))")
        }
        if spec.rejectMedia && !rejectMedia { missing.append("reject_media") }
        if spec.rejectReports && !rejectReports { missing.append("reject_reports") }
        if spec.obfuscate && !obfuscate { missing.append("obfuscate") }
        if let text = spec.publicComment, !text.isEmpty, !publicComment { missing.append("public_comment") }
        if let text = spec.privateComment, !text.isEmpty, !privateComment { missing.append("private_comment") }
        if !emptyBlocks, spec.severity == .noop, !(spec.rejectMedia && rejectMedia),
            !(spec.rejectReports && rejectReports)
        {
            missing.append("a noop block that rejects nothing (\(software) keeps blocks as host lists)")
        }
        return missing
    }

    /// `spec` without what its severity already implies and this server has no separate switch for: a
    /// suspension rejects media and reports anyway, so GoToSocial's suspend-only blocks keep such a row whole.
    public func implied(_ spec: DomainBlockSpec) -> DomainBlockSpec {
        guard spec.severity == .suspend else { return spec }
        var copy = spec
        if !rejectMedia { copy.rejectMedia = false }
        if !rejectReports { copy.rejectReports = false }
        return copy
    }

    /// `spec` without what this server cannot keep (for `import --best-effort`); nil when nothing of it remains.
    public func reduced(_ spec: DomainBlockSpec) -> DomainBlockSpec? {
        guard severities.contains(spec.severity) else { return nil }
        var copy = spec
        if !rejectMedia { copy.rejectMedia = false }
        if !rejectReports { copy.rejectReports = false }
        if !obfuscate { copy.obfuscate = false }
        if !publicComment { copy.publicComment = nil }
        if !privateComment { copy.privateComment = nil }
        return unsupported(copy).isEmpty ? copy : nil
    }
}
