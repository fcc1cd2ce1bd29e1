import FediCore
import FoundationEssentials

/// Shell completion for pinned timeline names: read from the config only (`ConfigCompletion`),
/// never the keyring or the network.
enum PinCompletion {
    @Sendable static func candidates(_ arguments: [String], _ index: Int, _ prefix: String) -> [String] {
        ConfigCompletion.candidates(prefix) { config in (config.pins ?? []).map(\.name) }
    }
}
