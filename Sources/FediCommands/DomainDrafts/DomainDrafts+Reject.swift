import ArgumentParser
import FediCore

extension DomainDrafts {
    public struct Reject: FediCommand {
        public init() {}
        public static let configuration = CommandConfiguration(
            commandName: "reject",
            abstract: "Drop a draft, optionally excluding its domain from future drafts.",
            discussion: """
                Asks first on a terminal; elsewhere needs --yes. With --exclude the domain also goes on the \
                exclude list (see domain-excludes), so no subscription drafts it again.

                Examples:
                  $ fedictl domain-drafts reject 01JD40A7Q --exclude
                """)

        public static let traits = VerbTraits(.moderation, .writes)

        @OptionGroup public var globals: GlobalOptions

        @Argument(help: ArgumentHelp("The draft's id (see domain-drafts list).", valueName: "id"))
        public var id: String

        @Flag(help: "Also keep subscriptions away from the domain from now on.")
        public var exclude = false

        public func run(in ctx: CommandContext) async throws {
            try ctx.output.validateFields(for: DomainPermission.self)
            try await ctx.with(.domainPermissions(.domainDraftsReject)) { client in
                let draft = try await client.domainDraft(id: id).value
                try ctx.confirm(
                    "Drop the \(draft.permissionType ?? "") draft for \(draft.domain)\(exclude ? " and exclude the domain" : "")?"
                )
                // Two entries where --exclude also excludes the domain: `log undo` of both puts both back.
                let notes =
                    [JournalNote.domainDraft(draft, after: nil)]
                    + (exclude ? [JournalNote.domainExclude(draft.domain, excluded: true)] : [])
                let removed = try await JournalNote.during(notes) {
                    try await client.rejectDomainDraft(id: id, exclude: exclude)
                }
                ctx.status(
                    "Dropped the draft for \(removed.domain)\(exclude ? "; subscriptions will leave it alone" : "").")
                try ctx.output.item(removed)
            }
        }
    }
}

extension DomainDrafts.Reject: JournaledCommand {
    public var journalTarget: String? { id }
    public var journalBefore: String? { "draft" }
    public var journalAfter: String? { exclude ? "rejected, domain excluded" : "rejected" }
    /// The draft's note carries the exact undo.
    public func undoArguments(target: String?, createdID: String?) -> [String]? { nil }
}
