import ArgumentParser
import FediCore

/// What a verb acting on ids (`trends … approve`, `statuses delete`) takes: ids, or - for the ids a list printed.
public struct IDTargets: ParsableArguments, Sendable {
    public init() {}

    @Argument(
        help: ArgumentHelp(
            "The ids (as a list or `show` prints them); - for ids on stdin, each beside its account.",
            valueName: "id"))
    public var ids: [String] = []

    @Flag(
        help: ArgumentHelp(
            "With - over several servers: send ids that name no server to every one (the same id is meant on each)."
        ))
    public var eachServer = false

    var fromStdin: Bool { ids == ["-"] }

    public func validate() throws {
        if ids.isEmpty { throw ValidationError("give the ids to act on, or - to read them from stdin") }
        if ids.count > 1, ids.contains("-") { throw ValidationError("give ids or -, not both") }
    }

    var stdinReferences: StdinReferences? { fromStdin ? StdinReferences(eachServer: eachServer, takes: nil) : nil }
}
