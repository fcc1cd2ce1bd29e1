import ArgumentParser
import FediCore

/// Runs the command tree on the given arguments with the bound services and returns the exit
/// status. Used by the executable and by tests, so both see exactly the same behaviour.
public enum FedictlMain {
    public static func run(_ arguments: [String]) async -> Int32 {
        await JournalSession.$arguments.withValue(arguments) { await parseAndRun(arguments) }
    }

    static func parseAndRun(_ arguments: [String]) async -> Int32 {
        let terminal = Services.current.terminal
        do {
            var command = try Fedictl.parse(arguments, branch: Fedictl.branch(namedBy: arguments))
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
            return 0
        } catch let exit as ExitCode {
            // Commands report their own errors before throwing their exit status.
            return exit.rawValue
        } catch {
            let status = Fedictl.exitCode(for: error).rawValue
            if status == 0 {
                // --help, --version and completion answers; help laid out for this terminal.
                var text = Fedictl.fullMessage(for: error, columns: HelpLayout.unwrapped)
                if HelpLayout.isHelp(text) {
                    let width = HelpLayout.width(
                        isTTY: terminal.stdoutIsTTY, terminalWidth: terminal.width,
                        environment: Services.current.environment)
                    text = HelpLayout.layout(text, width: width)
                }
                if !text.isEmpty { terminal.write(text.hasSuffix("\n") ? text : text + "\n") }
                return 0
            }
            if let failure = validationFailure(in: error) {
                // A FediError from a command's validate(): its own words and hint, and that verb's --help.
                terminal.writeError(usageMessage(failure, arguments: arguments))
                return failure.status.rawValue
            }
            terminal.writeError(usageMessage(for: error, arguments: arguments))
            return status == 1 ? ExitStatus.usage.rawValue : status
        }
    }

    /// A parse failure as one `fedictl:` line and a hint pointing at the right --help.
    /// A mistyped command or option gets the nearest real one, when one is near enough.
    static func usageMessage(for error: Error, arguments: [String] = []) -> String {
        let full = Fedictl.fullMessage(for: error)
        let lines = full.split(separator: "\n").map { $0.trimmed() }
        var message = Fedictl.message(for: error).split(separator: "\n").first.map(String.init) ?? "invalid arguments"
        if message.hasPrefix("Error: ") { message.removeFirst("Error: ".count) }
        if message.contains("nexpected argument") || message.hasPrefix("Unknown option"),
            let better = CommandSuggestion.fedictl?.usage(for: arguments, parserMessage: message)
        {
            return "fedictl: \(better.message)\nhint: \(better.hint)\n"
        }
        // The parser points a shared option's error (--fields, --timeout) at the root; the verb's help is nearer.
        let parserHelp = lines.first { $0.hasPrefix("See '") }.map { line -> String in
            line.replacing("See '", with: "see '").replacing(" for more information.", with: "")
        }
        let verbHelp = "see '\(verbPath(arguments)) --help'"
        let help = parserHelp.map { $0.count >= verbHelp.count ? $0 : verbHelp } ?? verbHelp
        return "fedictl: \(message)\nhint: \(help)\n"
    }

    /// `fedictl: <message>` and the error's own hint, then where the verb's help is.
    static func usageMessage(_ failure: FediError, arguments: [String]) -> String {
        let help = "see '\(verbPath(arguments)) --help'"
        return "fedictl: \(failure.message)\nhint: \(failure.hint.map { "\($0); \(help)" } ?? help)\n"
    }

    /// `fedictl ip-blocks add`: the command the arguments name, for pointing at its --help.
    static func verbPath(_ arguments: [String]) -> String {
        CommandSuggestion.fedictl?.resolve(arguments).path.map(\.commandName).joined(separator: " ") ?? "fedictl"
    }

    /// The FediError a command's validate() threw, which the parser hands back wrapped in its own
    /// (non-public) error type: found by looking inside it.
    static func validationFailure(in error: Error, depth: Int = 0) -> FediError? {
        if let failure = error as? FediError { return failure }
        guard depth < 4 else { return nil }
        for child in Mirror(reflecting: error).children {
            if let failure = child.value as? FediError { return failure }
            if let inner = child.value as? Error, let failure = validationFailure(in: inner, depth: depth + 1) {
                return failure
            }
            for grandchild in Mirror(reflecting: child.value).children {
                if let failure = grandchild.value as? FediError { return failure }
            }
        }
        return nil
    }
}
