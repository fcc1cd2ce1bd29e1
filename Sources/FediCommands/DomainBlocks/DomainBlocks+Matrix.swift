import ArgumentParser
import FediCore
import FediOutput

extension DomainBlocks {
    public struct Matrix: FediCommand {
        public init() {}
        public static let configuration = CommandConfiguration(
            commandName: "matrix",
            abstract: "Show how each server treats each domain: its block's severity, allowed, or nothing.",
            discussion: """
                One row per domain, one column per server (one login a server; without --account every \
                account that can moderate). A cell is the block's severity, with * when the server shows \
                the domain obfuscated and a mark for who made it (S domain-blocks sync, A adopted by sync, \
                U a GoToSocial subscription); "via PARENT" when a block of a parent domain covers it; \
                "allowed" for a domain allow; empty (- on a terminal) for nothing; ? for a server that \
                could not be read (named on stderr; the exit status is then 80). Without DOMAIN, every \
                domain any of the servers blocks or allows. JSON gives each server's stance as an object \
                (state, severity, obfuscate, provenance, via).

                Examples:
                  $ fedictl domain-blocks matrix trolls.example
                  $ fedictl --all-accounts domain-blocks matrix -o csv > fleet.csv
                """)

        /// Every account that can moderate by default, as the queue: chosen in `run`, which reads them all.
        public static let traits = VerbTraits(.moderation, .reads)

        @OptionGroup public var globals: GlobalOptions

        @Argument(
            help: ArgumentHelp("Domains to show (default: every one the servers block or allow).", valueName: "domain"))
        public var domains: [String] = []

        /// The servers are columns of one table: the command reads them all itself.
        public var fansOut: Bool { false }

        struct Row: Encodable, Sendable {
            var domain: String
            var servers: [DomainStance]
        }

        public func run(in ctx: CommandContext) async throws {
            let members = try QueueWatch.members(of: ctx, everyByDefault: true)
            let (servers, failed) = try await ServerDomains.read(members, in: ctx)
            var names = domains.map(ServerDomains.key)
            if names.isEmpty {
                var all: Set<String> = []
                for server in servers {
                    all.formUnion(server.blocks.keys)
                    all.formUnion(server.allows)
                }
                names = all.sorted()
            }
            let rows = names.map { domain in
                let stances = servers.map { $0.stance(of: domain) }
                return (name: domain, cells: stances.map(\.cell), object: Row(domain: domain, servers: stances))
            }
            let output = ctx.output
            try output.grid(Grid(corner: "domain", columns: servers.map(\.server), rows: rows))
            if rows.isEmpty, output.settings.format == .table, output.settings.isTTY {
                ctx.status("No domain is blocked or allowed on these servers.")
            } else if output.settings.format == .table, output.settings.isTTY {
                ctx.status(DomainStance.legend)
            }
            if failed { throw ExitCode(ExitStatus.partial.rawValue) }
        }
    }
}
