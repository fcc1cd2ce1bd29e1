import ArgumentParser
import FediCore
import FediOutput
import FoundationEssentials

/// Runs one verb over several accounts: `run(in:)` once per account, concurrently (at most
/// `--concurrency` at once, default 16), each with a context pinned to its account (own detection, capability
/// check, pacing and retries) over the one shared transport, so connections are reused per server.
///
/// A verb that runs once per server (`VerbTraits.runsOncePerServer`): of several logins on one server
/// only the one `FleetMembers` picks runs; the others say "same server as ..." and send nothing
/// (`--per-account` runs them all).
///
/// A failing account never stops the others (unless `--fail-fast`): it is reported as
/// `fedictl: ACCOUNT: message` and its hint on stderr, and as `{"account", "error"}` in JSON output.
/// The exit status is 0 when every account succeeded (a server with nothing to act on, 66, beside
/// ones that did, counts as nothing to do); 75 or 77 when every failure was temporary, or every one
/// a refused token; 80 (partial) when some succeeded and some failed otherwise; else (none
/// succeeded, or `--fail-fast`) the status the failures share, or 1 when they differ.
///
/// Writes: unless `--yes` or `--dry-run`, the first pass keeps every write instead of sending it
/// (`WritePreview`); an account that reads only, sends nothing, or fails is done there. If any
/// account would write, one confirmation lists every account and what its server would get (or why
/// it refuses: "GoToSocial cannot keep severity silence"), and the accounts that would write run
/// again with the answer (their reads are repeated; nothing was written the first time).
struct FleetRunner {
    let ctx: CommandContext
    let pins: [AccountPin]
    let fleet: Fleet

    init(ctx: CommandContext, pins: [AccountPin]) {
        self.ctx = ctx
        self.pins = pins
        fleet = Fleet(
            logins: pins.map(\.login), output: FleetOutput(renderer: ctx.output, accounts: pins.map(\.login.id)))
    }

    enum Outcome: Sendable {
        case succeeded
        case failed(FediError)
        /// Stopped at a write on the first pass: what it would send, and the questions its verb asked.
        case wouldWrite(writes: [String], questions: [String])
        /// Not run, or stopped, because another account failed (`--fail-fast`).
        case skipped
        /// Not run: another selected login on the same server acts for it (this one's id).
        case sameServer(as: String)
        /// Ran, and chose its own exit status (`queue --exit-status`): done, not a failure.
        case exited(Int32)
    }

    /// Runs the verb over every account and returns the exit status.
    func run<Command: FediCommand>(_ command: Command) async -> Int32 {
        let previewing = !ctx.globals.yes && !ctx.globals.dryRun
        let perServer = Command.traits.runsOncePerServer && !ctx.globals.perAccount
        let (acting, sameServer) = perServer ? FleetMembers.split(pins) : (pins, [:])
        for pin in pins {
            guard let other = sameServer[pin.login.id] else { continue }
            ctx.terminal.writeError(
                "\(pin.login.id): same server as \(other), which acts for it; nothing sent as \(pin.login.id)\n")
            fleet.output.finish(pin.login.id)
        }
        var outcomes = await runAll(command, acting, globals: ctx.globals, previewing: previewing)
        for (id, other) in sameServer { outcomes[id] = .sameServer(as: other) }
        let writers = pins.filter { if case .wouldWrite = outcomes[$0.login.id] { return true } else { return false } }
        let failed = outcomes.values.contains { if case .failed = $0 { return true } else { return false } }
        // A declined confirmation is the person's answer, not a server's: its status stands.
        var declined = false
        if ctx.globals.failFast, failed {
            // --fail-fast: an account failed before anything was sent, so nothing is.
            for pin in writers {
                outcomes[pin.login.id] = .skipped
                fleet.output.finish(pin.login.id)
            }
        } else if !writers.isEmpty {
            switch confirmOnce(plan(CommandPath.name(of: Command.self), outcomes), writers: writers.count) {
            case .success:
                var globals = ctx.globals
                globals.yes = true
                for pin in writers { fleet.output.unmute(pin.login.id) }
                let again = await runAll(command, writers, globals: globals, previewing: false)
                outcomes.merge(again) { $1 }
            case .failure(let error):
                declined = true
                report(error, account: nil)
                for pin in writers {
                    outcomes[pin.login.id] = .failed(error)
                    // Said once on stderr; in JSON every account still gets its error object.
                    fleet.output.unmute(pin.login.id)
                    addErrorObject(error, account: pin.login.id)
                    fleet.output.finish(pin.login.id)
                }
            }
        }
        fleet.output.finishAll()
        writeNotes(outcomes)
        let findsThings = (command as? any FindingVerb)?.reportsFindings == true
        return summarise(
            outcomes, mixedStatus: findsThings ? Finding.mixedFailureStatus : .failure,
            // A verb that reports findings (`queue --exit-status`) says which servers could not be
            // asked by their errors' status, never 80: what the others found is in its output.
            partialCounts: !declined && !findsThings)
    }

