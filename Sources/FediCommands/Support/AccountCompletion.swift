import FoundationEssentials
import FediCore

/// Shell completion for `--account`: ids and aliases, read from the config only (`ConfigCompletion`).
enum AccountCompletion {
    @Sendable static func candidates(_ arguments: [String], _ index: Int, _ prefix: String) -> [String] {
        ConfigCompletion.candidates(prefix) { config in config.accounts.flatMap { [$0.id] + $0.aliases } }
    }
}
