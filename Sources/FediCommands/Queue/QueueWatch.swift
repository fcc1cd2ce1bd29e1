import FediCore
import FediOutput
import FoundationEssentials

/// `queue --watch`: what waits now, then each item that arrives, once. Hears of new items from the
/// server's notification stream where it has one (`QueueFollower`), and asks the server every
/// `interval` seconds (jittered, so many watchers do not ask in step).
///
/// Over several accounts (one a server: `queueShownUnder`) every server is followed at once and
/// each line is written as its item arrives, led by the account; an account that fails is said
/// and the others go on. `--exec` runs beside the watch (`QueueNotifier`). SIGINT and SIGTERM end
/// it, in whatever state, with exit 0.
struct QueueWatch {
    var kinds: [QueueItem.Kind]
    var interval: Double
    var exec: String?
    var execTimeout: Double

    func run(in ctx: CommandContext) async throws {
        // A stream of lines: JSON arrays cannot be written as items arrive.
        var lines = ctx.output
        if lines.settings.format == .json { lines.settings.format = .ndjson }
        let output = lines
        // The same selection as `queue`: every account that can moderate when none is named.
        let members = try Self.members(of: ctx, everyByDefault: Queue.traits.everyAccountByDefault)
        let terminal = ctx.terminal
        let printer = Printer(output: output, byAccount: members.count > 1, write: { terminal.write($0) })
        let notifier = exec.map { command in
            QueueNotifier(
                command: command, timeout: execTimeout, runCommand: ctx.services.runCommand,
                say: { ctx.status($0) })
        }
        let failures = Failures()
        let watch = self
        try await untilInterrupted {
            do {
                try await withThrowingTaskGroup(of: Void.self) { group in
                    for member in members {
                        group.addTask {
                            do {
                                try await watch.follow(member, printer: printer, notifier: notifier, in: ctx)
                            } catch  where member.account != nil && !(error is CancellationError) && !Task.isCancelled {
                                // One of several: said, and the others go on.
                                let failure = ErrorReport.fediError(from: error)
                                await failures.add(failure)
                                Self.report(failure, account: member.account!, output: output, in: ctx)
                            }
                        }
                    }
                    try await group.waitForAll()
                }
            } catch {
                await notifier?.stop()
                throw error
            }
            await notifier?.stop()
        }
        await notifier?.stop()
        if let status = await failures.status(ofAll: members.count) { throw Finding(status: status) }
    }

    /// One account's follower, its lines led by the account when there are several.
    private func follow(
        _ member: Member, printer: Printer, notifier: QueueNotifier?,
        in root: CommandContext
    ) async throws {
        let ctx = member.ctx
        let kinds = self.kinds
        let interval = self.interval
        let output = await printer.output
        let host = try ctx.login().server.authority
        let lead = member.account.map { "fedictl: \($0): " } ?? "fedictl: "
        let follower = QueueFollower(
            interval: interval,
            look: { quiet in try await Queue.waiting(kinds: kinds, in: ctx, quiet: quiet) },
            openStream: try await Self.notificationStream(kinds: kinds, in: ctx),
            sleep: ctx.services.sleep,
            now: ctx.services.now,
            deliver: { items, arrived in
                try await printer.print(items, account: member.account)
                guard arrived, let notifier else { return }
                for item in items {
                    let json = try output.jsonText(item, pretty: false) + "\n"
                    await notifier.enqueue("\(item.kind.rawValue) \(item.id) on \(host)", Data(json.utf8))
                }
            },
            status: { line in
                root.status(line.hasPrefix("fedictl: ") ? lead + line.dropFirst("fedictl: ".count) : line)
            },
            reachability: { answers, why in
                let said =
                    answers
                    ? "\(host) answers again"
                    : "\(host) does not answer (\(why)); still watching, asking every \(shortNumber(interval)) s"
                root.status(lead + said)
                let event = answers ? "server_up" : "server_down"
                printer.event(WatchEvent(account: member.account, server: host, event: event, message: said))
            },
            waitsForAFirstAnswer: member.account != nil)
        try await follower.run()
    }

    /// Who is watched: the selected account, or each of several, one per server.
    struct Member: Sendable {
        var ctx: CommandContext
        /// Set when there are several.
        var account: String?
    }

    /// `shownOnce` says what a second login on one server does not repeat.
    static func members(
        of ctx: CommandContext, everyByDefault: Bool = false, shownOnce: String = "its server's queue is shown once"
    ) throws -> [Member] {
        guard ctx.fleetMember == nil,
            let pins = try ctx.accounts.selectedAccounts(moderation: true, everyByDefault: everyByDefault)?.map(
                AccountPin.init)
        else {
            return [Member(ctx: ctx, account: nil)]
        }
        if pins.count == 1 {
            // A group of one: the usual path cannot read its name.
            var one = ctx
            one.fleetMember = pins[0]
            return [Member(ctx: one, account: nil)]
        }
        // A server is watched once, as the login that acts for it (FleetMembers).
        let (acting, sameServer) = FleetMembers.split(pins)
        for pin in pins {
            guard let shownUnder = sameServer[pin.login.id] else { continue }
            ctx.status("\(pin.login.id): \(shownOnce), under \(shownUnder)")
        }
        let ids = acting.map(\.login.id)
        let fleet = Fleet(logins: acting.map(\.login), output: FleetOutput(renderer: ctx.output, accounts: ids))
        return acting.map { pin -> Member in
            var member = ctx
            var pin = pin
            pin.fleet = fleet
            member.fleetMember = pin
            return Member(ctx: member, account: pin.login.id)
        }
    }

