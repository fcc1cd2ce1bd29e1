import FoundationEssentials
import Glibc

/// Tokens for runs without a desktop session (cron, systemd units), looked for before the keyring:
/// a systemd credential (`$CREDENTIALS_DIRECTORY/fedictl-<account>`, from `LoadCredential=` or
/// `LoadCredentialEncrypted=`), then `--token-file` / `FEDICTL_TOKEN_FILE` (a file holding one
/// account's token, or a directory with a file per account, named by the account's id).
///
/// A token file is refused unless it is a regular file owned by the user and readable by nobody
/// else (0600 or 0400): anything looser means someone else may have read or planted it. The
/// credentials directory is systemd's, private to the unit, so only its type is checked. Nothing
/// read here is ever put in a message.
public struct UnattendedTokens: Sendable {
    /// Where a token was found.
    public enum Place: Sendable, Equatable {
        case credential(path: String)
        case tokenFile(path: String)

        public var path: String {
            switch self {
            case .credential(let path), .tokenFile(let path): path
            }
        }

        /// How a person names it: "the systemd credential /run/...", "the token file /etc/...".
        public var described: String {
            switch self {
            case .credential(let path): "the systemd credential \(path)"
            case .tokenFile(let path): "the token file \(path)"
            }
        }
    }

    /// `$CREDENTIALS_DIRECTORY`, set by systemd for a unit that loads credentials.
    public var credentialsDirectory: String?
    /// `--token-file`, else `FEDICTL_TOKEN_FILE`.
    public var tokenFile: String?
    /// The user a token file must belong to (the effective uid).
    public var uid: uid_t

    /// A token is a line of printable text; more than this is not a token.
    static let maxTokenBytes = 8192

    public init(environment: [String: String], tokenFile: String?, uid: uid_t = geteuid()) {
        credentialsDirectory = environment["CREDENTIALS_DIRECTORY"].flatMap { $0.isEmpty ? nil : $0 }
        self.tokenFile = (tokenFile ?? environment["FEDICTL_TOKEN_FILE"]).flatMap { $0.isEmpty ? nil : $0 }
        self.uid = uid
    }

    /// The credential's name for an account: `fedictl-alice@example.social`.
    public static func credentialName(for account: String) -> String { "fedictl-" + account }

    /// The token for `account`, and where it was, or nil when no unattended source has one.
    /// `oneAccount` is false when several accounts are selected: a single token file, which holds
    /// one account's token, is then refused rather than sent to every server.
    public func token(for account: String, oneAccount: Bool) async throws -> (token: String, place: Place)? {
        let credentialsDirectory = credentialsDirectory
        let tokenFile = tokenFile
        let uid = uid
        return try await onOwnThread {
            if let directory = credentialsDirectory {
                let path = directory + "/" + Self.credentialName(for: account)
                if let token = try Self.read(path, uid: nil, missingIsError: false) {
                    return (token, .credential(path: path))
                }
            }
            guard let tokenFile else { return nil }
            if Self.isDirectory(tokenFile) {
                let path = tokenFile + "/" + account
                return try Self.read(path, uid: uid, missingIsError: false).map { ($0, .tokenFile(path: path)) }
            }
            guard oneAccount else {
                let message = "the token file \(tokenFile) holds one account's token, but several accounts are selected"
                throw FediError(
                    .usage, message, hint: "point --token-file or FEDICTL_TOKEN_FILE at a directory of them")
            }
            return try Self.read(tokenFile, uid: uid, missingIsError: true).map { ($0, .tokenFile(path: tokenFile)) }
        }
    }

    static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// Reads one token. `uid` set: the file must belong to that user with no group or other bits.
    /// Opened without following a FIFO's wait (O_NONBLOCK) and checked on the open descriptor, so
    /// what is checked is what is read.
    static func read(_ path: String, uid: uid_t?, missingIsError: Bool) throws -> String? {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        if descriptor < 0 {
            let code = errno
            if code == ENOENT, !missingIsError { return nil }
            if code == ENOENT {
                throw FediError(.noInput, "no token file at \(path)", hint: "check --token-file or FEDICTL_TOKEN_FILE")
            }
            throw FediError(
                .permission, "cannot read \(path): \(String(cString: strerror(code)))",
                hint: "the token must be readable by the user fedictl runs as")
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            throw FediError(.noInput, "\(path) is not a regular file", hint: "put the token alone in a regular file")
        }
        if let uid {
            guard info.st_uid == uid else {
                throw FediError(
                    .permission,
                    "refusing the token file \(path): it belongs to uid \(info.st_uid), not to uid \(uid)",
                    hint: "chown it to the user fedictl runs as, then chmod 600 \(path)")
            }
            let mode = info.st_mode & 0o777
            guard mode & 0o077 == 0 else {
                let octal = String(mode, radix: 8)
                throw FediError(
                    .permission, "refusing the token file \(path): its mode is \(octal), readable by others",
                    hint: "chmod 600 \(path) (and get a new token if others could read it)")
            }
        }
        var bytes = [UInt8](repeating: 0, count: maxTokenBytes + 1)
        var count = 0
        while count < bytes.count {
            let got = bytes.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress! + count, $0.count - count) }
            if got < 0, errno == EINTR { continue }
            if got <= 0 { break }
            count += got
        }
        guard count <= maxTokenBytes else {
            throw FediError(
                .dataError, "\(path) is too large to be a token",
                hint: "put the access token alone in the file")
        }
        let token = String(decoding: bytes[..<count], as: UTF8.self).trimmed()
        guard !token.isEmpty else {
            throw FediError(.dataError, "\(path) is empty", hint: "put the account's access token in it")
        }
        // A token goes into an Authorization header: one printable line, nothing else.
        guard token.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7f }) else {
            throw FediError(
                .dataError,
                "\(path) does not hold a token alone (it has spaces, several lines or control characters)",
                hint: "put the access token alone in the file")
        }
        return token
    }
}
