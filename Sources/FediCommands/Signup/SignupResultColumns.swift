import FediCore
import FediOutput
import FoundationEssentials

/// Where a new account stands after `signup`.
public struct SignupState: OpenEnum {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// A moderator must approve it (and the e-mail address may need confirming first).
    public static let awaitingApproval: Self = "awaiting_approval"
    /// The link in the confirmation e-mail must be opened.
    public static let awaitingConfirmation: Self = "awaiting_confirmation"
    /// It can log in now.
    public static let ready: Self = "ready"
    public static let knownValues: [Self] = [.awaitingApproval, .awaitingConfirmation, .ready]
}

/// What `signup` reports: the new account, what it waits for, and what to do next. No token.
public struct SignupResult: Encodable, Sendable {
    public var account: String
    public var email: String
    public var state: SignupState
    public var approvalRequired: Bool
    /// Whether a confirmation e-mail was sent that must be followed.
    public var emailConfirmation: Bool
    /// The server's own words (Pleroma/Akkoma send a message with a pending answer).
    public var message: String?
    public var nextStep: String

    enum CodingKeys: String, CodingKey {
        case account, email, state, message
        case approvalRequired = "approval_required", emailConfirmation = "email_confirmation", nextStep = "next_step"
    }
}

extension SignupResult: Tabular {
    public static let columns: [Column<SignupResult>] = [
        Column("account") { .text($0.account) },
        Column("email", "e-mail") { .text($0.email) },
        Column("state") { .text($0.state.rawValue) },
        Column("approval_required", "approval") { .flag($0.approvalRequired) },
        Column("email_confirmation", "e-mail confirmation") { .flag($0.emailConfirmation) },
        Column("message", default: false) { .text($0.message) },
        Column("next_step", "next step") { .text($0.nextStep) },
    ]
}
