import FediCore
import Foundation

/// Tests/Fixtures/fixture_server.py serving one flavour's recorded-shape responses on 127.0.0.1.
public enum FixtureServer {
    public static func start(flavour: String) async throws -> ServerProcess {
        try await StartupGate.shared.withSlot { try await launch(flavour: flavour) }
    }

    static func launch(flavour: String) async throws -> ServerProcess {
        let server = try await launchScript(
            "fixture_server.py", ["--flavour", flavour, "--port", "0"], name: "fixture server for \(flavour)")
        server.recordedUser = recordedUser(of: flavour)
        return server
    }

    /// The user a recording answers "who am I" for (Misskey's `POST /api/i`), nil where it has none:
    /// a token standing in for another user is refused by the owner check, as on a real server.
    static func recordedUser(of flavour: String) -> String? {
        let routes = RepoPaths.fixtures.appendingPathComponent(flavour).appendingPathComponent("routes.json")
        guard let data = try? Data(contentsOf: routes),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let whoAmI = object["POST /api/i"] as? [String: Any],
            let answer = whoAmI["json"] as? [String: Any]
        else { return nil }
        return answer["username"] as? String
    }

    /// Serves the files of `directory` over plain HTTP on 127.0.0.1 (lists a real server fetches).
    public static func serveFiles(in directory: URL) async throws -> ServerProcess {
        try await launchScript("static_server.py", [directory.path], name: "file server")
    }

    /// Runs a Python server script of Tests/Fixtures that binds its own port and prints `PORT <n>`
    /// (so no other process can take the port between choosing and binding it). `interpreter`: a
    /// venv's python, for scripts that import its packages.
    static func launchScript(
        _ script: String, _ arguments: [String], name: String, interpreter: String? = nil
    ) async throws -> ServerProcess {
        try TestTier.requireIntegration("the \(name)")
        let path = RepoPaths.fixtures.appendingPathComponent(script).path
        // Through bash, which closes what the server would inherit from other tests' spawns (a server
        // lives as long as its test), then becomes it: the pid is the server's. Not through
        // Foundation's Process, whose one reaping thread would then wait for the server's whole life
        // (`LongLivedChild`).
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw FediError(.failure, "no pipe for the \(name)") }
        // Neither end for other children (the server gets the write end as its stdout).
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        let reader = FileHandle(fileDescriptor: ends[0], closeOnDealloc: true)
        let child: LongLivedChild
        do {
            defer { close(ends[1]) }
            child = try LongLivedChild(
                "/bin/bash",
                ["-c", ProcessRunner.closingInheritedDescriptors + #"exec "$@""#, name]
                    + [interpreter ?? "python3", path] + arguments,
                stdout: ends[1])
        }
        do {
            // The server prints `PORT <n>` once it listens; read it off the cooperative pool.
            let buffer = try await ProcessRunner.onOwnThread { () throws -> Data in
                var buffer = Data()
                while !buffer.contains(UInt8(ascii: "\n")) {
                    let chunk = reader.availableData
                    if chunk.isEmpty { throw FediError(.failure, "\(name) exited before listening") }
                    buffer += chunk
                }
                return buffer
            }
            let line = String(decoding: buffer, as: UTF8.self).split(separator: "\n").first ?? ""
            guard line.hasPrefix("PORT "), let port = Int(line.dropFirst(5).trimmingCharacters(in: .whitespaces))
            else {
                throw FediError(.failure, "\(name) said '\(line)' instead of its port")
            }
            // The pipe stays open as long as the server: a write to a closed one would end it.
            return ServerProcess(child: child, port: port, output: reader)
        } catch {
            child.stop()
            throw error
        }
    }
}

extension ServerProcess {
    /// What a fixture server received, oldest first: method, path, query and body.
    public func receivedRequests() async throws -> [[String: Any]] {
        (try await json(.get, "/__fixture/requests") as? [[String: Any]]) ?? []
    }
}

/// Tests/Fixtures/sse_server.py: a Mastodon whose notification stream drops mid-event and replays.
public enum SSETestServer {
    public static func start(_ arguments: [String] = []) async throws -> ServerProcess {
        try await StartupGate.shared.withSlot {
            try await FixtureServer.launchScript("sse_server.py", ["--port", "0"] + arguments, name: "SSE test server")
        }
    }
}
