import FediCore
import FoundationEssentials
import Synchronization

/// The accounts `FEDICTL_TOKEN` was found to belong to in this run, by login id (nil: the server
/// could not say), so a run (or a watch's every poll) asks the server once.
final class TokenOwners: Sendable {
    private let owners = Mutex<[String: String?]>([:])

    func owner(of loginID: String) -> String?? { owners.withLock { $0[loginID] } }
    func record(_ owner: String?, for loginID: String) { owners.withLock { $0[loginID] = owner } }
}

extension CommandContext {
    /// `FEDICTL_TOKEN` standing in for a named account must be that account's: the server says
    /// whose it is, by its software's own "who am I" (`whoAmI`: `POST /api/i` on the Misskey
    /// family, which has no verify_credentials). Another account's token would act, and be
    /// journaled, as the wrong moderator: exit 77 naming both. A login made up from
    /// `FEDICTL_INSTANCE` alone names no account, so there is nothing to compare. Where the server
    /// cannot say (a refused token), nothing is compared: the request itself then succeeds or
    /// fails on its own.
    func checkEnvironmentTokenOwner(_ token: String, for login: Login) async throws {
        guard !login.username.isEmpty else { return }
        let owner: String?
        if let known = tokenOwners?.owner(of: login.id) {
            owner = known
        } else {
            owner = await tokenOwner(token, on: login)
            tokenOwners?.record(owner, for: login.id)
        }
        guard let owner, owner.lowercased() != login.username.lowercased() else { return }
        let ownerID = Login.makeID(username: owner, server: login.server)
        throw FediError(
            .permission, "FEDICTL_TOKEN is \(ownerID)'s token, not the selected account \(login.id)'s",
            hint: "select \(ownerID) with --account, or unset FEDICTL_TOKEN to use \(login.id)'s stored token")
    }

    /// Whose `token` is (Core's `tokenOwner`): the software as the login's or the host cache's
    /// detection knows it; detected only where verify_credentials is absent (a FEDICTL_TOKEN run
    /// reads no stored state; the run needs the detection anyway, and keeps it by host).
    private func tokenOwner(_ token: String, on login: Login) async -> String? {
        let known = login.serverInfo ?? services.serverCache.serverInfo(for: login.server.authority)
        return await APIClient(server: login.server, token: token, http: http).tokenOwner(known: known?.flavour) {
            try? await self.serverInfo(login.server, login: login).server.flavour
        }
    }
}
