import FediCore
import FediOutput
import FoundationEssentials
import Glibc

/// Where a run's access token came from.
public enum TokenSource: String, Sendable, Codable {
    /// `FEDICTL_TOKEN`.
    case environment = "env"
    case keyring
    /// The `--insecure-storage` file.
    case file
    /// A systemd credential (`$CREDENTIALS_DIRECTORY/fedictl-<account>`).
    case credential
    /// `--token-file` / `FEDICTL_TOKEN_FILE`.
    case tokenFile = "token-file"

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
        if let pin = fleetMember { return pin.login }
        if let login = try statelessLogin() { return login }
        return try login(in: services.logins.load())
    }

    /// The login `--account`, `FEDICTL_ACCOUNT` or the default selects in an already loaded config.
    func login(in config: LoginConfig) throws -> Login {
        if let pin = fleetMember { return pin.login }
        if let selector = accountSelector {
            let selectors = AccountSelectors.split([selector])
            if selectors.count > 1 || globals.allAccounts {
                throw FediError(
                    .usage, "this command acts on one account, but several are selected",
                    hint: "name one with --account ACCOUNT")
            }
            return try config.login(matching: selector)
        }
        if globals.allAccounts {
            throw FediError(
                .usage, "this command acts on one account, but --all-accounts selects every one",
                hint: "name one with --account ACCOUNT")
        }
        return try config.defaultLogin()
    }

    /// The selected login with its token: `FEDICTL_TOKEN`, else the keyring, else the
    /// `--insecure-storage` file (where the login's token was put there, or with the flag).
    public func credentials() async throws -> Credentials {
        if let pin = fleetMember {
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
    private var accountSelector: String? { globals.account ?? nonEmpty(environment["FEDICTL_ACCOUNT"]) }

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
        guard !bare.contains(","), let at = bare.lastIndex(of: "@"), at != bare.startIndex,
            bare.index(after: at) != bare.endIndex
        else { return nil }
        let server = try server(String(bare[bare.index(after: at)...]))
        let username = String(bare[..<at])
        return Login(
            id: Login.makeID(username: username, server: server), username: username,
            baseURL: server.baseURL.absoluteString)
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
                throw FediError(
                    .usage,
                    "FEDICTL_TOKEN is for \(instance.authority) (FEDICTL_INSTANCE), but the selected account \(login.id) is on \(login.server.authority)",
                    hint:
                        "unset FEDICTL_TOKEN and FEDICTL_INSTANCE to use \(login.id)'s stored token, or select an account on \(instance.authority)"
                )
            }
            return
        }
        guard accountSelector != nil else {
            throw FediError(
                .usage, "FEDICTL_TOKEN does not say which server it is for, and no account is named",
                hint:
                    "set FEDICTL_INSTANCE to the token's server or name the account with --account; or unset FEDICTL_TOKEN to use \(login.id)'s stored token"
            )
        }
    }

    /// The stored token of a login: a systemd credential or a token file first (runs without a
    /// desktop session, `UnattendedTokens`), else where it was put.
    func storedToken(for login: Login) async throws -> (String, TokenSource) {
        let unattended = UnattendedTokens(environment: environment, tokenFile: globals.tokenFile)
        if let (token, place) = try await unattended.token(for: login.id, oneAccount: fleetMember?.fleet == nil) {
            try await checkOwner(of: token, from: place, is: login)
            if case .credential = place { return (token, .credential) }
            return (token, .tokenFile)
        }
        if login.tokenStorage == .file {
            if let token = try await insecureSecrets().lookup(login.tokenKey) { return (token, .file) }
        } else {
            do {
                if let token = try await services.secrets.lookup(login.tokenKey) { return (token, .keyring) }
            } catch is SecretStoreError where globals.insecureStorage {
                // No keyring, and the user allowed the file: look there.
            } catch SecretStoreError.unavailable(let why) {
                throw Self.noSessionError(for: login, why: why)
            }
            if globals.insecureStorage, let token = try await insecureSecrets().lookup(login.tokenKey) {
                return (token, .file)
            }
        }
        throw FediError(
            .permission, "no token is stored for \(login.id)",
            hint: "log in again: fedictl auth login \(login.server.authority)")
    }

    /// No keyring and no unattended source: exit 77 naming every way a run without a desktop
    /// session can get the token, in the order an admin would set them up.
    private static func noSessionError(for login: Login, why: String) -> FediError {
        let name = UnattendedTokens.credentialName(for: login.id)
        let message = "no token for \(login.id): no Secret Service keyring is reachable (\(why))"
        return FediError(
            .permission, message,
            hint: """
                give the token by one of: a systemd credential \(name) \
                (LoadCredential=, read from $CREDENTIALS_DIRECTORY); \
                --token-file PATH or FEDICTL_TOKEN_FILE (a 0600 file, or a directory with a file named \(login.id)); \
                the user's keyring over /run/user/\(geteuid())/bus (loginctl enable-linger); FEDICTL_TOKEN for one run
                """)
    }

    /// A token from a file is sent only once its server says whose it is: the named account's,
    /// or exit 77 naming both (a file copied to the wrong name must not act as someone else).
    /// Checked once per run for each account and place.
    private func checkOwner(of token: String, from place: UnattendedTokens.Place, is login: Login) async throws {
        let key = "\(login.id) \(place.path)"
        guard !login.username.isEmpty, !services.checkedTokenOwners.contains(key) else { return }
        let account: CredentialAccount
        do {
            // The software's own "who am I": Misskey has no verify_credentials.
            account = try await APIClient(server: login.server, token: token, http: http)
                .whoAmI(flavour: login.serverInfo?.flavour)
        } catch let error as APIError where error.status == 401 || error.status == 403 {
            let host = login.server.authority
            let status = error.status!
            throw FediError(
                .permission, "\(host) does not accept the token in \(place.described) (HTTP \(status))",
                hint: "put a valid access token of \(login.id) there")
        }
        guard account.username.lowercased() == login.username.lowercased() else {
            let owner = Renderer.inert("\(account.username)@\(login.server.authority)")
            throw FediError(
                .permission, "\(place.described) holds the token of \(owner), not of \(login.id)",
                hint: "put \(login.id)'s token there, or select \(owner) with --account")
        }
        services.checkedTokenOwners.insert(key)
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
            status(
                "fedictl: warning: secrets are kept in a plain file\(place), protected only by its permissions (--insecure-storage)"
            )
        }
        return store
    }

    private func nonEmpty(_ value: String?) -> String? {
        guard let value, !value.trimmed().isEmpty else { return nil }
        return value.trimmed()
    }
}

extension CommandContext {
    /// A client for `server` with a token that is not stored (yet).
    func client(_ server: ServerAddress, token: String) -> APIClient {
        APIClient(server: server, token: token, http: http)
    }
}
