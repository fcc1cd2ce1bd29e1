import ArgumentParser
import FediCore

/// The root of the command tree.
public struct Fedictl: AsyncParsableCommand {
    public init() {}

    /// The global options are also taken before the noun (`fedictl --account me@gts.example reports list`),
    /// which is where completion offers them too; ArgumentParser hands their values to the leaf's own group.
    @OptionGroup(title: "Global options") public var globals: GlobalOptions

    /// The whole tree, or the root over one branch: the parser builds every command it can reach
    /// (about 140) before it reads a word, so a run naming its noun first (`fedictl instance info …`)
    /// is parsed against that noun alone, which is all it can reach anyway: 1.7 ms of a 29 ms
    /// `instance info` (bench/README.md). Help, errors and completion see the whole tree.
    public static var configuration: CommandConfiguration {
        guard let branch else { return everything }
        return root(over: [nouns[branch].command()])
    }

    /// The index of the subcommand a parse is limited to (`FedictlMain`), nil for all of them.
    @TaskLocal static var branch: Int?

    /// The subcommand the first word names (`instance` in `instance info HOST`), if it names one.
    static func branch(namedBy arguments: [String]) -> Int? {
        guard let first = arguments.first, !first.hasPrefix("-") else { return nil }
        return nouns.firstIndex { $0.name == first }
    }

    /// The command the words name: parsed against their branch alone when they name a noun first
    /// (`branch`), and from `Branch` when they name the verb before any option.
    static func parse(_ arguments: [String], branch: Int?) throws -> any ParsableCommand {
        try $branch.withValue(branch) {
            if let branch, namesVerbFirst(arguments, under: nouns[branch].command()) {
                return try Branch.parseAsRoot(arguments)
            }
            return try parseAsRoot(arguments)
        }
    }

    /// Whether the words name a verb before anything else (`instance info HOST`, not `instance -o
    /// json info HOST` nor `instance`): then the verb's own group takes every global option, and
    /// the parse can start from `Branch`, which has none of its own.
    static func namesVerbFirst(_ arguments: [String], under noun: any ParsableCommand.Type) -> Bool {
        var command = noun
        for word in arguments.dropFirst() {
            let subcommands = command.configuration.subcommands
            if subcommands.isEmpty { return true }
            guard
                let next = subcommands.first(where: {
                    $0._commandName == word || $0.configuration.aliases.contains(word)
                })
            else { return false }
            command = next
        }
        return command.configuration.subcommands.isEmpty
    }

    /// The root over one branch, without the global options: the verb's group takes them. Building
    /// the root's own 25 options as well, and decoding them, was a tenth of a cached `instance info`
    /// (bench/README.md). Options before the verb need the root's (`Fedictl`).
    struct Branch: AsyncParsableCommand {
        static var configuration: CommandConfiguration { Fedictl.configuration }
    }

    /// The nouns in the order help lists them, each by the word that names it (its `_commandName`;
    /// no noun has an alias, `CommandTreeTests` checks both). A branch is found by name and only
    /// its noun is made a command type: making all 24 (and the conformances of every command under
    /// them) took 0.5 ms of each run's start (bench/README.md).
    static let nouns: [(name: String, command: @Sendable () -> any ParsableCommand.Type)] = [
        ("auth", { Auth.self }),
        ("instance", { Instance.self }),
        ("apps", { Apps.self }),
        ("signup", { Signup.self }),
        ("accounts", { Accounts.self }),
        ("reports", { Reports.self }),
        ("queue", { Queue.self }),
        ("statuses", { Statuses.self }),
        ("trends", { Trends.self }),
        ("triage", { Triage.self }),
        ("domain-blocks", { DomainBlocks.self }),
        ("domain-allows", { DomainAllows.self }),
        ("domain-subscriptions", { DomainSubscriptions.self }),
        ("domain-drafts", { DomainDrafts.self }),
        ("domain-excludes", { DomainExcludes.self }),
        ("header-filters", { HeaderFilters.self }),
        ("email-blocks", { EmailBlocks.self }),
        ("ip-blocks", { IPBlocks.self }),
        ("canonical-email-blocks", { CanonicalEmailBlocks.self }),
        ("media", { Media.self }),
        ("filters", { Filters.self }),
        ("blocks", { Blocks.self }),
        ("mutes", { Mutes.self }),
        ("user-domain-blocks", { UserDomainBlocks.self }),
        ("timelines", { Timelines.self }),
        ("log", { Log.self }),
        ("completion", { Completion.self }),
    ]

