import ArgumentParser
import FediCore
import FediOutput
import FoundationEssentials

extension DomainBlocks {
    public struct Sync: FediCommand {
        public init() {}
        public static let configuration = CommandConfiguration(
            commandName: "sync",
            abstract: "Merge shared blocklists and bring every selected server's domain blocks in line with them.",
            discussion: """
                Sources and merge flags are those of `domain-blocks merge` (see its help). For each selected \
                account (--account a,b, a group, --all-accounts) fedictl merges the sources, matching obfuscated \
                entries (exam*le.com) by digest against that server's known peers (/api/v1/instance/peers, read \
                only when the sources leave such an entry unmatched), or, for an entry published without a \
                digest (GoToSocial), by its pattern when exactly one known domain fits it (several: unmatched, \
                the note names them), maps \
                each block to what the server's software keeps, and plans per domain: add, raise, lower, change \
                (flags or comments, shown old -> new), lift, unchanged, covered (by a parent domain's block), skip \
                (the server cannot keep it: GoToSocial only suspends, so silence entries are skipped) and \
                unmatched (an obfuscated entry no peer matches). A suspension implies reject_media and \
                reject_reports, so it is never refused for them. Sources without comments leave the server's.

                Impact: for each new or raised suspension, on servers that can say (Mastodon 3.5+, admin \
                measures), the plan notes how many local accounts follow accounts there and are followed by \
                them (follows, followers in JSON), and caps such a suspension at silence where anyone follows, \
                as fediblockhole's max_followed_severity does by default; --max-followed-severity suspend lifts \
                the cap (then, under --yes with nobody reading the plan, the counts are not asked). Where a \
                count cannot be read the cap cannot be checked: a run that writes stops and writes nothing, and \
                a dry run notes it on the row. Where the software cannot count (Pleroma/Akkoma, Misskey, Mastodon \
                before 3.5) nothing is capped, and fedictl says so; GoToSocial only suspends, so has no cap.

                --dry-run prints the plan and writes nothing; `-o json` makes it a saved plan for \
                `domain-blocks apply`. Otherwise fedictl asks once, with the counts per server (--yes off a \
                terminal), and applies the plans, servers in parallel, each paced to its rate limit. A re-run \
                after ^C or kill plans against the server's list again, so it writes only what is missing.

                Hands off people's decisions: a block sync did not make is kept as it is, severity, flags and \
                comments (the plan shows it as kept, made by hand, with what the sources would set); --adopt takes \
                such blocks over, appending the sources' comments to theirs, never replacing them. A block sync \
                made that someone changed since (its values differ from what sync last set) is kept too (changed \
                by hand since sync), unless --force. --exclude DOMAIN|FILE (repeatable; "exclude" in a named \
                config) and, on GoToSocial, the server's own domain permission excludes name domains sync never \
                touches, nor their subdomains, even under --force.

                Provenance: every block sync writes is stamped at the end of its private comment, \
                "[fedictl-sync sources=a.csv,b.txt at=TIME set=DIGEST]" (set: a digest of the values written), \
                and read back from the server on every run, so any machine with a login knows what sync made. \
                Where the software keeps no private comment (Pleroma/Akkoma, Misskey) provenance lives only in \
                $XDG_STATE_HOME/fedictl/sync/ on the machine that ran sync, and fedictl says so; elsewhere that \
                record is a cache. --lift-retracted lifts the blocks sync made that every source which listed \
                them has since dropped; a block made by hand, adopted, or changed since (without --force) is never \
                lifted. A noop entry lowers a block, or lifts it where the server keeps no block that limits \
                nothing (Pleroma/Akkoma, Misskey). On GoToSocial a block a domain subscription owns is never \
                lifted, lowered or changed (shown as kept), unless --force.

                --as-draft (GoToSocial 0.18+) writes each new block as a draft that another moderator accepts \
                (`fedictl domain-drafts accept`, or GoToSocial's settings panel); changes and lifts of blocks in \
                force are skipped, as a draft only proposes a block, and a domain with a block draft already is left as it is.

                Examples:
                  $ fedictl domain-blocks sync https://example.org/blocklist.csv --dry-run
                  $ fedictl --all-accounts domain-blocks sync a.csv server:b.example --threshold 2 --yes
                  $ fedictl domain-blocks sync --config nightly --lift-retracted --yes
                  $ fedictl domain-blocks sync a.csv --exclude partner.example --exclude pins.txt --dry-run
                  $ fedictl domain-blocks sync lists/*.csv --dry-run -o json > plan.json
                """)

        public static let traits = VerbTraits(.moderation, .writes)

        @OptionGroup public var globals: GlobalOptions

        @OptionGroup public var lists: BlocklistMergeOptions

        @Flag(help: "Lift blocks sync made that every source which listed them has dropped.")
        public var liftRetracted = false

        @Flag(
            help: """
                Take over blocks made by hand: change them to the sources' values, \
                appending the sources' comments to theirs.
                """)
        public var adopt = false

        @Flag(
            help: """
                Put the sources' values back on blocks sync made that someone changed since; \
                also change a GoToSocial subscription's blocks.
                """)
        public var force = false

        @Option(
            help: ArgumentHelp(
                "A domain (and its subdomains) sync never touches, or a file of them; repeatable.",
                valueName: "domain|file"))
        public var exclude: [String] = []

        @Flag(help: "On GoToSocial, write new blocks as drafts for another moderator to accept (domain-drafts).")
        public var asDraft = false

        @Option(
            help: ArgumentHelp(
                """
                Lower new or raised suspensions of domains local accounts follow to this \
                (Mastodon 3.5+); suspend lifts the cap.
                """, valueName: "severity"))
        public var maxFollowedSeverity: DomainBlockSeverity = .silence

