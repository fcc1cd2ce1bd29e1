import Foundation
import FediCore

/// Tests/Fixtures/fixture_server.py serving one flavour's recorded-shape responses on 127.0.0.1.
public enum FixtureServer {
    public static func start(flavour: String) async throws -> ServerProcess {
        try await StartupGate.shared.withSlot { try await launch(flavour: flavour) }
    }

    static func launch(flavour: String) async throws -> ServerProcess {
        try TestTier.requireIntegration("the \(flavour) fixture server")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", RepoPaths.fixtures.appendingPathComponent("fixture_server.py").path, "--flavour", flavour, "--port", "0"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        // The server prints `PORT <n>` once it listens; read it off the cooperative pool.
        let reader = pipe.fileHandleForReading
        let buffer = try await ProcessRunner.onOwnThread { () throws -> Data in
            var buffer = Data()
            while !buffer.contains(UInt8(ascii: "\n")) {
                let chunk = reader.availableData
                if chunk.isEmpty { throw FediError(.failure, "fixture server for \(flavour) exited before listening") }
                buffer += chunk
            }
            return buffer
        }
        let line = String(decoding: buffer, as: UTF8.self).split(separator: "\n").first ?? ""
        guard line.hasPrefix("PORT "), let port = Int(line.dropFirst(5).trimmingCharacters(in: .whitespaces)) else {
            throw FediError(.failure, "fixture server said '\(line)' instead of its port")
        }
        return ServerProcess(process: process, port: port)
    }
}

extension ServerProcess {
    /// What a fixture server received, oldest first: method, path, query and body.
    public func receivedRequests() async throws -> [[String: Any]] {
        (try await json(.get, "/__fixture/requests") as? [[String: Any]]) ?? []
    }
}
