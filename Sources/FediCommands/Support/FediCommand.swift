import ArgumentParser
import FediCore
import FediOutput
import FoundationEssentials

/// Every fedictl command: global options plus `run(in:)`. The default `run()` builds the context
/// and is the only place an error becomes a message and an exit status. With several accounts
/// selected it hands the verb to `FleetRunner`, which runs `run(in:)` once per account.
public protocol FediCommand: AsyncParsableCommand {
    var globals: GlobalOptions { get }
    func run(in ctx: CommandContext) async throws
    /// How the verb uses accounts and whether it writes (VerbTraits.swift): required of every verb.
    static var traits: VerbTraits { get }
    /// Whether this run goes once per selected account: the traits' answer unless the arguments decide.
    var fansOut: Bool { get }
    /// The command as its journal entries describe it when it is a `JournaledCommand`, else nil. A
    /// requirement, so each verb's answer is picked when compiled: a cast looked the conformance up
    /// on every run, a scan of the binary's conformance records for a verb that is not one.
    var journalFacts: (any JournaledCommand)? { get }
    /// How the verb reads ids from stdin (`-`), when it does: checked once over every selected
    /// account before any runs, so ids meant for one server never reach another.
    var stdinReferences: StdinReferences? { get }
}

extension FediCommand {
    public var journalFacts: (any JournaledCommand)? { nil }
    public var stdinReferences: StdinReferences? { nil }
}

extension FediCommand where Self: JournaledCommand {
    public var journalFacts: (any JournaledCommand)? { self }
}

extension FediCommand {
    public mutating func run() async throws {
        var services = Services.current.drawingProgress(globals)
        services.logins = ReadOnceLoginStore(wrapping: services.logins)  // config.json once per run
        services.tokenOwners = TokenOwners()
        var ctx = CommandContext(services: services, globals: globals)
        // A list verb's machine output names the account it was read as (`Renderer.account`).
        ctx.readsAsAccount = fansOut && Self.traits.effect == .reads
        ctx.journalSession = JournalSession(command: self, arguments: JournalSession.arguments)
        // However the run ends, no progress line is left under what it printed.
        defer { BulkProgress.board(of: ctx).clear() }
        do {
            do {
                if fansOut,
                    let pins = try ctx.accounts.selectedAccounts(
                        moderation: Self.traits.accounts == .moderation,
                        everyByDefault: Self.traits.everyAccountByDefault)?.map(AccountPin.init)
                {
                    if let references = stdinReferences { try references.check(over: pins, terminal: ctx.terminal) }
                    if pins.count > 1 {
                        let status = await FleetRunner(ctx: ctx, pins: pins).run(self)
                        await JournalWriter(ctx).recordQueuedChanges()
                        if status != 0 { throw ExitCode(status) }
                        return
                    }
                    ctx.fleetMember = pins.first
                }
                try await run(in: ctx)
            } catch {
                await JournalWriter(ctx).recordQueuedChanges()
                throw error
            }
            await JournalWriter(ctx).recordQueuedChanges()
        } catch let exit as ExitCode {
            throw exit
        } catch let finding as Finding {
            throw ExitCode(finding.status)
        } catch let exit as CleanExit {
            throw exit
        } catch is DryRunStop {
            return
        } catch {
            let failure = ErrorReport.fediError(from: error)
            ErrorReport.write(failure, to: ctx)
            throw ExitCode(failure.status.rawValue)
        }
    }
}
