import FediCore

// What each write verb tells the journal: its target, what it changes to, and the command that
// undoes it. Kept in one table, so the undo of every verb can be read (and reviewed) together.

extension DomainBlocks.Add: JournaledCommand {
    /// With - (domains on stdin), each entry names the domain its request sends.
    public var journalTarget: String? { domain == "-" ? nil : domain }
    public var journalAfter: String? { settings.severity.map { "severity: \($0.rawValue)" } ?? "blocked" }
    public func undoArguments(target: String?, createdID: String?) -> [String]? {
        guard domain == "-" else { return ["domain-blocks", "remove", domain] }
        return target.map { ["domain-blocks", "remove", $0] }
    }
}

extension DomainBlocks.Import: JournaledCommand {
    // One entry per domain sent; the target comes from each request.
    public func undoArguments(target: String?, createdID: String?) -> [String]? {
        target.map { ["domain-blocks", "remove", $0] }
    }
}

extension DomainBlocks.Update: JournaledCommand {
    public var journalTarget: String? { target }
    public var journalAfter: String? { settings.severity.map { "severity: \($0.rawValue)" } }
}

extension DomainBlocks.Remove: JournaledCommand {
    public var journalTarget: String? { target }
    public var journalAfter: String? { "unblocked" }
    public func undoArguments(target: String?, createdID: String?) -> [String]? {
        // Only a domain can be blocked again; an id names a block that no longer exists.
        self.target.contains(".") ? ["domain-blocks", "add", self.target] : nil
    }
}

extension DomainAllows.Add: JournaledCommand {
    public var journalTarget: String? { domain }
    public func undoArguments(target: String?, createdID: String?) -> [String]? { ["domain-allows", "remove", domain] }
}

extension DomainAllows.Remove: JournaledCommand {
    public var journalTarget: String? { target }
}

extension EmailBlocks.Add: JournaledCommand {
    public var journalTarget: String? { domain }
    public func undoArguments(target: String?, createdID: String?) -> [String]? { ["email-blocks", "remove", domain] }
}

extension EmailBlocks.Remove: JournaledCommand {
    public var journalTarget: String? { target }
}

extension IPBlocks.Add: JournaledCommand {
    public var journalTarget: String? { ip }
    public func undoArguments(target: String?, createdID: String?) -> [String]? { createdID.map { ["ip-blocks", "remove", $0] } }
}

extension IPBlocks.Update: JournaledCommand {
    public var journalTarget: String? { id }
}

extension IPBlocks.Remove: JournaledCommand {
    public var journalTarget: String? { id }
}

extension CanonicalEmailBlocks.Add: JournaledCommand {
    public var journalTarget: String? { email ?? hash }
    public func undoArguments(target: String?, createdID: String?) -> [String]? {
        createdID.map { ["canonical-email-blocks", "remove", $0] }
    }
}

extension CanonicalEmailBlocks.Remove: JournaledCommand {
    public var journalTarget: String? { id }
}

extension Accounts.Action: JournaledCommand {
    /// Over a selector each entry names the account its request acts on.
    public var journalTarget: String? { SelectionWrite.isBulk(account) ? nil : account }
    public var journalAfter: String? { kind == .none ? "warned" : kind.rawValue }
    public func undoArguments(target: String?, createdID: String?) -> [String]? {
        let undo: [AccountAction.Kind: String] = [.sensitive: "unsensitive", .disable: "enable", .silence: "unsilence", .suspend: "unsuspend"]
        guard let account, !SelectionWrite.isBulk(account) else { return nil }
        return undo[kind].map { ["accounts", $0, account] }
    }
}

extension Accounts.Unsuspend: JournaledCommand {
    public var journalTarget: String? { target.account }
    public var journalBefore: String? { "suspended" }
    public var journalAfter: String? { "unsuspended" }
    public func undoArguments(target: String?, createdID: String?) -> [String]? {
        ["accounts", "action", self.target.account, "--type", "suspend"]
    }
}