    /// `fedictl: ACCOUNT: message` and its hint on stderr; with -o ndjson also `{"account", "error"}`.
    static func report(_ error: FediError, account: String, output: Renderer, in ctx: CommandContext) {
        var text = "fedictl: \(account): \(Renderer.inertLines(error.message))\n"
        if let hint = error.hint { text += "hint: \(Renderer.inertLines(hint))\n" }
        ctx.terminal.writeError(text)
        guard output.settings.format == .ndjson else { return }
        let body = ErrorReport.ErrorObject.Body(
            message: error.message, hint: error.hint,
            exitStatus: Int(error.status.rawValue), kind: error.status.name)
        let object = FleetRunner.AccountError(account: account, error: body)
        if let line = try? output.jsonText(object, pretty: false) { ctx.terminal.write(line + "\n") }
    }

    /// How to open the account's notification stream, where its server has one (the capability
    /// table decides). Where the stream lives is asked once.
    static func notificationStream(kinds: [QueueItem.Kind], in ctx: CommandContext) async throws
        -> (@Sendable () async throws -> AsyncThrowingStream<QueueItem, Error>)?
    {
        let client = try await ctx.client()
        let detected = try await ctx.serverInfo(client.server, login: try ctx.login()).server
        guard detected.offers(.queueStream) else { return nil }
        let base = Lazy { await client.streamingBase() }
        return { try await client.queueNotifications(kinds: Set(kinds), at: await base.value()) }
    }

    /// Prints batches of items as they come, one batch at a time: a header (table, CSV) only above
    /// the first. Over several accounts each row is led by its account.
    actor Printer {
        private(set) var output: Renderer
        let byAccount: Bool
        /// The watch's stdout, for event lines.
        let write: @Sendable (String) -> Void
        init(output: Renderer, byAccount: Bool, write: @escaping @Sendable (String) -> Void) {
            self.output = output
            self.byAccount = byAccount
            self.write = write
        }

        func print(_ items: [QueueItem], account: String?) throws {
            guard !items.isEmpty else { return }
            if byAccount, let account {
                try output.list(items.map { AccountQueueItem(account: account, item: $0) })
            } else {
                try output.list(items)
            }
            output.settings.noHeaders = true
        }

        /// A server went away or came back: a line of its own in NDJSON (stderr says it for people).
        nonisolated func event(_ event: WatchEvent) {
            Task { await self.write(event) }
        }

        private func write(_ event: WatchEvent) {
            guard output.settings.format == .ndjson else { return }
            guard let line = try? output.jsonText(event, pretty: false) else { return }
            write(line + "\n")
        }
    }

    /// An outage or a recovery in the NDJSON stream: `{"event": "server_down", "server", "message"}`.
    struct WatchEvent: Encodable, Sendable {
        var account: String?
        var server: String
        var event: String
        var message: String
    }

    /// The accounts that failed, for the exit status once every one has.
    actor Failures {
        private var statuses: [ExitStatus] = []
        func add(_ error: FediError) { statuses.append(error.status) }
        /// The status when all `count` accounts failed: the one they share, else 1.
        func status(ofAll count: Int) -> Int32? {
            guard statuses.count == count, let first = statuses.first else { return nil }
            return statuses.allSatisfy { $0 == first } ? first.rawValue : ExitStatus.failure.rawValue
        }
    }

    /// A value worked out on first use, once.
    actor Lazy<Value: Sendable> {
        private let make: @Sendable () async -> Value
        private var made: Value?
        init(_ make: @escaping @Sendable () async -> Value) { self.make = make }

        func value() async -> Value {
            if let made { return made }
            let value = await make()
            made = value
            return value
        }
    }
}

/// A queue item of one of several accounts: the `account` column (and key) first.
struct AccountQueueItem: Tabular {
    var account: String
    var item: QueueItem

    static let columns: [Column<AccountQueueItem>] =
        [Column("account") { .text($0.account) }]
        + QueueItem.columns.map { column in
            Column(column.key, column.header, default: column.isDefault, kind: column.kind) { column.value($0.item) }
        }

    private enum Keys: String, CodingKey { case account }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(account, forKey: .account)
        try item.encode(to: encoder)
    }
}

extension QueueItem {
    /// Identifies an item across looks at the server. A trend's id is its kind's own (a link and a
    /// post may share a number): its kind is part of the key.
    var key: String {
        kind == .trend ? "\(server) \(category ?? "") trend \(id)" : "\(server) \(kind.rawValue) \(id)"
    }
}
