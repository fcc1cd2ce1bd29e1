import FoundationEssentials

/// Whether strangers can sign up.
public struct RegistrationMode: OpenEnum {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let open: Self = "open"
    public static let approvalRequired: Self = "approval_required"
    public static let closed: Self = "closed"
    public static let knownValues: [Self] = [.open, .approvalRequired, .closed]
}

/// A server's public description, the same whichever API version or software it came from.
public struct InstanceInfo: Codable, Sendable, Equatable {
    public var domain: String
    public var title: String?
    public var version: String?
    public var sourceURL: String?
    public var description: String?
    public var activeUsers: Int?
    public var userCount: Int?
    public var statusCount: Int?
    public var registrations: RegistrationMode?
    public var contactEmail: String?
    public var contactAccount: String?
    public var languages: [String]
    public var rulesCount: Int?
    public var maxCharacters: Int?
    public var maxMediaAttachments: Int?
    public var maxPollOptions: Int?
    public var apiVersion: Int?
    /// Which endpoint answered: "v2" or "v1".
    public var apiSource: String
    // Filled in by flavour detection when it ran.
    public var software: String?
    public var softwareVersion: String?
    /// The software as people name it, without build information: `GoToSocial 0.17.3`, `Mastodon 4.3.2 (glitch-soc)`.
    public var softwareLabel: String?
    public var flavour: String?
    public var variant: String?
    /// The document carries GoToSocial's marks (its source URL, configuration keys only it sends):
    /// how a GoToSocial server without nodeinfo is told apart from Mastodon. Not part of the output.
    public var showsGoToSocial = false

    enum CodingKeys: String, CodingKey {
        case domain, title, version, description, languages, registrations, software, flavour, variant
        case sourceURL = "source_url", activeUsers = "active_users", userCount = "user_count", statusCount =
            "status_count"
        case contactEmail = "contact_email", contactAccount = "contact_account", rulesCount = "rules_count"
        case maxCharacters = "max_characters", maxMediaAttachments = "max_media_attachments", maxPollOptions =
            "max_poll_options"
        case apiVersion = "api_version", apiSource = "api_source", softwareVersion = "software_version", softwareLabel =
            "software_label"
    }
}

/// `GET /api/v2/instance` as sent by Mastodon 4.0+ and the servers that copy it.
struct InstanceV2: Decodable, Sendable {
    var info: InstanceInfo

    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: AnyKey.self)
        let domain = c.optionalText("domain") ?? c.optionalText("uri") ?? ""
        guard !domain.isEmpty || c.contains("title") else {
            throw DecodingError.keyNotFound(
                AnyKey("domain"), .init(codingPath: [], debugDescription: "not an instance"))
        }
        let usage = try? c.nestedContainer(keyedBy: AnyKey.self, forKey: "usage")
        let users = try? usage?.nestedContainer(keyedBy: AnyKey.self, forKey: "users")
        let registrations = try? c.nestedContainer(keyedBy: AnyKey.self, forKey: "registrations")
        let contact = try? c.nestedContainer(keyedBy: AnyKey.self, forKey: "contact")
        let contactAccount = try? contact?.nestedContainer(keyedBy: AnyKey.self, forKey: "account")
        let configuration = try? c.nestedContainer(keyedBy: AnyKey.self, forKey: "configuration")
        let statuses = try? configuration?.nestedContainer(keyedBy: AnyKey.self, forKey: "statuses")
        let polls = try? configuration?.nestedContainer(keyedBy: AnyKey.self, forKey: "polls")
        let apiVersions = try? c.nestedContainer(keyedBy: AnyKey.self, forKey: "api_versions")
        var mode: RegistrationMode?
        if let enabled = registrations?.lenientBool("enabled") {
            mode =
                !enabled
                ? .closed : (registrations?.lenientBool("approval_required") == true ? .approvalRequired : .open)
        }
        info = InstanceInfo(
            domain: domain, title: c.optionalText("title"), version: c.optionalText("version"),
            sourceURL: c.optionalText("source_url"), description: c.optionalText("description"),
            activeUsers: users?.lenientInt("active_month"), userCount: nil, statusCount: nil,
            registrations: mode, contactEmail: contact?.optionalText("email"),
            contactAccount: contactAccount?.optionalText("acct"),
            languages: (try? c.decodeIfPresent([String].self, forKey: "languages")) ?? [],
            rulesCount: (try? c.nestedUnkeyedContainer(forKey: "rules"))?.count,
            maxCharacters: statuses?.lenientInt("max_characters"),
            maxMediaAttachments: statuses?.lenientInt("max_media_attachments"),
            maxPollOptions: polls?.lenientInt("max_options"),
            apiVersion: apiVersions?.lenientInt("mastodon"), apiSource: "v2")
        info.showsGoToSocial = Self.showsGoToSocial(c, configuration: configuration)
    }

    /// `source_url` ends in `/gotosocial`, or the configuration holds keys only GoToSocial sends.
    static func showsGoToSocial(_ c: KeyedDecodingContainer<AnyKey>, configuration: KeyedDecodingContainer<AnyKey>?)
        -> Bool
    {
        if let source = c.optionalText("source_url")?.lowercased(),
            source.hasSuffix("/gotosocial") || source.hasSuffix("/gotosocial/")
        {
            return true
        }
        let accounts = try? configuration?.nestedContainer(keyedBy: AnyKey.self, forKey: "accounts")
        let emojis = try? configuration?.nestedContainer(keyedBy: AnyKey.self, forKey: "emojis")
        return configuration?.contains("oidc_enabled") == true
            && (accounts?.contains("allow_custom_css") == true || emojis?.contains("emoji_size_limit") == true)
    }
}

