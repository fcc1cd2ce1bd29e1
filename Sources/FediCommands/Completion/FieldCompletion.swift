import ArgumentParser
import FediCore
import FediOutput

/// Shell completion for `--fields`: the field names of the rows the command being completed prints.
///
/// `--fields` is a global option, so its completion does not know the command; it finds it by
/// walking the shell words through the command tree (`fedictl instance peers --fields <TAB>` →
/// `Instance.Peers`) and looks its row types up in `rows`. Comma lists complete one field at a time:
/// `--fields domain,<TAB>` offers the fields not chosen yet, each after `domain,`.
enum FieldCompletion {
    /// The row types each command prints, i.e. what it passes to `validateFields(for:)`. Every
    /// command that takes `--fields` for its rows adds its line here;
    /// `CompletionProviderTests.everyCommandWithFieldsIsInTheRegistry` names the ones missing.
    static let rows: [(command: any ParsableCommand.Type, rows: [any Tabular.Type])] = [
        (Auth.Add.self, [AccountSummary.self]),
        (Auth.List.self, [AccountSummary.self]),
        (Auth.LogIn.self, [AccountSummary.self]),
        (Auth.Status.self, [AuthStatus.self]),
        (Auth.GroupList.self, [AccountGroupRow.self]),
        (Instance.Activity.self, [InstanceActivity.self]),
        (Instance.Stats.self, [StatsRow.self]),
        (Instance.Blocks.self, [PublicDomainBlock.self]),
        (Instance.Features.self, [FeatureSupport.self]),
        (Instance.Info.self, [InstanceInfo.self]),
        (Instance.Peers.self, [InstancePeer.self, InstancePeerCount.self]),
        // `instance rules` alone lists them.
        (Instance.Rules.self, [InstanceRule.self]),
        (Instance.Rules.List.self, [InstanceRule.self]),
        (Instance.Rules.Add.self, [InstanceRule.self]),
        (Instance.Rules.Update.self, [InstanceRule.self]),
        (Instance.Rules.Remove.self, [InstanceRule.self]),
        (DomainSubscriptions.List.self, [DomainSubscription.self]),
        (DomainSubscriptions.Show.self, [DomainSubscription.self]),
        (DomainSubscriptions.Add.self, [DomainSubscription.self]),
        (DomainSubscriptions.Update.self, [DomainSubscription.self]),
        (DomainSubscriptions.Remove.self, [DomainSubscription.self]),
        (DomainSubscriptions.Test.self, [PublicDomainBlock.self]),
        (DomainDrafts.List.self, [DomainPermission.self]),
        (DomainDrafts.Show.self, [DomainPermission.self]),
        (DomainDrafts.Add.self, [DomainPermission.self]),
        (DomainDrafts.Accept.self, [DomainPermission.self]),
        (DomainDrafts.Reject.self, [DomainPermission.self]),
        (DomainExcludes.List.self, [DomainPermission.self]),
        (DomainExcludes.Add.self, [DomainPermission.self]),
        (DomainExcludes.Remove.self, [DomainPermission.self]),
        (HeaderFilters.List.self, [HeaderFilter.self]),
        (HeaderFilters.Add.self, [HeaderFilter.self]),
        (HeaderFilters.Remove.self, [HeaderFilter.self]),
        (Blocks.List.self, [Account.self]),
        (Blocks.Add.self, [Account.self]),
        (Blocks.Remove.self, [Account.self]),
        (Mutes.List.self, [MutedAccount.self]),
        (Mutes.Add.self, [MutedAccount.self]),
        (Mutes.Remove.self, [Account.self]),
        (UserDomainBlocks.List.self, [UserDomainBlock.self]),
        (UserDomainBlocks.Add.self, [UserDomainBlock.self]),
        (UserDomainBlocks.Remove.self, [UserDomainBlock.self]),
        (Timelines.Show.self, [Post.self]),
        (Timelines.Pin.self, [PinnedTimeline.self]),
        (Timelines.Unpin.self, [PinnedTimeline.self]),
        (Timelines.Pins.self, [PinnedTimeline.self]),
        (Apps.Register.self, [AppSummary.self]),
        (Apps.Verify.self, [AppSummary.self]),
        (Signup.self, [SignupResult.self]),
        (Filters.List.self, [Filter.self]),
        (Filters.Show.self, [Filter.self]),
        (Filters.Create.self, [Filter.self]),
        (Filters.Update.self, [Filter.self]),
        (Filters.Delete.self, [Filter.self]),
        (Filters.Keywords.Add.self, [FilterKeyword.self]),
        (Filters.Statuses.Add.self, [FilterStatus.self]),
        (Reports.File.self, [FiledReport.self]),
        (Reports.List.self, [Report.self]),
        (Queue.self, [QueueItem.self]),
        (Reports.Show.self, [Report.self]),
        (Reports.Assign.self, [Report.self]),
        (Reports.Unassign.self, [Report.self]),
        (Reports.Resolve.self, [Report.self, BulkTargetRow.self]),
        (Reports.Reopen.self, [Report.self]),
        (Reports.Note.self, [Report.self]),
        (Accounts.List.self, [AdminAccount.self]),
        (Accounts.Show.self, [AdminAccount.self]),
        (Accounts.Action.self, [AdminAccount.self, BulkTargetRow.self]),
        (Accounts.Approve.self, [AdminAccount.self, BulkTargetRow.self]),
        (Accounts.Reject.self, [AdminAccount.self, BulkTargetRow.self]),
        (Accounts.Delete.self, [AdminAccount.self]),
        (Accounts.Enable.self, [AdminAccount.self]),
        (Accounts.Unsilence.self, [AdminAccount.self]),
        (Accounts.Unsuspend.self, [AdminAccount.self]),
        (Accounts.Unsensitive.self, [AdminAccount.self]),
        (Log.List.self, [JournalEntry.self]),
        (Log.Show.self, [JournalEntryDetail.self]),
        (DomainBlocks.List.self, [DomainBlock.self]),
        (DomainBlocks.Show.self, [DomainBlock.self]),
        (DomainBlocks.Add.self, [DomainBlock.self, DomainBlockPlanRow.self]),
        (DomainBlocks.Update.self, [DomainBlock.self]),
        (DomainBlocks.Remove.self, [DomainBlock.self]),
        (DomainBlocks.Import.self, [DomainBlockPlanRow.self]),
        (DomainBlocks.Merge.self, [MergedBlock.self]),
        (DomainBlocks.Sync.self, [SyncRow.self]),
        (DomainBlocks.Apply.self, [SyncRow.self]),
        (DomainAllows.List.self, [DomainAllow.self]),
        (DomainAllows.Add.self, [DomainAllow.self]),
        (DomainAllows.Remove.self, [DomainAllow.self]),
        (EmailBlocks.List.self, [EmailDomainBlock.self]),
        (EmailBlocks.Add.self, [EmailDomainBlock.self]),
        (EmailBlocks.Remove.self, [EmailDomainBlock.self]),
        (IPBlocks.List.self, [IPBlock.self]),
        (Statuses.Show.self, [Post.self]),
        (Statuses.Delete.self, [BulkTargetRow.self]),
        (Statuses.Sensitive.self, [BulkTargetRow.self]),
        (Statuses.Unsensitive.self, [BulkTargetRow.self]),
        (Statuses.Visibility.self, [BulkTargetRow.self]),
        (Trends.List<LinkTrends>.self, [Trend.self]),
        (Trends.List<StatusTrends>.self, [Trend.self]),
        (Trends.List<TagTrends>.self, [Trend.self]),
        (Trends.Approve<LinkTrends>.self, [BulkTargetRow.self]),
        (Trends.Approve<StatusTrends>.self, [BulkTargetRow.self]),
        (Trends.Approve<TagTrends>.self, [BulkTargetRow.self]),
        (Trends.Reject<LinkTrends>.self, [BulkTargetRow.self]),
        (Trends.Reject<StatusTrends>.self, [BulkTargetRow.self]),
        (Trends.Reject<TagTrends>.self, [BulkTargetRow.self]),
        (IPBlocks.Add.self, [IPBlock.self]),
        (IPBlocks.Update.self, [IPBlock.self]),
        (IPBlocks.Remove.self, [IPBlock.self]),
        (CanonicalEmailBlocks.List.self, [CanonicalEmailBlock.self]),
        (CanonicalEmailBlocks.Add.self, [CanonicalEmailBlock.self]),
        (CanonicalEmailBlocks.Test.self, [CanonicalEmailBlock.self]),
    ]