    /// One run over `pins`, at most `--concurrency` at once.
    private func runAll<Command: FediCommand>(
        _ command: Command, _ pins: [AccountPin], globals: GlobalOptions,
        previewing: Bool
    ) async -> [String: Outcome] {
        let limit = max(1, ctx.globals.accountsInFlight)
        let failFast = ctx.globals.failFast
        let shared = ParsedCommand(command: command)
        var outcomes: [String: Outcome] = [:]
        await withTaskGroup(of: (String, Outcome).self) { group in
            var next = 0
            var stopping = false
            func start() {
                let pin = pins[next]
                next += 1
                group.addTask {
                    (pin.login.id, await runOne(shared.command, pin, globals: globals, previewing: previewing))
                }
            }
            while next < min(limit, pins.count) { start() }
            for await (id, outcome) in group {
                outcomes[id] = stopping ? .skipped : outcome
                if case .failed = outcome, failFast, !stopping {
                    stopping = true
                    group.cancelAll()
                }
                if !stopping, next < pins.count { start() }
            }
            for pin in pins[next...] { outcomes[pin.login.id] = .skipped }
        }
        return outcomes
    }

    private func runOne<Command: FediCommand>(
        _ command: Command, _ pin: AccountPin, globals: GlobalOptions, previewing: Bool
    ) async -> Outcome {
        var member = CommandContext(services: ctx.services, globals: globals)
        // One journal session for the run: each account's writes are recorded under its own login.
        member.journalSession = ctx.journalSession
        // Over several accounts a rate limit is waited out, up to --max-wait a wait, and said:
        // one account's server asking for five minutes must not fail the run (exit 75).
        let terminal = ctx.terminal
        let id = pin.login.id
        member = member.forBulkWork { wait in
            guard wait.seconds >= 1 else { return }
            let length = DurationText.format(Int(wait.seconds.rounded(.up)))
            let why =
                wait.reason == .busy ? "\(wait.host) is busy with another admin action" : "\(wait.host)'s rate limit"
            terminal.writeError(Renderer.inertLines("\(id): waiting \(length) for \(why) (up to --max-wait)") + "\n")
        }
        var pin = pin
        pin.fleet = fleet
        let held = previewing ? HeldLines() : nil
        pin.heldStatus = held
        let output = fleet.output
        let preview = previewing ? WritePreview(onFirstWrite: { output.mute(id) }) : nil
        pin.preview = preview
        member.fleetMember = pin
        var outcome: Outcome
        do {
            try await command.run(in: member)
            outcome = .succeeded
        } catch is DryRunStop {
            outcome = .succeeded
        } catch let finding as Finding {
            outcome = .succeeded
            fleet.findings.note(finding.status)
        } catch let exit as ExitCode where exit.rawValue != 0 {
            outcome = .exited(exit.rawValue)
        } catch {
            if Task.isCancelled, ctx.globals.failFast {
                outcome = .skipped
            } else {
                outcome = .failed(ErrorReport.fediError(from: error))
            }
        }
        // However the verb ended (it may have caught the stop and gone on), a write it reached
        // makes this pass a preview: its narration and output are dropped, and it runs again.
        if let preview, !preview.writes.isEmpty {
            if case .skipped = outcome { return outcome }
            return .wouldWrite(writes: preview.writes, questions: preview.questions)
        }
        for line in held?.take() ?? [] { ctx.terminal.writeError(line) }
        if case .failed(let error) = outcome { report(error, account: id) }
        fleet.output.finish(id)
        return outcome
    }

