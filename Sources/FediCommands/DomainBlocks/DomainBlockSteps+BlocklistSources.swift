import FediCore
import FoundationEssentials

extension DomainBlockSteps {
    /// One source's list, read, downloaded or asked for, with the rows left out of it.
    /// The list is named by the source's identity (a file by its name), which sync stamps.
    func loadBlocklist(_ source: BlocklistSource) async throws -> (list: SourceList, skipped: [BlocklistFile.Skipped]) {
        let name = source.identity
        switch source {
        case .file(let path):
            return try BlocklistReader.read(try readLocalFile(path), name: name)
        case .url(let url):
            let fetched = try await BlocklistDownload(http: ctx.http, environment: ctx.environment).fetch(url)
            if fetched.fromCache {
                ctx.status("\(name): unchanged since the last run (HTTP 304), using the cached copy.")
            }
            return try BlocklistReader.read(fetched.data, name: name)
        case .server(let host):
            let (blocks, server) = try await InstanceSteps(ctx).publicDomainBlocksAndServer(host)
            var read = BlocklistReader.entries(from: blocks.value, name: name)
            read.0.masking = DomainMasking(server.flavour)
            return read
        case .account(let selector):
            return (BlocklistReader.entries(from: try await accountDomainBlocks(selector), name: name), [])
        }
    }

    /// A local file's bytes, or stdin for `-`, read up to `BoundedInput.maxBytes` (more: exit 65).
    /// Missing: exit 66.
    func readLocalFile(_ path: String) throws -> Data {
        if path == "-" { return try ctx.terminal.readAll() }
        return try BoundedInput.readFile(path, hint: "check the path (use - to read a list from stdin)")
    }

    /// Every domain block of a stored admin account (not necessarily the selected one).
    func accountDomainBlocks(_ selector: String) async throws -> [DomainBlock] {
        let login = try ctx.services.logins.load().login(matching: selector)
        let token: String
        if let environmentToken = ctx.accounts.environmentToken, (try? ctx.login())?.id == login.id {
            token = environmentToken
        } else {
            token = try await ctx.accounts.storedToken(for: login).0
        }
        let client = APIClient(server: login.server, token: token, http: ctx.http)
        return try await ctx.with(.domainBlocks(.domainBlocksList), on: (login.server, login), as: .client(client)) {
            try await $0.list(limit: nil, onPage: nil)
        }
    }
}
