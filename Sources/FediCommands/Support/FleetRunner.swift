import ArgumentParser
import FoundationEssentials
import FediCore
import FediOutput

/// Runs one verb over several accounts: `run(in:)` once per account, concurrently (at most
/// `--concurrency` at once), each with a context pinned to its account (own detection, capability
/// check, pacing and retries) over the one shared transport, so connections are reused per server.
///
/// A failing account never stops the others (unless `--fail-fast`): it is reported as
/// `fedictl: ACCOUNT: message` and its hint on stderr, and as `{"account", "error"}` in JSON output.
/// The exit status is 0 when every account succeeded; else the status the failures share, or 1
/// when they differ.
///
/// Confirmations: an account whose verb asks (`ctx.confirm`) stops there, before writing; once every
/// account has run or stopped so, one question lists them all, and the accounts that asked run
/// again with the answer (their reads are repeated; nothing was written the first time).
struct FleetRunner {
    let ctx: CommandContext
    let pins: [AccountPin]
    let fleet: Fleet

    init(ctx: CommandContext, pins: [AccountPin]) {
        self.ctx = ctx
        self.pins = pins
        fleet = Fleet(logins: pins.map(\.login), output: FleetOutput(renderer: ctx.output, accounts: pins.map(\.login.id)))
    }

    enum Outcome: Sendable {
        case succeeded
        case failed(FediError)
        case asked(String)
        /// Not run, or stopped, because another account failed (`--fail-fast`).
        case skipped
    }

    /// Runs the verb over every account and returns the exit status.
    func run<Command: FediCommand>(_ command: Command) async -> Int32 {
        let asking = !ctx.globals.yes && !ctx.globals.dryRun
        var outcomes = await runAll(command, pins, globals: ctx.globals, holdingStatus: asking)
        let askers = pins.indices.compactMap { index -> (AccountPin, String)? in
            if case .asked(let question) = outcomes[pins[index].login.id] { return (pins[index], question) }
            return nil
        }
        if !askers.isEmpty {
            switch confirmOnce(askers) {
            case .success:
                var globals = ctx.globals
                globals.yes = true
                let again = await runAll(command, askers.map(\.0), globals: globals, holdingStatus: false)
                outcomes.merge(again) { $1 }
            case .failure(let error):
                for (pin, _) in askers {
                    outcomes[pin.login.id] = .failed(error)
                    fleet.output.finish(pin.login.id)
                }
                report(error, account: nil)
            }
        }
        fleet.output.finishAll()
        writeNotes(outcomes)
        return summarise(outcomes)
    }

    /// One run over `pins`, at most `--concurrency` at once.
    private func runAll<Command: FediCommand>(_ command: Command, _ pins: [AccountPin], globals: GlobalOptions,
                                              holdingStatus: Bool) async -> [String: Outcome] {
        let limit = max(1, ctx.globals.concurrency)
        let failFast = ctx.globals.failFast
        let shared = ParsedCommand(command: command)
        var outcomes: [String: Outcome] = [:]
        await withTaskGroup(of: (String, Outcome).self) { group in
            var next = 0
            var stopping = false
            func start() {
                let pin = pins[next]
                next += 1
                group.addTask { (pin.login.id, await runOne(shared.command, pin, globals: globals, holdingStatus: holdingStatus)) }
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

    private func runOne<Command: FediCommand>(_ command: Command, _ pin: AccountPin, globals: GlobalOptions, holdingStatus: Bool) async -> Outcome {
        var member = CommandContext(services: ctx.services, globals: globals)
        // One journal session for the run: each account's writes are recorded under its own login.
        member.journalSession = ctx.journalSession
        var pin = pin
        pin.fleet = fleet
        let held = holdingStatus ? HeldLines() : nil
        pin.heldStatus = held
        member.pin = pin
        let id = pin.login.id
        let outcome: Outcome
        do {
            try await command.run(in: member)
            outcome = .succeeded
        } catch is DryRunStop {
            outcome = .succeeded
        } catch let asked as ConfirmationNeeded {
            // Said again when the account runs for real.
            return .asked(asked.question)
        } catch {
            if Task.isCancelled, ctx.globals.failFast { outcome = .skipped } else { outcome = .failed(ErrorReport.fediError(from: error)) }
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
        guard let account, let format = ctx.globals.output, format == .json || format == .ndjson else { return }
        let object = AccountError(account: account, error: .init(message: error.message, hint: error.hint,
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

    /// One question for every account that asked: on a terminal a y/N prompt, elsewhere `--yes` is needed.
    private func confirmOnce(_ askers: [(AccountPin, String)]) -> Result<Void, FediError> {
        let terminal = ctx.terminal
        let list = askers.map { "  \($0.0.login.id): \($0.1)" }.joined(separator: "\n")
        guard terminal.stdinIsTTY, terminal.stderrIsTTY else {
            terminal.writeError(Renderer.inertLines("These accounts need a confirmation:\n\(list)") + "\n")
            return .failure(FediError(.usage, "\(askers.count) account\(askers.count == 1 ? "" : "s") need a confirmation",
                                      hint: "not on a terminal: pass --yes to confirm"))
        }
        terminal.writeError(Renderer.inertLines("On \(askers.count) account\(askers.count == 1 ? "" : "s"):\n\(list)") + "\n")
        let answer = terminal.readLine(prompt: "Go ahead on all of them? [y/N] ", secret: false)?.lowercased()
        guard answer == "y" || answer == "yes" else { return .failure(FediError(.failure, "cancelled")) }
        return .success(())
    }

    /// The outcome per server, when the verb noted what it did (`ctx.noteOutcome`): one line an account.
    private func writeNotes(_ outcomes: [String: Outcome]) {
        guard !fleet.notes.isEmpty else { return }
        var text = "Outcome per server:\n"
        for pin in pins {
            let id = pin.login.id
            switch outcomes[id] {
            case .failed(let error): text += "  \(id): failed: \(error.message)\n"
            case .skipped, nil: text += "  \(id): not run\n"
            case .succeeded, .asked: text += "  \(id): \(fleet.notes.note(for: id) ?? "ok")\n"
            }
        }
        ctx.terminal.writeError(Renderer.inertLines(text))
    }

    /// The one-line summary on a terminal, and the exit status: 0 when every account succeeded, else
    /// the status the failures share, or 1 when they differ.
    private func summarise(_ outcomes: [String: Outcome]) -> Int32 {
        var failures: [FediError] = []
        var skipped = 0
        for outcome in outcomes.values {
            switch outcome {
            case .failed(let error): failures.append(error)
            case .skipped: skipped += 1
            case .succeeded, .asked: break
            }
        }
        if ctx.terminal.stderrIsTTY {
            let ok = pins.count - failures.count - skipped
            var line = "\(pins.count) account\(pins.count == 1 ? "" : "s"): \(ok) ok, \(failures.count) failed"
            if skipped > 0 { line += ", \(skipped) not run (--fail-fast)" }
            ctx.terminal.writeError(line + "\n")
        }
        guard let first = failures.first else { return 0 }
        return failures.allSatisfy({ $0.status == first.status }) ? first.status.rawValue : ExitStatus.failure.rawValue
    }
}