extension Accounts.Unsilence: JournaledCommand {
    public var journalTarget: String? { target.account }
    public var journalBefore: String? { "silenced" }
    public var journalAfter: String? { "unsilenced" }
    public func undoArguments(target: String?, createdID: String?) -> [String]? {
        ["accounts", "action", self.target.account, "--type", "silence"]
    }
}

extension Accounts.Unsensitive: JournaledCommand {
    public var journalTarget: String? { target.account }
    public func undoArguments(target: String?, createdID: String?) -> [String]? {
        ["accounts", "action", self.target.account, "--type", "sensitive"]
    }
}

extension Accounts.Enable: JournaledCommand {
    public var journalTarget: String? { target.account }
    public var journalBefore: String? { "disabled" }
    public var journalAfter: String? { "enabled" }
    public func undoArguments(target: String?, createdID: String?) -> [String]? {
        ["accounts", "action", self.target.account, "--type", "disable"]
    }
}

extension Accounts.Approve: JournaledCommand {
    /// Over a selector each entry names the account its request acts on.
    public var journalTarget: String? { account == "-" ? nil : account }
    public var journalAfter: String? { "approved" }
}

extension Accounts.Reject: JournaledCommand {
    public var journalTarget: String? { account == "-" ? nil : account }
    public var journalAfter: String? { "rejected" }
}

extension Accounts.Delete: JournaledCommand {
    public var journalTarget: String? { target.account }
    public var journalAfter: String? { "deleted" }
}

extension Reports.Resolve: JournaledCommand {
    /// With --target, every entry names the account; its reports are in each entry's request. Over a
    /// selector each entry names its report or account.
    public var journalTarget: String? { id == "-" ? nil : id ?? target }
    public var journalBefore: String? { "open" }
    public var journalAfter: String? { action.map { "\($0.rawValue), resolved" } ?? "resolved" }
    public func undoArguments(target: String?, createdID: String?) -> [String]? {
        id.flatMap { $0 == "-" ? nil : ["reports", "reopen", $0] }
    }
}

extension Reports.Reopen: JournaledCommand {
    public var journalTarget: String? { id }
    public var journalBefore: String? { "resolved" }
    public var journalAfter: String? { "open" }
    public func undoArguments(target: String?, createdID: String?) -> [String]? { ["reports", "resolve", id] }
}

extension Reports.Assign: JournaledCommand {
    public var journalTarget: String? { id }
    public func undoArguments(target: String?, createdID: String?) -> [String]? { ["reports", "unassign", id] }
}

extension Reports.Unassign: JournaledCommand {
    public var journalTarget: String? { id }
    public func undoArguments(target: String?, createdID: String?) -> [String]? { ["reports", "assign", id] }
}

extension Reports.Note: JournaledCommand {
    public var journalTarget: String? { id }
}

extension Reports.File: JournaledCommand {
    public var journalTarget: String? { account }
}

extension Filters.Create: JournaledCommand {
    public var journalTarget: String? { title }
    public func undoArguments(target: String?, createdID: String?) -> [String]? { createdID.map { ["filters", "delete", $0] } }
}

extension Filters.Update: JournaledCommand {
    public var journalTarget: String? { target.filter }
}

extension Filters.Delete: JournaledCommand {
    public var journalTarget: String? { target.filter }
}

extension Blocks.Add: JournaledCommand {
    public var journalTarget: String? { target.account }
    public func undoArguments(target: String?, createdID: String?) -> [String]? { ["blocks", "remove", self.target.account] }
}

extension Blocks.Remove: JournaledCommand {
    public var journalTarget: String? { target.account }
    public func undoArguments(target: String?, createdID: String?) -> [String]? { ["blocks", "add", self.target.account] }
}

extension Mutes.Add: JournaledCommand {
    public var journalTarget: String? { target.account }
    public func undoArguments(target: String?, createdID: String?) -> [String]? { ["mutes", "remove", self.target.account] }
}

