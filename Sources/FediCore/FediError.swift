import FoundationEssentials

/// The exit statuses fedictl promises (sysexits). Scripts rely on them; never renumber.
public enum ExitStatus: Int32, Sendable, CaseIterable, Codable {
    case success = 0
    case failure = 1
    case usage = 64
    case dataError = 65
    case noInput = 66
    case unavailable = 69
    case temporary = 75
    case `protocol` = 76
    case permission = 77
    case config = 78
    /// A saved plan no longer matches the server (`domain-blocks apply`): make it again.
    case stalePlan = 79
    /// Over several servers, some done and some not (each one's outcome is named on stderr).
    case partial = 80

    /// A short name for the JSON error object (`"kind"`).
    public var name: String {
        switch self {
        case .success: "success"
        case .failure: "failure"
        case .usage: "usage"
        case .dataError: "bad_data"
        case .noInput: "not_found"
        case .unavailable: "unavailable"
        case .temporary: "temporary"
        case .protocol: "protocol"
        case .permission: "permission"
        case .config: "config"
        case .stalePlan: "stale_plan"
        case .partial: "partial"
        }
    }
}

/// The one error type a user sees: a one-line message, an optional hint, and the exit status.
/// Everything else thrown in the core is mapped to this before it reaches the terminal.
public struct FediError: Error, Equatable, Sendable, CustomStringConvertible {
    public var status: ExitStatus
    public var message: String
    public var hint: String?

    public init(_ status: ExitStatus, _ message: String, hint: String? = nil) {
        self.status = status
        self.message = message
        self.hint = hint
    }

    public var description: String { message }
}