    /// `fedictl: ACCOUNT: message` and its hint on stderr; with -o json or ndjson, also
    /// `{"account": ..., "error": {...}}` in the output stream.
    private func report(_ error: FediError, account: String?) {
        var text = "fedictl: \(account.map { "\($0): " } ?? "")\(Renderer.inertLines(error.message))\n"
        if let hint = error.hint { text += "hint: \(Renderer.inertLines(hint))\n" }
        ctx.terminal.writeError(text)
        if let account { addErrorObject(error, account: account) }
    }

    /// With -o json or ndjson, `{"account": ..., "error": {...}}` in the output stream.
    private func addErrorObject(_ error: FediError, account: String) {
        guard let format = ctx.globals.output, format == .json || format == .ndjson else { return }
        let object = AccountError(
            account: account,
            error: .init(
                message: error.message, hint: error.hint,
                exitStatus: Int(error.status.rawValue), kind: error.status.name))
        if let data = try? JSONCoding.encoder(pretty: format == .json).encode(object) {
            fleet.output.addJSON(String(decoding: data, as: UTF8.self), from: account)
        }
    }

    /// The parsed verb, which every account's task only reads.
    struct ParsedCommand<Command>: @unchecked Sendable {
        let command: Command
    }

    struct AccountError: Encodable {
        var account: String
        var error: ErrorReport.ErrorObject.Body
    }

    /// Every account's line for the confirmation: what its server would get, or why not.
    private func plan(_ verb: String, _ outcomes: [String: Outcome]) -> String {
        var lines = ["\(verb) over \(pins.count) accounts:"]
        for pin in pins {
            let id = pin.login.id
            // The software as detected during this run (or cached), so the mapping can be read.
            let software = ctx.journalSession?.detection(for: pin.login.server.authority) ?? pin.login.serverInfo
            let label = software.map { "\(id) (\($0.label))" } ?? id
            switch outcomes[id] {
            case .wouldWrite(let writes, let questions):
                let more =
                    writes.count > 1 ? " (and \(writes.count - 1) more request\(writes.count == 2 ? "" : "s"))" : ""
                lines.append("  \(label): " + (questions + [writes[0] + more]).joined(separator: " "))
            case .failed(let error) where error.status == .dataError:  // what this software cannot keep
                lines.append("  \(label): refused: \(error.message)")
            case .failed(let error):
                lines.append("  \(label): failed: \(error.message)")
            case .succeeded, .exited:
                lines.append("  \(label): nothing to send")
            case .sameServer(let other):
                lines.append("  \(id): same server as \(other): nothing sent")
            case .skipped, nil:
                lines.append("  \(label): not run (--fail-fast)")
            }
        }
        return lines.joined(separator: "\n")
    }

    /// One question for every account that would write: on a terminal a y/N prompt, elsewhere `--yes` is needed.
    private func confirmOnce(_ plan: String, writers: Int) -> Result<Void, FediError> {
        let terminal = ctx.terminal
        terminal.writeError(Renderer.inertLines(plan) + "\n")
        let accounts = "\(writers) account\(writers == 1 ? "" : "s")"
        guard terminal.stdinIsTTY, terminal.stderrIsTTY else {
            return .failure(
                FediError(
                    .usage, "\(accounts) need\(writers == 1 ? "s" : "") a confirmation",
                    hint: "not on a terminal: pass --yes to confirm"))
        }
        let answer = terminal.readLine(
            prompt: "Go ahead on \(writers == pins.count ? "all \(accounts)" : accounts)? [y/N] ", secret: false)?
            .lowercased()
        guard answer == "y" || answer == "yes" else { return .failure(FediError(.failure, "cancelled")) }
        return .success(())
    }

