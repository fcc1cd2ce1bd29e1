import FoundationEssentials

/// What a GoToSocial domain permission grants: a block or an allow.
public enum DomainPermissionType: String, Codable, Sendable, CaseIterable {
    case block, allow
}

/// A GoToSocial domain permission draft or exclude (its `domainPermission` entity, 0.18+). Drafts
/// carry a type and, when a subscription made them, its id; excludes carry only a private comment.
public struct DomainPermission: Codable, Sendable, Equatable, DomainKeyed {
    public var id: String
    public var domain: String
    /// Drafts only; nil on excludes.
    public var permissionType: String?
    public var obfuscate: Bool
    public var publicComment: String?
    public var privateComment: String?
    /// The subscription that made it, if one did.
    public var subscriptionID: String?
    public var createdAt: Date?

    public init(
        id: String, domain: String, permissionType: String? = nil, obfuscate: Bool = false,
        publicComment: String? = nil,
        privateComment: String? = nil, subscriptionID: String? = nil, createdAt: Date? = nil
    ) {
        self.id = id
        self.domain = domain
        self.permissionType = permissionType
        self.obfuscate = obfuscate
        self.publicComment = publicComment
        self.privateComment = privateComment
        self.subscriptionID = subscriptionID
        self.createdAt = createdAt
    }

    enum CodingKeys: String, CodingKey {
        case id, domain, obfuscate
        case permissionType = "permission_type", publicComment = "public_comment", privateComment = "private_comment"
        case subscriptionID = "subscription_id", createdAt = "created_at"
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: AnyKey.self)
        guard let domain = c.optionalText("domain") else {
            throw DecodingError.keyNotFound(
                AnyKey("domain"),
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription: "entry without domain"))
        }
        self.domain = domain
        id = c.lenientString("id") ?? domain
        permissionType = c.optionalText("permission_type")
        obfuscate = c.lenientBool("obfuscate") ?? false
        publicComment = c.optionalText("public_comment")
        privateComment = c.optionalText("private_comment")
        subscriptionID = c.optionalText("subscription_id")
        createdAt = c.lenientDate("created_at")
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(domain, forKey: .domain)
        try c.encode(permissionType, forKey: .permissionType)
        try c.encode(obfuscate, forKey: .obfuscate)
        try c.encode(publicComment, forKey: .publicComment)
        try c.encode(privateComment, forKey: .privateComment)
        try c.encode(subscriptionID, forKey: .subscriptionID)
        try c.encode(createdAt, forKey: .createdAt)
    }
}

/// A GoToSocial domain permission subscription (0.18+): a block or allow list the server fetches by URL.
/// The fetch password the server echoes back is never kept: only whether one is set.
public struct DomainSubscription: Codable, Sendable, Equatable {
    public var id: String
    public var title: String?
    public var uri: String
    public var permissionType: String
    public var priority: Int
    public var asDraft: Bool
    public var adoptOrphans: Bool
    public var removeRetracted: Bool
    public var contentType: String?
    public var fetchUsername: String?
    public var fetchPasswordSet: Bool
    /// Entries found at the last successful fetch.
    public var count: Int?
    public var fetchedAt: Date?
    public var successfullyFetchedAt: Date?
    /// Why the last fetch failed.
    public var error: String?
    public var createdAt: Date?

    enum CodingKeys: String, CodingKey {
        case id, title, uri, priority, count, error
        case permissionType = "permission_type", asDraft = "as_draft", adoptOrphans = "adopt_orphans"
        case removeRetracted = "remove_retracted", contentType = "content_type", fetchUsername = "fetch_username"
        case fetchPasswordSet = "fetch_password_set", fetchedAt = "fetched_at", successfullyFetchedAt =
            "successfully_fetched_at"
        case createdAt = "created_at"
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: AnyKey.self)
        guard let id = c.optionalText("id"), let uri = c.optionalText("uri") else {
            throw DecodingError.keyNotFound(
                AnyKey("uri"),
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription: "subscription without id or uri"))
        }
        self.id = id
        self.uri = uri
        title = c.optionalText("title")
        permissionType = c.optionalText("permission_type") ?? "block"
        priority = c.lenientInt("priority") ?? 0
        asDraft = c.lenientBool("as_draft") ?? true
        adoptOrphans = c.lenientBool("adopt_orphans") ?? false
        removeRetracted = c.lenientBool("remove_retracted") ?? true
        contentType = c.optionalText("content_type")
        fetchUsername = c.optionalText("fetch_username")
        // Our own encoding says `fetch_password_set`; the server's sends the password itself.
        fetchPasswordSet = c.optionalText("fetch_password") != nil || c.lenientBool("fetch_password_set") == true
        count = c.lenientInt("count")
        fetchedAt = c.lenientDate("fetched_at")
        successfullyFetchedAt = c.lenientDate("successfully_fetched_at")
        error = c.optionalText("error")
        createdAt = c.lenientDate("created_at")
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(title, forKey: .title)
        try c.encode(uri, forKey: .uri)
        try c.encode(permissionType, forKey: .permissionType)
        try c.encode(priority, forKey: .priority)
        try c.encode(asDraft, forKey: .asDraft)
        try c.encode(adoptOrphans, forKey: .adoptOrphans)
        try c.encode(removeRetracted, forKey: .removeRetracted)
        try c.encode(contentType, forKey: .contentType)
        try c.encode(fetchUsername, forKey: .fetchUsername)
        try c.encode(fetchPasswordSet, forKey: .fetchPasswordSet)
        try c.encode(count, forKey: .count)
        try c.encode(fetchedAt, forKey: .fetchedAt)
        try c.encode(successfullyFetchedAt, forKey: .successfullyFetchedAt)
        try c.encode(error, forKey: .error)
        try c.encode(createdAt, forKey: .createdAt)
    }
}

/// A GoToSocial HTTP header filter (0.16+): requests whose HEADER matches REGEX are allowed or blocked.
public struct HeaderFilter: Codable, Sendable, Equatable {
    /// `allow` or `block`: which list it is on (the server's entity does not say; fedictl adds it).
    public var kind: String
    public var id: String
    public var header: String
    public var regex: String
    public var createdAt: Date?

    public init(kind: String, id: String, header: String, regex: String, createdAt: Date? = nil) {
        self.kind = kind
        self.id = id
        self.header = header
        self.regex = regex
        self.createdAt = createdAt
    }

    enum CodingKeys: String, CodingKey { case kind, id, header, regex, createdAt = "created_at" }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: AnyKey.self)
        guard let id = c.optionalText("id"), let header = c.optionalText("header") else {
            throw DecodingError.keyNotFound(
                AnyKey("header"),
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription: "filter without id or header"))
        }
        self.id = id
        self.header = header
        regex = c.lenientString("regex") ?? ""
        kind = c.optionalText("kind") ?? ""
        createdAt = c.lenientDate("created_at")
    }
}
