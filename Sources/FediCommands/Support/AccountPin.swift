import FoundationEssentials
import FediCore
import FediOutput

/// The account a context is pinned to by the runner, and the fleet it belongs to, if any.
/// Cheap to copy: a login and two references.
public struct AccountPin: Sendable {
    public var login: Login
    /// `FEDICTL_TOKEN` is this account's token (it is on `FEDICTL_INSTANCE`'s server).
    public var usesEnvironmentToken: Bool
    /// False for an account made up from a full `user@host` for a `FEDICTL_TOKEN` run (not in the config).
    public var isStored: Bool
    /// Set when the account is one of several.
    public var fleet: Fleet?
    /// Narration held back while the runner finds out whether the account needs a confirmation
    /// (its run is then repeated, and the held lines would be said twice).
    var heldStatus: HeldLines?

    public init(login: Login, usesEnvironmentToken: Bool = false, isStored: Bool = true, fleet: Fleet? = nil) {
        self.login = login
        self.usesEnvironmentToken = usesEnvironmentToken
        self.isStored = isStored
        self.fleet = fleet
    }
}

/// What the accounts of one fan-out share.
public final class Fleet: Sendable {
    public let logins: [Login]
    public let output: FleetOutput
    /// What each account's run did, for the summary per server at the end.
    let notes = OutcomeNotes()

    init(logins: [Login], output: FleetOutput) {
        self.logins = logins
        self.output = output
    }
}

/// Thrown by `confirm` in an account of several: the runner collects the questions, asks once,
/// and runs those accounts again with the answer.
struct ConfirmationNeeded: Error {
    var question: String
}

/// Lines written later, or never.
final class HeldLines: @unchecked Sendable {
    private let lock = Lock()
    private var lines: [String] = []

    func append(_ line: String) { lock.withLock { lines.append(line) } }
    func take() -> [String] { lock.withLock { defer { lines = [] }; return lines } }
}
