import FoundationEssentials

/// Where fedictl keeps its files: `$XDG_CONFIG_HOME/fedictl/` (an absolute XDG_CONFIG_HOME only, as
/// the XDG spec says), else `~/.config/fedictl/`.
public struct ConfigPaths: Sendable, Equatable {
    public let directory: URL

    public init(directory: URL) {
        self.directory = directory
    }

    public init(environment: [String: String]) {
        let base = XDGDirectory.base("XDG_CONFIG_HOME", else: ".config", environment: environment)
        directory = base.appendingFile("fedictl", isDirectory: true)
    }

    /// The accounts: `config.json` (no secrets).
    public var configFile: URL { directory.appendingFile("config.json") }
    /// The `--insecure-storage` secrets file.
    public var secretsFile: URL { directory.appendingFile("secrets.json") }
}

/// An XDG base directory: the variable's value when it is an absolute path, else `~/fallback`.
enum XDGDirectory {
    static func base(_ variable: String, else fallback: String, environment: [String: String]) -> URL {
        if let value = environment[variable], value.hasPrefix("/") {
            return URL(fileURLWithPath: value, isDirectory: true)
        }
        let home =
            environment["HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? FileManager.default.homeDirectoryForCurrentUser.path
        return URL(fileURLWithPath: home, isDirectory: true).appendingFile(fallback, isDirectory: true)
    }
}
