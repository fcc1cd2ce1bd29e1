import ArgumentParser
import FediCore
import FediOutput
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// `fedictl triage`: the fleet's queue as a full-screen view, one key per decision.
public struct Triage: FediCommand {
    public init() {}
    public static let configuration = CommandConfiguration(
        commandName: "triage",
        abstract: "The queue as an interactive screen: one key per decision.",
        discussion: """
            What `fedictl queue` lists - open reports and sign-ups awaiting approval, over every account \
            whose role can moderate unless --account narrows it - on one screen, oldest first, with the \
            evidence of the item under the cursor beside it: the comment, the rules broken as their text, \
            the reported posts (what a content warning or a sensitive mark hides stays hidden until v), \
            notes, open reports about the same account on the other servers, and for a sign-up its e-mail, \
            IP and how many other pending sign-ups share them. --kind trend shows instead the trending \
            links, posts and hashtags awaiting review (Mastodon, as `queue --kind trend`), each with its \
            URL, uses and accounts over the server's last days.

            Keys: j/k or the arrows move; r resolves a report; w warns, l limits (silences), m forces \
            media sensitive and s suspends the reported account (each resolves the report too); A \
            assigns the report to you; n adds a note (a one-line prompt); a approves and x rejects a \
            sign-up or a trend; space marks items, and a decision key then acts on every marked one; u undoes the \
            last decision made here (as `fedictl log undo`); / filters; v reveals what is hidden; ? \
            shows the keys; q quits. Reject, suspend and anything on several items ask y/N first.

            Each decision runs the matching command (`reports resolve ID`, `accounts approve ID`, \
            `trends tags reject ID` ...) \
            exactly as on the command line, so what a server's software cannot do is refused with the \
            reason in the status line and nothing is sent, and every change is in the journal with its \
            undo; the decisions of one screen share one journal run. --dry-run sends nothing and shows \
            what each key would send.

            The screen stays live: new items arrive as `queue --watch` sees them (the notification \
            stream, and a look every --interval seconds); what was handled elsewhere leaves with a note \
            in the status line; a server that stops answering is named in the header. Needs a terminal \
            (not TERM=dumb): for scripts, `fedictl queue`. Colours follow NO_COLOR and --no-color.

            Examples:
              $ fedictl triage
              $ fedictl triage --kind sign-up --domain spamwave.example
              $ fedictl triage --kind trend
              $ fedictl triage --dry-run
            """)

    public static let traits = VerbTraits(.moderation, .reads, everyAccountByDefault: true)

    @OptionGroup public var globals: GlobalOptions

    @Option(help: ArgumentHelp("Only this kind: report, sign-up or trend (trends only when asked).", valueName: "kind"))
    public var kind: QueueItem.Kind?

    @OptionGroup public var filters: SelectorFilters

    @Option(help: ArgumentHelp("Seconds between looks at each server.", valueName: "seconds"))
    public var interval: Double = 60

    public func validate() throws {
        if kind == .trend, filters.isGiven {
            throw ValidationError("--kind trend takes no selector (trends have no account or domain)")
        }
        guard interval >= 1, interval <= 86_400 else {
            throw ValidationError("--interval must be between 1 and 86400 seconds")
        }
    }

    /// The screen follows every server itself, as `queue --watch` does.
    public var fansOut: Bool { false }

    public func run(in ctx: CommandContext) async throws {
        let terminal = ctx.terminal
        guard terminal.stdoutIsTTY, terminal.stdinIsTTY,
            ctx.environment["TERM"].map({ !$0.isEmpty && $0 != "dumb" }) ?? false
        else {
            throw FediError(
                .usage, "triage needs a terminal (stdin and stdout, and TERM not dumb)",
                hint: "for scripts and pipes: fedictl queue")
        }
        guard let makeScreen = ctx.services.triageScreen else {
            throw FediError(.unavailable, "this build of fedictl has no full-screen terminal", hint: "fedictl queue")
        }
        let kinds = kind.map { [$0] } ?? QueueItem.Kind.byDefault
        let selection = try filters.selection(in: ctx, stdin: false, takes: nil)
        if kind == .report { try selection.refuseAddressesForReports() }
        let members = try QueueWatch.members(of: ctx, everyByDefault: true)
        let servers = members.compactMap { try? $0.ctx.login().server.authority }
        var model = TriageModel(servers: Array(Set(servers)).sorted(), dryRun: ctx.globals.dryRun)
        let colors = OutputSettings.colorAllowed(
            isTTY: true, environment: ctx.environment, noColorFlag: ctx.globals.noColor)
        model.colors = colors
        model.say("asking \(servers.count) server\(servers.count == 1 ? "" : "s")…")
        let decider = CommandDecider(
            services: ctx.services, passedOn: passedOn, runID: ctx.journalSession?.runID ?? JournalEntry.newID())
        let session = TriageSession(
            screen: makeScreen(), decider: decider, model: model, kinds: kinds, interval: interval,
            selection: selection, colors: colors, journal: ctx.services.journal, now: ctx.services.now)
        let screen = session.screen
        // Ctrl-C, SIGTERM and SIGHUP end the screen as q does: the terminal is given back as it was.
        // Ignored before the screen starts, so ncurses installs no handlers of its own for them.
        for number in [SIGINT, SIGTERM, SIGHUP] { signal(number, SIG_IGN) }
        do {
            try await untilInterrupted(signals: [SIGINT, SIGTERM, SIGHUP]) {
                do {
                    try await session.run(members: members)
                } catch {
                    await screen.stop()
                    throw error
                }
                await screen.stop()
            }
        } catch {
            await screen.stop()
            throw error
        }
        await screen.stop()
    }

    /// The global options each decision's command takes from this run.
    var passedOn: [String] {
        var words: [String] = []
        if globals.dryRun { words.append("--dry-run") }
        if globals.noJournal { words.append("--no-journal") }
        if let reason = globals.reason { words += ["--reason", reason] }
        words += ["--timeout", shortNumber(globals.timeout)]
        if let cacert = globals.cacert { words += ["--cacert", cacert] }
        if globals.insecureHttp { words.append("--insecure-http") }
        if globals.insecureStorage { words.append("--insecure-storage") }
        if let file = globals.tokenFile { words += ["--token-file", file] }
        if let wait = globals.maxWait { words += ["--max-wait", wait] }
        return words
    }
}
