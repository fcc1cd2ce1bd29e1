import FoundationEssentials

/// The API a capability is served by. Later adapters switch on this.
public enum APIFamily: String, Codable, Sendable, CaseIterable {
    case mastodonAdmin = "mastodon-admin"
    case gotosocialAdmin = "gotosocial-admin"
    case pleromaAdmin = "pleroma-admin"
    case misskeyAdmin = "misskey-admin"
    case mastodonClient = "mastodon-client"
    case misskeyClient = "misskey-client"

    public var displayName: String {
        switch self {
        case .mastodonAdmin: "Mastodon admin API"
        case .gotosocialAdmin: "GoToSocial admin API"
        case .pleromaAdmin: "Pleroma admin API"
        case .misskeyAdmin: "Misskey admin API"
        case .mastodonClient: "Mastodon client API"
        case .misskeyClient: "Misskey client API"
        }
    }
}

/// Everything fedictl can do that depends on the server's software. The raw value is the command
/// (or command group) a user types, so messages can say "reports assign is not available on …".
public enum Capability: String, Codable, Sendable, CaseIterable {
    case instanceInfo = "instance info"
    case instanceRules = "instance rules"
    case instancePeers = "instance peers"
    case instanceActivity = "instance activity"
    case instanceBlocks = "instance blocks"
    case instanceRulesAdd = "instance rules add"
    case instanceRulesUpdate = "instance rules update"
    case instanceRulesRemove = "instance rules remove"

    case reportsList = "reports list"
    case reportsShow = "reports show"
    case reportsAssign = "reports assign"
    case reportsUnassign = "reports unassign"
    case reportsResolve = "reports resolve"
    case reportsReopen = "reports reopen"
    case reportsNote = "reports note"
    case reportsFile = "reports file"

    /// The two halves of `queue`: open reports, and sign-ups waiting for approval.
    case queueReports = "queue --kind report"
    case queueSignUps = "queue --kind sign-up"
    /// `queue --watch` hears of new items as they happen (a notification stream) instead of asking.
    case queueStream = "queue --watch streaming"

    case accountsList = "accounts list"
    case accountsShow = "accounts show"
    case accountsApprove = "accounts approve"
    case accountsReject = "accounts reject"
    /// A message to the rejected applicant (GoToSocial e-mails it).
    case accountsRejectMessage = "accounts reject --message"
    case accountsAction = "accounts action"
    case accountsEnable = "accounts enable"
    case accountsUnsilence = "accounts unsilence"
    case accountsUnsuspend = "accounts unsuspend"
    case accountsUnsensitive = "accounts unsensitive"
    case accountsDelete = "accounts delete"

    case domainBlocksList = "domain-blocks list"
    case domainBlocksShow = "domain-blocks show"
    case domainBlocksAdd = "domain-blocks add"
    case domainBlocksUpdate = "domain-blocks update"
    case domainBlocksRemove = "domain-blocks remove"
    case domainBlocksImport = "domain-blocks import"
    case domainBlocksExport = "domain-blocks export"
    case domainBlocksSync = "domain-blocks sync"
    case domainBlocksApply = "domain-blocks apply"
    /// How many local accounts follow a domain, before it is suspended (admin measures).
    case domainFollows = "domain follow counts"

    case domainAllowsList = "domain-allows list"
    case domainAllowsAdd = "domain-allows add"
    case domainAllowsRemove = "domain-allows remove"

    case domainSubscriptionsList = "domain-subscriptions list"
    case domainSubscriptionsShow = "domain-subscriptions show"
    case domainSubscriptionsAdd = "domain-subscriptions add"
    case domainSubscriptionsUpdate = "domain-subscriptions update"
    case domainSubscriptionsRemove = "domain-subscriptions remove"
    case domainSubscriptionsTest = "domain-subscriptions test"

