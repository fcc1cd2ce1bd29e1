import FediCore
import FediTestSupport
import Foundation
import Testing

/// The built binary with a hand-edited, empty `base_url`: one `fedictl:` line and exit 78 from a
/// command that reads the config, never a crash; the file left as it was.
struct ConfigBaseURLBinaryTests {
    @Test func anEmptyBaseURLIsExit78NotACrash() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent(
            "fedictl-baseurl-bin-\(UUID().uuidString)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let file = root.appendingPathComponent("fedictl/config.json")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        let contents =
            #"{"schema_version": 1, "default_account": "alice@a.example", "accounts": [{"id": "alice@a.example", "username": "alice", "base_url": "", "scopes": [], "aliases": []}]}"#
        try Data(contents.utf8).write(to: file)

        for arguments in [["auth", "list"], ["timelines", "pins"]] {
            let result = try await BinaryRunner.run(arguments, environment: ["XDG_CONFIG_HOME": root.path])
            #expect(result.status == 78, "\(arguments): \(result)")
            #expect(
                result.stderr.hasPrefix(
                    "fedictl: the config file \(file.path) is corrupt: bad value at accounts[0].base_url\nhint: "),
                "\(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 2, "\(result.stderr)")
        }
        #expect(try Data(contentsOf: file) == Data(contents.utf8))
    }
}
