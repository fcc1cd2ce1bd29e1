import FoundationEssentials
import FediCore
import FediOutput

/// `queue --watch`: what waits now, then each item that arrives, once. Hears of new items from the
/// server's notification stream where it has one (`QueueFollower`), and asks the server every
/// `interval` seconds (jittered, so many watchers do not ask in step) where it has not.
struct QueueWatch {
    var kinds: [QueueItem.Kind]
    var interval: Double
    var exec: String?

    func run(in ctx: CommandContext) async throws {
        // A stream of lines: JSON arrays cannot be written as items arrive.
        var lines = ctx.output
        if lines.settings.format == .json { lines.settings.format = .ndjson }
        let output = lines
        let printer = Printer(output: output)
        let kinds = self.kinds, exec = self.exec
        try await untilInterrupted {
            let follower = QueueFollower(
                interval: interval,
                look: { quiet in try await Queue.waiting(kinds: kinds, in: ctx, quiet: quiet) },
                openStream: try await Self.notificationStream(kinds: kinds, in: ctx),
                sleep: ctx.services.sleep,
                now: ctx.services.now,
                deliver: { items, arrived in
                    try await printer.print(items)
                    if arrived, let exec { try await Self.run(exec, for: items, output: output, in: ctx) }
                },
                status: { ctx.status($0) })
            try await follower.run()
        }
    }

    /// How to open the account's notification stream, where its server has one (the capability
    /// table decides). Where the stream lives is asked once.
    static func notificationStream(kinds: [QueueItem.Kind], in ctx: CommandContext) async throws
        -> (@Sendable () async throws -> AsyncThrowingStream<QueueItem, Error>)? {
        let client = try await ctx.client()
        let detected = try await ctx.serverInfo(client.server, login: try ctx.login()).server
        guard CapabilityTable.availability(of: .queueStream, on: detected).family != nil else { return nil }
        let base = Lazy { await client.streamingBase() }
        return { try await client.queueNotifications(kinds: Set(kinds), at: await base.value()) }
    }

    private static func run(_ command: String, for items: [QueueItem], output: Renderer, in ctx: CommandContext) async throws {
        for item in items {
            let json = try output.jsonText(item, pretty: false) + "\n"
            let status = try await ctx.services.runCommand(command, Data(json.utf8))
            if status != 0 { ctx.status("fedictl: --exec command exited \(status) for \(item.kind.rawValue) \(item.id)") }
        }
    }

    /// Prints batches of items as they come, one batch at a time: a header (table, CSV) only above the first.
    actor Printer {
        private var output: Renderer
        init(output: Renderer) { self.output = output }

        func print(_ items: [QueueItem]) throws {
            guard !items.isEmpty else { return }
            try output.list(items)
            output.settings.noHeaders = true
        }
    }

    /// A value worked out on first use, once.
    actor Lazy<Value: Sendable> {
        private let make: @Sendable () async -> Value
        private var made: Value?
        init(_ make: @escaping @Sendable () async -> Value) { self.make = make }

        func value() async -> Value {
            if let made { return made }
            let value = await make()
            made = value
            return value
        }
    }
}

extension QueueItem {
    /// Identifies an item across looks at the server.
    var key: String { "\(server) \(kind.rawValue) \(id)" }
}
