import FoundationEssentials
import FediCore

/// Where a run's access token came from.
public enum TokenSource: String, Sendable, Codable {
    /// `FEDICTL_TOKEN`.
    case environment = "env"
    case keyring
    /// The `--insecure-storage` file.
    case file

    init(_ storage: TokenStorage) {
        switch storage {
        case .keyring: self = .keyring
        case .file: self = .file
        }
    }
}

/// The login a command acts as, with its token.
public struct Credentials: Sendable {
    public var login: Login
    public var token: String
    public var source: TokenSource
    /// False for a `FEDICTL_TOKEN` run that named its account or instance outright: nothing was read
    /// from the config or the keyring.
    public var isStored: Bool
}

extension CommandContext {
    /// The account to act as: `--account` (an id, a unique prefix of one, or an alias), else
    /// `FEDICTL_ACCOUNT`, else the config's default, else the only account there is. With
    /// `FEDICTL_TOKEN` and a full `user@host` (or `FEDICTL_INSTANCE`), the config is not read at all.
    /// Unknown or ambiguous: exit 66 naming the candidates.
    public func login() throws -> Login {
        if let pin { return pin.login }
        if let login = try statelessLogin() { return login }
        return try login(in: services.logins.load())
    }

    /// The login `--account`, `FEDICTL_ACCOUNT` or the default selects in an already loaded config.
    func login(in config: LoginConfig) throws -> Login {
        if let pin { return pin.login }
        if let selector = accountSelector {
            let selectors = AccountSelectors.split([selector])
            if selectors.count > 1 || globals.allAccounts {
                throw FediError(.usage, "this command acts on one account, but several are selected",
                                hint: "name one with --account ACCOUNT")
            }
            return try config.login(matching: selector)
        }
        if globals.allAccounts {
            throw FediError(.usage, "this command acts on one account, but --all-accounts selects every one", hint: "name one with --account ACCOUNT")
        }
        return try config.defaultLogin()
    }

    /// The selected login with its token: `FEDICTL_TOKEN`, else the keyring, else the
    /// `--insecure-storage` file (where the login's token was put there, or with the flag).
    public func credentials() async throws -> Credentials {
        if let pin {
            if pin.usesEnvironmentToken, let token = environmentToken {
                try await checkEnvironmentTokenOwner(token, for: pin.login)
                return Credentials(login: pin.login, token: token, source: .environment, isStored: pin.isStored)
            }
            let (token, source) = try await storedToken(for: pin.login)
            return Credentials(login: pin.login, token: token, source: source, isStored: true)
        }
        if let token = environmentToken {
            if let login = try statelessLogin() {
                try await checkEnvironmentTokenOwner(token, for: login)
                return Credentials(login: login, token: token, source: .environment, isStored: false)
            }
            let login = try login()
            try checkEnvironmentToken(appliesTo: login)
            try await checkEnvironmentTokenOwner(token, for: login)
            return Credentials(login: login, token: token, source: .environment, isStored: true)
        }
        let login = try login()
        let (token, source) = try await storedToken(for: login)
        return Credentials(login: login, token: token, source: source, isStored: true)
    }

    /// An authenticated client for the selected login.
    public func client() async throws -> APIClient {
        let credentials = try await credentials()
        return client(credentials)
    }

    public func client(_ credentials: Credentials) -> APIClient {
        APIClient(server: credentials.login.server, token: credentials.token, http: http)
    }

    /// What `--account`, else `FEDICTL_ACCOUNT`, names.
    var accountSelector: String? { globals.account ?? nonEmpty(environment["FEDICTL_ACCOUNT"]) }

    var environmentToken: String? { nonEmpty(environment["FEDICTL_TOKEN"]) }

    /// For `FEDICTL_TOKEN` runs: the login a full `user@host` selector or `FEDICTL_INSTANCE` names,
    /// made up without the config. nil when the selector needs the config (a prefix or an alias).
    func statelessLogin() throws -> Login? {
        guard environmentToken != nil else { return nil }
        if let selector = accountSelector {
            guard let login = try fullIDLogin(selector) else { return nil }
            try checkEnvironmentToken(appliesTo: login)
            return login
        }
        if let instance = nonEmpty(environment["FEDICTL_INSTANCE"]) {
            let server = try server(instance)
            return Login(id: server.authority, username: "", baseURL: server.baseURL.absoluteString)
        }
        return nil
    }

