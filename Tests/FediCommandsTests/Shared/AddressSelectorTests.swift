import FediCore
import FediTestSupport
import Foundation
import Testing

/// `--ip ADDRESS|CIDR`: the range itself, and the selector on the account verbs in the fast tier.
@Suite struct AddressSelectorTests {
    @Test func rangesHoldTheirAddressesOnly() throws {
        let v4 = try #require(AddressRange("203.0.113.0/24"))
        #expect(v4.contains("203.0.113.7") && v4.contains("203.0.113.255"))
        #expect(!v4.contains("203.0.114.1") && !v4.contains("2001:db8::1") && !v4.contains("nonsense"))
        let one = try #require(AddressRange("192.0.2.1"))
        #expect(one.contains("192.0.2.1") && !one.contains("192.0.2.2"))
        let v6 = try #require(AddressRange("2001:db8::/32"))
        #expect(v6.contains("2001:db8:0:1::5") && v6.contains("2001:0db8:ffff::") && !v6.contains("2001:db9::1"))
        #expect(try #require(AddressRange("::ffff:192.0.2.0/120")).contains("::ffff:192.0.2.9"))
        #expect(try #require(AddressRange("0.0.0.0/0")).contains("198.51.100.3"))
        for bad in ["", "1.2.3", "1.2.3.256", "1.2.3.4/33", "2001:db8::/129", "1::2::3", "12345::", "10.0.0.0/x"] {
            #expect(AddressRange(bad) == nil, "\(bad)")
        }
    }

    static func account(_ id: String, _ username: String, ip: String?) -> String {
        SelectorTests.account(id, username, domain: nil, ago: 600)
            .replacing(#""approved": true,"#, with: #""approved": true, "ip": \#(ip.map { "\"\($0)\"" } ?? "null"),"#)
    }

    static let three =
        "["
        + [
            account("1", "ann", ip: "10.1.2.3"), account("2", "bob", ip: "10.9.9.9"),
            account("3", "cat", ip: "192.0.2.4"),
        ].joined(separator: ", ") + "]"

    @Test func aRangeIsMatchedHereAndOneAddressIsAlsoTheServersFilter() async throws {
        let server = FakeServerAccount()
        server.transport.stub(.get, "/api/v2/admin/accounts", json: Self.three)
        let range = await server.run(["accounts", "list", "--ip", "10.0.0.0/8", "--fields", "acct"])
        #expect(range.status == 0, "\(range)")
        #expect(range.stdout == "admin@fake.test\t@ann\nadmin@fake.test\t@bob\n", "\(range)")
        #expect(server.transport.requests.last?.url.query?.contains("ip=") == false)

        server.transport.stub(
            .get, "/api/v2/admin/accounts", json: "[" + Self.account("3", "cat", ip: "192.0.2.4") + "]")
        let one = await server.run(["accounts", "list", "--ip", "192.0.2.4", "--fields", "acct"])
        #expect(one.stdout == "admin@fake.test\t@cat\n", "\(one)")
        #expect(server.transport.requests.last?.url.query?.contains("ip=192.0.2.4") == true)
    }

    @Test func aServerThatShowsNoAddressIsSaidToAndASuspensionByRangeSendsNothingThere() async throws {
        let server = FakeServerAccount()
        let hidden =
            "[" + [Self.account("1", "ann", ip: nil), Self.account("2", "bob", ip: nil)].joined(separator: ", ") + "]"
        server.transport.stub(.get, "/api/v2/admin/accounts", json: hidden)
        let result = await server.run(["accounts", "action", "--ip", "10.0.0.0/8", "--type", "suspend", "--yes"])
        #expect(result.status == 0, "\(result)")
        #expect(
            result.stderr.contains("showed no account's IP address here: --ip matches none of its accounts"),
            "\(result)")
        #expect(result.stderr.contains("no account matches the selection on fake.test"), "\(result)")
        #expect(server.transport.requests.allSatisfy { $0.method == .get })
    }

    @Test(arguments: [
        ["reports", "list", "--ip", "10.0.0.0/8"], ["reports", "resolve", "--ip", "10.0.0.0/8", "--yes"],
        ["accounts", "list", "--ip", "10.0.0.0/33"],
    ])
    func aRangeOnReportsOrOneThatDoesNotParseIsAUsageError(arguments: [String]) async throws {
        let server = FakeServerAccount()
        let result = await server.run(arguments)
        #expect(result.status == 64, "\(result)")
        #expect(result.stderr.contains("--ip"), "\(result)")
        #expect(server.transport.requests.isEmpty)
    }
}
