import Foundation

public enum TemporaryDirectory {
    /// A new empty directory under the system's temporary folder; the caller removes it.
    public static func make(_ label: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "fedictl-\(label)-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
