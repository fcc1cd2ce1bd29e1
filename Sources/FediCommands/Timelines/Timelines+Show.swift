import ArgumentParser
import FediCore
import FediOutput

extension Timelines {
    public struct Show: FediCommand {
        public init() {}
        public static let configuration = CommandConfiguration(
            commandName: "show",
            abstract: "Read a pinned or named server's local timeline, or your home timeline.",
            discussion: """
                With a pin's name or a server, reads that server's local timeline (the public posts of its own \
                users) as a visitor: no account, no token sent (GoToSocial and Pixelfed show it to logged-in users \
                only: there a stored login on that server is used). Without one, reads the selected account's home \
                timeline. Posts come newest first with author, time, text, media count and link; a post behind \
                a content warning (or marked sensitive) shows only the warning until --reveal. Boosts name the \
                boosted author. Misskey-family text is MFM, shown as it is. On the home timeline --media-only \
                keeps the posts with media among the --limit fetched.

                --since-last shows only what is newer than the newest post an earlier run of the same pin \
                showed (kept per pin, as that server's own id): the oldest --limit of them, and how many more \
                wait for the next run. A server that keeps its timeline from visitors (Mastodon set to \
                "authenticated"; GoToSocial and Pixelfed when you have no login there) is exit 77.

                Examples:
                  $ fedictl timelines show art
                  $ fedictl timelines show mastodon.social --limit 5 --reveal
                  $ fedictl timelines show art --since-last --media-only
                  $ fedictl timelines show
                """)

        public static let traits = VerbTraits(.each, .reads)

        @OptionGroup public var globals: GlobalOptions

        @Argument(
            help: ArgumentHelp(
                "A pin's name, or a server (host, host:port or URL); without it, your home timeline.",
                valueName: "host|name"),
            completion: .custom(PinCompletion.candidates))
        public var timeline: String?

        @Option(
            name: [.customShort("L"), .long],
            help: "Show at most this many posts (servers allow up to 40, the Misskey family 100).")
        public var limit = 20

        @Flag(help: "Only posts with media attached.")
        public var mediaOnly = false

        @Flag(help: "Show the text of posts behind content warnings.")
        public var reveal = false

        @Flag(help: "Only posts newer than the last run of this pin.")
        public var sinceLast = false

        /// The table's columns unless --fields says otherwise.
        static let timelineFields = ["created_at", "author", "content", "media_urls", "url"]
        /// How many waiting posts --since-last counts before it says "over".
        static let waitingCountCap = 200

        public func validate() throws {
            guard limit > 0 else { throw ValidationError("--limit must be at least 1") }
        }

        public func run(in ctx: CommandContext) async throws {
            try ctx.output.validateFields(for: Post.self)
            guard let timeline else { return try await showHome(in: ctx) }
            let address = try? ctx.server(timeline)
            if let pin = try ctx.services.logins.load().pin(timeline, server: address) {
                return try await showPin(pin, in: ctx)
            }
            guard address != nil, timeline.contains(where: { $0 == "." || $0 == ":" }) || timeline == "localhost" else {
                throw FediError(
                    .noInput, "no timeline is pinned as \(timeline)",
                    hint: "`fedictl timelines pins` lists the pins; a server needs its full name, e.g. mastodon.social")
            }
            if sinceLast {
                throw FediError(
                    .usage, "--since-last needs a pinned timeline",
                    hint: "pin it first: fedictl timelines pin \(timeline)")
            }
            let target = try ctx.instanceTarget(timeline)
            let fetched = try await ctx.with(.timelines(.timelinesLocal), on: target, as: .reader) { reader in
                try await reader.local(limit: limit, mediaOnly: mediaOnly, after: nil)
            }
            try present(fetched, in: ctx, empty: "No posts on \(target.server.authority).")
        }

        /// A pin: read through the server's detection (cached by host like any server without a
        /// login, detected again when stale or when the server answers as if it had changed
        /// software), kept on the pin for `timelines pins`; --since-last's place moved on.
        func showPin(_ pin: PinnedTimeline, in ctx: CommandContext) async throws {
            let server = pin.address
            // Only posts after the kept one: the server's own cursor, so every post it returns is newer.
            let after = sinceLast ? pin.lastSeenID : nil
            let (read, info) = try await ctx.with(.timelines(.timelinesLocal), on: (server, nil), as: .reader) {
                reader, info in
                if let after {
                    return (
                        try await reader.local(
                            newerThan: after, limit: limit, mediaOnly: mediaOnly, countCap: Self.waitingCountCap), info
                    )
                }
                return ((try await reader.local(limit: limit, mediaOnly: mediaOnly, after: nil), 0), info)
            }
            let fetched = read.posts
            if !ctx.globals.dryRun {
                let (detected, newest) = (info, fetched.value.first)
                try ctx.services.logins.update { config in
                    guard let index = config.pins?.firstIndex(where: { $0.name == pin.name }) else { return }
                    config.pins![index].server = detected
                    if let newest { config.pins![index].markSeen(newest, afterKept: after != nil) }
                }
            }
            try present(
                fetched, in: ctx,
                empty: after != nil ? "No new posts on \(pin.name) since the last run." : "No posts on \(pin.name).")
            // The place moved only past what was shown: the rest waits for the next run.
            if read.waiting > 0 {
                let count = read.waiting > Self.waitingCountCap ? "over \(Self.waitingCountCap)" : "\(read.waiting)"
                ctx.status(
                    "\(count) more new \(read.waiting == 1 ? "post" : "posts") on \(pin.name); run again to see them.")
            }
        }

        /// The selected account's home timeline (its token). The API has no media filter: --media-only
        /// keeps the posts with media among those fetched.
        func showHome(in ctx: CommandContext) async throws {
            if sinceLast {
                throw FediError(
                    .usage, "--since-last works with pinned timelines",
                    hint: "pin a server first: fedictl timelines pin HOST")
            }
            var fetched = try await ctx.with(.timelines(.timelinesHome)) { reader in try await reader.home(limit: limit)
            }
            if mediaOnly { fetched.value.removeAll { $0.mediaURLs.isEmpty } }
            try present(fetched, in: ctx, empty: "Your home timeline is empty.")
        }

        func present(_ fetched: Fetched<[Post]>, in ctx: CommandContext, empty: String) throws {
            if ctx.globals.raw { return ctx.output.raw(fetched.raw) }
            var output = ctx.output
            if output.settings.fields == nil, output.settings.format != .json, output.settings.format != .ndjson {
                output.settings.fields = Self.timelineFields
            }
            if fetched.value.isEmpty, output.settings.format == .table, output.settings.isTTY {
                return ctx.status(empty)
            }
            try output.list(
                fetched.value.map { post in
                    var shown = post
                    shown.revealed = reveal
                    return shown
                })
        }
    }
}

/// A pin or a named server is read without a login; only the home timeline is the account's.
extension Timelines.Show {
    public var fansOut: Bool { timeline == nil }
}
