import FoundationEssentials

/// What a stored secret is for. The raw value is the keyring attribute `kind`.
public enum SecretKind: String, Sendable, Codable, CaseIterable {
    case accessToken = "access-token"
    case clientSecret = "client-secret"
}

/// Identifies one secret. `account` is a login id (`user@host`) for access tokens, or the
/// instance host for an app's client secret (one app registration per instance).
public struct SecretKey: Hashable, Sendable, Codable {
    public var account: String
    public var instance: String
    public var kind: SecretKind

    public init(account: String, instance: String, kind: SecretKind) {
        self.account = account
        self.instance = instance
        self.kind = kind
    }

    /// The label a person sees in Seahorse or KeePassXC.
    public var label: String {
        switch kind {
        case .accessToken: "fedictl access token for \(account)"
        case .clientSecret: "fedictl client secret for \(instance)"
        }
    }
}

public enum SecretStoreError: Error, Equatable, Sendable {
    /// No Secret Service on the session bus (no D-Bus session, no keyring daemon).
    case unavailable(String)
    /// The keyring did not answer in time (D-Bus can hang, e.g. on an unlock prompt).
    case timedOut(seconds: Double)
    /// The keyring answered with an error (refused prompt, ...).
    case failed(String)
    /// The secret is there, but in a locked collection: it can be neither read nor removed.
    case locked
}

/// Where tokens and client secrets live. Never the config file.
public protocol SecretStore: Sendable {
    /// A short name for `auth list` ("keyring", "file").
    var storageName: String { get }
    func store(_ secret: String, for key: SecretKey) async throws
    func lookup(_ key: SecretKey) async throws -> String?
    /// Removes the secret; removing one that is not there is not an error.
    func remove(_ key: SecretKey) async throws
}

extension SecretStoreError {
    /// The user-facing form: exit 77 with the ways out.
    public var fediError: FediError {
        let hint = "set FEDICTL_TOKEN for one run, or pass --insecure-storage to keep secrets in a 0600 file"
        switch self {
        case .unavailable(let why):
            return FediError(.permission, "no Secret Service keyring is reachable (\(why))", hint: hint)
        case .timedOut(let seconds):
            return FediError(
                .permission, "the keyring did not answer within \(Int(seconds)) s",
                hint: "unlock your keyring, or " + hint)
        case .failed(let why):
            return FediError(.permission, "the keyring refused: \(why)", hint: "unlock your keyring, or " + hint)
        case .locked:
            return FediError(
                .permission, "the keyring holding fedictl's secrets is locked; nothing was read or changed",
                hint:
                    "unlock it (log in to the desktop session, or unlock the \"login\" keyring in Seahorse), then run the command again"
            )
        }
    }
}
