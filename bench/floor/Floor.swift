// The floor of fedictl's stack, for bench/run: the least a Swift program on swift-argument-parser
// and libcurl (loaded with dlopen, on a thread of its own, as fedictl does) can do for
// `instance info HOST`. It parses a three-level command with fedictl's global options, GETs
// /api/v2/instance and copies the body to stdout: no config, no cache, no decoding, no table.
// Whatever fedictl spends above this is its own; what this spends above curl is the stack's.
import ArgumentParser
import CCurlShim
import Glibc

enum Format: String, ExpressibleByArgument { case table, json, ndjson, csv }

/// fedictl's global options (GlobalOptions), the same names and kinds, without their help text.
struct Globals: ParsableArguments {
    @Option(name: .customLong("account")) var accounts: [String] = []
    @Flag var allAccounts = false
    @Option(name: .customLong("concurrency")) var concurrencyGiven: Int?
    @Flag var failFast = false
    @Flag var perAccount = false
    @Option(name: [.short, .long]) var output: Format?
    @Option var fields: String?
    @Flag var noHeaders = false
    @Flag var noColor = false
    @Flag var wide = false
    @Flag var verbose = false
    @Flag var dryRun = false
    @Flag var noJournal = false
    @Option var reason: String?
    @Flag(name: [.short, .long]) var yes = false
    @Option var timeout: Double = 30
    @Option var deadline: Double?
    @Option var maxResponseSize: Int = 64
    @Option var maxPages: Int = 1000
    @Option var maxWait: String?
    @Flag var raw = false
    @Option var cacert: String?
    @Flag var insecureHttp = false
    @Flag var insecureStorage = false
    @Option var tokenFile: String?
}

/// libcurl loads on a thread of its own from the start, as in fedictl.
func startLoadingLibcurl() {
    var loader = pthread_t()
    pthread_create(&loader, nil, { _ in _ = fm_curl_load(); return nil }, nil)
}

struct Floor: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "fedictl-floor", subcommands: [Instance.self])

    static func parseAndRun() async {
        do {
            var command = try parseAsRoot()
            if var asyncCommand = command as? AsyncParsableCommand { try await asyncCommand.run() } else { try command.run() }
        } catch {
            _ = fm_curl_load()  // never exit while the loader thread is inside libcurl's set-up
            exit(withError: error)
        }
    }
}

struct Instance: AsyncParsableCommand {
    static let configuration = CommandConfiguration(subcommands: [Info.self])

    struct Info: AsyncParsableCommand {
        @OptionGroup var globals: Globals
        @Argument var host: String
        @Flag var refresh = false

        func run() async throws {
            guard fm_curl_load() == nil, let handle = fm_curl_easy_init() else { throw ExitCode(69) }
            fm_curl_setopt_string(handle, CURLOPT_URL, "http://\(host)/api/v2/instance")
            fm_curl_setopt_long(handle, CURLOPT_FAILONERROR, 1)
            // Without a write callback libcurl writes the body to stdout.
            guard fm_curl_easy_perform(handle) == CURLE_OK else { throw ExitCode(76) }
        }
    }
}
