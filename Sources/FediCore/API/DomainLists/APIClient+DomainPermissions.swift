import FoundationEssentials

/// GoToSocial's domain permission tools (0.18+): subscriptions to block or allow lists, drafts waiting
/// for a moderator, and excludes that subscriptions never touch. Lists are Link-paged, 100 at most a page.
/// No other software has them, so there is no adapter: the capability table admits GoToSocial only.
extension APIClient {
    static let subscriptionsPath = "/api/v1/admin/domain_permission_subscriptions"
    static let draftsPath = "/api/v1/admin/domain_permission_drafts"
    static let excludesPath = "/api/v1/admin/domain_permission_excludes"

    // MARK: subscriptions

    public func domainSubscriptions(
        type: DomainPermissionType?, limit: Int?,
        onPage: PageHandler<DomainSubscription>?
    ) async throws -> [DomainSubscription] {
        let query = type.map { [URLQueryItem(name: "permission_type", value: $0.rawValue)] } ?? []
        return try await linkPages(
            DomainSubscription.self, Self.subscriptionsPath, query: query, limit: limit,
            pageSize: 100, onPage: onPage
        ) { $0 }
    }

    public func domainSubscription(id: String) async throws -> Fetched<DomainSubscription> {
        try await namingSubscription(id) { try await fetch(DomainSubscription.self, .get, Self.subscriptionPath(id)) }
    }

    /// What `add` and `update` send; nil fields are left out (on update: left as they are).
    public struct SubscriptionFields: Encodable, Sendable, Equatable {
        public var uri: String?
        public var permissionType: String?
        public var priority: Int?
        public var title: String?
        public var asDraft: Bool?
        public var adoptOrphans: Bool?
        public var removeRetracted: Bool?
        public var contentType: String?
        public var fetchUsername: String?
        public var fetchPassword: String?

        public init(
            uri: String? = nil, permissionType: String? = nil, priority: Int? = nil, title: String? = nil,
            asDraft: Bool? = nil,
            adoptOrphans: Bool? = nil, removeRetracted: Bool? = nil, contentType: String? = nil,
            fetchUsername: String? = nil,
            fetchPassword: String? = nil
        ) {
            (self.uri, self.permissionType, self.priority, self.title) = (uri, permissionType, priority, title)
            (self.asDraft, self.adoptOrphans, self.removeRetracted) = (asDraft, adoptOrphans, removeRetracted)
            (self.contentType, self.fetchUsername, self.fetchPassword) = (contentType, fetchUsername, fetchPassword)
        }

        enum CodingKeys: String, CodingKey {
            case uri, priority, title
            case permissionType = "permission_type", asDraft = "as_draft", adoptOrphans = "adopt_orphans"
            case removeRetracted = "remove_retracted", contentType = "content_type", fetchUsername = "fetch_username"
            case fetchPassword = "fetch_password"
        }
    }

    /// Creates a subscription; a lost answer is settled by reading the list back (same URL and type).
    public func createDomainSubscription(_ fields: SubscriptionFields) async throws -> DomainSubscription {
        let body = try RequestBody.encoded(fields)
        return try await namingTakenSubscription(fields, other: nil) {
            try await createCheckingBack("subscription to \(fields.uri ?? "")") {
                try await fetch(DomainSubscription.self, .post, Self.subscriptionsPath, body: body).value
            } find: {
                try await domainSubscriptions(type: nil, limit: nil, onPage: nil)
                    .first { $0.uri == fields.uri && $0.permissionType == fields.permissionType }
            }
        }
    }

    public func updateDomainSubscription(id: String, _ fields: SubscriptionFields) async throws -> DomainSubscription {
        let body = try RequestBody.encoded(fields)
        return try await namingTakenSubscription(fields, other: id) {
            try await namingSubscription(id) {
                try await fetch(
                    DomainSubscription.self, .patch,
                    Self.subscriptionPath(id), body: body
                ).value
            }
        }
    }

    /// GoToSocial keeps one subscription per URL and per title (409): exit 65 naming the one that has it.
    func namingTakenSubscription<T>(
        _ fields: SubscriptionFields, other id: String?, _ body: () async throws -> T
    ) async throws -> T {
        do {
            return try await body()
        } catch let error as APIError where error.status == 409 {
            let all = (try? await domainSubscriptions(type: nil, limit: nil, onPage: nil)) ?? []
            guard let taken = DomainSubscription.taking(fields, from: all, except: id) else { throw error }
            throw taken
        }
    }

