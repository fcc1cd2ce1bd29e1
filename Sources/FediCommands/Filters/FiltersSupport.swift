import ArgumentParser
import FediCore

/// What the filter verbs share: which filters API the server has.
struct FilterSteps {
    let ctx: CommandContext
    init(_ ctx: CommandContext) { self.ctx = ctx }
}

extension FilterContext: ExpressibleByArgument {}

/// The FILTER argument the verbs that act on one filter take.
public struct FilterArgument: ParsableArguments, Sendable {
    public init() {}

    @Argument(help: ArgumentHelp("The filter's id (see `filters list`).", valueName: "filter"))
    public var filter: String
}

extension FilterAction: ExpressibleByArgument {
    public init?(argument: String) {
        let action = FilterAction(rawValue: argument.lowercased())
        guard action.isKnown else { return nil }
        self = action
    }

    public static var allValueStrings: [String] { knownValues.map(\.rawValue) }
}

/// What every `filters` verb shares: which filters API the selected account's server speaks.
extension FilterSteps {
    /// v2 where the server has it, else v1; neither: exit 69 naming the server's software.
    func filtersAPI() async throws -> (api: FiltersAPI, server: ServerInfo) {
        let login = try ctx.login()
        let info = try await ctx.serverInfo(login.server, login: login).server
        return (try FiltersAPI.serving(info, host: login.server.authority), info)
    }

    /// For the keyword and status verbs, which only v2 has: exit 65 on a v1-only server.
    func requireFiltersV2(for what: String, hint: String) async throws {
        let (api, server) = try await filtersAPI()
        guard api == .v2 else {
            throw FiltersAPI.v1Limit("\(server.label) has only v1 filters, which cannot \(what)", hint: hint)
        }
    }
}
