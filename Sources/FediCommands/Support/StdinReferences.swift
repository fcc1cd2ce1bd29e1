import FediCore
import FediOutput
import FoundationEssentials

/// How a verb reads `-`: ids and handles as the lists print them, each meant for its own server.
public struct StdinReferences: Sendable {
    /// `--each-server`: ids that name no server go to every selected one.
    var eachServer: Bool
    /// What the verb acts on: reports, or accounts (`.signUp`); nil for both (the queue).
    var takes: QueueItem.Kind?
}

extension StdinReferences {
    /// The ids and handles on stdin meant for `ctx`'s server: those read on it, and those that name
    /// no server (handles; bare ids over one server, or with `--each-server`). What cannot be
    /// placed is refused (`[Reference].values`) before anything is sent.
    func values(in ctx: CommandContext) throws -> [String] {
        let here = try ctx.login().server.authority
        let fleet = try ctx.fleetMember?.fleet?.logins ?? [ctx.login()]
        return try placed(for: here, among: fleet, terminal: ctx.terminal)
    }

    /// The same check over every selected account, before any of them runs: a refusal is said once.
    func check(over pins: [AccountPin], terminal: any Terminal) throws {
        guard let first = pins.first else { return }
        _ = try placed(for: first.login.server.authority, among: pins.map(\.login), terminal: terminal)
    }

    private func placed(for server: String, among logins: [Login], terminal: any Terminal) throws -> [String] {
        let text = String(decoding: try terminal.readAll(), as: UTF8.self)
        return try ReferenceReader.read(text).values(
            for: server, among: Set(logins.map { $0.server.authority.lowercased() }), eachServer: eachServer,
            takes: takes)
    }
}
