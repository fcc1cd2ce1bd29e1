import ArgumentParser
import FediCore

/// Completion candidates drawn from the config file (`Services.current.logins`), the only source a
/// completion may read: never the keyring, never the network, so a TAB answers in milliseconds
/// and works with no Secret Service and no connection.
///
/// The shell runs `fedictl ---completion <command path> -- <option> …` on each TAB; that run goes
/// through `main.swift` and `FedictlMain.run` with the live services bound, and ArgumentParser
/// calls the closure before any command is built, so nothing else (keyring, transport) is touched.
///
/// A provider is one line over it: `AccountCompletion` (ids and aliases), `PinCompletion` (pinned
/// timelines).
enum ConfigCompletion {
    /// The names `names` picks from the config that start with `prefix`, sorted, without repeats.
    /// An absent, unreadable or corrupt config completes nothing (a TAB never prints an error).
    static func candidates(_ prefix: String, _ names: (LoginConfig) -> [String]) -> [String] {
        guard let config = try? Services.current.logins.load() else { return [] }
        return Set(names(config).filter { $0.hasPrefix(prefix) }).sorted().map {
            escaped($0, for: CompletionShell.requesting)
        }
    }

    /// zsh's `_describe`, which the generated script feeds, reads `a:b` as the candidate `a` described
    /// as `b`, so an id with a port (`admin@localhost:3000`) would complete to `admin@localhost`.
    /// ArgumentParser passes candidates through unescaped; quote the colons for zsh.
    static func escaped(_ candidate: String, for shell: CompletionShell?) -> String {
        shell == .zsh ? candidate.replacing(":", with: "\\:") : candidate
    }
}
