import Foundation
import FediCore
import FediOutput

/// `--dry-run` for every write at once: reads (GETs, and POSTs marked `readsOnly`) go through, the first write is printed (method, URL,
/// body; secrets redacted) instead of sent, and the command stops there with exit 0.
/// Bulk commands (imports) check `globals.dryRun` themselves to print their whole plan.
struct DryRunTransport: HTTPTransport {
    let wrapped: any HTTPTransport
    let terminal: any Terminal

    func send(_ request: HTTPRequest, options: TransportOptions) async throws -> HTTPResponse {
        guard !request.readsOnly else { return try await wrapped.send(request, options: options) }
        var text = "dry run: would send \(request.method.rawValue) \(Redaction.url(request.url))\n"
        if let body = request.body, !body.isEmpty {
            text += Redaction.body(body) + "\n"
        }
        terminal.write(text)
        throw DryRunStop()
    }
}

/// Thrown after a dry run printed its request; the command ends successfully.
public struct DryRunStop: Error {}
