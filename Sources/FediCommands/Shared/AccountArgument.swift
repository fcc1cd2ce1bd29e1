import ArgumentParser

/// The ACCOUNT a relationship verb acts on, as a user types it.
public struct AccountArgument: ParsableArguments, Sendable {
    public init() {}

    @Argument(
        help: ArgumentHelp("The account: @user@host, @user (your own server) or an account id.", valueName: "user"))
    public var account: String
}
