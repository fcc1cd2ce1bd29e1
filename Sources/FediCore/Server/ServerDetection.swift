import FoundationEssentials

/// What a server runs, and the one way through a door to its software's adapter.
///
/// A detection is read from the stored login's cache (else the host's entry in the server cache)
/// while it is fresh, and detected and stored otherwise. When a door's adapter meets a 404, 405, 501
/// or a web page where the capability table expected an API, and the detection came from a cache,
/// the server is detected again once; if that changes the family, the work runs again through the
/// new one, else the first error stands. The command context holds one of these; commands never
/// see a family.
public struct ServerDetection: Sendable {
    let logins: any LoginStore
    let cache: any ServerInfoCache
    let now: @Sendable () -> Date
    /// A client that sends no token, for detection.
    let visitor: @Sendable (ServerAddress) -> APIClient
    /// Told of every detection used, with the host it is for (the journal keeps them).
    let noted: @Sendable (ServerInfo, String) -> Void

    public init(
        logins: any LoginStore, cache: any ServerInfoCache, now: @escaping @Sendable () -> Date,
        visitor: @escaping @Sendable (ServerAddress) -> APIClient,
        noted: @escaping @Sendable (ServerInfo, String) -> Void
    ) {
        self.logins = logins
        self.cache = cache
        self.now = now
        self.visitor = visitor
        self.noted = noted
    }

    /// Runs `body` with `door`'s adapter on `target`, sending through the client `client` makes
    /// for the detection the adapter was chosen on (exit 69 where the software has no such adapter).
    public func open<Adapter, T>(
        _ door: Door<Adapter>, on target: (server: ServerAddress, login: Login?),
        client: (ServerInfo) async throws -> APIClient,
        _ body: (Adapter, ServerInfo) async throws -> T
    ) async throws -> T {
        let (server, login) = target
        let first = try await serverInfo(server, login: login)
        let family = try door.family(on: first.server, host: server.authority)
        do {
            return try await body(
                try door.open(try await client(first.server), family: family, on: first.server), first.server)
        } catch let error as APIError where error.meansAbsent && first.fromCache && door.redetects {
            let renewed = try await serverInfo(server, login: login, refresh: true).server
            let newFamily = try door.family(on: renewed, host: server.authority)
            guard newFamily != family else { throw error }
            return try await body(try door.open(try await client(renewed), family: newFamily, on: renewed), renewed)
        }
    }

    /// What a server runs. With a stored `login` for it, the login's cached detection is used while it is
    /// fresh (`ServerInfo.defaultTimeToLive`) and a new one is stored there; without one, the host's
    /// entry in the server cache is. `refresh` always detects again. `discovery` is set when detection
    /// ran, so callers can reuse the documents it fetched. A detection that found nothing is not stored.
    public func serverInfo(_ server: ServerAddress, login: Login?, refresh: Bool = false) async throws
        -> (server: ServerInfo, discovery: Discovery?, fromCache: Bool)
    {
        // An account made up for a FEDICTL_TOKEN run is not in the config: its server is cached by
        // host, as for a server with no account, so a watch does not detect it again every poll.
        let cached = login?.serverInfo ?? cache.serverInfo(for: server.authority)
        if !refresh, let cached, cached.isFresh(at: now()) {
            noted(cached, server.authority)
            return (cached, nil, true)
        }
        let discovery = try await ServerDiscovery(client: visitor(server)).detect(now: now())
        if discovery.foundNothing {
            // A maintenance page or 404 everywhere: stored, it would make the server "unknown software"
            // for a day. Nothing is stored, so the next run detects again; a known detection, even a
            // stale one, stands meanwhile, unless --refresh asked what the server says now.
            if !refresh, let cached, cached.flavour != .unknown {
                noted(cached, server.authority)
                return (cached, nil, true)
            }
            noted(discovery.server, server.authority)
            return (discovery.server, discovery, false)
        }
        noted(discovery.server, server.authority)
        if login.map({ remember(discovery.server, for: $0) }) != true {
            cache.remember(discovery.server, for: server.authority)
        }
        return (discovery.server, discovery, false)
    }

    /// Keeps `info` with the stored account; false when `login` is not stored (a `FEDICTL_TOKEN`
    /// run). A config that cannot be written only loses the cache.
    private func remember(_ info: ServerInfo, for login: Login) -> Bool {
        // Looked up first, so a run with no config file (FEDICTL_TOKEN alone) does not create one.
        guard (try? logins.load().index(of: login.id)) != nil else { return false }
        _ = try? logins.update { config in
            if let index = config.index(of: login.id) { config.accounts[index].serverInfo = info }
        }
        return true
    }
}

extension ServerInfo {
    /// Whether this server's software serves `capability` at all (no request is sent).
    public func offers(_ capability: Capability) -> Bool { (try? CapabilityTable.require(capability, on: self)) != nil }

    /// Why this server (named `host`) cannot serve `capability`, in the capability table's words
    /// ("reports assign is not available on GoToSocial 0.17.3", exit 69); nil where it can.
    public func refusal(of capability: Capability, host: String) -> FediError? {
        do {
            _ = try CapabilityTable.require(capability, on: self, host: host)
            return nil
        } catch {
            return error as? FediError
        }
    }
}
