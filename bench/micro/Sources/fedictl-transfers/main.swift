import CurlMulti
import FediCore
import FediHTTPCurl
import Foundation
import Synchronization

// `fedictl-transfers today|multi BASE_URL`: every admin account of a fake Mastodon 4.3
// (Tests/Fixtures/many_accounts_server.py) through APIClient's page walk, over today's
// CurlTransport or over libcurl's multi interface on one thread. Prints `COUNT FIRST_ID LAST_ID`,
// so bench/transfers can check both sides read the same rows. One process per run.

let arguments = CommandLine.arguments
guard arguments.count == 3, ["today", "multi"].contains(arguments[1]) else {
    FileHandle.standardError.write(Data("usage: fedictl-transfers today|multi BASE_URL\n".utf8))
    exit(64)
}
let transport: any HTTPTransport = arguments[1] == "today" ? CurlTransport() : CurlMultiTransport()
let client = APIClient(
    server: try ServerAddress(arguments[2], allowInsecureHTTP: true), token: "bench-token",
    http: HTTPClient(transport: transport))
let info = ServerInfo(flavour: .mastodon, softwareName: "mastodon", version: "4.3.0", detectedAt: Date())

struct Seen: Sendable {
    var count = 0
    var first: String?
    var last: String?
}
let seen = Mutex(Seen())
_ = try await client.adminAccounts(family: .mastodonAdmin, on: info).list(AccountQuery(), limit: nil) { rows, _ in
    seen.withLock { seen in
        seen.count += rows.count
        if seen.first == nil { seen.first = rows.first?.id }
        if let last = rows.last { seen.last = last.id }
    }
}
seen.withLock { print($0.count, $0.first ?? "-", $0.last ?? "-") }
