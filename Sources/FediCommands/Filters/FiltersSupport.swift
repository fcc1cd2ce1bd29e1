import ArgumentParser
import FediCore

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