    /// The outcome per server, one line an account: when the verb noted what it did
    /// (`ctx.noteOutcome`), or when some servers are done and some not.
    private func writeNotes(_ outcomes: [String: Outcome]) {
        let idle = outcomes.values.contains {
            if case .failed(let error) = $0 { return Self.isNothingToDo(error, among: outcomes) }
            return false
        }
        guard !fleet.notes.isEmpty || Self.isPartial(outcomes) || idle else { return }
        var text = "Outcome per server:\n"
        for pin in pins {
            let id = pin.login.id
            switch outcomes[id] {
            case .failed(let error) where Self.isNothingToDo(error, among: outcomes):
                text += "  \(id): nothing to do: \(error.message)\n"
            case .failed(let error): text += "  \(id): failed: \(error.message)\n"
            case .skipped, nil: text += "  \(id): not run\n"
            case .sameServer(let other): text += "  \(id): same server as \(other)\n"
            case .succeeded, .wouldWrite, .exited: text += "  \(id): \(fleet.notes.note(for: id) ?? "done")\n"
            }
        }
        ctx.terminal.writeError(Renderer.inertLines(text))
    }

    /// Some servers done and some not (not run counts as not done; nothing to do counts as done).
    static func isPartial(_ outcomes: [String: Outcome]) -> Bool {
        var done = false
        var undone = false
        for outcome in outcomes.values {
            switch outcome {
            case .succeeded, .wouldWrite, .exited: done = true
            case .failed(let error) where isNothingToDo(error, among: outcomes): break
            case .failed, .skipped: undone = true
            case .sameServer: break
            }
        }
        return done && undone
    }

    /// A server that has nothing to act on (66: no such account, report or block there) beside
    /// servers that did act: "nothing to do" there, not a failure of the run.
    static func isNothingToDo(_ error: FediError, among outcomes: [String: Outcome]) -> Bool {
        error.status == .noInput
            && outcomes.values.contains {
                switch $0 {
                case .succeeded, .wouldWrite, .exited: true
                default: false
                }
            }
    }

    /// The one-line summary on a terminal, and the exit status: 0 (or what the accounts found,
    /// `Finding`) when every server is done or had nothing to do; the failures' shared status when
    /// it is one a monitor acts on alone (75: try again later, 77: a refused token), whatever else
    /// was done; 80 (partial) when some are done and some not; else (none done, or `--fail-fast`)
    /// the status the failures share, or `mixedStatus` when they differ.
    private func summarise(_ outcomes: [String: Outcome], mixedStatus: ExitStatus, partialCounts: Bool) -> Int32 {
        var failures: [FediError] = []
        var skipped = 0
        var same = 0
        var idle = 0
        var exits: [Int32] = []
        for outcome in outcomes.values {
            switch outcome {
            case .failed(let error) where Self.isNothingToDo(error, among: outcomes): idle += 1
            case .failed(let error): failures.append(error)
            case .skipped: skipped += 1
            case .sameServer: same += 1
            case .exited(let status): exits.append(status)
            case .succeeded, .wouldWrite: break
            }
        }
        if ctx.terminal.stderrIsTTY {
            let ok = pins.count - failures.count - skipped - same - idle
            var line = "\(pins.count) account\(pins.count == 1 ? "" : "s"): \(ok) ok, \(failures.count) failed"
            if idle > 0 { line += ", \(idle) nothing to do" }
            if same > 0 { line += ", \(same) same server" }
            if skipped > 0 { line += ", \(skipped) not run (--fail-fast)" }
            ctx.terminal.writeError(line + "\n")
        }
        guard let first = failures.first else {
            // Only the verb's own statuses: the one they share, or 1; or what the accounts found.
            guard let status = exits.first else { return fleet.findings.status }
            return exits.allSatisfy { $0 == status } ? status : ExitStatus.failure.rawValue
        }
        let shared = failures.allSatisfy { $0.status == first.status } ? first.status : nil
        if let shared, shared == .temporary || shared == .permission, skipped == 0 { return shared.rawValue }
        if partialCounts, !ctx.globals.failFast, Self.isPartial(outcomes) { return ExitStatus.partial.rawValue }
        return shared?.rawValue ?? mixedStatus.rawValue
    }
}
