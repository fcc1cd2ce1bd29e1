import FediCore
import FediTestSupport
import Foundation
import Testing

@testable import FediCommands

/// What a user sees for a mistyped command, option or value: one line, a hint naming the nearest real
/// name when there is one, and the help of the verb they were typing. Nothing is sent anywhere.
struct UsageMessageTests {
    @Test(arguments: [
        (
            ["reprots", "list"],
            "fedictl: unknown command 'reprots'\nhint: did you mean 'fedictl reports'? see 'fedictl --help'\n"
        ),
        (
            ["reports", "lsit"],
            "fedictl: unknown command 'reports lsit'\nhint: did you mean 'fedictl reports list'? see 'fedictl reports --help'\n"
        ),
        (
            ["--verbose", "domian-blocks", "ls"],
            "fedictl: unknown command 'domian-blocks'\nhint: did you mean 'fedictl domain-blocks'? see 'fedictl --help'\n"
        ),
        (["frobnicate"], "fedictl: unknown command 'frobnicate'\nhint: see 'fedictl --help'\n"),
        (
            ["auth", "status", "--accont", "x"],
            "fedictl: unknown option '--accont'\nhint: did you mean '--account'? see 'fedictl auth status --help'\n"
        ),
        // Nothing near --zz: no suggestion rather than --yes.
        (["auth", "status", "--zz"], "fedictl: unknown option '--zz'\nhint: see 'fedictl auth status --help'\n"),
    ])
    func aTypoGetsTheNearestName(_ arguments: [String], _ expected: String) async {
        let result = await CommandHarness().run(arguments)
        #expect(result.status == 64, "\(result)")
        #expect(result.stderr == expected)
        #expect(result.stdout.isEmpty)
    }

    @Test func nearEnoughIsATypoNotAGuess() {
        #expect(CommandSuggestion.nearest("reprots", among: ["reports", "queue", "log"]) == "reports")
        #expect(CommandSuggestion.nearest("all", among: ["yes", "account", "raw"]) == nil)
        #expect(CommandSuggestion.nearest("dom", among: ["domain-blocks", "log"]) == "domain-blocks")
        #expect(CommandSuggestion.nearest("dom", among: ["domain-blocks", "domain-allows"]) == nil)
        #expect(CommandSuggestion.distance("lsit", "list") == 1)
    }

    @Test(arguments: [
        (["ip-blocks", "add", "1.2.3.999", "--severity", "no_access"], "fedictl ip-blocks add"),
        (["mutes", "add", "@x", "--duration", "soon"], "fedictl mutes add"),
    ])
    func aBadValueKeepsItsHintAndPointsAtTheVerbsHelp(_ arguments: [String], _ verb: String) async {
        let result = await CommandHarness().run(arguments)
        #expect(result.status == 64, "\(result)")
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 2, "\(result)")
        #expect(
            lines.last?.hasPrefix("hint: ") == true && lines.last?.hasSuffix("; see '\(verb) --help'") == true,
            "\(result)")
        #expect(!result.stderr.contains("'fedictl --help'"))
    }

    @Test func emptyFieldsIsAUsageError() async {
        let result = await CommandHarness().run(["domain-blocks", "list", "--fields", ""])
        #expect(result.status == 64, "\(result)")
        #expect(
            result.stderr
                == "fedictl: --fields needs at least one field name, e.g. --fields id,domain\nhint: see 'fedictl domain-blocks list --help'\n"
        )
    }

    @Test func aMissingEndpointIsNotAMissingRecord() throws {
        let url = try #require(URL(string: "https://akkoma.example/api/v1/admin/instances/x"))
        let akkoma = APIError.http(
            status: 404, serverMessage: "Not implemented", url: url, headers: [:],
            body: Data(#"{"error":"Not implemented"}"#.utf8))
        let missing = ErrorReport.fediError(from: akkoma)
        #expect(missing.status == .unavailable)
        #expect(missing.hint?.contains("instance features") == true)
        #expect(missing.hint?.contains("deleted") == false)
        let record = APIError.http(
            status: 404, serverMessage: "Record not found", url: url, headers: [:],
            body: Data(#"{"error":"Record not found"}"#.utf8))
        #expect(ErrorReport.fediError(from: record).hint == "check the id or name; it may have been deleted")
        let misskey = APIError.http(
            status: 404, serverMessage: "Unknown API endpoint.", url: url, headers: [:],
            body: Data(#"{"error":{"message":"Unknown API endpoint.","code":"UNKNOWN_API_ENDPOINT"}}"#.utf8))
        #expect(ErrorReport.fediError(from: misskey).status == .unavailable)
    }
}
