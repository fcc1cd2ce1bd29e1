import ArgumentParser
import FediCore
import FediOutput
import FoundationEssentials

extension Instance {
    public struct Stats: FediCommand {
        public init() {}
        public static let configuration = CommandConfiguration(
            commandName: "stats",
            abstract: "Show a server's dashboard figures over a period: measures, top dimensions, retention.",
            discussion: """
                Mastodon 3.5+ (an admin login whose role may view the dashboard): new users, active users, \
                interactions, reports opened and resolved, each with its total over the period and the period \
                before, and a sparkline of its days on a terminal; the top languages, client apps, servers, \
                software versions and space used (--top of each); and the monthly sign-up cohorts with the \
                share still active. Over several accounts, one table with a column per server. -o json gives \
                each server's series (measures by day, cohorts by month).

                Where the software has no such API, the server is named on stderr and what its nodeinfo and \
                instance API say (users, active users, posts) is shown instead; the exit status is then 69 \
                (80 over several servers when others had their figures).

                Examples:
                  $ fedictl instance stats
                  $ fedictl instance stats --since 7d -o json
                  $ fedictl --all-accounts instance stats --since 2026-10-01 --until 2026-11-01
                """)

        public static let traits = VerbTraits(.moderation, .reads)

        @OptionGroup public var globals: GlobalOptions

        @Option(help: ArgumentHelp("From then: 30d (that long ago, the default) or a date.", valueName: "when"))
        public var since = "30d"

        @Option(help: ArgumentHelp("Until then: a length of time ago or a date (default: now).", valueName: "when"))
        public var until: String?

        @Option(help: ArgumentHelp("How many of each dimension's top items.", valueName: "n"))
        public var top = 5

        public func validate() throws {
            if top < 1 { throw ValidationError("--top must be at least 1") }
        }

        /// The selection is gathered here, not by the fleet runner: one table, a column per server.
        public var fansOut: Bool { false }

        public func run(in ctx: CommandContext) async throws {
            let now = ctx.services.now()
            let start = try Selection.moment(since, flag: "--since", now: now)
            let end = try until.map { try Selection.moment($0, flag: "--until", now: now) } ?? now
            guard start < end else {
                throw FediError(
                    .usage, "--since must come before --until",
                    hint: "e.g. --since 30d, or --since 2026-10-01 --until 2026-11-01")
            }
            let members = try QueueWatch.members(of: ctx, shownOnce: "its server's figures are shown once")
            let top = self.top
            let columns = await concurrently(members, limit: max(1, ctx.globals.accountsInFlight)) { member in
                await StatsColumn.read(member, from: start, to: end, top: top)
            }
            let tty = ctx.output.settings.isTTY && ctx.output.settings.format == .table
            let rows = StatsRow.rows(columns, tty: tty, ascii: !ctx.output.settings.color)
            try StatsRow.$serverNames.withValue(columns.map(\.server)) {
                try ctx.output.validateFields(for: StatsRow.self)
                try ctx.output.list(rows)
            }
            for column in columns { column.report(in: ctx) }
            let failed = columns.compactMap(\.failure)
            guard !failed.isEmpty else { return }
            if failed.count < columns.count { throw ExitCode(80) }
            let statuses = Set(failed.map(\.status.rawValue))
            throw ExitCode(statuses.count == 1 ? statuses.first! : 1)
        }
    }
}

/// One server's column of `instance stats`: its dashboard figures, or why there are none and what
/// its public documents say instead.
struct StatsColumn: Sendable {
    var server: String
    var account: String?
    var stats: ServerStats?
    /// nodeinfo's and the instance API's figures, where the dashboard's are not to be had.
    var publicFigures: [(key: String, label: String, value: Int)] = []
    var failure: FediError?

    static func read(_ member: QueueWatch.Member, from start: Date, to end: Date, top: Int) async -> StatsColumn {
        let ctx = member.ctx
        let server = (try? ctx.login().server.authority) ?? "?"
        var column = StatsColumn(server: server, account: member.account)
        do {
            column.stats = try await ctx.with(.stats) { try await $0.stats(from: start, to: end, limit: top) }
        } catch {
            let failure = ErrorReport.fediError(from: error)
            column.failure = failure
            if failure.status == .unavailable, let client = try? await ctx.client() {
                column.publicFigures = await publicFigures(client.anonymous)
            }
        }
        return column
    }

    /// What nodeinfo and the instance API tell anyone: users, active users, posts.
    static func publicFigures(_ client: APIClient) async -> [(key: String, label: String, value: Int)] {
        var figures: [(key: String, label: String, value: Int)] = []
        if let nodeinfo = try? await client.nodeinfo()?.value {
            if let users = nodeinfo.userCount { figures.append(("nodeinfo_users", "users (nodeinfo)", users)) }
            if let active = nodeinfo.activeMonth {
                figures.append(("nodeinfo_active_month", "active users, month (nodeinfo)", active))
            }
            if let posts = nodeinfo.localPosts {
                figures.append(("nodeinfo_local_posts", "local posts (nodeinfo)", posts))
            }
        }
        if let instance = try? await client.instanceInfo().value {
            if let users = instance.userCount { figures.append(("instance_users", "users (instance API)", users)) }
            if let active = instance.activeUsers {
                figures.append(("instance_active_month", "active users, month (instance API)", active))
            }
            if let posts = instance.statusCount { figures.append(("instance_posts", "posts (instance API)", posts)) }
        }
        return figures
    }

