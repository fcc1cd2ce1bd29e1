import ArgumentParser
import FediCore
import FoundationEssentials

/// `fedictl signup`: create an account on an instance through its API.
public struct Signup: FediCommand {
    public init() {}
    public static let configuration = CommandConfiguration(
        commandName: "signup",
        abstract: "Create an account on an instance.",
        discussion: """
            Reads the instance's registration mode first: closed servers are refused (exit 69); where \
            a moderator approves new accounts, --reason is required (exit 64 without it) and the account \
            waits for approval. Then registers fedictl as an app (or reuses it), takes an app token \
            (client_credentials) and sends POST /api/v1/accounts. Mastodon and GoToSocial send a \
            confirmation e-mail whose link must be opened before the first login; the result says what \
            the account waits for and what to do next (then `fedictl auth login INSTANCE`).

            The password is asked for twice without echo, or read from stdin with --password-stdin; it \
            is never a flag. --agree says you accept the server's rules and terms (`fedictl instance \
            rules INSTANCE` shows the rules). Refused values (a taken username, a blocked e-mail \
            provider) exit 65 naming the fields.

            Mastodon (2.7+), GoToSocial, Pleroma and Akkoma.

            Examples:
              $ fedictl signup mastodon.example --username alice --email alice@example.net --agree
              $ fedictl signup gts.example --username bob --email bob@example.net --reason "I run the local choir" --agree
              $ pass show fedi/new | fedictl signup 127.0.0.1:3000 --username carol --email carol@example.net --password-stdin --agree
            """)

    public static let traits = VerbTraits(.own, .writes)

    @OptionGroup public var globals: GlobalOptions

    @Argument(help: ArgumentHelp("The instance (host, host:port or URL).", valueName: "instance"))
    public var instance: String

    @Option(help: ArgumentHelp("The new account's username.", valueName: "username"))
    public var username: String

    @Option(help: ArgumentHelp("The e-mail address to confirm the account with.", valueName: "email"))
    public var email: String

    /// Why you want to join (required where a moderator approves new accounts): the global --reason,
    /// which every write takes, sent here as the sign-up's reason.
    public var reason: String? { globals.reason }

    @Option(
        help: ArgumentHelp("The language of the server's e-mails (default: from $LANG, else en).", valueName: "locale"))
    public var locale: String?

    @Option(
        help: ArgumentHelp(
            "Your date of birth, where the server has a minimum age (Mastodon 4.4+).", valueName: "YYYY-MM-DD"))
    public var dateOfBirth: String?

    @Flag(help: "Accept the server's rules and terms of service.")
    public var agree = false

    @Flag(help: "Read the password from stdin instead of asking for it.")
    public var passwordStdin = false

    public func validate() throws {
        guard agree else {
            throw ValidationError(
                "accepting the server's rules and terms is required: read them (fedictl instance rules \(instance)) and pass --agree"
            )
        }
        let name = username.hasPrefix("@") ? String(username.dropFirst()) : username
        guard !name.isEmpty, !name.contains("@"), !name.contains(where: \.isWhitespace) else {
            throw ValidationError("--username takes the bare username (letters, digits, underscores), without @host")
        }
        guard email.contains("@"), !email.contains(where: \.isWhitespace) else {
            throw ValidationError("--email '\(email)' is not an e-mail address")
        }
        if let reason, reason.trimmed().isEmpty { throw ValidationError("--reason is empty") }
        if let dateOfBirth, Self.calendarDate(dateOfBirth) == nil {
            throw ValidationError("--date-of-birth '\(dateOfBirth)' is not a date as YYYY-MM-DD")
        }
    }

    public func run(in ctx: CommandContext) async throws {
        try ctx.output.validateFields(for: SignupResult.self)
        let server = try ctx.server(instance)
        let host = server.authority
        let (registration, detected) = try await ctx.with(
            .registration(.signup), on: (server, ctx.storedLogin(on: server)), as: .visitor
        ) { ($0, $1) }

        let policy = try await registration.policy()
        if policy.mode == .closed {
            throw FediError(
                .unavailable, "\(host) does not accept sign-ups (registrations are closed)",
                hint: "ask the server's admins for an invitation, or pick another server")
        }
        try Self.refuseAPISignups(on: detected, server: server)
        let approval = policy.mode == .approvalRequired
        if approval || policy.reasonRequired, reason == nil {
            throw FediError(
                .usage, "\(host) has a moderator approve each new account, and asks why you want to join",
                hint: "say so with --reason TEXT")
        }
        if let minAge = policy.minAge, minAge > 0, dateOfBirth == nil {
            throw FediError(
                .usage, "\(host) accepts only people aged \(minAge) or over",
                hint: "give your date of birth with --date-of-birth YYYY-MM-DD")
        }

        let request = SignupRequest(
            username: username.hasPrefix("@") ? String(username.dropFirst()) : username, email: email,
            password: try readPassword(ctx), locale: locale ?? Self.defaultLocale(ctx.environment),
            reason: reason, dateOfBirth: dateOfBirth)
        if ctx.globals.dryRun {
            // The app and its token come first, but the account request is what a person checks: show
            // that one (password redacted) and stop. The placeholder token is never printed.
            ctx.status(
                "dry run: fedictl would first register an app on \(host) (or reuse its own) and take an app token.")
            _ = try await registration.through(APIClient(server: server, token: "dry-run", http: ctx.http))
                .createAccount(request)
        }
        let secrets = ctx.accounts.secretStore(ctx.accounts.storageForNewSecrets)
        // Any fedictl app with `write` will do; a new one gets the scopes a later `auth login` asks for.
        let app = try await FedictlApps(ctx).fedictlApp(
            server, scopes: ["write"], registering: OAuthScopes.user,
            stored: FedictlApps(ctx).storedApp(server, secrets: secrets),
            secrets: secrets, registeredRedirect: AuthorizationRequest.outOfBandRedirect)
        let answer: SignupAnswer
        do {
            answer = try await FedictlApps(ctx).withAppToken(server, app: app, scopes: ["write"]) {
                try await registration.through($0).createAccount(request)
            }
        } catch let APIError.http(422, said, _, _, body) {
            let fields = FieldRejection.all(in: body)
            let reasons =
                fields.isEmpty ? (said ?? "no reason given") : fields.map(Self.describe).joined(separator: "; ")
            throw FediError(
                .dataError, "\(host) refused the sign-up: \(reasons)", hint: "change what it names and try again")
        }
        let result = Self.result(
            answer, account: "\(request.username)@\(host)", email: email, host: host, approval: approval,
            confirmsEmail: registration.support.confirmsEmail)
        ctx.status("Signed up \(result.account).")
        try ctx.output.item(result)
    }

