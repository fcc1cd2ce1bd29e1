import FediCore
import Testing

struct IPRangeTests {
    @Test(arguments: [
        "192.0.2.0/24", "198.51.100.7", "0.0.0.0/0", "255.255.255.255/32", "2001:db8::/32", "::1", "::/0",
        "fe80::1:2:3:4", "2001:0db8:0000:0000:0000:ff00:0042:8329/128", "::ffff:192.0.2.1", "1::",
    ])
    func acceptsAddressesAndRanges(text: String) {
        #expect(IPRange(text) != nil)
    }

    @Test(arguments: [
        "", "192.0.2.0/33", "256.1.1.1", "1.2.3", "1.2.3.4.5", "01.2.3.4", "1.2.3.4/", "1.2.3.4/x", "2001:db8::/129",
        "2001:db8:::1", "1:2:3:4:5:6:7:8:9", "12345::", "example.com", "::1::", ":1:2:3:4:5:6:7", "1.2.3.4/-1",
    ])
    func refusesTheRest(text: String) {
        #expect(IPRange(text) == nil)
    }

    @Test func aBadRangeIsAUsageError() throws {
        #expect(throws: FediError.self) { try IPRange.parse("10.0.0.0/40") }
        #expect(try IPRange.parse("2001:DB8::/32").description == "2001:db8::/32")
    }
}