    case domainDraftsList = "domain-drafts list"
    case domainDraftsShow = "domain-drafts show"
    case domainDraftsAdd = "domain-drafts add"
    case domainDraftsAccept = "domain-drafts accept"
    case domainDraftsReject = "domain-drafts reject"
    /// `domain-blocks sync --as-draft`: writes drafts instead of blocks.
    case domainBlocksSyncAsDraft = "domain-blocks sync --as-draft"

    case domainExcludesList = "domain-excludes list"
    case domainExcludesAdd = "domain-excludes add"
    case domainExcludesRemove = "domain-excludes remove"

    case headerFiltersList = "header-filters list"
    case headerFiltersAdd = "header-filters add"
    case headerFiltersRemove = "header-filters remove"

    case mediaCleanup = "media cleanup"
    case mediaRefetch = "media refetch"

    case emailBlocksList = "email-blocks list"
    case emailBlocksAdd = "email-blocks add"
    case emailBlocksRemove = "email-blocks remove"

    case ipBlocksList = "ip-blocks list"
    case ipBlocksAdd = "ip-blocks add"
    case ipBlocksUpdate = "ip-blocks update"
    case ipBlocksRemove = "ip-blocks remove"

    case canonicalEmailBlocksList = "canonical-email-blocks list"
    case canonicalEmailBlocksAdd = "canonical-email-blocks add"
    case canonicalEmailBlocksRemove = "canonical-email-blocks remove"
    case canonicalEmailBlocksTest = "canonical-email-blocks test"

    case filtersV2 = "filters (v2)"
    case filtersV1 = "filters (v1)"
    case blocks = "blocks"
    case mutes = "mutes"
    case userDomainBlocks = "user-domain-blocks"
    case timelinesPublic = "timelines public"
    case timelinesLocal = "timelines local"
    case timelinesHome = "timelines home"
    case signup = "signup"
    case appsRegister = "apps register"
    case appsVerify = "apps verify"

    /// Trending links, posts and hashtags, and their review (Mastodon's admin trends).
    case trendsList = "trends list"
    case trendsApprove = "trends approve"
    case trendsReject = "trends reject"

    /// The admin dashboard's figures: measures, dimensions, retention.
    case instanceStats = "instance stats"

    /// One post (a reported one): read it, delete it, mark it sensitive or not, change its visibility.
    /// Trends awaiting review as a queue kind (Mastodon's admin trends).
    case queueTrends = "queue --kind trend"

    case statusesShow = "statuses show"
    case statusesDelete = "statuses delete"
    case statusesSensitive = "statuses sensitive"
    case statusesUnsensitive = "statuses unsensitive"
    case statusesVisibility = "statuses visibility"
}

/// Whether a server can do something, and through which API.
public enum Availability: Sendable, Equatable {
    case available(APIFamily)
    /// `reason` completes "not available: …", e.g. "GoToSocial has no API for it".
    case unavailable(reason: String)

    public var family: APIFamily? {
        if case .available(let family) = self { return family }
        return nil
    }
}

/// THE table: per capability, which flavours (from which version on) serve it and through which API
/// family. A flavour not listed for a capability cannot do it. Facts from api-map.md section 2.
/// Versions are the product's own (never the "compatible" Mastodon claim); an unparseable version
/// gets the benefit of the doubt, and a 404 from the server then triggers re-detection.
public enum CapabilityTable {
    public struct Rule: Sendable {
        public var flavours: [Flavour]
        public var family: APIFamily
        public var since: SoftwareVersion?
    }

    static func on(_ flavours: [Flavour], _ family: APIFamily, since: String? = nil) -> Rule {
        Rule(flavours: flavours, family: family, since: since.flatMap(SoftwareVersion.init))
    }

    static func mastodon(_ family: APIFamily, since: String? = nil) -> Rule { on([.mastodon], family, since: since) }
    static func gotosocial(_ family: APIFamily, since: String? = nil) -> Rule {
        on([.gotosocial], family, since: since)
    }

