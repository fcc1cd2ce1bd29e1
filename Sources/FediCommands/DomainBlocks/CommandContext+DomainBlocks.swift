import FoundationEssentials
import FediCore

extension CommandContext {
    /// Runs `body` with the selected account's domain-block adapter for `capability` (exit 69 where
    /// the server has none; a stale detection is renewed once). What the server can keep is the
    /// adapter's to say (`support`): commands never look at the software.
    func withDomainBlocks<T>(_ capability: Capability, _ body: (any DomainBlockAdapter) async throws -> T) async throws -> T {
        let client = try await client()
        return try await withCapability(capability) { family in try await body(try client.domainBlocks(family: family)) }
    }

    /// Exit 65 when the server cannot keep what `spec` asks for, naming what and why.
    func requireSupported(_ spec: DomainBlockSpec, by adapter: any DomainBlockAdapter) throws {
        let missing = adapter.support.unsupported(spec)
        guard !missing.isEmpty else { return }
        throw FediError(.dataError, "\(adapter.support.software) cannot keep \(missing.joined(separator: ", ")) for \(spec.domain)",
                        hint: "leave \(missing.count == 1 ? "it" : "those") out; `fedictl instance features` shows what this server can do")
    }

    /// The block a user named: a domain (anything with a dot, and always on servers keyed by domain)
    /// is looked up in the list, an id asked for directly. Unknown: exit 66.
    func domainBlock(_ target: String, on adapter: any DomainBlockAdapter) async throws -> DomainBlock {
        if adapter.writesWholeList || target.contains(".") {
            let blocks = try await adapter.list(limit: nil, onPage: nil)
            return try type(of: adapter).named(target, in: blocks, host: (try? login().server.authority) ?? "the server")
        }
        return try await adapter.block(id: target).value
    }
}
