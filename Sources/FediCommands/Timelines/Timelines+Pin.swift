import ArgumentParser
import FediCore

extension Timelines {
    public struct Pin: FediCommand {
        public init() {}
        public static let configuration = CommandConfiguration(
            commandName: "pin",
            abstract: "Pin a server's local timeline under a name.",
            discussion: """
                Finds out which software HOST runs (to know which API reads its timeline) and checks that it \
                shows its local timeline to visitors: a server that does not is not pinned (exit 77). The pin \
                goes into the config file; no account is needed. Pinning the same server under the same name \
                again refreshes what fedictl knows about it and keeps --since-last's place.

                Examples:
                  $ fedictl timelines pin mastodon.art --name art
                  $ fedictl timelines pin misskey.io
                  $ fedictl timelines show art
                """)

        public static let traits = VerbTraits(.own, .writes)

        @OptionGroup public var globals: GlobalOptions

        @Argument(help: ArgumentHelp("The server: host, host:port or URL.", valueName: "host"))
        public var host: String

        @Option(help: ArgumentHelp("The name to show it by (default: the host).", valueName: "name"))
        public var name: String?

        public func validate() throws {
            if let name, name.isEmpty || name.contains(where: { $0.isWhitespace || $0 == "/" }) {
                throw ValidationError("--name '\(name)' cannot be used: a pin's name has no spaces or slashes")
            }
        }

        public func run(in ctx: CommandContext) async throws {
            try ctx.output.validateFields(for: PinnedTimeline.self)
            let server = try ctx.server(host)
            let name = self.name ?? server.authority
            try Self.checkConflicts(in: ctx.services.logins.load(), name: name, server: server)
            // A pin nobody can read is no use: ask for one post first, as a visitor or, where the server
            // shows it to logged-in users only, with a login there (exit 77 if refused).
            let info = try await ctx.with(.timelines(.timelinesLocal), on: (server, nil), as: .reader) { reader, info in
                _ = try await reader.local(limit: 1, mediaOnly: false, after: nil)
                return info
            }
            var pin = PinnedTimeline(
                name: name, baseURL: server.baseURL.absoluteString, server: info, pinnedAt: ctx.services.now())
            if ctx.globals.dryRun {
                ctx.status("dry run: would pin \(server.authority) as \(name)")
                return try ctx.output.item(pin)
            }
            pin = try ctx.logins.update { config in
                try Self.checkConflicts(in: config, name: name, server: server)
                var pins = config.pins ?? []
                if let index = pins.firstIndex(where: { $0.name.equalsIgnoringCase(name) }) {
                    (pin.lastSeenID, pin.lastSeenAt, pin.pinnedAt) = (
                        pins[index].lastSeenID, pins[index].lastSeenAt, pins[index].pinnedAt
                    )
                    pins[index] = pin
                } else {
                    pins.append(pin)
                }
                config.pins = pins
                return pin
            }
            ctx.status("Pinned \(server.authority) (\(info.label)) as \(name).")
            try ctx.output.item(pin)
        }

        /// One name per pin and one pin per server; the same pin again is fine.
        static func checkConflicts(in config: LoginConfig, name: String, server: ServerAddress) throws {
            for pin in config.pins ?? [] {
                let sameName = pin.name.equalsIgnoringCase(name)
                let sameServer = pin.address.authority == server.authority
                if sameName, !sameServer {
                    throw FediError(
                        .dataError, "a timeline is already pinned as \(pin.name) (\(pin.address.authority))",
                        hint: "choose another --name, or unpin it first: fedictl timelines unpin \(pin.name)")
                }
                if sameServer, !sameName {
                    throw FediError(
                        .dataError, "\(server.authority) is already pinned as \(pin.name)",
                        hint: "read it with `fedictl timelines show \(pin.name)`, or unpin it first to rename it")
                }
            }
        }
    }
}

extension Timelines.Pin: JournaledCommand {
    /// A pin named by --name is unpinned by that name; a default name is the entry's target.
    public func undoArguments(target: String?, createdID: String?) -> [String]? {
        name.map { ["timelines", "unpin", $0] }
    }
}
