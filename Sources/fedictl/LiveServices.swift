import FediCommands
import FediCore
import FediHTTPCurl
import FediOutput
import Foundation

enum LiveServices {
    static func make() -> Services {
        let environment = ProcessInfo.processInfo.environment
        let unconfigured = Services.unconfigured
        return Services(
            transport: CurlTransport(), secrets: unconfigured.secrets, insecureSecrets: unconfigured.insecureSecrets,
            logins: unconfigured.logins, terminal: StandardTerminal(), environment: environment,
            now: Date.init, sleep: { try await Task.sleep(nanoseconds: UInt64(max(0, $0) * 1e9)) })
    }
}