extension Mutes.Remove: JournaledCommand {
    public var journalTarget: String? { target.account }
    public func undoArguments(target: String?, createdID: String?) -> [String]? { ["mutes", "add", self.target.account] }
}

extension UserDomainBlocks.Add: JournaledCommand {
    public var journalTarget: String? { target.domain }
    public func undoArguments(target: String?, createdID: String?) -> [String]? { ["user-domain-blocks", "remove", self.target.domain] }
}

extension UserDomainBlocks.Remove: JournaledCommand {
    public var journalTarget: String? { target.domain }
    public func undoArguments(target: String?, createdID: String?) -> [String]? { ["user-domain-blocks", "add", self.target.domain] }
}

extension Auth.Alias: JournaledCommand {
    public var journalTarget: String? { nil }
    public func undoArguments(target: String?, createdID: String?) -> [String]? {
        guard let target else { return nil }
        return remove ? ["auth", "alias", target, name] : ["auth", "alias", target, name, "--remove"]
    }
}

extension DomainSubscriptions.Add: JournaledCommand {
    public var journalTarget: String? { url }
    public func undoArguments(target: String?, createdID: String?) -> [String]? {
        createdID.map { ["domain-subscriptions", "remove", $0] }
    }
}

extension DomainSubscriptions.Update: JournaledCommand {
    public var journalTarget: String? { id }
}

extension DomainSubscriptions.Remove: JournaledCommand {
    public var journalTarget: String? { id }
    public var journalAfter: String? { keepChildren ? "unsubscribed, children kept" : "unsubscribed, children removed" }
}

extension DomainDrafts.Add: JournaledCommand {
    public var journalTarget: String? { domain }
    public var journalAfter: String? { "\(type.rawValue) draft" }
    public func undoArguments(target: String?, createdID: String?) -> [String]? {
        createdID.map { ["domain-drafts", "reject", $0] }
    }
}

extension DomainDrafts.Accept: JournaledCommand {
    public var journalTarget: String? { id }
    public var journalBefore: String? { "draft" }
    public var journalAfter: String? { overwrite ? "accepted, overwriting" : "accepted" }
}

extension DomainDrafts.Reject: JournaledCommand {
    public var journalTarget: String? { id }
    public var journalBefore: String? { "draft" }
    public var journalAfter: String? { exclude ? "rejected, domain excluded" : "rejected" }
}

extension DomainExcludes.Add: JournaledCommand {
    public var journalTarget: String? { domain }
    public func undoArguments(target: String?, createdID: String?) -> [String]? {
        ["domain-excludes", "remove", domain]
    }
}

extension DomainExcludes.Remove: JournaledCommand {
    public var journalTarget: String? { target }
    public func undoArguments(target: String?, createdID: String?) -> [String]? {
        // Only a domain can be excluded again; an id names an exclude that no longer exists.
        self.target.contains(".") ? ["domain-excludes", "add", self.target] : nil
    }
}

extension HeaderFilters.Add: JournaledCommand {
    public var journalTarget: String? { "\(header): \(regex)" }
    public func undoArguments(target: String?, createdID: String?) -> [String]? {
        ["header-filters", "remove", list.allow ? "--allow" : "--block", header, regex]
    }
}

extension HeaderFilters.Remove: JournaledCommand {
    public var journalTarget: String? { regex.map { "\(target): \($0)" } ?? target }
    public func undoArguments(target: String?, createdID: String?) -> [String]? {
        regex.map { ["header-filters", "add", list.allow ? "--allow" : "--block", self.target, $0] }
    }
}

extension Instance.Rules.Add: JournaledCommand {
    public var journalTarget: String? { text }
    public func undoArguments(target: String?, createdID: String?) -> [String]? {
        createdID.map { ["instance", "rules", "remove", $0] }
    }
}

extension Instance.Rules.Update: JournaledCommand {
    public var journalTarget: String? { id }
    public var journalAfter: String? { text }
}

extension Instance.Rules.Remove: JournaledCommand {
    public var journalTarget: String? { id }
}
