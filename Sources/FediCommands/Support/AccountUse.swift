import FediCore

/// How a verb uses the selected accounts: what the fan-out runner needs to know about it.
///
/// Every verb runs over each selected account unless it says otherwise here: verbs that name
/// their own target (an instance, an account argument, the config) do not fan out, and with
/// `--all-accounts` the moderation verbs select only the accounts whose role can moderate.
public protocol ModerationVerb {}

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
/// Its sources name their own accounts (`account:NAME`) and servers.
extension DomainBlocks.Merge { public var fansOut: Bool { false } }
/// A saved plan names its own accounts, unless accounts are selected.
extension DomainBlocks.Apply { public var fansOut: Bool { selectsAccounts } }

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
