import ArgumentParser
import FediCore

extension DomainDrafts {
    public struct Accept: FediCommand {
        public init() {}
        public static let configuration = CommandConfiguration(
            commandName: "accept",
            abstract: "Accept a draft: the block or allow it describes takes effect.",
            discussion: """
                Asks first on a terminal; elsewhere needs --yes. Where the domain already has a block (or an \
                allow), GoToSocial refuses unless --overwrite, which replaces it with the draft's settings. \
                Shows the new block or allow.

                Examples:
                  $ fedictl domain-drafts accept 01JD40A7Q
                  $ fedictl domain-drafts accept 01JD40A7Q --overwrite --yes
                """)

        public static let traits = VerbTraits(.moderation, .writes)

        @OptionGroup public var globals: GlobalOptions

        @Argument(help: ArgumentHelp("The draft's id (see domain-drafts list).", valueName: "id"))
        public var id: String

        @Flag(help: "Replace a block or allow already there with the draft's settings.")
        public var overwrite = false

        public func run(in ctx: CommandContext) async throws {
            try ctx.output.validateFields(for: DomainPermission.self)
            try await ctx.with(.domainPermissions(.domainDraftsAccept)) { client in
                let draft = try await client.domainDraft(id: id).value
                let type = draft.permissionType ?? "permission"
                try ctx.confirm(
                    "Accept the \(type) draft for \(draft.domain)\(overwrite ? ", replacing any \(type) there" : "")?")
                let note = try await acceptingNote(draft, in: ctx)
                let accepted = try await JournalNote.during(note) {
                    try await client.acceptDomainDraft(id: id, overwrite: overwrite)
                }
                ctx.status("Accepted: \(accepted.domain) now has a \(type).")
                try ctx.output.item(accepted)
            }
        }

        /// The block or allow the draft makes, for the journal: its undo lifts it, or puts back the one
        /// --overwrite replaced (read first: without --overwrite GoToSocial refuses where there is one).
        func acceptingNote(_ draft: DomainPermission, in ctx: CommandContext) async throws -> [JournalNote] {
            guard ctx.journalIsOn else { return [] }
            guard overwrite else { return [.accepting(draft, over: nil, allow: nil)] }
            if draft.permissionType == DomainPermissionType.allow.rawValue {
                let allows = try await ctx.with(.domainAllows(.domainAllowsList)) {
                    try await $0.list(limit: nil, onPage: nil)
                }
                return [.accepting(draft, over: nil, allow: allows.first(named: draft.domain))]
            }
            let blocks = try await ctx.with(.domainBlocks(.domainBlocksList)) {
                try await $0.list(limit: nil, onPage: nil)
            }
            return [.accepting(draft, over: blocks.first(named: draft.domain), allow: nil)]
        }
    }
}

extension DomainDrafts.Accept: JournaledCommand {
    public var journalTarget: String? { id }
    public var journalBefore: String? { "draft" }
    public var journalAfter: String? { overwrite ? "accepted, overwriting" : "accepted" }
    /// The draft's note carries the exact undo.
    public func undoArguments(target: String?, createdID: String?) -> [String]? { nil }
}