    static let pleroma = Flavour.pleromaFamily
    static let misskey = Flavour.misskeyFamily
    /// Servers whose Mastodon client API covers the everyday endpoints (accounts, relationships,
    /// timelines, apps). Unknown software counts when it answered /api/v1/instance.
    static let mastodonClients: [Flavour] = [
        .mastodon, .gotosocial, .pleroma, .akkoma, .pixelfed, .friendica, .takahe, .iceshrimpNet, .unknown,
    ]
    /// Misskey forks that also speak Mastodon's OAuth and app registration.
    static let misskeyForksWithMastodonAPI: [Flavour] = [.sharkey, .firefish, .iceshrimp, .catodon]

    public static let rules: [Capability: [Rule]] = {
        let mastodonAdmin291: [Rule] = [mastodon(.mastodonAdmin, since: "2.9.1")]
        let adminBlocks4: [Rule] = [mastodon(.mastodonAdmin, since: "4.0.0")]
        let domainBlocks: [Rule] =
            adminBlocks4 + [gotosocial(.gotosocialAdmin), on(pleroma, .pleromaAdmin), on(misskey, .misskeyAdmin)]
        let domainAllows: [Rule] =
            adminBlocks4 + [
                gotosocial(.gotosocialAdmin, since: "0.12.0"), on(pleroma, .pleromaAdmin),
                on([.misskey], .misskeyAdmin),
            ]
        // GoToSocial's domain permission drafts, excludes and subscriptions.
        let permissionTools: [Rule] = [gotosocial(.gotosocialAdmin, since: "0.18.0")]
        let emailBlocks: [Rule] = adminBlocks4 + [on([.misskey, .sharkey], .misskeyAdmin)]
        let relationships: [Rule] = [on(mastodonClients, .mastodonClient), on(misskey, .misskeyClient)]
        let timelines: [Rule] = relationships
        let apps: [Rule] = [on(mastodonClients + misskeyForksWithMastodonAPI, .mastodonClient)]
        // GoToSocial has no GET /api/v1/apps/verify_credentials (404 with a user token, 401 without).
        let appsVerify: [Rule] = [
            on(
                mastodonClients.filter { $0 != .gotosocial } + misskeyForksWithMastodonAPI,
                .mastodonClient)
        ]
        return [
            .instanceInfo: [on(mastodonClients, .mastodonClient), on(misskey, .misskeyClient)],
            .instanceRules: [
                mastodon(.mastodonClient, since: "3.4.0"), on([.gotosocial, .pleroma, .friendica], .mastodonClient),
                on([.misskey, .sharkey], .misskeyClient),
            ],
            .instancePeers: [on([.mastodon, .gotosocial, .pleroma, .akkoma, .friendica], .mastodonClient)],
            .instanceActivity: [mastodon(.mastodonClient)],
            .instanceBlocks: [mastodon(.mastodonClient, since: "4.0.0"), gotosocial(.mastodonClient)],
            // Only GoToSocial has an API to edit rules (Mastodon's are edited in its web admin).
            .instanceRulesAdd: [gotosocial(.gotosocialAdmin, since: "0.12.0")],
            .instanceRulesUpdate: [gotosocial(.gotosocialAdmin, since: "0.12.0")],
            .instanceRulesRemove: [gotosocial(.gotosocialAdmin, since: "0.12.0")],

            .reportsList: mastodonAdmin291 + [
                gotosocial(.gotosocialAdmin, since: "0.7.0"), on(pleroma, .pleromaAdmin), on(misskey, .misskeyAdmin),
            ],
            .reportsShow: mastodonAdmin291 + [
                gotosocial(.gotosocialAdmin, since: "0.7.0"), on(pleroma, .pleromaAdmin),
            ],
            .reportsAssign: mastodonAdmin291,
            .reportsUnassign: mastodonAdmin291,
            .reportsResolve: mastodonAdmin291 + [
                gotosocial(.gotosocialAdmin, since: "0.7.0"), on(pleroma, .pleromaAdmin), on(misskey, .misskeyAdmin),
            ],
            .reportsReopen: mastodonAdmin291 + [on(pleroma, .pleromaAdmin)],
            .reportsNote: [on(pleroma, .pleromaAdmin), on([.misskey, .sharkey], .misskeyAdmin)],
            .reportsFile: [
                on([.mastodon, .gotosocial, .pleroma, .akkoma, .friendica, .iceshrimpNet], .mastodonClient),
                on(misskey, .misskeyClient),
            ],

            .queueReports: mastodonAdmin291 + [
                gotosocial(.gotosocialAdmin, since: "0.7.0"), on(pleroma, .pleromaAdmin), on(misskey, .misskeyAdmin),
            ],
            // Misskey has no approval of sign-ups; GoToSocial lists accounts from 0.16.
            .queueSignUps: mastodonAdmin291 + [
                gotosocial(.gotosocialAdmin, since: "0.16.0"), on(pleroma, .pleromaAdmin),
            ],
            // Mastodon's Server-Sent Events stream carries admin.sign_up (3.5) and admin.report (4.0)
            // notifications. GoToSocial and Pleroma/Akkoma stream over WebSocket only, Misskey its own way.
            .queueStream: [mastodon(.mastodonClient, since: "4.0.0")],

            .accountsList: mastodonAdmin291 + [
                gotosocial(.gotosocialAdmin, since: "0.16.0"), on(pleroma, .pleromaAdmin), on(misskey, .misskeyAdmin),
            ],
            .accountsShow: mastodonAdmin291 + [
                gotosocial(.gotosocialAdmin, since: "0.16.0"), on(pleroma, .pleromaAdmin), on(misskey, .misskeyAdmin),
            ],
            .accountsApprove: mastodonAdmin291 + [
                gotosocial(.gotosocialAdmin, since: "0.16.0"), on(pleroma, .pleromaAdmin),
            ],
            .accountsReject: mastodonAdmin291 + [
                gotosocial(.gotosocialAdmin, since: "0.16.0"), on(pleroma, .pleromaAdmin),
            ],
            .accountsRejectMessage: [gotosocial(.gotosocialAdmin, since: "0.16.0")],
            .accountsAction: mastodonAdmin291 + [
                gotosocial(.gotosocialAdmin), on(pleroma, .pleromaAdmin), on(misskey, .misskeyAdmin),
            ],
            .accountsEnable: mastodonAdmin291 + [on(pleroma, .pleromaAdmin)],
            .accountsUnsilence: mastodonAdmin291 + [on(pleroma, .pleromaAdmin)],
            .accountsUnsuspend: mastodonAdmin291 + [on(pleroma, .pleromaAdmin), on(misskey, .misskeyAdmin)],
            .accountsUnsensitive: [mastodon(.mastodonAdmin, since: "3.3.0"), on(pleroma, .pleromaAdmin)],
            .accountsDelete: [mastodon(.mastodonAdmin, since: "3.3.0"), on(pleroma, .pleromaAdmin)],

            .domainBlocksList: domainBlocks,
            .domainBlocksShow: domainBlocks,
            .domainBlocksAdd: domainBlocks,
            .domainBlocksUpdate: adminBlocks4 + [
                gotosocial(.gotosocialAdmin, since: "0.19.0"), on(pleroma, .pleromaAdmin), on(misskey, .misskeyAdmin),
            ],
            .domainBlocksRemove: domainBlocks,
            .domainBlocksImport: domainBlocks,
            .domainBlocksExport: domainBlocks,
            .domainBlocksSync: domainBlocks,
            .domainBlocksApply: domainBlocks,
            .domainFollows: [mastodon(.mastodonAdmin, since: "3.5.0")],

            .domainAllowsList: domainAllows,
            .domainAllowsAdd: domainAllows,
            .domainAllowsRemove: domainAllows,

            .domainSubscriptionsList: permissionTools,
            .domainSubscriptionsShow: permissionTools,
            .domainSubscriptionsAdd: permissionTools,
            .domainSubscriptionsUpdate: permissionTools,
            .domainSubscriptionsRemove: permissionTools,
            .domainSubscriptionsTest: permissionTools,
            .domainDraftsList: permissionTools,
            .domainDraftsShow: permissionTools,
            .domainDraftsAdd: permissionTools,
            .domainDraftsAccept: permissionTools,
            .domainDraftsReject: permissionTools,
            .domainBlocksSyncAsDraft: permissionTools,
            .domainExcludesList: permissionTools,
            .domainExcludesAdd: permissionTools,
            .domainExcludesRemove: permissionTools,

            .headerFiltersList: [gotosocial(.gotosocialAdmin, since: "0.16.0")],
            .headerFiltersAdd: [gotosocial(.gotosocialAdmin, since: "0.16.0")],
            .headerFiltersRemove: [gotosocial(.gotosocialAdmin, since: "0.16.0")],

            .mediaCleanup: [gotosocial(.gotosocialAdmin)],
            .mediaRefetch: [gotosocial(.gotosocialAdmin)],

            .emailBlocksList: emailBlocks,
            .emailBlocksAdd: emailBlocks,
            .emailBlocksRemove: emailBlocks,

            .ipBlocksList: adminBlocks4,
            .ipBlocksAdd: adminBlocks4,
            .ipBlocksUpdate: adminBlocks4,
            .ipBlocksRemove: adminBlocks4,

            .canonicalEmailBlocksList: adminBlocks4,
            .canonicalEmailBlocksAdd: adminBlocks4,
            .canonicalEmailBlocksRemove: adminBlocks4,
            .canonicalEmailBlocksTest: adminBlocks4,

            .filtersV2: [mastodon(.mastodonClient, since: "4.0.0"), gotosocial(.mastodonClient, since: "0.16.0")],
            .filtersV1: [
                mastodon(.mastodonClient, since: "2.4.3"), gotosocial(.mastodonClient, since: "0.15.0"),
                on(pleroma, .mastodonClient),
            ],
            .blocks: relationships,
            .mutes: relationships,
            .userDomainBlocks: [
                on([.mastodon, .pleroma, .akkoma, .pixelfed], .mastodonClient), on(misskey, .misskeyClient),
            ],
            .timelinesPublic: timelines,
            .timelinesLocal: timelines,
            .timelinesHome: timelines,
            .signup: [
                mastodon(.mastodonClient, since: "2.7.0"), on([.gotosocial, .pleroma, .akkoma], .mastodonClient),
            ],
            .appsRegister: apps,
            .appsVerify: appsVerify,
            // Mastodon.py: the admin trend lists came in 3.5.0, approve and reject in 4.2.0.
            .trendsList: [mastodon(.mastodonAdmin, since: "3.5.0")],
            .trendsApprove: [mastodon(.mastodonAdmin, since: "4.2.0")],
            .trendsReject: [mastodon(.mastodonAdmin, since: "4.2.0")],
            .instanceStats: [mastodon(.mastodonAdmin, since: "3.5.0")],
            .queueTrends: [mastodon(.mastodonAdmin, since: "3.5.0")],
            // Pleroma/Akkoma: AdminAPI.StatusController (show, update, delete); Misskey: notes/show and
            // a moderator's notes/delete. Mastodon's and GoToSocial's APIs have no moderation of one
            // post (Mastodon's account action takes no status ids): there, the post is only read.
            .statusesShow: [
                on([.mastodon, .gotosocial], .mastodonClient), on(pleroma, .pleromaAdmin), on(misskey, .misskeyAdmin),
            ],
            .statusesDelete: [on(pleroma, .pleromaAdmin), on(misskey, .misskeyAdmin)],
            .statusesSensitive: [on(pleroma, .pleromaAdmin)],
            .statusesUnsensitive: [on(pleroma, .pleromaAdmin)],
            .statusesVisibility: [on(pleroma, .pleromaAdmin)],
        ]
    }()