    /// A login made up from a full `user@host` (no config read); nil for a prefix or an alias.
    func fullIDLogin(_ selector: String) throws -> Login? {
        let bare = selector.hasPrefix("@") ? String(selector.dropFirst()) : selector
        guard !bare.contains(","), let at = bare.lastIndex(of: "@"), at != bare.startIndex, bare.index(after: at) != bare.endIndex else { return nil }
        let server = try server(String(bare[bare.index(after: at)...]))
        let username = String(bare[..<at])
        return Login(id: Login.makeID(username: username, server: server), username: username, baseURL: server.baseURL.absoluteString)
    }

    /// The server `FEDICTL_INSTANCE` names, when set.
    func environmentInstance() throws -> ServerAddress? {
        try nonEmpty(environment["FEDICTL_INSTANCE"]).map { try server($0) }
    }

    /// `FEDICTL_TOKEN` belongs to `FEDICTL_INSTANCE`'s server, or to the one account the run names; it
    /// is never sent to an account on another server, nor to the default account nobody named.
    /// A conflict is a usage error (64) that says which variable to unset.
    func checkEnvironmentToken(appliesTo login: Login) throws {
        if let instance = try environmentInstance() {
            guard instance.authority == login.server.authority else {
                throw FediError(.usage, "FEDICTL_TOKEN is for \(instance.authority) (FEDICTL_INSTANCE), but the selected account \(login.id) is on \(login.server.authority)",
                                hint: "unset FEDICTL_TOKEN and FEDICTL_INSTANCE to use \(login.id)'s stored token, or select an account on \(instance.authority)")
            }
            return
        }
        guard accountSelector != nil else {
            throw FediError(.usage, "FEDICTL_TOKEN does not say which server it is for, and no account is named",
                            hint: "set FEDICTL_INSTANCE to the token's server or name the account with --account; or unset FEDICTL_TOKEN to use \(login.id)'s stored token")
        }
    }

    /// The stored token of a login, from where it was put.
    func storedToken(for login: Login) async throws -> (String, TokenSource) {
        if login.tokenStorage == .file {
            if let token = try await insecureSecrets().lookup(login.tokenKey) { return (token, .file) }
        } else {
            do {
                if let token = try await services.secrets.lookup(login.tokenKey) { return (token, .keyring) }
            } catch is SecretStoreError where globals.insecureStorage {
                // No keyring, and the user allowed the file: look there.
            }
            if globals.insecureStorage, let token = try await insecureSecrets().lookup(login.tokenKey) { return (token, .file) }
        }
        throw FediError(.permission, "no token is stored for \(login.id)",
                        hint: "log in again: fedictl auth login \(login.server.authority)")
    }

    /// The store a secret of this kind lives in; the file store warns on stderr once per run.
    /// Under `--dry-run`, storing or removing is described instead of done (`DryRunSecretStore`).
    func secretStore(_ storage: TokenStorage) -> any SecretStore {
        let store = storage == .file ? insecureSecrets() : services.secrets
        return globals.dryRun ? DryRunSecretStore(wrapped: store, terminal: terminal) : store
    }

    /// Where new secrets go: the keyring, or the file with `--insecure-storage`.
    var storageForNewSecrets: TokenStorage { globals.insecureStorage ? .file : .keyring }

    private func insecureSecrets() -> any SecretStore {
        let store = services.insecureSecrets()
        let place = (store as? FileSecretStore).map { " (\($0.url.path))" } ?? ""
        if services.saidOnce.isFirst("insecure storage") {
            status("fedictl: warning: secrets are kept in a plain file\(place), protected only by its permissions (--insecure-storage)")
        }
        return store
    }

    private func nonEmpty(_ value: String?) -> String? {
        guard let value, !value.trimmed().isEmpty else { return nil }
        return value.trimmed()
    }
}
