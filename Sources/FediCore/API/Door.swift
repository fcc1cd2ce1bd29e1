import FoundationEssentials

/// The one way to an area's adapter: the capability a verb needs and how the area builds its
/// adapter for the API family that serves it. Commands open a door (`ctx.with(.reports(.reportsShow))`)
/// and never see the family; the capability table and the factories' exhaustive switches choose.
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
    public func family(on server: ServerInfo, host: String) throws -> APIFamily {
        try choose(server, host)
    }

    /// The adapter for `family` (from `family(on:host:)`), sending through `client`.
    public func open(_ client: APIClient, family: APIFamily, on server: ServerInfo) throws -> Adapter {
        try make(client, family, server)
    }

    /// The adapter on `server`, or exit 69 when its software cannot serve the capability.
    public func open(_ client: APIClient, on server: ServerInfo) throws -> Adapter {
        try make(client, family(on: server, host: client.server.authority), server)
    }

    /// Whether `server`'s software serves the capability at all (no request is sent).
    public func isOpen(on server: ServerInfo) -> Bool {
        (try? choose(server, "")) != nil
    }
}

/// A door to no adapter: for verbs whose one API needs only the check that the server offers it.
extension Door where Adapter == APIFamily {
    public static func gate(_ capability: Capability) -> Self { Door(capability) { _, family, _ in family } }
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
        Door(capability) { client, family, _ in try client.domainBlocks(family: family) }
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

extension Door where Adapter == any RegistrationAdapter {
    public static func registration(_ capability: Capability) -> Self {
        Door(capability) { client, family, server in try client.registration(family: family, on: server) }
    }
}