    /// What a software shows to logged-in users only (api-map.md: GoToSocial answers visitors 401 for its
    /// peers, domain blocks and timelines; Pixelfed for its timelines).
    public static let loginOnly: [Capability: [Flavour]] = [
        .instancePeers: [.gotosocial], .instanceBlocks: [.gotosocial],
        .timelinesPublic: [.gotosocial, .pixelfed], .timelinesLocal: [.gotosocial, .pixelfed],
    ]

    public static func needsLogin(_ capability: Capability, on server: ServerInfo) -> Bool {
        loginOnly[capability]?.contains(server.flavour) == true
    }

    /// Which API serves `capability` on `server`, or why nothing does.
    public static func availability(of capability: Capability, on server: ServerInfo) -> Availability {
        let name = server.softwareDisplayName
        // Unknown software that does not even answer /api/v1/instance has no API fedictl speaks.
        if server.flavour == .unknown, server.instanceAPI == nil {
            return .unavailable(reason: "fedictl does not know \(name)'s API")
        }
        let matching = (rules[capability] ?? []).filter { $0.flavours.contains(server.flavour) }
        guard !matching.isEmpty else { return .unavailable(reason: "\(name) has no API for it") }
        let version = server.comparableVersion
        var oldest: SoftwareVersion?
        for rule in matching {
            guard let since = rule.since, let version else { return .available(rule.family) }
            if version.isAtLeast(since) { return .available(rule.family) }
            oldest = oldest.map { min($0, since) } ?? since
        }
        return .unavailable(reason: "it needs \(name) \(Self.shortVersion(oldest!)) or newer")
    }

