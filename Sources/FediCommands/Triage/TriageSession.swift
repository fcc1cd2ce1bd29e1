import FediCore
import FediOutput
import FoundationEssentials
import Synchronization

/// Runs the triage screen: the queue's own followers (`QueueFollower`, one per server) feed the
/// model, keys come from the screen, decisions go to the decider; after each input the screen is
/// drawn again. Everything reaches the model through one stream, so it is changed in one place.
struct TriageSession {
    var screen: any TriageScreen
    var decider: any TriageDecider
    var model: TriageModel
    var kinds: [QueueItem.Kind]
    var interval: Double
    var selection: Selection
    var colors: Bool
    /// The run's journal: the detail pane's earlier decisions about a target.
    var journal: any Journal = DisabledJournal()
    var now: @Sendable () -> Date = Date.init

    enum Input: Sendable {
        case key(ScreenEvent)
        case keysEnded
        case looked(server: String, items: [TriageModel.Entry])
        case arrived([TriageModel.Entry])
        case down(server: String, why: String)
        case up(server: String)
        case unavailable(server: String, [Capability: String])
        case say(String)
        /// A running command's or look's line: progress, or a rate-limit wait.
        case progress(String)
        case previewed([TriageRequest], [String])
        case detail(key: String, [String])
        case decided([TriageRequest], [TriageOutcome])
        case undone(TriageModel.Undo, TriageOutcome)
        /// A server's follower ended (cancelled, or its first look refused for good).
        case followed
    }

