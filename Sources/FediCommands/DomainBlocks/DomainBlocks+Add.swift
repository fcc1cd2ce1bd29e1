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

            Examples:
              $ fedictl domain-blocks add spam.example
              $ fedictl domain-blocks add noisy.example --severity silence --reject-media --public-comment "Unmoderated"
              $ fedictl domain-blocks add spam.example --dry-run
            """)

        @OptionGroup public var globals: GlobalOptions

        @Argument(help: ArgumentHelp("The domain to block.", valueName: "domain"))
        public var domain: String

        @OptionGroup public var settings: DomainBlockSettings

        public func run(in ctx: CommandContext) async throws {
            try ctx.output.validateFields(for: DomainBlock.self)
            let domain = try DomainText.parse(self.domain, wildcard: true)
            try await ctx.withDomainBlocks(.domainBlocksAdd) { adapter, family in
                let blocks = try await adapter.list(limit: nil, onPage: nil)
                let existing = blocks.first(named: domain)
                let spec = settings.changes.applied(to: existing, domain: domain)
                try ctx.requireSupported(spec, by: adapter)
                if let existing {
                    return try await ctx.bringUpToDate(existing, to: spec, with: adapter)
                }
                if family == .mastodonAdmin, let parent = DomainBlockPlan.covering(spec, among: blocks) {
                    return try ctx.reportCovered(domain, by: parent)
                }
                do {
                    let created = try await adapter.create(spec)
                    ctx.status("Blocked \(domain) (\(created.severity.rawValue)).")
                    try ctx.output.item(created)
                } catch let covered as DomainBlockCovered {
                    // The list and the server disagree (a block made meanwhile): trust the server.
                    if BlocklistFile.normalise(covered.existing.domain) == domain {
                        return try await ctx.bringUpToDate(covered.existing, to: spec, with: adapter)
                    }
                    try ctx.reportCovered(domain, by: covered.existing)
                }
            }
        }
    }
}

extension CommandContext {
    /// Updates `block` to `spec` if they differ (needs the update capability), and prints the result.
    func bringUpToDate(_ block: DomainBlock, to spec: DomainBlockSpec, with adapter: any DomainBlockAdapter) async throws {
        let changes = spec.differences(from: block)
        guard !changes.isEmpty else {
            status("\(block.domain) is already blocked with these settings; nothing sent.")
            return try output.item(block)
        }
        _ = try await require(.domainBlocksUpdate)
        let updated = try await adapter.update(block, to: spec.keepingComments(of: block))
        status("Updated the block on \(block.domain): \(changes.joined(separator: ", ")).")
        try output.item(updated)
    }

    /// Mastodon's "already covered by a parent domain": not a failure. Prints the covering block.
    func reportCovered(_ domain: String, by parent: DomainBlock) throws {
        let id = parent.id == parent.domain ? "" : ", id \(parent.id)"
        status("\(domain) is already covered by the \(parent.severity.rawValue) block on \(parent.domain)\(id); nothing sent.")
        try output.item(parent)
    }
}
