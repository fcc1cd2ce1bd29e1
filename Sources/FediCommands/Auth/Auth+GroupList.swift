import ArgumentParser
import FediCore
import FediOutput

extension Auth {
    public struct GroupList: FediCommand {
        public init() {}
        public static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "List the groups of accounts.",
            discussion: """
                Reads only the config.

                Examples:
                  $ fedictl auth group list
                  $ fedictl auth group list -o json
                """,
            aliases: ["ls"])

        public static let traits = VerbTraits(.own, .reads)

        @OptionGroup public var globals: GlobalOptions

        public func run(in ctx: CommandContext) async throws {
            try ctx.output.validateFields(for: AccountGroupRow.self)
            let config = try ctx.services.logins.load()
            let rows = (config.groups ?? [:]).sorted { $0.key < $1.key }.map {
                AccountGroupRow(group: $0.key, accounts: $0.value)
            }
            try ctx.output.list(rows)
            if rows.isEmpty, ctx.terminal.stderrIsTTY {
                ctx.status("No groups yet. Make one: fedictl auth group NAME ACCOUNT...")
            }
        }
    }
}

/// One group as `auth group list` shows it.
public struct AccountGroupRow: Tabular, Equatable {
    public var group: String
    public var accounts: [String]

    public static let columns: [Column<AccountGroupRow>] = [
        Column("group") { .text($0.group) },
        Column("accounts") { .list($0.accounts) },
    ]
}