    /// Until `q` (or the keys end). The followers' contexts must write nowhere but `feed`
    /// (`StatusTerminal`): a line on stderr would tear the screen.
    func run(members: [QueueWatch.Member]) async throws {
        let keys = try await screen.start(colors: colors)
        let (inputs, feed) = AsyncStream.makeStream(of: Input.self, bufferingPolicy: .unbounded)
        var model = model
        model.now = now()
        let screen = screen
        let decider = decider
        let now = now
        var readers: [String: CommandContext] = [:]
        for member in members {
            if let host = try? member.ctx.login().server.authority { readers[host] = quietContext(member.ctx) }
        }
        let facts = TriageFacts(
            readers: readers, journal: journal,
            names: Dictionary(model.servers.map { ($0, model.shortName($0)) }, uniquingKeysWith: { first, _ in first }),
            now: now)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                for await key in keys { feed.yield(.key(key)) }
                feed.yield(.keysEnded)
            }
            for member in members {
                group.addTask {
                    await follow(member, feed: feed)
                    feed.yield(.followed)
                }
            }
            // What runs behind the screen (followers, decisions, detail reads) and the screen's events
            // handled so far: with nothing running and every event handled, the screen has settled.
            var working = members.count
            var events = 0
            screen.show(model.frame())
            // q while a decision is being sent waits for its answer: a write is never cut short.
            var quitting = false
            loop: for await input in inputs {
                switch input {
                case .key(let key):
                    events += 1
                    for effect in model.handle(key) {
                        switch effect {
                        case .quit:
                            guard model.busy != nil else { break loop }
                            quitting = true
                            model.say("quitting once \(model.busy ?? "the decision") is answered…")
                        case .decide(let requests):
                            working += 1
                            let batches = model.batches(requests)
                            group.addTask {
                                var outcomes: [TriageOutcome] = []
                                for (index, batch) in batches.enumerated() {
                                    if batches.count > 1 {
                                        let decision = batch.requests[0].decision.rawValue
                                        feed.yield(.say("\(decision) \(index + 1)/\(batches.count)…"))
                                    }
                                    outcomes += await decider.decide(batch) { feed.yield(.progress($0)) }
                                }
                                feed.yield(.decided(batches.flatMap(\.requests), outcomes))
                            }
                        case .preview(let requests):
                            working += 1
                            let targets: [(ctx: CommandContext?, domain: String)] = requests.map { request in
                                let item = model.entries.first { $0.key == request.item }?.item
                                return (item.flatMap { readers[$0.server] }, item.flatMap(TriageDecision.domain) ?? "?")
                            }
                            group.addTask {
                                var cuts: [String] = []
                                for target in targets {
                                    guard let ctx = target.ctx else {
                                        cuts.append("follows not counted")
                                        continue
                                    }
                                    cuts.append(await Self.followsCut(target.domain, in: ctx))
                                }
                                feed.yield(.previewed(requests, cuts))
                            }
                        case .undo(let undo):
                            working += 1
                            group.addTask { feed.yield(.undone(undo, await decider.undo(undo.entries))) }
                        }
                    }
                case .keysEnded: quitting = true
                case .looked(let server, let items): model.looked(server: server, kinds: kinds, items: items)
                case .arrived(let entries): model.arrived(entries)
                case .down(let server, let why): model.serverDown(server, why: why)
                case .up(let server): model.serverUp(server)
                case .unavailable(let server, let refusals): model.unavailable[server] = refusals
                case .say(let line): model.say(line)
                case .progress(let line): model.progress(line)
                case .previewed(let requests, let cuts):
                    working -= 1
                    model.previewed(requests, cuts)
                case .detail(let key, let lines):
                    working -= 1
                    model.loaded(lines, for: key)
                case .decided(let requests, let outcomes):
                    working -= 1
                    model.decided(requests, outcomes)
                case .undone(let undo, let outcome):
                    working -= 1
                    model.undone(undo, outcome)
                case .followed: working -= 1
                }
                if quitting, model.busy == nil { break loop }
                // The target's facts for the report under the cursor: asked once, as the cursor reaches it.
                if let entry = model.current, entry.item.kind == .report, model.details[entry.key] == nil {
                    model.loaded([], for: entry.key)
                    working += 1
                    group.addTask { feed.yield(.detail(key: entry.key, await facts.lines(for: entry.item))) }
                }
                model.now = now()
                screen.show(model.frame())
                if working == 0 { screen.settled(events: events) }
            }
            group.cancelAll()
        }
    }

    /// One server's queue, as `queue --watch` follows it: a first look, its notification stream
    /// where it has one, and a look every `interval`. Each look is the server's whole queue, so
    /// what it no longer lists was handled elsewhere.
    private func follow(_ member: QueueWatch.Member, feed: AsyncStream<Input>.Continuation) async {
        var services = member.ctx.services
        services.terminal = StatusTerminal { feed.yield(.progress($0)) }
        let sub = CommandContext(services: services, globals: member.ctx.globals, fleetMember: member.ctx.fleetMember)
        let kinds = self.kinds
        let selection = selection
        do {
            let login = try sub.login()
            let host = login.server.authority
            // Named on each command only when the run named accounts: an environment token has no stored login.
            let account: String? = member.account ?? (member.ctx.globals.accounts.isEmpty ? nil : login.id)
            if let detected = try? await sub.serverInfo(login.server, login: login).server {
                // What the decisions need on the kinds this screen shows.
                let needed = Set(
                    TriageDecision.allCases.flatMap { decision in
                        decision.kinds.filter(kinds.contains).map(decision.capability(on:))
                    })
                var refusals: [Capability: String] = [:]
                for capability in needed {
                    refusals[capability] = detected.refusal(of: capability, host: host)?.message
                }
                feed.yield(.unavailable(server: host, refusals))
            }
            let entries: @Sendable ([QueueItem]) -> [TriageModel.Entry] = { items in
                items.map { TriageModel.Entry(item: $0, account: account) }
            }
            // A selection is the looks' to apply: the stream's items are not filtered. No notification
            // says a trend awaits review: trends alone are looked at only.
            let streamed = kinds.contains { $0 != .trend }
            let stream =
                selection.isActive || !streamed ? nil : try await QueueWatch.notificationStream(kinds: kinds, in: sub)
            let follower = QueueFollower(
                interval: interval,
                look: { _ in
                    let items = try await Queue.waiting(kinds: kinds, in: sub, quiet: true, selection: selection)
                    feed.yield(.looked(server: host, items: entries(items)))
                    return items
                },
                openStream: stream,
                sleep: sub.services.sleep, now: sub.services.now,
                deliver: { items, arrived in
                    if arrived, !selection.isActive { feed.yield(.arrived(entries(items))) }
                },
                status: { feed.yield(.say(String($0.trimmingPrefix("fedictl: ")))) },
                reachability: { answers, why in
                    feed.yield(answers ? .up(server: host) : .down(server: host, why: why))
                },
                waitsForAFirstAnswer: true)
            try await follower.run()
        } catch {
            guard !(error is CancellationError), !Task.isCancelled else { return }
            let failure = ErrorReport.fediError(from: error)
            let server = (try? sub.login().server.authority) ?? member.account ?? "server"
            feed.yield(.down(server: server, why: failure.message))
        }
    }
}