    /// The failure on stderr, named by its account over several (as the fleet says them).
    func report(in ctx: CommandContext) {
        guard let failure else { return }
        let who = account.map { "\($0): " } ?? ""
        var text = "fedictl: \(who)\(Renderer.inertLines(failure.message))\n"
        var hint = failure.hint ?? ""
        if !publicFigures.isEmpty {
            hint += (hint.isEmpty ? "" : "; ") + "shown instead: what its nodeinfo and instance API say"
        }
        if !hint.isEmpty { text += "hint: \(Renderer.inertLines(hint))\n" }
        ctx.terminal.writeError(text)
    }
}

/// A row of `instance stats`: a measure, a dimension's item, a cohort or a public figure, with a
/// value per server. Its columns are the run's servers (`serverNames`, bound while it prints).
struct StatsRow: Tabular {
    /// One server's figure: the value as shown, and for JSON its numbers and series.
    struct Figure: Encodable, Sendable {
        var value: String?
        var previousTotal: Int?
        var unit: String?
        var series: [StatsMeasure.Point]?
        var retention: [StatsCohort.Point]?
        /// The cell on a terminal: the value and a sparkline of the series.
        var shown: String?

        enum CodingKeys: String, CodingKey {
            case value, unit, series, retention, previousTotal = "previous_total"
        }
    }

    var section: String
    var key: String
    var label: String
    var servers: [String: Figure]

    enum CodingKeys: String, CodingKey { case section, key, label, servers }

    @TaskLocal static var serverNames: [String] = []

    static var columns: [Column<StatsRow>] {
        var columns: [Column<StatsRow>] = [
            Column("section", default: false) { .text($0.section) },
            Column("key", default: false, kind: .identifier) { .text($0.key) },
            Column("label", "figure", kind: .identifier) { .text($0.label) },
        ]
        for server in serverNames {
            columns.append(
                Column(server, kind: .other) { row in .text(row.servers[server].flatMap { $0.shown ?? $0.value }) })
        }
        return columns
    }

    /// Every server's figures as rows: measures, dimensions, retention, then public figures, each in
    /// the order the first server to have it gave it.
    /// `ascii`: sparklines in digits where colour is off (NO_COLOR, --no-color), as `instance activity` draws them.
    static func rows(_ columns: [StatsColumn], tty: Bool, ascii: Bool) -> [StatsRow] {
        var rows: [StatsRow] = []
        var index: [String: Int] = [:]
        func add(_ section: String, _ key: String, _ label: String, server: String, _ figure: Figure) {
            let id = section + "\u{0}" + key
            if let at = index[id] {
                rows[at].servers[server] = figure
            } else {
                index[id] = rows.count
                rows.append(StatsRow(section: section, key: key, label: label, servers: [server: figure]))
            }
        }
        for column in columns {
            guard let stats = column.stats else { continue }
            for measure in stats.measures {
                let value = measure.humanValue ?? measure.total.map(String.init)
                let series = measure.data.map { $0.value ?? 0 }
                let line = Sparkline.render(series, ascii: ascii)
                add(
                    "measure", measure.key, measure.key.replacing("_", with: " "), server: column.server,
                    Figure(
                        value: value, previousTotal: measure.previousTotal, unit: measure.unit, series: measure.data,
                        shown: tty && !line.isEmpty ? "\(value ?? "") \(line)" : nil))
            }
        }
        for column in columns {
            guard let stats = column.stats else { continue }
            for dimension in stats.dimensions {
                for item in dimension.data {
                    add(
                        "dimension", "\(dimension.key):\(item.key)",
                        "\(dimension.key.replacing("_", with: " ")): \(item.label)", server: column.server,
                        Figure(value: item.humanValue ?? item.value, unit: item.unit))
                }
            }
        }
        for column in columns {
            guard let stats = column.stats else { continue }
            for cohort in stats.retention {
                let period =
                    cohort.period.map { String(FlexibleDate.format($0).prefix(cohort.frequency == "day" ? 10 : 7)) }
                    ?? "?"
                let rate = cohort.lastRate.map { " (\(Int(($0 * 100).rounded()))% active)" } ?? ""
                add(
                    "retention", "retention:\(period)", "sign-ups \(period)", server: column.server,
                    Figure(value: cohort.size.map { "\($0)\(rate)" }, retention: cohort.data))
            }
        }
        for column in columns {
            for figure in column.publicFigures {
                add("public", figure.key, figure.label, server: column.server, Figure(value: String(figure.value)))
            }
        }
        return rows
    }
}
