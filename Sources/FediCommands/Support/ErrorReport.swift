import ArgumentParser
import FediCore
import FediOutput
import FoundationEssentials

/// Turns anything thrown into one `FediError`: a message, a hint and an exit status.
public enum ErrorReport {
    /// The error as the user sees it; the mapping itself lives in the core (`FediError(describing:)`),
    /// where the bulk engine needs it too. Only the argument parser's own errors are known here.
    public static func fediError(from error: Error) -> FediError {
        if let error = error as? ValidationError { return FediError(.usage, error.message) }
        return FediError(describing: error)
    }

    /// stderr: `fedictl: message` and `hint: ...`. With `-o json`, also a JSON error object on stdout.
    public static func write(_ error: FediError, to ctx: CommandContext) {
        // The message may quote the server's own error text: control sequences are made inert.
        var text = "fedictl: \(Renderer.inertLines(error.message))\n"
        if let hint = error.hint { text += "hint: \(Renderer.inertLines(hint))\n" }
        ctx.terminal.writeError(text)
        if ctx.globals.output == .json || ctx.globals.output == .ndjson {
            let object = ErrorObject(
                error: .init(
                    message: error.message, hint: error.hint, exitStatus: Int(error.status.rawValue),
                    kind: error.status.name))
            if let data = try? JSONCoding.encoder(pretty: ctx.globals.output == .json).encode(object) {
                ctx.terminal.write(InertText.json(String(decoding: data, as: UTF8.self)) + "\n")
            }
        }
    }

    struct ErrorObject: Encodable {
        struct Body: Encodable {
            var message: String
            var hint: String?
            var exitStatus: Int
            var kind: String
            enum CodingKeys: String, CodingKey { case message, hint, kind, exitStatus = "exit_status" }
        }
        var error: Body
    }
}
