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
            var command = try Fedictl.parseAsRoot(arguments)
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
                // --help, --version and completion answers.
                let text = Fedictl.fullMessage(for: error)
                if !text.isEmpty { terminal.write(text.hasSuffix("\n") ? text : text + "\n") }
                return 0
            }
            terminal.writeError(usageMessage(for: error))
            return status == 1 ? ExitStatus.usage.rawValue : status
        }
    }

    /// A parse failure as one `fedictl:` line and a hint pointing at the right --help.
    static func usageMessage(for error: Error) -> String {
        let full = Fedictl.fullMessage(for: error)
        let lines = full.split(separator: "\n").map { $0.trimmed() }
        var message = Fedictl.message(for: error).split(separator: "\n").first.map(String.init) ?? "invalid arguments"
        if message.hasPrefix("Error: ") { message.removeFirst("Error: ".count) }
        let help = lines.first { $0.hasPrefix("See '") }.map { line -> String in
            line.replacing("See '", with: "see '").replacing(" for more information.", with: "")
        } ?? "see 'fedictl --help'"
        return "fedictl: \(message)\nhint: \(help)\n"
    }
}
