import ArgumentParser
import FediCore
import FediOutput

extension DomainBlocks {
    public struct Diff: FediCommand {
        public init() {}
        public static let configuration = CommandConfiguration(
            commandName: "diff",
            abstract: "Show what one server blocks that the other does not, and blocks they keep differently.",
            discussion: """
                A and B are accounts (an id, a unique prefix, or an alias) on two servers. One row per \
                domain that one of them blocks and the other does not (allowed, or nothing), or that both \
                block with a different severity or obfuscation; the cells read as in `domain-blocks \
                matrix` (a parent domain's block covers its subdomains). The last column says which: \
                "only A" (the first server's name), "only B", or "differs". Exit 0 either way; an empty \
                list means the two agree.

                Examples:
                  $ fedictl domain-blocks diff admin@one.example admin@two.example
                  $ fedictl domain-blocks diff one two -o json | jq -r '.[].domain'
                """)

        public static let traits = VerbTraits(.moderation, .reads)

        @OptionGroup public var globals: GlobalOptions

        @Argument(help: ArgumentHelp("The first server's account.", valueName: "A"))
        public var first: String

        @Argument(help: ArgumentHelp("The second server's account.", valueName: "B"))
        public var second: String

        /// Two servers side by side: the command reads both itself.
        public var fansOut: Bool { false }

        struct Row: Encodable, Sendable {
            var domain: String
            /// `only-first`, `only-second` or `differs`.
            var difference: String
            var servers: [DomainStance]
        }

        public func run(in ctx: CommandContext) async throws {
            let members = try [first, second].map { try Self.member($0, in: ctx) }
            let logins = try members.map { try $0.ctx.login() }
            guard logins[0].server.authority != logins[1].server.authority else {
                throw FediError(
                    .usage, "\(logins[0].id) and \(logins[1].id) are on the same server",
                    hint: "give accounts on two servers")
            }
            let (servers, failed) = try await ServerDomains.read(members, in: ctx)
            guard !failed else { throw ExitCode(ExitStatus.partial.rawValue) }  // no diff against an unknown
            let names = Set(servers[0].blocks.keys).union(servers[1].blocks.keys).union(
                servers[0].allows
            ).union(servers[1].allows).sorted()
            var rows: [(name: String, cells: [String], object: Row)] = []
            for domain in names {
                let (a, b) = (servers[0].stance(of: domain), servers[1].stance(of: domain))
                let difference: String
                switch (a.state == .blocked, b.state == .blocked) {
                case (true, false): difference = "only-first"
                case (false, true): difference = "only-second"
                case (true, true) where a.severity != b.severity || a.obfuscate != b.obfuscate: difference = "differs"
                default: continue
                }
                let said =
                    difference == "differs"
                    ? "differs" : "only " + (difference == "only-first" ? servers[0].server : servers[1].server)
                rows.append(
                    (domain, [a.cell, b.cell, said], Row(domain: domain, difference: difference, servers: [a, b])))
            }
            let output = ctx.output
            try output.grid(Grid(corner: "domain", columns: servers.map(\.server) + ["difference"], rows: rows))
            if output.settings.format == .table, output.settings.isTTY {
                ctx.status(rows.isEmpty ? "The two servers block the same domains alike." : DomainStance.legend)
            }
        }

        /// The context of one named account, as one of the two.
        static func member(_ account: String, in ctx: CommandContext) throws -> QueueWatch.Member {
            var globals = ctx.globals
            globals.accounts = [account]
            // The usual one-account path: an id, a unique prefix or an alias, with its errors and hints.
            let login = try CommandContext(services: ctx.services, globals: globals).login()
            var member = ctx
            member.fleetMember = AccountPin(login: login)
            return QueueWatch.Member(ctx: member, account: login.id)
        }
    }
}