extension TriageSession {
    /// A context that writes nowhere: reads behind the screen say nothing of their own.
    func quietContext(_ ctx: CommandContext) -> CommandContext {
        var services = ctx.services
        services.terminal = StatusTerminal { _ in }
        return CommandContext(services: services, globals: ctx.globals, fleetMember: ctx.fleetMember)
    }

    /// What blocking `domain` on `ctx`'s server cuts: its local follows and followers, counted as
    /// `domain-blocks sync` counts them, or why the server cannot say.
    static func followsCut(_ domain: String, in ctx: CommandContext) async -> String {
        do {
            let client = try await ctx.client()
            let support = try await ctx.with(.domainBlocks(.domainBlocksList)) { $0.support }
            let (counted, uncounted) = try await DomainBlockSteps(ctx).domainFollows(
                [domain], client: client, support: support, capping: false, writes: false)
            if let counts = counted[domain] { return "cuts \(counts.said)" }
            if let why = uncounted[domain] { return "follows not counted: \(why)" }
            return "the server does not count the follows it cuts"
        } catch {
            return "follows not counted: \(ErrorReport.fediError(from: error).message)"
        }
    }

    /// The reported account as its server's admin API shows it, in a line or two.
    static func targetFacts(_ id: String, in ctx: CommandContext, now: Date) async -> [String] {
        do {
            let account = try await ctx.with(.accounts(.accountsShow)) { try await $0.account(id: id).value }
            var facts = ["The account: \(account.status)"]
            if let created = account.createdAt { facts.append("joined \(RelativeTime.describe(created, now: now))") }
            if let posts = account.posts { facts.append(posts == 1 ? "1 post" : "\(posts) posts") }
            if let followers = account.followers {
                facts.append(followers == 1 ? "1 follower" : "\(followers) followers")
            }
            if let role = account.role, !role.isEmpty { facts.append("role \(role)") }
            if let email = account.email { facts.append("e-mail \(email)") }
            if let ip = account.ip { facts.append("IP \(ip)") }
            return [facts.joined(separator: " · ")]
        } catch {
            return ["The account: not shown (\(ErrorReport.fediError(from: error).message))"]
        }
    }
}

extension CommandContext {
    /// This context with other services (a terminal of its own), the same selection and journal.
    init(services: Services, globals: GlobalOptions, fleetMember: AccountPin?) {
        self.init(services: services, globals: globals)
        self.fleetMember = fleetMember
    }
}

/// A terminal for work that runs behind the screen (or whose output is kept): what it would print
/// arrives a line at a time; it is no terminal, so nothing asks and nothing is laid out for one.
final class StatusTerminal: Terminal, Sendable {
    let out: @Sendable (String) -> Void
    let err: @Sendable (String) -> Void
    /// What a command reads on stdin (a bulk form's ids).
    let input: Data
    init(out: @escaping @Sendable (String) -> Void, err: @escaping @Sendable (String) -> Void, input: Data = Data()) {
        self.out = out
        self.err = err
        self.input = input
    }
    convenience init(say: @escaping @Sendable (String) -> Void) { self.init(out: say, err: say) }

    func write(_ text: String) { text.split(separator: "\n").forEach { out(String($0)) } }
    func writeError(_ text: String) { text.split(separator: "\n").forEach { err(String($0)) } }
    var stdoutIsTTY: Bool { false }
    var stderrIsTTY: Bool { false }
    var stdinIsTTY: Bool { false }
    var width: Int? { nil }
    func readLine(prompt: String?, secret: Bool) -> String? { nil }
    func readAll() throws -> Data { input }
}
