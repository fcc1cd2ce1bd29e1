import FediCore
import FediTestSupport
import Foundation
import Testing

/// mastodon_mock behind the hostile proxy, its admin talking through the proxy: answers cut short,
/// redirect loops and next links to another origin end in the exit code README gives for each.
struct HostileAnswerTests {
    static let list = "/api/v1/admin/domain_blocks"

    static func start(blocks: Int = 0) async throws -> (server: ServerProcess, proxy: ServerProcess, admin: UserSide) {
        let server = try await MockServer.start()
        for index in 0..<blocks {
            _ = try await server.json(.post, list, token: MockServer.admin.token, body: ["domain": "d\(index).example"])
        }
        let proxy = try await HostileProxy.start(upstream: server)
        return (server, proxy, UserSide(proxy, MockServer.admin))
    }

    static func reads(_ proxy: ServerProcess) async throws -> Int {
        try await proxy.forwarded().filter { $0.hasPrefix("GET \(list)") }.count
    }

    /// `arguments` run by the admin through the proxy, the list's answers bent by `rule` (made from
    /// the server, so it can point back at it), on a server holding `blocks` domain blocks. `check`
    /// sees the run while the proxy (for its log) and the server are still up.
    static func run(
        _ arguments: [String], blocks: Int = 0, rule: (ServerProcess) -> [String: Any],
        _ check: (CommandResult, _ proxy: ServerProcess, _ server: ServerProcess) async throws -> Void
    ) async throws {
        let (server, proxy, admin) = try await start(blocks: blocks)
        defer {
            proxy.stop()
            server.stop()
        }
        try await proxy.hostileRules(["paths": [list: rule(server)]])
        try await check(await admin.run(arguments), proxy, server)
    }

    /// A body cut mid-read is retried like a lost connection; cut every time, it is exit 75 saying so.
    @Test func anAnswerCutShortIsTemporaryNotUnreachable() async throws {
        try await Self.run(["domain-blocks", "list"], blocks: 3, rule: { _ in ["type": "cut_body"] }) {
            result, proxy, _ in
            #expect(result.status == 75, "\(result)")
            #expect(
                result.stderr.hasPrefix("fedictl: \(proxy.base) closed the connection in the middle of its answer"),
                "\(result)")
            #expect(!result.stderr.contains("cannot connect"), "\(result)")
            let reads = try await Self.reads(proxy)
            #expect(reads > 1, "retried before giving up")
        }
    }

    /// A Content-Length far past the answer gets room for a few MB at most (not what it claims),
    /// and the answer that then stops short is cut short: exit 75, as above.
    @Test func anInflatedContentLengthIsAnAnswerCutShort() async throws {
        try await Self.run(
            ["domain-blocks", "list", "-o", "json"], blocks: 3,
            rule: { _ in ["type": "inflated_length", "claims": String(1 << 40)] }
        ) { result, proxy, _ in
            #expect(result.status == 75, "\(result)")
            #expect(
                result.stderr.hasPrefix("fedictl: \(proxy.base) closed the connection in the middle of its answer"),
                "\(result)")
            let error = try #require((try result.json() as? [String: Any])?["error"] as? [String: Any], "\(result)")
            #expect(error["exit_status"] as? Int == 75)
        }
    }

    /// A Content-Length past any number is no length at all (libcurl reads to the connection's
    /// end): the whole answer is read, and read right.
    @Test func aContentLengthPastAnyNumberIsNoLength() async throws {
        try await Self.run(
            ["domain-blocks", "list", "-o", "json"], blocks: 3,
            rule: { _ in ["type": "inflated_length", "claims": "99999999999999999999999999"] }
        ) { result, _, _ in
            #expect(result.status == 0, "\(result)")
            let domains = (try result.json() as? [[String: Any]])?.compactMap { $0["domain"] as? String }
            #expect(domains?.sorted() == ["d0.example", "d1.example", "d2.example"], "\(result)")
        }
    }

    @Test func aRedirectLoopOnAListIsAProtocolError() async throws {
        try await Self.run(["domain-blocks", "list"], rule: { _ in ["type": "redirect_loop"] }) {
            result, proxy, _ in
            #expect(result.status == 76, "\(result)")
            #expect(
                result.stderr.hasPrefix("fedictl: \(proxy.base) redirected too many times (a redirect loop?)"),
                "\(result)")
        }
    }

    /// A proxy that leaves the server's Link alone: the next page's path is the list's, so it is
    /// asked at the account's address (with the token) and the whole list comes.
    @Test func aNextLinkToAnotherOriginWithTheListsPathIsRewritten() async throws {
        try await Self.run(
            ["domain-blocks", "list", "--all", "-o", "json"], blocks: 45,
            rule: { server in ["type": "foreign_link", "origin": "http://\(server.base)"] }
        ) { result, proxy, _ in
            #expect(result.status == 0, "\(result)")
            let rows = try #require(try result.json() as? [[String: Any]], "\(result)")
            #expect(Set(rows.compactMap { $0["domain"] as? String }) == Set((0..<45).map { "d\($0).example" }))
            #expect(try await Self.reads(proxy) == 2, "both pages through the proxy")
        }
    }

    /// A next link elsewhere is refused, saying what happened, after the first page is shown: never
    /// the 401 "log in again" the token-less request would have met.
    @Test func aNextLinkToAnotherOriginAndPathIsRefusedSayingSo() async throws {
        try await Self.run(
            ["domain-blocks", "list", "--all"], blocks: 45,
            rule: { server in ["type": "foreign_link", "origin": "http://\(server.base)/elsewhere"] }
        ) { result, _, server in
            #expect(result.status == 76, "\(result)")
            #expect(
                result.stderr.contains("list links its next page to another address (\(server.base)/elsewhere"),
                "\(result)")
            #expect(!result.stderr.contains("log in again"), "\(result)")
            #expect(result.stdout.split(separator: "\n").count == 40, "the first page is shown")
        }
    }
}