        /// Whether followed domains are capped below suspend (the default).
        var caps: Bool { maxFollowedSeverity < .suspend }

        public func run(in ctx: CommandContext) async throws {
            try ctx.output.validateFields(for: SyncRow.self)
            let pinned = try excludes(ctx)
            let progress = BulkProgress(ctx)
            let ctx = ctx.forBulkWork(onWait: progress.waiting)
            let client = try await ctx.client()
            let login = try ctx.login()
            try await ctx.with(.domainBlocks(.domainBlocksSync)) { adapter in
                if asDraft, let refusal = adapter.support.refusal(of: .domainBlocksSyncAsDraft) { throw refusal }
                // The server's peers reveal obfuscated entries; a server that hides them just matches fewer,
                // and says why, so "unmatched" is not taken for "no peer of this server".
                let (merged, sourceLists) = try await DomainBlockSteps(ctx).readAndMergeBlocklists(
                    lists,
                    peers: {
                        do {
                            return try await client.instancePeers().value
                        } catch {
                            let reason = ErrorReport.fediError(from: error).message
                            ctx.status(
                                "fedictl: \(client.server.authority)'s known peers could not be read (\(reason)); obfuscated entries stay unmatched"
                            )
                            return []
                        }
                    })
                let current = try await adapter.list(limit: nil, onPage: nil)
                let made = try await DomainBlockSteps(ctx).syncProvenance().made()
                let owned = try await DomainBlockSteps(ctx).serverOwned(client: client, support: adapter.support)
                // The server's excludes hold like --exclude (under --force too).
                var excluded = pinned
                for permission in owned.excludes {
                    excluded[BlocklistFile.normalise(permission.domain)] = "the server's exclude list"
                }
                let policy = SyncPlan.Policy(
                    adopt: adopt, force: force, excludes: excluded, now: ctx.services.now(),
                    subscriptions: owned.subscriptions)
                var plan = SyncPlan(
                    merged: merged.blocks, current: current, support: adapter.support, made: made,
                    sources: SyncPlan.Sources(sourceLists), liftRetracted: liftRetracted,
                    policy: policy)
                if !adapter.support.privateComment {
                    ctx.status(
                        "fedictl: \(adapter.support.software) keeps no private comment to stamp, "
                            + "so what sync made on "
                            + "\(login.server.authority) is known only to this machine's state directory")
                }
                if countsFollows(ctx) {
                    // A dry run shows the domains it could not count; a run that writes refuses. A server
                    // that cannot keep the cap's severity (GoToSocial only suspends) has no cap to check.
                    let capping = caps && adapter.support.severities.contains(maxFollowedSeverity)
                    let (counted, uncounted) = try await DomainBlockSteps(ctx).domainFollows(
                        plan.suspensions, client: client, support: adapter.support,
                        capping: capping, writes: !ctx.globals.dryRun)
                    plan.noteFollows(counted, uncounted: uncounted, cap: maxFollowedSeverity)
                }
                plan = DomainBlockSteps(ctx).fitted(plan, to: adapter.support)
                // The server's excludes are in the policy: they hold even under --force.
                if !force { plan = plan.keeping(ServerOwned(subscriptions: owned.subscriptions)) }
                if asDraft { plan = try await DomainBlockSteps(ctx).draftPlan(plan, client: client) }
                let digest = SyncPlan.listDigest(current)
                let summary = DomainBlockSteps.syncSummary(plan)
                ctx.status("\(login.server.authority): \(summary).")
                if ctx.globals.dryRun || plan.writes.isEmpty {
                    try ctx.output.list(plan.steps.map { SyncRow($0, account: login.id, listDigest: digest) })
                    if !ctx.globals.dryRun {
                        ctx.status("Nothing to write: \(login.server.authority) already matches the merged list.")
                    }
                    return
                }
                try ctx.confirm(
                    "Apply \(plan.writes.count) change\(plan.writes.count == 1 ? "" : "s") to \(login.server.authority) (\(summary))?"
                )
                if asDraft {
                    return try await DomainBlockSteps(ctx).applyDrafts(
                        plan, client: client,
                        listDigest: digest)
                }
                try await DomainBlockSteps(ctx).applySync(plan, with: adapter, listDigest: digest, progress: progress)
            }
        }

        /// `--exclude` and the named config's `exclude` (domains or files), read before any server is.
        func excludes(_ ctx: CommandContext) throws -> [String: String] {
            let saved =
                try lists.config.map { try BlocklistConfig.load(named: $0, environment: ctx.environment) }?
                .exclude ?? []
            var excludes: [String: String] = [:]
            for value in saved + exclude {
                for domain in try DomainBlockSteps(ctx).allowedDomains(
                    value,
                    flag: "--exclude")
                { excludes[domain] = "--exclude" }
            }
            return excludes
        }

        /// The follow counts are for the cap (in force unless lifted) and for a person who reads the
        /// plan: a dry run (or a saved plan), a confirmation, a table on a terminal, or the
        /// follows/followers fields asked for. A run under --yes with the cap lifted whose output
        /// nobody reads first skips them: one request per new suspension that would change nothing.
        func countsFollows(_ ctx: CommandContext) -> Bool {
            if caps || ctx.globals.dryRun || !ctx.globals.yes || ctx.terminal.stdoutIsTTY { return true }
            return ctx.globals.fieldList?.contains { $0 == "follows" || $0 == "followers" } ?? false
        }
    }
}

extension DomainBlocks.Sync: JournaledCommand {
    /// Each block's note carries its target, before, after and exact undo.
    public func undoArguments(target: String?, createdID: String?) -> [String]? { nil }
}
