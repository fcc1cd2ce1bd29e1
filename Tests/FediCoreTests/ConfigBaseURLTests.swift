import Foundation
import Testing

@testable import FediCore

/// A hand-edited `base_url` that is no http(s) URL makes the config corrupt (exit 78, the file left
/// as it is) when it is read, instead of stopping the process wherever the address is used.
@Suite("Config base_url checks")
struct ConfigBaseURLTests {
    private static let account =
        #"{"id": "alice@a.example", "username": "alice", "base_url": "BASE", "scopes": ["read"], "aliases": []}"#
    private static let pin = #"{"name": "mk", "base_url": "BASE"}"#

    private func withStore(_ contents: String, _ body: (FileLoginStore) throws -> Void) throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent(
            "fedictl-baseurl-\(UUID().uuidString)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let store = FileLoginStore(paths: ConfigPaths(environment: ["XDG_CONFIG_HOME": root.path]))
        try FileManager.default.createDirectory(
            at: store.url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(contents.utf8).write(to: store.url)
        try body(store)
    }

    @Test(arguments: ["", "not a url", "example.social", "ftp://example.social", "https://", "https:///path"])
    func aBadBaseURLIsACorruptConfig(baseURL: String) throws {
        let files = [
            ("accounts", #"{"schema_version": 1, "accounts": [ACCOUNT]}"#, "accounts[0].base_url"),
            ("pins", #"{"schema_version": 1, "accounts": [], "pins": [PIN]}"#, "pins[0].base_url"),
        ]
        for (key, template, field) in files {
            let contents = template.replacingOccurrences(of: "ACCOUNT", with: Self.account).replacingOccurrences(
                of: "PIN", with: Self.pin
            )
            .replacingOccurrences(of: "BASE", with: baseURL)
            try withStore(contents) { store in
                for attempt in 0..<2 {
                    do {
                        if attempt == 0 { _ = try store.load() } else { try store.update { $0.defaultAccount = nil } }
                        Issue.record(
                            "\(key) base_url \(baseURL.debugDescription): attempt \(attempt) did not report the corrupt file"
                        )
                    } catch let error as FediError {
                        #expect(error.status == .config)
                        #expect(error.status.rawValue == 78)
                        #expect(error.message == "the config file \(store.url.path) is corrupt: bad value at \(field)")
                        #expect(error.hint?.contains("untouched") == true)
                    }
                }
                #expect(try Data(contentsOf: store.url) == Data(contents.utf8))
            }
        }
    }

    @Test(arguments: [
        "https://example.social", "http://127.0.0.1:3000", "https://example.social/sub", "http://[::1]:8080",
    ])
    func aGoodBaseURLLoads(baseURL: String) throws {
        let contents = #"{"schema_version": 1, "accounts": [ACCOUNT], "pins": [PIN]}"#
            .replacingOccurrences(of: "ACCOUNT", with: Self.account).replacingOccurrences(of: "PIN", with: Self.pin)
            .replacingOccurrences(of: "BASE", with: baseURL)
        try withStore(contents) { store in
            let config = try store.load()
            #expect(config.accounts.map(\.server.baseURL.absoluteString) == [baseURL])
            #expect(config.pins?.map(\.address.baseURL.absoluteString) == [baseURL])
        }
    }
}
