/// What every verb declares beside itself: how it uses the selected accounts, and whether it
/// changes anything. `FediCommand` requires it, so a verb without it does not compile; a verb that
/// writes must also say what the journal records and what undoes it (`JournaledCommand`), which a
/// test walking the command tree checks.
public struct VerbTraits: Sendable {
    public enum Accounts: Sendable {
        /// Names its own target (a login, an instance, the config) or none: runs once, never per account.
        case own
        /// Each selected account, as itself: user-side verbs (filters, blocks, mutes, the home timeline).
        case each
        /// The server's public facts: one answer per server, whichever login reads them; over several
        /// logins on one server it runs once, as the login `FleetMembers` picks, unless `--per-account`.
        case oncePerServer
        /// Acts on the server as a moderator: once per server as `oncePerServer`, and
        /// `--all-accounts` means every account that can moderate.
        case moderation
    }

    public enum Effect: Sendable {
        case reads
        /// Changes a server or the config: journaled, with an undo decision (`JournaledCommand`).
        case writes
    }

    public let accounts: Accounts
    public let effect: Effect
    /// With no account named, every account that can moderate is selected (the queue).
    public let everyAccountByDefault: Bool

    public init(_ accounts: Accounts, _ effect: Effect, everyAccountByDefault: Bool = false) {
        self.accounts = accounts
        self.effect = effect
        self.everyAccountByDefault = everyAccountByDefault
    }

    /// Over several logins on one server the verb runs once.
    var runsOncePerServer: Bool { accounts == .oncePerServer || accounts == .moderation }
}

extension FediCommand {
    /// False for verbs that take no account, or name their own: they run once, never per account.
    /// A verb whose arguments decide (a named instance, a pin) says so beside itself.
    public var fansOut: Bool { Self.traits.accounts != .own }
}
