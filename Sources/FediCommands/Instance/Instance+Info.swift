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
                family; nodeinfo names the software, shown as people name it (software_label: GoToSocial 0.17.3) \
                beside its raw name and version (software, software_version). No login needed. Without HOST, asks the selected account's \
                instance, whose detected software is cached for a day (--refresh detects it again).

                Examples:
                  $ fedictl instance info mastodon.social
                  $ fedictl instance info 127.0.0.1:3000 -o json
                  $ fedictl instance info example.social --fields domain,flavour,software_version
                  $ fedictl instance info --refresh
                """)

        public static let traits = VerbTraits(.oncePerServer, .reads)

        @OptionGroup public var globals: GlobalOptions

        @OptionGroup public var hostArgument: InstanceHost

        @Flag(help: "Detect the server's software again instead of using the account's cached detection.")
        public var refresh = false

        public func run(in ctx: CommandContext) async throws {
            try ctx.output.validateFields(for: InstanceInfo.self)
            let target = try ctx.instanceTarget(hostArgument.host)
            var documents = try await Self.documents(of: target, refresh: refresh, in: ctx)
            if documents.fromCache, let shown = documents.shownVersion, shown != documents.server.displayVersion {
                // The server shows another version than when it was detected (an upgrade, or another
                // server on that address): what it runs may have changed too.
                documents = try await Self.documents(of: target, refresh: true, in: ctx)
            }
            if documents.instance == nil, documents.meta == nil, let status = documents.instanceRefusal {
                // Nodeinfo alone would print a description with most fields blank, as if it were all.
                throw FediError(
                    .permission,
                    "\(target.server.authority) refuses its instance description to visitors (HTTP \(status))",
                    hint:
                        "the server may keep its API to signed-in users; `fedictl instance nodeinfo \(hostArgument.host ?? target.server.authority)` shows what it publishes"
                )
            }
            var (instance, meta, nodeinfo) = (documents.instance, documents.meta, documents.nodeinfo)
            // Nodeinfo's counts fill in only for servers without an instance API, fresh or cached alike.
            if instance != nil { nodeinfo = nil }
            guard let raw = instance?.raw ?? meta?.raw ?? nodeinfo?.raw else {
                throw FediError(
                    .unavailable,
                    "\(target.server.authority) does not describe itself: no nodeinfo, instance API or Misskey meta",
                    hint: "check that it is a Fediverse server")
            }
            if ctx.globals.raw { return ctx.output.raw(raw) }
            var info =
                instance?.value
                ?? InstanceInfo(domain: target.server.authority, meta: meta?.value, nodeinfo: nodeinfo?.value)
            info.complete(with: documents.server, meta: meta?.value, nodeinfo: nodeinfo?.value)
            try ctx.output.item(info)
        }

        /// What the server runs and the documents that describe it: those detection fetched, or, with
        /// a cached detection, only the ones this server has (one request on Mastodon).
        static func documents(of target: (server: ServerAddress, login: Login?), refresh: Bool, in ctx: CommandContext)
            async throws
            -> Documents
        {
            let detected = try await ctx.serverInfo(target.server, login: target.login, refresh: refresh)
            let server = detected.server
            if let discovery = detected.discovery {
                return Documents(
                    server: server, instance: discovery.instance, meta: discovery.meta, nodeinfo: discovery.nodeinfo,
                    fromCache: false,
                    instanceRefusal: discovery.instanceRefusal)
            }
            let cached: Discovery
            do {
                cached = try await ServerDiscovery(client: ctx.anonymousClient(target.server)).documents(of: server)
            } catch let error as APIError where error.meansAbsent {
                // A document the cached detection promised is gone: the server changed; detect it again.
                return try await documents(of: target, refresh: true, in: ctx)
            }
            return Documents(
                server: server, instance: cached.instance, meta: cached.meta, nodeinfo: cached.nodeinfo, fromCache: true
            )
        }

        struct Documents {
            var server: ServerInfo
            var instance: Fetched<InstanceInfo>?
            var meta: Fetched<MisskeyMeta>?
            var nodeinfo: Fetched<NodeInfo>?
            var fromCache: Bool
            var instanceRefusal: Int? = nil

            /// The version the instance API or Misskey's meta shows now (detection keeps the same one).
            var shownVersion: String? { instance?.value.version ?? meta?.value.version }
        }
    }
}

extension Instance.Info {
    public var fansOut: Bool { hostArgument.host == nil }
}
