import FediCommands
import FediCore
import FediHTTPCurl
import FediKeyring
import FediOutput
import Foundation

enum LiveServices {
    static func make() -> Services {
        let environment = ProcessInfo.processInfo.environment
        let paths = ConfigPaths(environment: environment)
        return Services(
            transport: CurlTransport(), secrets: LibSecretStore(environment: environment),
            insecureSecrets: { FileSecretStore(url: paths.secretsFile) },
            logins: FileLoginStore(paths: paths), serverCache: FileServerInfoCache(environment: environment),
            terminal: StandardTerminal(), environment: environment, openURL: { openInBrowser($0, environment: environment) })
    }

    /// `xdg-open URL`, or the command in FEDICTL_BROWSER (`none` opens nothing). Detached, output
    /// discarded: a browser that prints or keeps running must not disturb fedictl.
    static func openInBrowser(_ url: URL, environment: [String: String]) -> Bool {
        let command = environment["FEDICTL_BROWSER"].flatMap { $0.isEmpty ? nil : $0 } ?? "xdg-open"
        guard command != "none", let executable = findExecutable(command, path: environment["PATH"] ?? "/usr/bin:/bin") else { return false }
        let process = Process()
        process.executableURL = executable
        process.arguments = [url.absoluteString]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
            return true
        } catch {
            return false
        }
    }

    static func findExecutable(_ command: String, path: String) -> URL? {
        let candidates = command.contains("/") ? [command] : path.split(separator: ":").map { "\($0)/\(command)" }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }.map { URL(fileURLWithPath: $0) }
    }
}
