import ArgumentParser

/// The HOST every `instance` verb takes; without it, the selected account's instance is asked.
public struct InstanceHost: ParsableArguments, Sendable {
    public init() {}

    @Argument(
        help: ArgumentHelp(
            "Server to ask (host, host:port or URL); default: the selected account's instance.", valueName: "host"))
    public var host: String?
}
