import ArgumentParser
import FediCore

extension Instance {
    public struct Info: FediCommand {
        public init() {}
        public static let configuration = CommandConfiguration(
            commandName: "info",
            abstract: "Show a server's software, version, registrations, contact and limits.",
            discussion: """
            Reads /api/v2/instance, falling back to /api/v1/instance, and Misskey's /api/meta on the Misskey \
            family; nodeinfo names the software. No login needed. Without HOST, asks the selected account's \
            instance, whose detected software is cached for a day (--refresh detects it again).

            Examples:
              $ fedictl instance info mastodon.social
              $ fedictl instance info 127.0.0.1:3000 -o json
              $ fedictl instance info example.social --fields domain,flavour,software_version
              $ fedictl instance info --refresh
            """)

        @OptionGroup public var globals: GlobalOptions

        @OptionGroup public var hostArgument: InstanceHost

        @Flag(help: "Detect the server's software again instead of using the account's cached detection.")
        public var refresh = false

        public func run(in ctx: CommandContext) async throws {
            try ctx.output.validateFields(for: InstanceInfo.self)
            let target = try ctx.instanceTarget(hostArgument.host)
            let detected = try await ctx.serverInfo(target.server, login: target.login, refresh: refresh)
            let server = detected.server
            var instance = detected.discovery?.instance
            var meta = detected.discovery?.meta
            var nodeinfo = detected.discovery?.nodeinfo
            if detected.discovery == nil {
                // From the cache: fetch only the documents this server has.
                let client = ctx.anonymousClient(target.server)
                if server.instanceAPI != nil { instance = try await client.instanceInfo() }
                if server.flavour.isMisskeyFamily {
                    // Misskey forks with a Mastodon layer: the meta only adds registrations and limits.
                    if instance == nil { meta = try await client.misskeyMeta() } else { meta = try? await client.misskeyMeta() }
                }
                if instance == nil { nodeinfo = try await client.nodeinfo() }
            }
            // Nodeinfo's counts fill in only for servers without an instance API, fresh or cached alike.
            if instance != nil { nodeinfo = nil }
            guard let raw = instance?.raw ?? meta?.raw ?? nodeinfo?.raw else {
                throw FediError(.unavailable, "\(target.server.authority) does not describe itself: no nodeinfo, instance API or Misskey meta",
                                hint: "check that it is a Fediverse server")
            }
            if ctx.globals.raw { return ctx.output.raw(raw) }
            var info = instance?.value ?? InstanceInfo(domain: target.server.authority, meta: meta?.value, nodeinfo: nodeinfo?.value)
            info.complete(with: server, meta: meta?.value, nodeinfo: nodeinfo?.value)
            try ctx.output.item(info)
        }
    }
}
