import Foundation

/// Where things are in the checkout, found from this file's own path.
public enum RepoPaths {
    public static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    public static var fixtures: URL { root.appendingPathComponent("Tests/Fixtures") }

    /// The mastodon_mock executable: $MASTODON_MOCK, else the project's venv (made by `make test`).
    public static var mastodonMock: String {
        if let explicit = ProcessInfo.processInfo.environment["MASTODON_MOCK"] { return explicit }
        return root.appendingPathComponent(".venv/bin/mastodon_mock").path
    }

    /// The built fedictl binary, beside the test bundle in the build folder.
    public static var fedictlBinary: URL {
        var directory = Bundle.main.bundleURL
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("fedictl")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory.deleteLastPathComponent()
        }
        return root.appendingPathComponent(".build/debug/fedictl")
    }
}
