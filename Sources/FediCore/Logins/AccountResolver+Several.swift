import FoundationEssentials

/// Which accounts a run acts as, when that is more than the usual one `--account`.
extension AccountResolver {
    /// The accounts the runner pins, in output order: several (`--account a,b`, a repeated
    /// `--account`, a group, `--all-accounts`, the same forms in `FEDICTL_ACCOUNT`), or one named
    /// through those forms. nil when the usual single-account path decides (one plain selector or
    /// none), so that path and its output stay as they are.
    /// With `moderation`, `--all-accounts` leaves out accounts whose role is known not to moderate.
    /// With `everyByDefault` (the queue), selecting nothing (and no `FEDICTL_TOKEN`) means
    /// `--all-accounts`.
    public func selectedAccounts(moderation: Bool, everyByDefault: Bool = false) throws -> [SelectedAccount]? {
        let fromFlag = AccountSelectors.split(self.selectors)
        var selectors =
            self.selectors.isEmpty
            ? AccountSelectors.split(environment["FEDICTL_ACCOUNT"].map { [$0] } ?? []) : fromFlag
        // A group made the default (`auth use GROUP`) selects its accounts when nothing else is named.
        if selectors.isEmpty, !allAccounts, environmentToken == nil, let config = try? logins.load(),
            let name = config.defaultAccount, !config.namesAccount(name), config.group(named: name) != nil
        {
            selectors = [name]
        }
        if allAccounts, !fromFlag.isEmpty {
            throw FediError(.usage, "--all-accounts and --account both select accounts", hint: "give one of them")
        }
        let every = allAccounts || (everyByDefault && selectors.isEmpty && environmentToken == nil)
        if !every {
            guard let only = selectors.first else { return nil }
            if selectors.count == 1 {
                // A group of one's own name is the only single selector the usual path cannot read.
                if environmentToken != nil, try fullIDLogin(only) != nil { return nil }
                guard let config = try? logins.load(), !config.namesAccount(only),
                    config.group(named: only) != nil
                else { return nil }
            }
        }
        let config = try logins.load()
        var chosen: [(login: Login, isStored: Bool)]
        if every {
            let all = config.allLogins
            // exit 66, saying how to log in
            guard !all.isEmpty else { return try [SelectedAccount(login: config.defaultLogin())] }
            chosen = all.filter { !moderation || $0.mayModerate != false }.map { ($0, true) }
            if chosen.isEmpty {
                throw FediError(
                    .noInput, "none of the \(all.count) accounts can moderate",
                    hint: "log in as a moderator or admin: fedictl auth login HOST --admin")
            }
        } else {
            var byID: [String: (login: Login, isStored: Bool)] = [:]
            for selector in selectors {
                // A full user@host for FEDICTL_TOKEN's server needs no stored account.
                if environmentToken != nil, let made = try fullIDLogin(selector), config.index(of: made.id) == nil,
                    try environmentInstance()?.authority == made.server.authority
                {
                    byID[made.id] = (made, false)
                    continue
                }
                for login in try config.logins(selecting: [selector]) { byID[login.id] = (login, true) }
            }
            chosen = byID.values.sorted { $0.login.id < $1.login.id }
        }
        let tokenHolder = try environmentTokenHolder(among: chosen.map(\.login))
        return chosen.map {
            SelectedAccount(login: $0.login, usesEnvironmentToken: $0.login.id == tokenHolder, isStored: $0.isStored)
        }
    }

    /// The one selected account `FEDICTL_TOKEN` is for: the one on `FEDICTL_INSTANCE`'s server. The
    /// others use their stored tokens. A token that cannot be placed is a usage error naming the variable.
    func environmentTokenHolder(among logins: [Login]) throws -> String? {
        guard environmentToken != nil else { return nil }
        if logins.count == 1, let only = logins.first {
            try checkEnvironmentToken(appliesTo: only)
            return only.id
        }
        guard let instance = try environmentInstance() else {
            throw FediError(
                .usage, "FEDICTL_TOKEN does not say which of the \(logins.count) selected accounts it is for",
                hint: "set FEDICTL_INSTANCE to the token's server, or unset FEDICTL_TOKEN to use the stored tokens")
        }
        let onServer = logins.filter { $0.server.authority == instance.authority }
        guard onServer.count <= 1 else {
            throw FediError(
                .usage,
                "FEDICTL_TOKEN is one account's token, but \(onServer.count) selected accounts are on \(instance.authority)",
                hint: "select one account on \(instance.authority), or unset FEDICTL_TOKEN to use the stored tokens")
        }
        return onServer.first?.id
    }
}
