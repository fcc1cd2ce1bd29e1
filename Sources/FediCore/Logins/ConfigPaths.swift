import Foundation

/// Where fedictl keeps its files: `$XDG_CONFIG_HOME/fedictl/` (an absolute XDG_CONFIG_HOME only, as
/// the XDG spec says), else `~/.config/fedictl/`.
public struct ConfigPaths: Sendable, Equatable {
    public let directory: URL

    public init(directory: URL) {
        self.directory = directory
    }

    public init(environment: [String: String]) {
        let base: URL
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") {
            base = URL(fileURLWithPath: config, isDirectory: true)
        } else {
            let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
            base = URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(".config", isDirectory: true)
        }
        directory = base.appendingPathComponent("fedictl", isDirectory: true)
    }

    /// The accounts: `config.json` (no secrets).
    public var configFile: URL { directory.appendingPathComponent("config.json") }
    /// The `--insecure-storage` secrets file.
    public var secretsFile: URL { directory.appendingPathComponent("secrets.json") }
}
