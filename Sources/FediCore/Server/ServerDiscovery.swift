import FoundationEssentials

/// Everything one detection run fetched, so a command that needs the documents too (instance info)
/// does not ask twice.
public struct Discovery: Sendable {
    public var server: ServerInfo
    public var nodeinfo: Fetched<NodeInfo>?
    public var instance: Fetched<InstanceInfo>?
    public var meta: Fetched<MisskeyMeta>?
    /// The status (401, 403) with which the server refused its instance API to a visitor, if it did.
    public var instanceRefusal: Int?

    /// No document answered (a maintenance page, 404 on every path): such a detection says nothing
    /// about the software, so it is never cached in place of a known one.
    public var foundNothing: Bool { nodeinfo == nil && instance == nil && meta == nil }
}

/// Finds out which software a server runs: nodeinfo first (the product's real name and version),
/// then the Mastodon instance API (its view, `api_versions`), then Misskey's meta where that family
/// is likely. Only an unreachable server is an error; anything else unknown is `.unknown`.
public struct ServerDiscovery: Sendable {
    public var client: APIClient

    /// Detection sends no token: everything it reads is public.
    public init(client: APIClient) {
        self.client = client.anonymous
    }

    public func detect(now: Date) async throws -> Discovery {
        let nodeinfo = try await client.nodeinfo()
        var named = nodeinfo.map { Flavour.named($0.value.softwareName) }
        // Upstream Misskey has no Mastodon API (its /api/* catch-all answers 404, some front-ends HTML).
        var instance: Fetched<InstanceInfo>?
        var refusal: Int?
        if named?.flavour != .misskey {
            instance = try await absentIfFailed {
                do {
                    return try await client.instanceInfo()
                } catch let error as APIError where [401, 403].contains(error.status ?? 0) {
                    refusal = error.status
                    throw error
                }
            }
        }
        let instanceVersion = instance.flatMap { $0.value.version }.map(VersionString.init)
        if named == nil, let instanceVersion {
            named = Self.classify(instanceVersion, instance: instance?.value)
        }
        var meta: Fetched<MisskeyMeta>?
        if named?.flavour.isMisskeyFamily == true || (named == nil && instance == nil) {
            meta = try await absentIfFailed { try await client.misskeyMeta() }
            if named == nil, meta != nil { named = (.misskey, nil) }
        }
        let flavour = named?.flavour ?? .unknown
        let displayVersion = instance?.value.version ?? meta?.value.version
        // The product's own version: nodeinfo's, else the product part of a "compatible" string,
        // else (Mastodon, Misskey) the version the API shows.
        var version = nodeinfo?.value.softwareVersion
        if version == nil, let instanceVersion {
            let versionIsTheProducts = instanceVersion.product != nil || flavour == .mastodon || flavour == .gotosocial
            version = versionIsTheProducts ? instanceVersion.productVersion : nil
        }
        if version == nil { version = meta?.value.version }
        var variant = named?.variant
        if flavour == .mastodon, variant == nil {
            variant = Self.mastodonVariant(version ?? displayVersion)
        }
        let softwareName =
            nodeinfo?.value.softwareName.lowercased()
            ?? instanceVersion?.product?.lowercased() ?? (flavour == .unknown ? "" : flavour.rawValue)
        let info = ServerInfo(
            flavour: flavour, variant: variant, softwareName: softwareName, version: version,
            mastodonAPIVersion: instance?.value.apiVersion, displayVersion: displayVersion,
            instanceAPI: instance?.value.apiSource, nodeinfoSchema: nodeinfo?.value.schema, detectedAt: now)
        return Discovery(server: info, nodeinfo: nodeinfo, instance: instance, meta: meta, instanceRefusal: refusal)
    }

    /// The documents that describe a server detected before, without detecting it again: its instance
    /// API where detection found one (one request on Mastodon), the Misskey family's meta (only adding
    /// registrations and limits beside an instance API, so then best effort), and nodeinfo only where
    /// there is no instance API. A document the detection promised and the server no longer has
    /// throws (`APIError.meansAbsent`): the server changed, detect it again.
    public func documents(of server: ServerInfo) async throws -> Discovery {
        var instance: Fetched<InstanceInfo>?
        var meta: Fetched<MisskeyMeta>?
        var nodeinfo: Fetched<NodeInfo>?
        if server.instanceAPI != nil { instance = try await client.instanceInfo() }
        if server.flavour.isMisskeyFamily {
            if instance == nil { meta = try await client.misskeyMeta() } else { meta = try? await client.misskeyMeta() }
        }
        if instance == nil { nodeinfo = try await client.nodeinfo() }
        return Discovery(server: server, nodeinfo: nodeinfo, instance: instance, meta: meta)
    }

    /// Without nodeinfo: the product in a "compatible" version string (TootSDK's fallback), else what the
    /// instance document itself shows (GoToSocial's source URL and configuration keys), else a
    /// Mastodon-style version means Mastodon.
    static func classify(_ version: VersionString, instance: InstanceInfo? = nil) -> (
        flavour: Flavour, variant: String?
    )? {
        if let product = version.product { return Flavour.named(product) }
        if instance?.showsGoToSocial == true { return (.gotosocial, nil) }
        guard let parsed = version.version, parsed.major >= 1 else { return nil }
        return (.mastodon, nil)
    }

    /// A Mastodon fork from the version's build metadata: `4.3.0+glitch` → glitch-soc,
    /// `4.4.0+hometown-1.2` → hometown, old Hometown's `1.0.6+3.4.1` → hometown. Only names of known
    /// forks count: build ids (`+pr-32577-ba659d5`, `+security`, a commit, `260625+Xajh.ORG`,
    /// `d82aaed2-ruby-4.0.6`) are not forks.
    public static func mastodonVariant(_ version: String?) -> String? {
        guard let parsed = version.flatMap(SoftwareVersion.init), let build = parsed.build?.lowercased() else {
            return nil
        }
        if parsed.oldHometownMastodonVersion != nil { return "hometown" }
        let tag = String(build.prefix { $0.isLetter || $0 == "_" || $0 == "-" }.split(separator: "-").first ?? "")
        let (flavour, variant) = Flavour.named(tag)
        return flavour == .mastodon ? variant : nil
    }

    /// A probe the server does not have (404, 405, 501, an HTML page) or refuses to strangers
    /// (400, 401, 403) counts as "not there". A broken answer (malformed JSON, 5xx after retries,
    /// rate limiting) is the server's trouble, not a missing API: it is reported as it is.
    private func absentIfFailed<T>(_ probe: () async throws -> T) async throws -> T? {
        do {
            return try await probe()
        } catch let error as APIError where error.meansAbsent || [400, 401, 403].contains(error.status ?? 0) {
            return nil
        }
    }
}