    @Sendable static func candidates(_ words: [String], _ index: Int, _ prefix: String) -> [String] {
        let command = command(for: Array(words.prefix(index)))
        let head = prefix.lastIndex(of: ",").map { String(prefix[...$0]) } ?? ""
        let chosen = Set(head.split(separator: ",").map(String.init))
        return fieldNames(of: command).filter { !chosen.contains($0) }.map { head + $0 }.filter { $0.hasPrefix(prefix) }
    }

    /// The field names of `command`'s rows, in column order, without repeats.
    static func fieldNames(of command: any ParsableCommand.Type) -> [String] {
        let types = rows.first { $0.command == command }?.rows ?? []
        var seen = Set<String>()
        return types.flatMap { names(of: $0) }.filter { seen.insert($0).inserted }
    }

    /// The deepest command the words name (`["fedictl", "-o", "json", "instance", "peers"]` →
    /// `Instance.Peers`); words that are no subcommand (options, values) are passed over.
    static func command(for words: [String]) -> any ParsableCommand.Type {
        var current: any ParsableCommand.Type = Fedictl.self
        for word in words.dropFirst() {
            let next = current.configuration.subcommands.first { sub in
                sub.configuration.commandName == word || sub.configuration.aliases.contains(word)
            }
            if let next { current = next }
        }
        return current
    }

    private static func names<Row: Tabular>(of type: Row.Type) -> [String] { Row.fieldNames }
}
