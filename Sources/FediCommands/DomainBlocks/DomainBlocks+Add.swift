import ArgumentParser
import FediCore

extension DomainBlocks {
    public struct Add: FediCommand {
        public init() {}
        public static let configuration = CommandConfiguration(
            commandName: "add",
            abstract: "Block a domain, or bring its existing block to the settings given.",
            discussion: """
                Safe to repeat: the list is read first; an existing block on the domain is updated only where it \
                differs from the settings given (settings left out stay as they are), and nothing is sent when \
                it already matches. A new block is a suspension unless --severity says otherwise. When a block \
                on a parent domain already covers it (Mastodon refuses such a block), fedictl says which block \
                and exits 0. A setting the server cannot keep (GoToSocial only suspends; Misskey keeps no \
                comments) is refused with exit 65.

                - reads the domains from stdin, one a line (a spam wave's domains): the list is read once, the \
                plan's counts are printed, one confirmation names how many and the first few, --dry-run shows \
                the plan, the writes are paced to the server's rate limit, each is journaled with its undo, and \
                failures are named at the end; a re-run writes only what is still missing.

                Examples:
                  $ fedictl domain-blocks add spam.example
                  $ fedictl domain-blocks add noisy.example --severity silence --reject-media --public-comment "Unmoderated"
                  $ fedictl domain-blocks add spam.example --dry-run
                  $ printf 'spamwave.example\\nspamwave2.example\\n' | fedictl --all-accounts domain-blocks add - --yes
                """)

        public static let traits = VerbTraits(.moderation, .writes)

        @OptionGroup public var globals: GlobalOptions

        @Argument(help: ArgumentHelp("The domain to block; - for several on stdin, one a line.", valueName: "domain"))
        public var domain: String

        @OptionGroup public var settings: DomainBlockSettings

        public func run(in ctx: CommandContext) async throws {
            if domain == "-" {
                try ctx.output.validateFields(for: DomainBlockPlanRow.self)
                return try await addFromStdin(in: ctx)
            }
            try ctx.output.validateFields(for: DomainBlock.self)
            let domain = try DomainText.parse(self.domain, wildcard: true)
            let host = try ctx.login().server.authority
            try await ctx.with(.domainBlocks(.domainBlocksAdd)) { adapter, server in
                let decisions = DomainBlockDecisions(blocks: adapter, server: server, host: host)
                try DomainBlockSteps(ctx).showOutcome(
                    try await decisions.block(domain, settings.changes), domain: domain)
            }
        }
    }
}

extension DomainBlockSteps {
    /// Says what ensuring one block did, and prints the block as the server has it.
    func showOutcome(_ outcome: DomainBlockOutcome, domain: String) throws {
        switch outcome {
        case .created(let block):
            ctx.status("Blocked \(domain) (\(block.severity.rawValue)).")
            try ctx.output.item(block)
        case .updated(let block, let changes):
            ctx.status("Updated the block on \(block.domain): \(changes.joined(separator: ", ")).")
            try ctx.output.item(block)
        case .unchanged(let block):
            ctx.status("\(block.domain) is already blocked with these settings; nothing sent.")
            try ctx.output.item(block)
        case .covered(let parent):
            // Mastodon's "already covered by a parent domain": not a failure.
            let id = parent.id == parent.domain ? "" : ", id \(parent.id)"
            ctx.status(
                "\(domain) is already covered by the \(parent.severity.rawValue) block on \(parent.domain)\(id); nothing sent."
            )
            try ctx.output.item(parent)
        case .removed(let block):
            ctx.status("Lifted the block on \(block.domain).")
        }
    }
}

extension DomainBlocks.Add: JournaledCommand {
    /// With - (domains on stdin), each entry names the domain its request sends.
    public var journalTarget: String? { domain == "-" ? nil : domain }
    public var journalAfter: String? { settings.severity.map { "severity: \($0.rawValue)" } ?? "blocked" }
    public func undoArguments(target: String?, createdID: String?) -> [String]? {
        guard domain == "-" else { return ["domain-blocks", "remove", domain] }
        return target.map { ["domain-blocks", "remove", $0] }
    }
}