    /// Removes a subscription; `removeChildren` also removes what it made (else they are orphaned, still in force).
    public func removeDomainSubscription(id: String, removeChildren: Bool) async throws -> DomainSubscription {
        let body = try RequestBody.encoded(["remove_children": removeChildren])
        return try await namingSubscription(id) {
            try await fetch(DomainSubscription.self, .post, Self.subscriptionPath(id) + "/remove", body: body).value
        }
    }

    /// The blocks or allows that carry subscription `id`'s mark. GoToSocial 0.20 ignores
    /// `remove_children` and keeps the mark on them after the subscription is gone.
    public func domainPermissions(ofSubscription id: String, type: DomainPermissionType) async throws
        -> [DomainPermission]
    {
        let path = type == .allow ? "/api/v1/admin/domain_allows" : "/api/v1/admin/domain_blocks"
        return try await linkPages(DomainPermission.self, path, query: [], limit: nil, pageSize: 200, onPage: nil) {
            $0
        }
        .filter { $0.subscriptionID == id }
    }

    /// Has the server fetch and parse the list without creating anything: what it would make, or why it cannot.
    /// A POST that changes nothing, so a dry run sends it and the journal does not record it.
    public func testDomainSubscription(id: String) async throws -> [PublicDomainBlock] {
        let response = try await namingSubscription(id) {
            try await send(.post, Self.subscriptionPath(id) + "/test", readsOnly: true)
        }
        // The server answers 200 either way: a list of domains, or {"error": "…"} when the fetch failed.
        if let message = APIError.serverMessage(in: response.body),
            (try? JSONText.object(from: response.body)) is [String: Any]
        {
            throw FediError(
                .unavailable,
                "\(server.authority) could not fetch or parse subscription \(id)'s list: \(message)",
                hint: "check the URL and content type (`fedictl domain-subscriptions show \(id)`); "
                    + "GoToSocial fetches only addresses its http-client settings allow")
        }
        return try decode([PublicDomainBlock].self, from: response)
    }

    static func subscriptionPath(_ id: String) -> String { "\(subscriptionsPath)/\(ServerAddress.pathSegment(id))" }

    func namingSubscription<T>(_ id: String, _ body: () async throws -> T) async throws -> T {
        try await naming(
            "domain subscription \(id)",
            hint: "`fedictl domain-subscriptions list` shows the subscriptions and their ids", body)
    }

    // MARK: drafts

    public func domainDrafts(
        type: DomainPermissionType?, subscriptionID: String?, limit: Int?,
        onPage: PageHandler<DomainPermission>?
    ) async throws -> [DomainPermission] {
        var query: [URLQueryItem] = []
        if let type { query.append(URLQueryItem(name: "permission_type", value: type.rawValue)) }
        if let subscriptionID { query.append(URLQueryItem(name: "subscription_id", value: subscriptionID)) }
        return try await linkPages(
            DomainPermission.self, Self.draftsPath, query: query, limit: limit, pageSize: 100,
            onPage: onPage
        ) { $0 }
    }

    public func domainDraft(id: String) async throws -> Fetched<DomainPermission> {
        try await namingDraft(id) { try await fetch(DomainPermission.self, .get, Self.draftPath(id)) }
    }

    /// A draft's or an exclude's create body; nil fields are left out.
    struct PermissionFields: Encodable {
        var domain: String
        var permissionType: String?
        var obfuscate: Bool?
        var publicComment: String?
        var privateComment: String?

        enum CodingKeys: String, CodingKey {
            case domain, obfuscate
            case permissionType = "permission_type", publicComment = "public_comment", privateComment =
                "private_comment"
        }
    }

    public func createDomainDraft(
        domain: String, type: DomainPermissionType, obfuscate: Bool?, publicComment: String?,
        privateComment: String?
    ) async throws -> DomainPermission {
        let body = try RequestBody.encoded(
            PermissionFields(
                domain: domain, permissionType: type.rawValue,
                obfuscate: obfuscate,
                publicComment: publicComment, privateComment: privateComment))
        return try await createCheckingBack("draft for \(domain)") {
            try await fetch(DomainPermission.self, .post, Self.draftsPath, body: body).value
        } find: {
            try await domainDrafts(type: type, subscriptionID: nil, limit: nil, onPage: nil)
                .first {
                    $0.subscriptionID == nil && BlocklistFile.normalise($0.domain) == BlocklistFile.normalise(domain)
                }
        }
    }