/// `GET /api/v1/instance`: older Mastodon, Akkoma, and most other servers.
struct InstanceV1: Decodable, Sendable {
    var info: InstanceInfo

    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: AnyKey.self)
        guard let uri = c.optionalText("uri") ?? c.optionalText("domain") else {
            throw DecodingError.keyNotFound(AnyKey("uri"), .init(codingPath: [], debugDescription: "not an instance"))
        }
        // Pleroma/Akkoma and Misskey forks put a full https:// URL in `uri`.
        let domain =
            URL(string: uri)?.host.map { host in URL(string: uri)?.port.map { "\(host):\($0)" } ?? host } ?? uri
        let stats = try? c.nestedContainer(keyedBy: AnyKey.self, forKey: "stats")
        let contactAccount = try? c.nestedContainer(keyedBy: AnyKey.self, forKey: "contact_account")
        let configuration = try? c.nestedContainer(keyedBy: AnyKey.self, forKey: "configuration")
        let statuses = try? configuration?.nestedContainer(keyedBy: AnyKey.self, forKey: "statuses")
        let polls = try? configuration?.nestedContainer(keyedBy: AnyKey.self, forKey: "polls")
        let pollLimits = try? c.nestedContainer(keyedBy: AnyKey.self, forKey: "poll_limits")
        var mode: RegistrationMode?
        if let open = c.lenientBool("registrations") {
            mode = !open ? .closed : (c.lenientBool("approval_required") == true ? .approvalRequired : .open)
        }
        info = InstanceInfo(
            domain: domain, title: c.optionalText("title"), version: c.optionalText("version"),
            sourceURL: nil, description: c.optionalText("short_description") ?? c.optionalText("description"),
            activeUsers: nil, userCount: stats?.lenientInt("user_count"),
            statusCount: stats?.lenientInt("status_count"),
            registrations: mode, contactEmail: c.optionalText("email"),
            contactAccount: contactAccount?.optionalText("acct"),
            languages: (try? c.decodeIfPresent([String].self, forKey: "languages")) ?? [],
            rulesCount: (try? c.nestedUnkeyedContainer(forKey: "rules"))?.count,
            maxCharacters: statuses?.lenientInt("max_characters") ?? c.lenientInt("max_toot_chars"),
            maxMediaAttachments: statuses?.lenientInt("max_media_attachments"),
            maxPollOptions: polls?.lenientInt("max_options") ?? pollLimits?.lenientInt("max_options"),
            apiVersion: nil, apiSource: "v1")
        info.showsGoToSocial = InstanceV2.showsGoToSocial(c, configuration: configuration)
    }
}

/// A coding key made from any string, for decoding shapes that vary by server.
public struct AnyKey: CodingKey, ExpressibleByStringLiteral, Sendable {
    public var stringValue: String
    public var intValue: Int?
    public init(_ string: String) { stringValue = string }
    public init(stringValue: String) { self.stringValue = stringValue }
    public init?(intValue: Int) {
        stringValue = String(intValue)
        self.intValue = intValue
    }
    public init(stringLiteral value: String) { stringValue = value }
}
