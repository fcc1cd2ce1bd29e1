import Foundation
import FediCore

/// Shell completion for `--account`: reads only the config, never the keyring or the network.
enum AccountCompletion {
    @Sendable static func candidates(_ arguments: [String], _ index: Int, _ prefix: String) -> [String] {
        guard let config = try? Services.current.logins.load() else { return [] }
        let names = config.accounts.flatMap { [$0.id] + $0.aliases }
        return names.filter { $0.hasPrefix(prefix) }.sorted()
    }
}
