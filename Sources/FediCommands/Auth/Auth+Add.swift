import ArgumentParser
import FediCore
import FoundationEssentials

extension Auth {
    public struct Add: FediCommand {
        public init() {}
        public static let configuration = CommandConfiguration(
            commandName: "add",
            abstract: "Store an existing access token (e.g. from the server's Development settings) as an account.",
            discussion: """
                Verifies the token with the server, asks the server which scopes it has (/oauth/token/info, or \
                the app's credentials), and stores it like `auth login` does. Where the server does not say, the \
                scopes given with --scopes are recorded, and fedictl tells you so.

                The token is read from stdin with --token-stdin, or asked for (hidden) on a terminal.

                Examples:
                  $ fedictl auth add mastodon.example --token-stdin < token.txt
                  $ pass show fedi/admin | fedictl auth add mastodon.example --token-stdin --scopes "read write admin:read admin:write"
                """)

        public static let traits = VerbTraits(.own, .writes)

        @OptionGroup public var globals: GlobalOptions

        @Argument(help: ArgumentHelp("The instance the token is for (host, host:port or URL).", valueName: "instance"))
        public var instance: String

        @Flag(help: "Read the token from stdin.")
        public var tokenStdin = false

        @Option(help: ArgumentHelp("The token's scopes, recorded when the server does not say.", valueName: "scopes"))
        public var scopes: String?

        public func run(in ctx: CommandContext) async throws {
            try ctx.output.validateFields(for: AccountSummary.self)
            let server = try ctx.server(instance)
            let token = try readToken(ctx)
            let storage = ctx.accounts.storageForNewSecrets
            let secrets = ctx.accounts.secretStore(storage)
            // Fails fast (exit 78) on a config that cannot be read or written back, and (exit 77)
            // without a keyring, before the token is sent anywhere.
            _ = try ctx.logins.load()
            _ = try await secrets.lookup(RegisteredClient.secretKey(for: server))
            let client = APIClient(server: server, token: token, http: ctx.http)
            let account = try await AuthSteps(ctx).verifyNewToken(client)

            let claimed = scopes.map(OAuthScopes.parse)
            var recorded: (scopes: [String], source: ScopesSource?) = ([], nil)
            if let known = try await client.tokenScopes() {
                recorded = (known, .server)
                if let claimed, Set(claimed) != Set(known) {
                    ctx.status(
                        "Note: \(server.authority) says the token has \(known.joined(separator: " ")); recorded that instead of --scopes."
                    )
                }
            } else if let claimed {
                recorded = (claimed, .claimed)
                ctx.status(
                    "\(server.authority) does not say which scopes the token has; recorded the ones you gave (--scopes)."
                )
            } else {
                ctx.status("\(server.authority) does not say which scopes the token has; pass --scopes to record them.")
            }
            let summary = try await AuthSteps(ctx).saveLogin(
                server: server, account: account, token: token,
                scopes: recorded.scopes,
                scopesSource: recorded.source, clientID: nil, secrets: secrets, storage: storage)
            try ctx.output.item(summary)
        }

        func readToken(_ ctx: CommandContext) throws -> String {
            let text: String?
            if tokenStdin {
                text = String(decoding: try ctx.terminal.readAll(), as: UTF8.self)
            } else if ctx.terminal.stdinIsTTY {
                text = ctx.terminal.readLine(prompt: "Paste the access token: ", secret: true)
            } else {
                throw FediError(
                    .usage, "no token given",
                    hint: "pipe it in with --token-stdin: fedictl auth add \(instance) --token-stdin < token.txt")
            }
            let token = (text ?? "").trimmed()
            guard !token.isEmpty else { throw FediError(.dataError, "the token is empty") }
            guard !token.contains(where: { $0.isWhitespace }) else {
                throw FediError(
                    .dataError, "the token contains spaces or line breaks", hint: "give the token alone, on one line")
            }
            return token
        }
    }
}

extension Auth.Add: JournaledCommand {
    /// The config change's entry offers `auth logout` for the account it adds.
    public func undoArguments(target: String?, createdID: String?) -> [String]? { nil }
}