    /// Turns a draft into the block or allow it describes; `overwrite` replaces one already there.
    /// The answer is the new permission (its id is a block's or an allow's).
    public func acceptDomainDraft(id: String, overwrite: Bool) async throws -> DomainPermission {
        let body = try RequestBody.encoded(["overwrite": overwrite])
        do {
            return try await namingDraft(id) {
                try await fetch(
                    DomainPermission.self, .post, Self.draftPath(id) + "/accept",
                    body: body
                ).value
            }
        } catch let error as APIError where error.status == 409 && !overwrite {
            // GoToSocial refuses a draft for a domain that already has a block (or allow) of its type.
            throw FediError(
                .dataError,
                "\(server.authority) already has a permission of this type for domain draft \(id)'s domain (HTTP 409)",
                hint:
                    "--overwrite replaces it with the draft's settings: fedictl domain-drafts accept \(id) --overwrite")
        }
    }

    /// Drops a draft; `exclude` also puts its domain on the exclude list, so no subscription drafts it again.
    public func rejectDomainDraft(id: String, exclude: Bool) async throws -> DomainPermission {
        let body = try RequestBody.encoded(["exclude_target": exclude])
        return try await namingDraft(id) {
            try await fetch(
                DomainPermission.self, .post, Self.draftPath(id) + "/remove",
                body: body
            ).value
        }
    }

    static func draftPath(_ id: String) -> String { "\(draftsPath)/\(ServerAddress.pathSegment(id))" }

    func namingDraft<T>(_ id: String, _ body: () async throws -> T) async throws -> T {
        try await naming(
            "domain draft \(id)", hint: "`fedictl domain-drafts list` shows the drafts and their ids",
            body)
    }

    // MARK: excludes

    public func domainExcludes(limit: Int?, onPage: PageHandler<DomainPermission>?) async throws -> [DomainPermission] {
        try await linkPages(
            DomainPermission.self, Self.excludesPath, query: [], limit: limit, pageSize: 100,
            onPage: onPage
        ) { $0 }
    }

    public func createDomainExclude(domain: String, privateComment: String?) async throws -> DomainPermission {
        let body = try RequestBody.encoded(PermissionFields(domain: domain, privateComment: privateComment))
        return try await createCheckingBack("exclude for \(domain)") {
            try await fetch(DomainPermission.self, .post, Self.excludesPath, body: body).value
        } find: {
            try await domainExcludes(limit: nil, onPage: nil).first(named: domain)
        }
    }

    public func removeDomainExclude(id: String) async throws {
        try await naming("domain exclude \(id)", hint: "`fedictl domain-excludes list` shows the excludes") {
            _ = try await send(.delete, "\(Self.excludesPath)/\(ServerAddress.pathSegment(id))")
        }
    }
}

extension Array where Element == DomainPermission {
    /// The exclude covering `domain`: GoToSocial excludes a domain's subdomains too.
    public func excluding(_ domain: String) -> DomainPermission? {
        let wanted = BlocklistFile.normalise(domain)
        return first { entry in
            let excluded = BlocklistFile.normalise(entry.domain)
            return wanted == excluded || wanted.hasSuffix("." + excluded)
        }
    }
}

extension DomainSubscription {
    /// Exit 65 naming the subscription (other than `id`) that already has the URL or title `fields` give.
    public static func taking(
        _ fields: APIClient.SubscriptionFields, from subscriptions: [DomainSubscription], except id: String?
    ) -> FediError? {
        let others = subscriptions.filter { $0.id != id }
        if let uri = fields.uri, let taken = others.first(where: { $0.uri == uri }) {
            return FediError(
                .dataError, "subscription \(taken.id) has this URL (\(uri), for \(taken.permissionType)s)",
                hint: "a URL is subscribed once: change that one (fedictl domain-subscriptions update \(taken.id)) "
                    + "or remove it first")
        }
        if let title = fields.title, !title.isEmpty, let taken = others.first(where: { $0.title == title }) {
            return FediError(
                .dataError, "subscription \(taken.id) has this title (\(title))",
                hint: "titles are unique: give another --title")
        }
        return nil
    }
}
