import FediCore
import FoundationEssentials

/// Which software a server runs, and what that lets a command do.
///
/// A command that depends on the server's software opens its area's door:
/// `try await ctx.with(.reports(.reportsShow)) { reports in … }` gives it the adapter FediCore built
/// for the API family serving the capability, renewing a stale detection once on a 404/501. Commands
/// never see or switch on the family (ServerDifferencesTests).
extension CommandContext {
    /// The one door: runs `body` with the selected account's adapter behind `door` (exit 69 where the
    /// server's software has none).
    public func with<Adapter, T>(_ door: Door<Adapter>, _ body: (Adapter) async throws -> T) async throws -> T {
        try await with(door) { adapter, _ in try await body(adapter) }
    }

    /// The same, giving `body` the detection the adapter was chosen on too (to name the software).
    public func with<Adapter, T>(_ door: Door<Adapter>, _ body: (Adapter, ServerInfo) async throws -> T) async throws
        -> T
    {
        let client = try await client()
        return try await withDetection(door) { family, server in
            try await body(try door.open(client, family: family, on: server), server)
        }
    }

    /// The API family serving `capability` on the selected account's server (detected, or from the
    /// account's cache while it is fresh). Unavailable: exit 69, "reports assign is not available on GoToSocial 0.17.3".
    public func require(_ capability: Capability) async throws -> APIFamily {
        let login = try login()
        return try await require(capability, on: (login.server, login))
    }

    /// The same for a given server and, if there is one, its stored login (whose cache is then used).
    public func require(_ capability: Capability, on target: (server: ServerAddress, login: Login?)) async throws
        -> APIFamily
    {
        let detected = try await serverInfo(target.server, login: target.login)
        return try Door.gate(capability).family(on: detected.server, host: target.server.authority)
    }

    /// Runs `body` with the family serving `capability` on `target` (default: the selected account's
    /// server). When the server answers 404, 405, 501 or a web page for what the table expected and the
    /// detection came from the cache, the server is detected again once; if that changes the family,
    /// `body` runs again with the new one, else the first error stands.
    public func withCapability<T>(
        _ capability: Capability, on target: (server: ServerAddress, login: Login?)? = nil,
        _ body: (APIFamily) async throws -> T
    ) async throws -> T {
        try await withDetection(.gate(capability), on: target) { family, _ in try await body(family) }
    }

    /// The same through `door`'s choice of family (`.gate(capability)` for the table's), giving `body`
    /// the detection the family came from too (for commands that keep it).
    public func withDetection<Adapter, T>(
        _ door: Door<Adapter>, on target: (server: ServerAddress, login: Login?)? = nil,
        _ body: (APIFamily, ServerInfo) async throws -> T
    ) async throws -> T {
        let (server, login) =
            try target
            ?? {
                let login = try self.login()
                return (login.server, login)
            }()
        let first = try await serverInfo(server, login: login)
        let family = try door.family(on: first.server, host: server.authority)
        do {
            return try await body(family, first.server)
        } catch let error as APIError where error.meansAbsent && first.fromCache && door.redetects {
            let renewed = try await serverInfo(server, login: login, refresh: true).server
            let newFamily = try door.family(on: renewed, host: server.authority)
            guard newFamily != family else { throw error }
            return try await body(newFamily, renewed)
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
        let cached = login?.serverInfo ?? services.serverCache.serverInfo(for: server.authority)
        if !refresh, let cached, cached.isFresh(at: services.now()) {
            journalSession?.noteDetection(cached, for: server.authority)
            return (cached, nil, true)
        }
        let discovery = try await ServerDiscovery(client: anonymousClient(server)).detect(now: services.now())
        if discovery.foundNothing {
            // A maintenance page or 404 everywhere: stored, it would make the server "unknown software"
            // for a day. Nothing is stored, so the next run detects again; a known detection, even a
            // stale one, stands meanwhile, unless --refresh asked what the server says now.
            if !refresh, let cached, cached.flavour != .unknown {
                journalSession?.noteDetection(cached, for: server.authority)
                return (cached, nil, true)
            }
            journalSession?.noteDetection(discovery.server, for: server.authority)
            return (discovery.server, discovery, false)
        }
        journalSession?.noteDetection(discovery.server, for: server.authority)
        if login.map({ remember(discovery.server, for: $0) }) != true {
            services.serverCache.remember(discovery.server, for: server.authority)
        }
        return (discovery.server, discovery, false)
    }

    /// The server an instance command asks: HOST when given (with the stored login for that instance,
    /// if any, so its cache is used), else the selected account's instance.
    public func instanceTarget(_ host: String?) throws -> (server: ServerAddress, login: Login?) {
        if let host {
            let server = try server(host)
            return (server, storedLogin(on: server))
        }
        do {
            let login = try login()
            return (login.server, login)
        } catch let error as FediError where error.status == .noInput {
            throw FediError(
                .usage, "no HOST given and no account selected: \(error.message)",
                hint: "name a server (e.g. fedictl instance info mastodon.social), or log in: fedictl auth login HOST")
        }
    }

    /// A stored login on `server`: the selected one if it is there, else the first. Reading the config
    /// is best effort here: a public command on a named host works without one.
    func storedLogin(on server: ServerAddress) -> Login? {
        guard let config = try? services.logins.load() else { return nil }
        let candidates = config.accounts.filter { $0.server.authority == server.authority }
        if let selected = (try? accounts.statelessLogin()) ?? (try? accounts.login(in: config)),
            let match = candidates.first(where: { $0.id == selected.id })
        {
            return match
        }
        return candidates.first
    }

    /// Stores a detection in the login's cache. A login that is not in the config (a `FEDICTL_TOKEN`
    /// run) or a config that cannot be written only loses the cache.
    /// Keeps `info` with the stored account; false when `login` is not stored.
    private func remember(_ info: ServerInfo, for login: Login) -> Bool {
        // Looked up first, so a run with no config file (FEDICTL_TOKEN alone) does not create one.
        guard (try? services.logins.load().index(of: login.id)) != nil else { return false }
        _ = try? services.logins.update { config in
            if let index = config.index(of: login.id) { config.accounts[index].serverInfo = info }
        }
        return true
    }
}
