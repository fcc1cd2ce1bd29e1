import ArgumentParser
import FediCore
import FoundationEssentials

/// Shell completion for `--account`: ids, aliases and groups, read from the config only (`ConfigCompletion`).
enum AccountCompletion {
    @Sendable static func candidates(_ arguments: [String], _ index: Int, _ prefix: String) -> [String] {
        // After a comma (`--account a,b`), complete the last item and keep what comes before it.
        let head = prefix.lastIndex(of: ",").map { String(prefix[...$0]) } ?? ""
        let last = String(prefix.dropFirst(head.count))
        return ConfigCompletion.candidates(last) { config in
            config.accounts.flatMap { [$0.id] + $0.aliases } + (config.groups ?? [:]).keys.sorted()
        }.map { ConfigCompletion.escaped(head, for: CompletionShell.requesting) + $0 }
    }

    /// Group names only (`auth group remove`).
    @Sendable static func groups(_ arguments: [String], _ index: Int, _ prefix: String) -> [String] {
        ConfigCompletion.candidates(prefix) { config in (config.groups ?? [:]).keys.sorted() }
    }
}