    static let everything = root(over: nouns.map { $0.command() })

    /// The root over the given nouns.
    static func root(over subcommands: [any ParsableCommand.Type]) -> CommandConfiguration {
        CommandConfiguration(
            commandName: "fedictl",
            abstract: "Moderate and run Fediverse servers from the shell, whatever software they run.",
            discussion: """
                One command set for Mastodon (and glitch-soc, Hometown), Pleroma, Akkoma, GoToSocial, the Misskey \
                family, Pixelfed and Friendica. Where a server cannot do something, fedictl says so, naming its \
                software and version.

                ENVIRONMENT
                  FEDICTL_ACCOUNT  account(s) to use when --account is not given (an id, alias, group or a,b)
                  FEDICTL_TOKEN  access token to use for one run (with --account user@host or FEDICTL_INSTANCE); \
                never sent to an account on another server than FEDICTL_INSTANCE
                  FEDICTL_INSTANCE  instance for FEDICTL_TOKEN when no account is stored
                  FEDICTL_TOKEN_FILE  as --token-file: a 0600 file with one account's token, or a directory \
                with a file per account named by its id (for cron and other runs without a desktop)
                  CREDENTIALS_DIRECTORY  set by systemd (LoadCredential=): the token of ACCOUNT is read from \
                its file fedictl-ACCOUNT first; systemd units ship in PREFIX/lib/systemd/user
                  XDG_CONFIG_HOME  config directory parent (default ~/.config); fedictl keeps fedictl/config.json there
                  XDG_CACHE_HOME  cache directory parent (default ~/.cache); fedictl keeps fedictl/servers.json there
                  XDG_STATE_HOME  state directory parent (default ~/.local/state); fedictl keeps its journal in fedictl/
                  NO_COLOR  no colour when set

                FILES
                  $XDG_CONFIG_HOME/fedictl/config.json  the accounts (no secrets), mode 0600
                  $XDG_CONFIG_HOME/fedictl/secrets.json  tokens, only with --insecure-storage, mode 0600
                  $XDG_CACHE_HOME/fedictl/servers.json  software detected on servers without a login, for a day
                  $XDG_CONFIG_HOME/fedictl/blocklists/NAME.json  sources and settings of domain-blocks merge --config NAME
                  $XDG_CACHE_HOME/fedictl/blocklists/  blocklists downloaded from URLs, revalidated with their ETag
                  $XDG_STATE_HOME/fedictl/journal.jsonl  every change fedictl made (fedictl log), mode 0600

                EXIT STATUS
                  0  success
                  1  other failure, or cancelled; over several accounts, failures of different kinds
                  64  usage: a bad flag or argument
                  65  bad input data, or the server rejected the values (HTTP 400/422)
                  66  no such account, file or object (HTTP 404)
                  69  unsupported by this server, or the server is unreachable
                  75  temporary: timeout, rate limit, server error after retries, or a write's answer lost
                  76  protocol: an answer fedictl cannot read, too large, or a list that loops
                  77  permission: bad token (401), missing scope or role (403), keyring unavailable or locked
                  78  config: the config file is corrupt or from a newer fedictl
                  79  a saved domain-blocks plan, or a `log undo`'s subject, changed on the server since (--force overrides)
                  80  partial: over several servers, some done and some not (each one's outcome on stderr)
                  (Over several accounts: 0 when every server is done, 80 when some are, and when none is \
                (or with --fail-fast) the status of the failures when they share one, else 1.)

                Examples:
                  $ fedictl instance info mastodon.social
                  $ fedictl instance info 127.0.0.1:3000 -o json
                  $ fedictl --account a@one.example,b@two.example reports list
                  $ fedictl --all-accounts domain-blocks add spam.example --dry-run
                """,
            version: FedictlVersion.current,
            subcommands: subcommands)
    }
}
