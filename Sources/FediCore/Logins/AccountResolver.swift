import FoundationEssentials
import Glibc
import Synchronization

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

    public init(_ storage: TokenStorage) {
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

/// One account a run acts as when the selection names several (or a group of one).
public struct SelectedAccount: Sendable {
    public var login: Login
    /// `FEDICTL_TOKEN` is this account's token (it is on `FEDICTL_INSTANCE`'s server).
    public var usesEnvironmentToken: Bool
    /// False for an account made up from a full `user@host` for a `FEDICTL_TOKEN` run (not in the config).
    public var isStored: Bool

    public init(login: Login, usesEnvironmentToken: Bool = false, isStored: Bool = true) {
        self.login = login
        self.usesEnvironmentToken = usesEnvironmentToken
        self.isStored = isStored
    }
}

/// The accounts `FEDICTL_TOKEN` was found to belong to in this run, by login id (nil: the server
/// could not say), so a run (or a watch's every poll) asks the server once.
public final class TokenOwners: Sendable {
    private let owners = Mutex<[String: String?]>([:])

    public init() {}

    func owner(of loginID: String) -> String?? { owners.withLock { $0[loginID] } }
    func record(_ owner: String?, for loginID: String) { owners.withLock { $0[loginID] = owner } }
}

/// Keys of checks that passed in this run, so each is made once.
public final class CheckedKeys: Sendable {
    private let keys = Mutex<Set<String>>([])

    public init() {}

    public func contains(_ key: String) -> Bool { keys.withLock { $0.contains(key) } }
    public func insert(_ key: String) { _ = keys.withLock { $0.insert(key) } }
}

/// Which account a run acts as and with which token, decided in one place: the selection
/// (`--account`, `FEDICTL_ACCOUNT`, the default, groups), `FEDICTL_TOKEN` and whose it is, the
/// unattended sources, the keyring and the `--insecure-storage` file. It knows no terminal: what it
/// must tell the user goes to `warnOnce`, and every refusal is a `FediError` with its hint.
public struct AccountResolver: Sendable {
    /// `--account`, each time given (each may list several, comma-separated).
    public var selectors: [String]
    public var allAccounts: Bool
    /// `--token-file`.
    public var tokenFile: String?
    /// `--insecure-http`: a server named with `http://` is allowed.
    public var insecureHTTP: Bool
    /// `--insecure-storage`: secrets may be kept in, and are looked for in, the plain file.
    public var insecureStorage: Bool
    public var environment: [String: String]
    public var logins: any LoginStore
    public var keyring: any SecretStore
    /// Opens the plain-file secret store, when a secret lives there.
    public var fileSecrets: @Sendable () -> any SecretStore
    /// The store a secret is written to or removed from, as given (a dry run describes the change instead).
    public var forWriting: @Sendable (any SecretStore) -> any SecretStore
    /// Says a warning to the user the first time its key is given in the run.
    public var warnOnce: @Sendable (_ key: String, _ text: String) -> Void
    /// The account the runner chose for this part of the run, and whether it is one of several.
    public var pinned: SelectedAccount?
    public var oneOfSeveral: Bool
    /// A client for a server with a token, to ask whose the token is.
    public var client: @Sendable (ServerAddress, String) -> APIClient
    /// Detections by host, and a detection of the login's server when the software must be known.
    public var serverCache: any ServerInfoCache
    public var detect: @Sendable (Login) async -> Flavour?
    /// The token files and credentials whose owner the server confirmed in this run (account and path).
    public var checkedOwners: CheckedKeys
    /// Whose `FEDICTL_TOKEN` is, once asked in this run; nil asks each time.
    public var tokenOwners: TokenOwners?

    public init(
        selectors: [String] = [], allAccounts: Bool = false, tokenFile: String? = nil, insecureHTTP: Bool = false,
        insecureStorage: Bool = false, environment: [String: String], logins: any LoginStore,
        keyring: any SecretStore, fileSecrets: @escaping @Sendable () -> any SecretStore,
        forWriting: @escaping @Sendable (any SecretStore) -> any SecretStore = { $0 },
        warnOnce: @escaping @Sendable (String, String) -> Void = { _, _ in },
        pinned: SelectedAccount? = nil, oneOfSeveral: Bool = false,
        client: @escaping @Sendable (ServerAddress, String) -> APIClient,
        serverCache: any ServerInfoCache = NoServerInfoCache(),
        detect: @escaping @Sendable (Login) async -> Flavour? = { _ in nil },
        checkedOwners: CheckedKeys = CheckedKeys(), tokenOwners: TokenOwners? = nil
    ) {
        self.selectors = selectors
        self.allAccounts = allAccounts
        self.tokenFile = tokenFile
        self.insecureHTTP = insecureHTTP
        self.insecureStorage = insecureStorage
        self.environment = environment
        self.logins = logins
        self.keyring = keyring
        self.fileSecrets = fileSecrets
        self.forWriting = forWriting
        self.warnOnce = warnOnce
        self.pinned = pinned
        self.oneOfSeveral = oneOfSeveral
        self.client = client
        self.serverCache = serverCache
        self.detect = detect
        self.checkedOwners = checkedOwners
        self.tokenOwners = tokenOwners
    }

    // MARK: The selection

    /// The account to act as: `--account` (an id, a unique prefix of one, or an alias), else
    /// `FEDICTL_ACCOUNT`, else the config's default, else the only account there is. With
    /// `FEDICTL_TOKEN` and a full `user@host` (or `FEDICTL_INSTANCE`), the config is not read at all.
    /// Unknown or ambiguous: exit 66 naming the candidates.
    public func login() throws -> Login {
        if let pinned { return pinned.login }
        if let login = try statelessLogin() { return login }
        return try login(in: logins.load())
    }

    /// The login `--account`, `FEDICTL_ACCOUNT` or the default selects in an already loaded config.
    public func login(in config: LoginConfig) throws -> Login {
        if let pinned { return pinned.login }
        if let selector = accountSelector {
            let selectors = AccountSelectors.split([selector])
            if selectors.count > 1 || allAccounts {
                throw FediError(
                    .usage, "this command acts on one account, but several are selected",
                    hint: "name one with --account ACCOUNT")
            }
            return try config.login(matching: selector)
        }
        if allAccounts {
            throw FediError(
                .usage, "this command acts on one account, but --all-accounts selects every one",
                hint: "name one with --account ACCOUNT")
        }
        return try config.defaultLogin()
    }

    /// What `--account`, else `FEDICTL_ACCOUNT`, names.
    var accountSelector: String? {
        selectors.isEmpty ? nonEmpty(environment["FEDICTL_ACCOUNT"]) : selectors.joined(separator: ",")
    }

    /// A login made up from a full `user@host` (no config read); nil for a prefix or an alias.
    public func fullIDLogin(_ selector: String) throws -> Login? {
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

    private func server(_ text: String) throws -> ServerAddress {
        try ServerAddress(text, allowInsecureHTTP: insecureHTTP)
    }

    private func nonEmpty(_ value: String?) -> String? {
        guard let value, !value.trimmed().isEmpty else { return nil }
        return value.trimmed()
    }

    // MARK: The token

    /// The selected login with its token: `FEDICTL_TOKEN`, else the keyring, else the
    /// `--insecure-storage` file (where the login's token was put there, or with the flag).
    public func credentials() async throws -> Credentials {
        if let pinned {
            if pinned.usesEnvironmentToken, let token = environmentToken {
                try await checkEnvironmentTokenOwner(token, for: pinned.login)
                return Credentials(login: pinned.login, token: token, source: .environment, isStored: pinned.isStored)
            }
            let (token, source) = try await storedToken(for: pinned.login)
            return Credentials(login: pinned.login, token: token, source: source, isStored: true)
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

    /// `FEDICTL_TOKEN`, when set.
    public var environmentToken: String? { nonEmpty(environment["FEDICTL_TOKEN"]) }

    /// For `FEDICTL_TOKEN` runs: the login a full `user@host` selector or `FEDICTL_INSTANCE` names,
    /// made up without the config. nil when the selector needs the config (a prefix or an alias).
    public func statelessLogin() throws -> Login? {
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

    /// Whose `token` is (`APIClient.tokenOwner`): the software as the login's or the host cache's
    /// detection knows it; detected only where verify_credentials is absent (a FEDICTL_TOKEN run
    /// reads no stored state; the run needs the detection anyway, and keeps it by host).
    private func tokenOwner(_ token: String, on login: Login) async -> String? {
        let known = login.serverInfo ?? serverCache.serverInfo(for: login.server.authority)
        let detect = detect
        return await client(login.server, token).tokenOwner(known: known?.flavour) { await detect(login) }
    }

    /// The stored token of a login: a systemd credential or a token file first (runs without a
    /// desktop session, `UnattendedTokens`), else where it was put.
    public func storedToken(for login: Login) async throws -> (String, TokenSource) {
        let unattended = UnattendedTokens(environment: environment, tokenFile: tokenFile)
        if let (token, place) = try await unattended.token(for: login.id, oneAccount: !oneOfSeveral) {
            try await checkOwner(of: token, from: place, is: login)
            if case .credential = place { return (token, .credential) }
            return (token, .tokenFile)
        }
        if login.tokenStorage == .file {
            if let token = try await insecureSecrets().lookup(login.tokenKey) { return (token, .file) }
        } else {
            do {
                if let token = try await keyring.lookup(login.tokenKey) { return (token, .keyring) }
            } catch is SecretStoreError where insecureStorage {
                // No keyring, and the user allowed the file: look there.
            } catch SecretStoreError.unavailable(let why) {
                throw Self.noSessionError(for: login, why: why)
            }
            if insecureStorage, let token = try await insecureSecrets().lookup(login.tokenKey) {
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
        guard !login.username.isEmpty, !checkedOwners.contains(key) else { return }
        let account: CredentialAccount
        do {
            // The software's own "who am I": Misskey has no verify_credentials.
            account = try await client(login.server, token).whoAmI(flavour: login.serverInfo?.flavour)
        } catch let error as APIError where error.status == 401 || error.status == 403 {
            let host = login.server.authority
            let status = error.status!
            throw FediError(
                .permission, "\(host) does not accept the token in \(place.described) (HTTP \(status))",
                hint: "put a valid access token of \(login.id) there")
        }
        guard account.username.lowercased() == login.username.lowercased() else {
            let owner = InertText.line("\(account.username)@\(login.server.authority)")
            throw FediError(
                .permission, "\(place.described) holds the token of \(owner), not of \(login.id)",
                hint: "put \(login.id)'s token there, or select \(owner) with --account")
        }
        checkedOwners.insert(key)
    }

    // MARK: Where secrets are kept

    /// The store a secret of this kind lives in, to write or remove it; the file store warns once per run.
    public func secretStore(_ storage: TokenStorage) -> any SecretStore {
        forWriting(storage == .file ? insecureSecrets() : keyring)
    }

    /// Where new secrets go: the keyring, or the file with `--insecure-storage`.
    public var storageForNewSecrets: TokenStorage { insecureStorage ? .file : .keyring }

    private func insecureSecrets() -> any SecretStore {
        let store = fileSecrets()
        let place = (store as? FileSecretStore).map { " (\($0.url.path))" } ?? ""
        warnOnce(
            "insecure storage",
            "fedictl: warning: secrets are kept in a plain file\(place), protected only by its permissions (--insecure-storage)"
        )
        return store
    }
}