    /// GoToSocial 0.19 and later take sign-ups only from their web form: `POST /api/v1/accounts` with
    /// an app token answers 401 "Unauthorized: user not supplied or not authorized". Say so before
    /// registering anything, and name the page that works (exit 69).
    static func refuseAPISignups(on detected: ServerInfo, server: ServerAddress) throws {
        guard detected.takesSignUpsOnTheWebOnly else { return }
        let page = server.baseURL.appendingPathComponent("signup").absoluteString
        throw FediError(
            .unavailable,
            "\(server.authority) runs \(detected.label), which takes sign-ups only "
                + "on its web page, not through its API",
            hint: "sign up at \(page); a moderator then approves the account")
    }

    /// What the account waits for. Mastodon and GoToSocial always send a confirmation e-mail;
    /// Pleroma/Akkoma answer with a token only when nothing is pending, else name what is.
    static func result(
        _ answer: SignupAnswer, account: String, email: String, host: String, approval: Bool, confirmsEmail: Bool
    ) -> SignupResult {
        var (approval, confirmation, message) = (approval, confirmsEmail, String?.none)
        if case .pending(let identifier, let said) = answer {
            message = said
            approval = approval || identifier == "awaiting_approval"
            confirmation = identifier == "missing_confirmed_email"
        }
        let login = "fedictl auth login \(host)"
        let confirm = "open the confirmation link sent to \(email)"
        let state: SignupState
        let next: String
        if approval {
            state = .awaitingApproval
            next =
                "A moderator of \(host) must approve the account\(confirmation ? "; meanwhile \(confirm)" : ""). Then log in: \(login)"
        } else if confirmation {
            state = .awaitingConfirmation
            next = "\(confirm.prefix(1).uppercased() + confirm.dropFirst()), then log in: \(login)"
        } else {
            state = .ready
            next = "Log in: \(login)"
        }
        return SignupResult(
            account: account, email: email, state: state, approvalRequired: approval, emailConfirmation: confirmation,
            message: message, nextStep: next)
    }

    /// The password: stdin with --password-stdin, else asked twice without echo on a terminal.
    func readPassword(_ ctx: CommandContext) throws -> String {
        var password: String
        if passwordStdin {
            password = String(decoding: try ctx.terminal.readAll(), as: UTF8.self)
            while password.hasSuffix("\n") || password.hasSuffix("\r") { password.removeLast() }
        } else if ctx.terminal.stdinIsTTY {
            password = ctx.terminal.readLine(prompt: "Password for the new account: ", secret: true) ?? ""
            let again = ctx.terminal.readLine(prompt: "The same password again: ", secret: true) ?? ""
            guard again == password else { throw FediError(.dataError, "the two passwords differ") }
        } else {
            throw FediError(
                .usage, "no password given", hint: "pipe it in with --password-stdin, or run on a terminal to be asked")
        }
        guard !password.isEmpty else { throw FediError(.dataError, "the password is empty") }
        return password
    }

    /// `de_DE.UTF-8` → `de`; C, POSIX or nothing → `en`.
    static func defaultLocale(_ environment: [String: String]) -> String {
        let value =
            [environment["LC_ALL"], environment["LC_MESSAGES"], environment["LANG"]].compactMap { $0 }.first {
                !$0.isEmpty
            } ?? ""
        let language = String(value.prefix { $0.isLetter })
        return language.isEmpty || language == "C" || language == "POSIX" ? "en" : language.lowercased()
    }

    /// `username: has already been taken (ERR_TAKEN)`.
    static func describe(_ field: FieldRejection) -> String {
        let words = [
            "ERR_TAKEN": "is already taken", "ERR_BLOCKED": "is not allowed on this server",
            "ERR_UNREACHABLE": "cannot be reached",
            "ERR_RESERVED": "is reserved", "ERR_ACCEPTED": "must be accepted", "ERR_BLANK": "is missing",
            "ERR_INVALID": "is invalid",
            "ERR_TOO_LONG": "is too long", "ERR_TOO_SHORT": "is too short",
            "ERR_INCLUSION": "is not one of the allowed values",
        ]
        let text = field.description ?? words[field.code] ?? "was refused"
        return "\(field.field) \(text) (\(field.code))"
    }

    /// A real calendar date written `YYYY-MM-DD`.
    static func calendarDate(_ text: String) -> Date? {
        let shape = text.utf8.enumerated().allSatisfy { index, byte in
            index == 4 || index == 7
                ? byte == UInt8(ascii: "-") : (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
        }
        // FlexibleDate checks the month and the day against the month's length.
        return text.utf8.count == 10 && shape ? FlexibleDate.parse(text) : nil
    }
}

extension Signup: JournaledCommand {
    /// A new account is not deleted through the API by its own user.
    public func undoArguments(target: String?, createdID: String?) -> [String]? { nil }
}
