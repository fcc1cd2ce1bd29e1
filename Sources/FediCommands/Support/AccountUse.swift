import FediCore

/// How a verb uses the selected accounts: what the fan-out runner needs to know about it.
///
/// Every verb runs over each selected account unless it says otherwise here: verbs that name
/// their own target (an instance, an account argument, the config) do not fan out, and with
/// `--all-accounts` the moderation verbs select only the accounts whose role can moderate.
/// Moderation verbs act on the server, so over several logins on one server they run once.
public protocol ModerationVerb: ServerScopedVerb {}

/// A verb that reads or changes the server, not the account: over several logins on one server it
/// runs once, as the login `FleetMembers` picks (the others are "same server as ..."), unless
/// `--per-account`. User-scoped verbs (filters, blocks, mutes, user-domain-blocks, reports file,
/// the home timeline, apps verify) are not: each account has its own.
public protocol ServerScopedVerb {}

/// A verb whose default selection, with no account named, is every account that can moderate.
public protocol FleetByDefault {}
extension Queue: FleetByDefault {}

extension FediCommand {
    /// False for verbs that take no account, or name their own: they run once, never per account.
    public var fansOut: Bool { true }
}

// Verbs that name their own account, instance or none at all.
extension Auth.Add { public var fansOut: Bool { false } }
extension Auth.Alias { public var fansOut: Bool { false } }
extension Auth.List { public var fansOut: Bool { false } }
extension Auth.LogIn { public var fansOut: Bool { false } }
extension Auth.Logout { public var fansOut: Bool { false } }
extension Auth.Status { public var fansOut: Bool { false } }
extension Auth.Use { public var fansOut: Bool { false } }
extension Apps.Register { public var fansOut: Bool { false } }
extension Signup { public var fansOut: Bool { false } }
extension Completion { public var fansOut: Bool { false } }
extension Timelines.Pin { public var fansOut: Bool { false } }
extension Timelines.Unpin { public var fansOut: Bool { false } }
extension Timelines.Pins { public var fansOut: Bool { false } }
/// A pin or a named server is read without a login; only the home timeline is the account's.
extension Timelines.Show { public var fansOut: Bool { timeline == nil } }
extension Instance.Activity { public var fansOut: Bool { hostArgument.host == nil } }
extension Instance.Blocks { public var fansOut: Bool { hostArgument.host == nil } }
extension Instance.Features { public var fansOut: Bool { hostArgument.host == nil } }
extension Instance.Info { public var fansOut: Bool { hostArgument.host == nil } }
extension Instance.Nodeinfo { public var fansOut: Bool { hostArgument.host == nil } }
extension Instance.Peers { public var fansOut: Bool { hostArgument.host == nil } }
extension Instance.Rules.List { public var fansOut: Bool { hostArgument.host == nil } }
/// A watch over several accounts follows each server itself (QueueWatch): lines as items arrive.
extension Queue { public var fansOut: Bool { !watch } }
/// Its sources name their own accounts (`account:NAME`) and servers.
extension DomainBlocks.Merge { public var fansOut: Bool { false } }
/// A saved plan names its own accounts, unless accounts are selected.
extension DomainBlocks.Apply { public var fansOut: Bool { selectsAccounts } }

// The server's public facts: one answer per server.
extension Instance.Activity: ServerScopedVerb {}
extension Instance.Blocks: ServerScopedVerb {}
extension Instance.Features: ServerScopedVerb {}
extension Instance.Info: ServerScopedVerb {}
extension Instance.Nodeinfo: ServerScopedVerb {}
extension Instance.Peers: ServerScopedVerb {}
extension Instance.Rules.List: ServerScopedVerb {}

// Moderation verbs: `--all-accounts` means every account that can moderate.
extension Queue: ModerationVerb {}
extension Reports.List: ModerationVerb {}
extension Reports.Show: ModerationVerb {}
extension Reports.Assign: ModerationVerb {}
extension Reports.Unassign: ModerationVerb {}
extension Reports.Resolve: ModerationVerb {}
extension Reports.Reopen: ModerationVerb {}
extension Reports.Note: ModerationVerb {}
extension Accounts.List: ModerationVerb {}
extension Accounts.Show: ModerationVerb {}
extension Accounts.Approve: ModerationVerb {}
extension Accounts.Reject: ModerationVerb {}
extension Accounts.Action: ModerationVerb {}
extension Accounts.Enable: ModerationVerb {}
extension Accounts.Unsilence: ModerationVerb {}
extension Accounts.Unsuspend: ModerationVerb {}
extension Accounts.Unsensitive: ModerationVerb {}
extension Accounts.Delete: ModerationVerb {}
extension DomainBlocks.List: ModerationVerb {}
extension DomainBlocks.Show: ModerationVerb {}
extension DomainBlocks.Add: ModerationVerb {}
extension DomainBlocks.Update: ModerationVerb {}
extension DomainBlocks.Remove: ModerationVerb {}
extension DomainBlocks.Import: ModerationVerb {}
extension DomainBlocks.Export: ModerationVerb {}
extension DomainBlocks.Sync: ModerationVerb {}
extension DomainBlocks.Apply: ModerationVerb {}
extension DomainAllows.List: ModerationVerb {}
extension DomainAllows.Add: ModerationVerb {}
extension DomainAllows.Remove: ModerationVerb {}
extension EmailBlocks.List: ModerationVerb {}
extension EmailBlocks.Add: ModerationVerb {}
extension EmailBlocks.Remove: ModerationVerb {}
extension IPBlocks.List: ModerationVerb {}
extension IPBlocks.Add: ModerationVerb {}
extension IPBlocks.Update: ModerationVerb {}
extension IPBlocks.Remove: ModerationVerb {}
extension CanonicalEmailBlocks.List: ModerationVerb {}
extension CanonicalEmailBlocks.Add: ModerationVerb {}
extension CanonicalEmailBlocks.Remove: ModerationVerb {}
extension CanonicalEmailBlocks.Test: ModerationVerb {}

// GoToSocial's own admin tools: once per server, as the login that can moderate.
extension DomainSubscriptions.List: ModerationVerb {}
extension DomainSubscriptions.Show: ModerationVerb {}
extension DomainSubscriptions.Add: ModerationVerb {}
extension DomainSubscriptions.Update: ModerationVerb {}
extension DomainSubscriptions.Remove: ModerationVerb {}
extension DomainSubscriptions.Test: ModerationVerb {}
extension DomainSubscriptions.Pull: ModerationVerb {}
extension DomainDrafts.List: ModerationVerb {}
extension DomainDrafts.Show: ModerationVerb {}
extension DomainDrafts.Add: ModerationVerb {}
extension DomainDrafts.Accept: ModerationVerb {}
extension DomainDrafts.Reject: ModerationVerb {}
extension DomainExcludes.List: ModerationVerb {}
extension DomainExcludes.Add: ModerationVerb {}
extension DomainExcludes.Remove: ModerationVerb {}
extension HeaderFilters.List: ModerationVerb {}
extension HeaderFilters.Add: ModerationVerb {}
extension HeaderFilters.Remove: ModerationVerb {}
extension Media.Cleanup: ModerationVerb {}
extension Media.Refetch: ModerationVerb {}
extension Instance.Rules.Add: ModerationVerb {}
extension Instance.Rules.Update: ModerationVerb {}
extension Instance.Rules.Remove: ModerationVerb {}