    /// The API family for `capability`, or the error a user sees (exit 69):
    /// "reports assign is not available on GoToSocial 0.17.3".
    public static func require(_ capability: Capability, on server: ServerInfo, host: String? = nil) throws -> APIFamily
    {
        switch availability(of: capability, on: server) {
        case .available(let family):
            return family
        case .unavailable(let reason):
            let features = "fedictl instance features" + (host.map { " " + $0 } ?? "")
            // An unknown server may only have been down (a maintenance page) when it was detected.
            let info = "fedictl instance info" + (host.map { " " + $0 } ?? "")
            let again =
                server.flavour == .unknown
                ? "; if the server was down or changed, `\(info) --refresh` detects it again" : ""
            throw FediError(
                .unavailable, "\(capability.rawValue) is not available on \(server.label)",
                hint: "\(reason); `\(features)` lists what this server can do\(again)")
        }
    }

    static func shortVersion(_ version: SoftwareVersion) -> String {
        "\(version.major).\(version.minor).\(version.patch)"
    }
}

/// One row of a server's capability matrix (`fedictl instance features`).
public struct FeatureSupport: Codable, Sendable, Equatable {
    public var capability: String
    /// The API that serves it; nil when the server cannot do it.
    public var family: APIFamily?
    public var available: Bool
    /// Why it is unavailable.
    public var note: String?

    public init(_ capability: Capability, on server: ServerInfo) {
        self.capability = capability.rawValue
        switch CapabilityTable.availability(of: capability, on: server) {
        case .available(let family):
            self.family = family
            available = true
            if CapabilityTable.needsLogin(capability, on: server) {
                note =
                    "needs a login: \(server.softwareDisplayName) shows it to logged-in users only (fedictl uses a stored login there)"
            }
        case .unavailable(let reason):
            available = false
            note = reason
        }
    }

    /// The whole matrix, in the table's order.
    public static func matrix(for server: ServerInfo) -> [FeatureSupport] {
        Capability.allCases.map { FeatureSupport($0, on: server) }
    }
}
