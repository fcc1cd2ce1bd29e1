import FoundationEssentials

/// What fedictl found out about a server's software, cached per account in the config.
public struct ServerInfo: Codable, Sendable, Equatable {
    public var flavour: Flavour
    /// A fork of the flavour's code base: `glitch-soc`, `hometown`, `calckey`, … nil for the upstream.
    public var variant: String?
    /// The software's own name, as nodeinfo gives it (`mastodon`, `gotosocial`, `lemmy`).
    public var softwareName: String
    /// The product's own version as the server gave it: `4.3.0+glitch`, `0.17.3+git-ba659d5`, `3.13.2`.
    public var version: String?
    /// `api_versions.mastodon` from /api/v2/instance (Mastodon 4.3+); nil where absent.
    public var mastodonAPIVersion: Int?
    /// The `version` the instance API (or Misskey's meta) shows, e.g. `2.7.2 (compatible; Akkoma 3.13.2)`.
    public var displayVersion: String?
    /// Which Mastodon-style instance endpoint answered: `v2`, `v1`, or nil for none.
    public var instanceAPI: String?
    /// The nodeinfo schema that answered (`2.1`, `2.0`, …), nil if nodeinfo did not.
    public var nodeinfoSchema: String?
    public var detectedAt: Date

    /// How long a detection is trusted before it is repeated: a day.
    public static let defaultTimeToLive: TimeInterval = 24 * 60 * 60

    public init(
        flavour: Flavour, variant: String? = nil, softwareName: String, version: String?,
        mastodonAPIVersion: Int? = nil,
        displayVersion: String? = nil, instanceAPI: String? = nil, nodeinfoSchema: String? = nil, detectedAt: Date
    ) {
        self.flavour = flavour
        self.variant = variant
        self.softwareName = softwareName
        self.version = version
        self.mastodonAPIVersion = mastodonAPIVersion
        self.displayVersion = displayVersion
        self.instanceAPI = instanceAPI
        self.nodeinfoSchema = nodeinfoSchema
        self.detectedAt = detectedAt
    }

    enum CodingKeys: String, CodingKey {
        case flavour, variant, version
        case softwareName = "software_name", mastodonAPIVersion = "mastodon_api_version", displayVersion =
            "display_version"
        case instanceAPI = "instance_api", nodeinfoSchema = "nodeinfo_schema", detectedAt = "detected_at"
    }

    /// Lenient: a cache entry written by another fedictl version must never make the config unreadable.
    /// Whatever is missing makes the entry stale, so it is detected again.
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        flavour = (try? c.decodeIfPresent(Flavour.self, forKey: .flavour)) ?? .unknown
        variant = c.optionalText(.variant)
        softwareName = c.optionalText(.softwareName) ?? flavour.rawValue
        version = c.optionalText(.version)
        mastodonAPIVersion = c.lenientInt(.mastodonAPIVersion)
        displayVersion = c.optionalText(.displayVersion)
        instanceAPI = c.optionalText(.instanceAPI)
        nodeinfoSchema = c.optionalText(.nodeinfoSchema)
        detectedAt =
            (try? c.decodeIfPresent(Date.self, forKey: .detectedAt)) ?? c.lenientDate(.detectedAt) ?? .distantPast
    }

    public func isFresh(at now: Date, timeToLive: TimeInterval = ServerInfo.defaultTimeToLive) -> Bool {
        let age = now.timeIntervalSince(detectedAt)
        return age >= 0 && age < timeToLive
    }

    /// The version capability gates compare against: the product's own, never the "compatible" claim.
    /// Old Hometown wrote `<hometown>+<mastodon>`; there the Mastodon version after the `+` counts.
    public var comparableVersion: SoftwareVersion? {
        guard let parsed = version.flatMap(SoftwareVersion.init) else { return nil }
        if flavour == .mastodon, let mastodon = parsed.oldHometownMastodonVersion { return mastodon }
        return parsed
    }

    /// The software's name for people: `GoToSocial`, `Mastodon`, or an unknown software's own name.
    public var softwareDisplayName: String {
        if flavour.isKnown, flavour != .unknown { return flavour.displayName }
        return softwareName.isEmpty ? Flavour.unknown.displayName : softwareName
    }

    /// The version without build information: `0.17.3+git-5ec8a8d` → `0.17.3`, `3.13.2-0-g3f9d8ee` → `3.13.2`,
    /// `4.3.2+glitch` → `4.3.2` (the fork is the variant).
    public var shortVersion: String? {
        guard var text = version?.trimmed(), !text.isEmpty else { return nil }
        if let cut = text.firstIndex(where: { $0 == "+" || $0.isWhitespace }) { text = String(text[..<cut]) }
        if let describe = text.indices.first(where: {
            text[$0] == "-" && SoftwareVersion.startsGitDescribe(text[$0...].dropFirst())
        }) {
            text.removeSubrange(describe...)
        }
        return text.isEmpty ? version : text
    }

    /// `GoToSocial 0.17.3`, `Mastodon 4.3.2 (glitch-soc)`: how messages name the server's software.
    public var label: String {
        let name = [softwareDisplayName, shortVersion].compactMap { $0 }.joined(separator: " ")
        return variant.map { "\(name) (\($0))" } ?? name
    }
}
