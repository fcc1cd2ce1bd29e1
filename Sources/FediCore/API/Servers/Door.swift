import FoundationEssentials

/// The one way to an area's adapter: the capability a verb needs and how the area builds its
/// adapter for the API family that serves it. Commands open a door (`ctx.with(.reports(.reportsShow))`,
/// through `ServerDetection.open`) and never see the family; the capability table and the factories'
/// exhaustive switches choose.
public struct Door<Adapter>: Sendable {
    public let capability: Capability
    /// Whether a 404/501 after a cached detection is worth detecting the server again for: not where
    /// every software the door opens on speaks one family, as a new detection could not change it.
    public let redetects: Bool
    let choose: @Sendable (ServerInfo, String) throws -> APIFamily
    let make: @Sendable (APIClient, APIFamily, ServerInfo) throws -> Adapter

    /// A door to the family the capability table gives `capability`.
    public init(
        _ capability: Capability,
        _ make:
            @escaping @Sendable (
                APIClient, APIFamily,
                ServerInfo
            ) throws -> Adapter
    ) {
        self.init(
            capability, redetects: true, choose: { try CapabilityTable.require(capability, on: $0, host: $1) }, make)
    }

    /// A door whose family `choose` picks for a server (named by a host), for an area served by more
    /// than one capability (filters: v2, else v1).
    init(
        _ capability: Capability, redetects: Bool,
        choose: @escaping @Sendable (ServerInfo, String) throws -> APIFamily,
        _ make: @escaping @Sendable (APIClient, APIFamily, ServerInfo) throws -> Adapter
    ) {
        self.capability = capability
        self.redetects = redetects
        self.choose = choose
        self.make = make
    }

    /// The family serving the capability on `server` (named `host` in messages), or exit 69:
    /// "reports assign is not available on GoToSocial 0.17.3".
    func family(on server: ServerInfo, host: String) throws -> APIFamily {
        try choose(server, host)
    }

    /// The adapter for `family` (from `family(on:host:)`), sending through `client`.
    func open(_ client: APIClient, family: APIFamily, on server: ServerInfo) throws -> Adapter {
        try make(client, family, server)
    }

    /// The adapter on `server`, or exit 69 when its software cannot serve the capability.
    func open(_ client: APIClient, on server: ServerInfo) throws -> Adapter {
        try make(client, family(on: server, host: client.server.authority), server)
    }
}

/// The client itself, for areas only one API serves (Mastodon's IP and canonical e-mail blocks,
/// GoToSocial's domain permissions, header filters, media and rule edits, the instance's public
/// lists, apps): the door checks that the server's software has it (exit 69 naming it) and the
/// client's methods for the area are that API's.
extension Door where Adapter == APIClient {
    static func only(_ capability: Capability) -> Self { Door(capability) { client, _, _ in client } }

    /// Mastodon's IP blocks (4.0+).
    public static func ipBlocks(_ capability: Capability) -> Self { only(capability) }
    /// GoToSocial's domain permission drafts, excludes and subscriptions (0.18+).
    public static func domainPermissions(_ capability: Capability) -> Self { only(capability) }
    /// GoToSocial's header filters (0.16+).
    public static func headerFilters(_ capability: Capability) -> Self { only(capability) }
    /// Mastodon's canonical e-mail blocks (4.0+).
    public static func canonicalEmailBlocks(_ capability: Capability) -> Self { only(capability) }
    /// GoToSocial's media cleanup and refetch.
    public static func media(_ capability: Capability) -> Self { only(capability) }
    /// A server's public lists through Mastodon's instance API (activity, peers, domain blocks) and
    /// GoToSocial's rule edits.
    public static func instanceLists(_ capability: Capability) -> Self { only(capability) }
    /// Registering and checking fedictl's app (Mastodon's apps API).
    public static func apps(_ capability: Capability) -> Self { only(capability) }
}

extension Door where Adapter == any ReportAdapter {
    public static func reports(_ capability: Capability) -> Self {
        Door(capability) { client, family, _ in try client.reports(family: family) }
    }
}

extension Door where Adapter == any AdminAccountAdapter {
    public static func accounts(_ capability: Capability) -> Self {
        Door(capability) { client, family, server in try client.adminAccounts(family: family, on: server) }
    }
}

extension Door where Adapter == any DomainBlockAdapter {
    public static func domainBlocks(_ capability: Capability) -> Self {
        Door(capability) { client, family, server in
            VersionedDomainBlocks(
                base: try client.domainBlocks(family: family), server: server, host: client.server.authority)
        }
    }
}

extension Door where Adapter == any DomainListAdapter<DomainAllow> {
    public static func domainAllows(_ capability: Capability) -> Self {
        Door(capability) { client, family, _ in try client.domainAllows(family: family) }
    }
}

extension Door where Adapter == any DomainListAdapter<EmailDomainBlock> {
    public static func emailDomainBlocks(_ capability: Capability) -> Self {
        Door(capability) { client, family, _ in try client.emailDomainBlocks(family: family) }
    }
}

extension Door where Adapter == any UserRelationshipsAdapter {
    public static func relationships(_ capability: Capability) -> Self {
        Door(capability) { client, family, _ in try client.userRelationships(family: family) }
    }
}

extension Door where Adapter == any FilterAdapter {
    /// The selected account's filters: v2 where the server has them, else v1; neither: exit 69,
    /// "filters are not available on Misskey 2024.11.0". Both are the Mastodon client API, so a
    /// missing filter (404) is only that: no detection again.
    public static var filters: Self {
        Door(.filtersV1, redetects: false, choose: APIClient.filtersFamily) { client, family, server in
            try client.filters(family: family, on: server)
        }
    }
}

extension ServerInfo {
    /// Whether a command for `capability` must log in on this server (some read publicly elsewhere).
    public func needsLogin(for capability: Capability) -> Bool { CapabilityTable.needsLogin(capability, on: self) }
}

extension Door where Adapter == any InstanceAdapter {
    /// The server's public description (rules) through its instance API or Misskey's meta.
    public static func instance(_ capability: Capability) -> Self {
        Door(capability) { client, family, _ in try client.instance(family: family) }
    }
}

extension Door where Adapter == TimelineReader {
    /// Timelines through the API the server speaks. The reader reads signed in where its client has
    /// a token (a login on a server that shows its local timeline to users only), and keeps the posts
    /// with media itself where the server ignores `only_media` (GoToSocial).
    public static func timelines(_ capability: Capability) -> Self {
        Door(capability) { client, family, server in
            var reader = try TimelineReader(client: client, family: family)
            reader.signedIn = client.token != nil
            reader.mediaOnlyOnClient = server.flavour == .gotosocial
            return reader
        }
    }
}

extension Door where Adapter == (any ModerationLogAdapter)? {
    /// The server's own moderation log, through the admin API serving its reports; nil where that
    /// API keeps none (Mastodon's, GoToSocial's).
    public static var moderationLog: Self {
        Door(.reportsList) { client, family, _ in client.moderationLog(family: family) }
    }
}

extension Door where Adapter == any ReportFilingAdapter {
    /// Filing a report as the signed-in user.
    public static func reportFiling(_ capability: Capability) -> Self {
        Door(capability) { client, family, _ in try client.reportFiling(family: family) }
    }
}

extension Door where Adapter == any RegistrationAdapter {
    public static func registration(_ capability: Capability) -> Self {
        Door(capability) { client, family, server in try client.registration(family: family, on: server) }
    }
}
