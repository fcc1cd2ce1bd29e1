import FediCore
import FoundationEssentials

/// Whose client a door's adapter sends through.
public enum DoorCaller: Sendable {
    /// The selected account, with its token.
    case account
    /// Nobody: no token is sent.
    case visitor
    /// A visitor, or a login on the server (the target's, the selected one, else the first stored)
    /// where its software shows the capability to logged-in users only (GoToSocial's peers, domain
    /// blocks and timelines).
    case reader
    /// A login on the server wherever there is one, else a visitor (some admins show a list to users only).
    case signedInReader
    /// A client the command already has (one made once for several doors).
    case client(APIClient)
}

/// Which software a server runs, and what that lets a command do.
///
/// A command that depends on the server's software opens its area's door:
/// `try await ctx.with(.reports(.reportsShow)) { reports in … }` gives it the adapter FediCore built
/// for the API family serving the capability, renewing a stale detection once on a 404/501
/// (`ServerDetection`). Commands never see or switch on the family (ServerDifferencesTests).
extension CommandContext {
    /// The one door: runs `body` with the adapter behind `door` on `target` (default: the selected
    /// account's server), sending as `caller` (exit 69 where the server's software has none).
    public func with<Adapter, T>(
        _ door: Door<Adapter>, on target: (server: ServerAddress, login: Login?)? = nil,
        as caller: DoorCaller = .account,
        _ body: (Adapter) async throws -> T
    ) async throws -> T {
        try await with(door, on: target, as: caller) { adapter, _ in try await body(adapter) }
    }

    /// The same, giving `body` the detection the adapter was chosen on too (to name the software).
    public func with<Adapter, T>(
        _ door: Door<Adapter>, on target: (server: ServerAddress, login: Login?)? = nil,
        as caller: DoorCaller = .account,
        _ body: (Adapter, ServerInfo) async throws -> T
    ) async throws -> T {
        // The account's client first: a missing token (77) is said before the server is asked anything.
        let account: APIClient? =
            switch caller {
            case .account: try await client()
            case .client(let client): client
            case .visitor, .reader, .signedInReader: nil
            }
        let target =
            try target
            ?? {
                let login = try self.login()
                return (login.server, login)
            }()
        return try await detection(self).open(door, on: target) { info in
            if let account { return account }
            guard case .visitor = caller else {
                let always = if case .signedInReader = caller { true } else { false }
                return await readingClient(
                    door.capability, on: target.server, info: info, login: target.login, always: always)
            }
            return anonymousClient(target.server)
        } _: { adapter, info in
            try await body(adapter, info)
        }
    }

    /// What a server runs (`ServerDetection.serverInfo`): from the login's cache while fresh, else
    /// the host's, else detected; `discovery` holds the documents a detection fetched.
    public func serverInfo(_ server: ServerAddress, login: Login?, refresh: Bool = false) async throws
        -> (server: ServerInfo, discovery: Discovery?, fromCache: Bool)
    {
        try await detection(self).serverInfo(server, login: login, refresh: refresh)
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
}

/// The context's detection: its config and server cache, its clock, and its journal, which notes
/// every detection used.
private func detection(_ ctx: CommandContext) -> ServerDetection {
    let session = ctx.journalSession
    return ServerDetection(
        logins: ctx.services.logins, cache: ctx.services.serverCache, now: ctx.services.now,
        visitor: { ctx.anonymousClient($0) }, noted: { info, host in session?.noteDetection(info, for: host) })
}
