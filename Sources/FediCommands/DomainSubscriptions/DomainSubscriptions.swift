import ArgumentParser
import FediCore
import FoundationEssentials

/// What the domain-subscription verbs share.
struct SubscriptionSteps {
    let ctx: CommandContext
    init(_ ctx: CommandContext) { self.ctx = ctx }
}

/// `fedictl domain-subscriptions …`: block and allow lists GoToSocial fetches by URL and applies itself.
public struct DomainSubscriptions: AsyncParsableCommand {
    public init() {}
    public static let configuration = CommandConfiguration(
        commandName: "domain-subscriptions",
        abstract: "Manage the block and allow lists GoToSocial subscribes to.",
        discussion: """
            GoToSocial 0.18+ only; elsewhere each verb is refused (exit 69) naming the software. GoToSocial \
            fetches every subscription once a day (instance-subscriptions-process-from/-every in its config), \
            highest priority first, and creates blocks or allows (or drafts, with --as-draft) marked with the \
            subscription's id. fedictl's `domain-blocks import --prune` and `sync` never lift or lower such a \
            block unless --force. The fetch password is sent to the server only, never shown, and --raw is not \
            offered here because the server's answer carries it. Needs an admin login.
            """,
        subcommands: [List.self, Show.self, Add.self, Update.self, Remove.self, Test.self, Pull.self])
}

extension DomainSubscriptions {
    /// GoToSocial fetches the list from `url` and applies what it holds: https, or plain http only to a
    /// loopback host or with --insecure-http, as everywhere else in fedictl. Checked before anything is sent.
    static func checkListURL(_ url: String, insecureHTTP: Bool) throws {
        guard url.lowercased().hasPrefix("http://") else { return }
        let host = URL(string: url)?.host ?? ""
        guard !host.isEmpty else {
            throw FediError(.usage, "'\(url)' is not a URL", hint: "give the list's https:// address")
        }
        guard ServerAddress.isLoopback(host) || insecureHTTP else {
            throw FediError(
                .usage, "refusing plain http:// for \(host): the list could be changed on the way",
                hint: "use https://, or pass --insecure-http if you really mean it")
        }
    }
}

/// What a subscription's list is written in, as `--content-type` takes it.
public enum SubscriptionContentType: String, CaseIterable, ExpressibleByArgument, Sendable {
    case csv, json, plain

    var mimeType: String {
        switch self {
        case .csv: "text/csv"
        case .json: "application/json"
        case .plain: "text/plain"
        }
    }

    /// From the URL's file name: `.csv`, `.json`, else nil.
    static func guess(from url: String) -> SubscriptionContentType? {
        let path = url.split(separator: "?").first.map(String.init)?.lowercased() ?? ""
        if path.hasSuffix(".csv") { return .csv }
        if path.hasSuffix(".json") { return .json }
        if path.hasSuffix(".txt") { return .plain }
        return nil
    }
}

/// The settings `add` and `update` share; a flag left out is not sent (on add: the server's default).
public struct SubscriptionSettings: ParsableArguments, Sendable {
    public init() {}

    @Option(help: ArgumentHelp("0 to 255; higher wins when lists disagree.", valueName: "n"))
    public var priority: Int?

    @Option(help: ArgumentHelp("A name for the list.", valueName: "text"))
    public var title: String?

    @Flag(
        inversion: .prefixedNo,
        help: "Make drafts for a moderator to accept; --no-as-draft applies at once (server default: drafts).")
    public var asDraft: Bool?

    @Flag(
        inversion: .prefixedNo,
        help: "Take over hand-made entries the list has; --no-adopt-orphans leaves them (server default: no).")
    public var adoptOrphans: Bool?

    @Flag(
        inversion: .prefixedNo,
        help: "Lift what the list drops; --no-remove-retracted keeps it, unowned (server default: lift).")
    public var removeRetracted: Bool?

    @Option(
        help: ArgumentHelp(
            "How the list is written: csv, json or plain (default: from the URL's extension).",
            valueName: "type"))
    public var contentType: SubscriptionContentType?

    @Option(help: ArgumentHelp("User name for HTTP basic auth when fetching the list.", valueName: "user"))
    public var fetchUsername: String?

    @Flag(help: "Read the basic auth password from stdin (never from the command line).")
    public var fetchPasswordStdin = false

    public func validate() throws {
        if let priority, !(0...255).contains(priority) { throw ValidationError("--priority must be between 0 and 255") }
    }

    /// The fields to send, the password read from stdin when asked.
    func fields(_ ctx: CommandContext) throws -> APIClient.SubscriptionFields {
        var password: String?
        if fetchPasswordStdin {
            let text = String(decoding: try ctx.terminal.readAll(), as: UTF8.self).trimmed()
            guard !text.isEmpty else {
                throw FediError(
                    .dataError,
                    "the fetch password on stdin is empty; nothing was sent")
            }
            password = text
        }
        return APIClient.SubscriptionFields(
            priority: priority, title: title, asDraft: asDraft,
            adoptOrphans: adoptOrphans,
            removeRetracted: removeRetracted, contentType: contentType?.mimeType,
            fetchUsername: fetchUsername, fetchPassword: password)
    }
}

extension SubscriptionSteps {
    /// `--raw` would print the server's answer, which holds the fetch password.
    func refuseRawSubscriptions() throws {
        if ctx.globals.raw {
            throw FediError(
                .usage,
                "--raw is not offered for domain subscriptions: GoToSocial's answer holds the fetch password",
                hint: "use -o json, which has every field but the password")
        }
    }
}
