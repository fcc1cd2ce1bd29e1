import FoundationEssentials

/// How the core's errors read to a user (the one place that maps them).
extension FediError {
    /// Any error thrown in the core as the user sees it: message, hint and exit status.
    public init(describing error: any Error) {
        switch error {
        case let error as FediError: self = error
        case let error as APIError: self = Self.fediError(from: error)
        case let error as SecretStoreError: self = error.fediError
        case let error as TransportError: self = Self.fediError(from: error, host: nil)
        case let error as RateLimited: self = Self.fediError(from: error)
        case is CancellationError: self = FediError(.failure, "cancelled")
        default: self = FediError(.failure, "\(error)")
        }
    }

    static func fediError(from error: APIError) -> FediError {
        switch error {
        case .transport(let transport, let url):
            return fediError(from: transport, host: authority(url))
        case .notJSON(let url, _):
            return FediError(
                .unavailable, "\(authority(url)) does not offer \(url.path) (it answered with a web page, not JSON)",
                hint: "this server's software may not have that API; `fedictl instance features` lists what it has")
        case .malformed(let url, let detail):
            return FediError(
                .protocol, "\(authority(url)) sent a response fedictl cannot read from \(url.path): \(detail)",
                hint: "run again with --raw to see the server's own JSON")
        case .http(let status, let message, let url, let headers, _):
            let host = authority(url)
            let said = message.map { ": \($0)" } ?? ""
            switch status {
            case 401:
                return FediError(
                    .permission, "\(host) refused the credentials (HTTP 401)\(said)",
                    hint: "log in again: fedictl auth login \(host)")
            case 403:
                let admin = url.path.contains("/admin")
                return FediError(
                    .permission, "\(host) does not allow this (HTTP 403)\(said)",
                    hint: admin
                        ? "this needs an admin login: fedictl auth login \(host) --admin"
                        : "the account or token lacks permission for \(url.path)")
            case 404 where error.meansMissingEndpoint:
                return FediError(
                    .unavailable, "\(host) does not offer \(url.path) (HTTP 404)\(said)",
                    hint: "this server's software lacks that API; `fedictl instance features` lists what it can do")
            case 404, 410:
                return FediError(
                    .noInput, "\(host) has no \(url.path) (HTTP \(status))\(said)",
                    hint: "check the id or name; it may have been deleted")
            case 405, 501:
                return FediError(
                    .unavailable, "\(host) does not support \(url.path) (HTTP \(status))",
                    hint: "`fedictl instance features` lists what this server can do")
            case 409 where BusyConflict.possible(on: url.path):
                return FediError(
                    .temporary, "\(host) is busy with a conflicting action (HTTP 409)\(said)",
                    hint: "try again in a moment")
            case 409:
                return FediError(
                    .dataError, "\(host) already has what this would make (HTTP 409)\(said)",
                    hint: "the matching list command shows what is there; change or remove it first")
            case 429:
                let reset = headers["x-ratelimit-reset"] ?? headers["retry-after"]
                return FediError(
                    .temporary, "\(host) is rate-limiting requests (HTTP 429)",
                    hint: reset.map { "wait until \($0) and try again" } ?? "wait a few minutes and try again")
            case 400, 422:
                return FediError(
                    .dataError, "\(host) rejected the request (HTTP \(status))\(said)",
                    hint: "check the values given; the server's message says which")
            case 300...399:
                // Writes are never redirected (their body may hold secrets); a read got too many hops.
                let target = headers["location"].map { " to \($0)" } ?? ""
                return FediError(
                    .protocol,
                    "\(host) answered with a redirect (HTTP \(status))\(target) that fedictl does not follow",
                    hint: "if the server has moved, use its new address (fedictl auth login NEWHOST)")
            case 500...599:
                return FediError(
                    .temporary, "\(host) failed with HTTP \(status)\(said)",
                    hint: "the server is having trouble; try again later")
            default:
                return FediError(
                    .failure, "\(host) answered HTTP \(status)\(said)",
                    hint: "run again with --verbose to see the exchange")
            }
        }
    }

    /// The server asks for a longer wait than the command may make: exit 75 at once, saying when.
    static func fediError(from error: RateLimited) -> FediError {
        let wait = DurationText.format(Int(error.wait.rounded(.up)))
        let flag = error.budget == .request ? "--timeout" : "--max-wait"
        let what =
            switch error.status {
            case nil: "\(error.host)'s rate limit is used up for the next \(wait)"
            case let status?: "\(error.host) is rate-limiting requests (HTTP \(status)) and asks to wait \(wait)"
            }
        return FediError(
            .temporary, "\(what), longer than \(flag) allows",
            hint:
                "try again after \(FlexibleDate.format(Date(timeIntervalSince1970: error.retryAt.timeIntervalSince1970.rounded(.up)))), or allow a longer wait with \(flag)"
        )
    }

    static func fediError(from error: TransportError, host: String?) -> FediError {
        let name = host ?? "the server"
        switch error {
        case .cannotResolveHost(let detail):
            return FediError(
                .unavailable, "cannot find \(name): \(detail)", hint: "check the spelling of the host and your network")
        case .cannotConnect(let detail):
            return FediError(
                .unavailable, "cannot connect to \(name): \(detail)", hint: "is the server up? check the host and port")
        case .timedOut(let seconds):
            return FediError(
                .temporary, "\(name) did not answer within \(Int(seconds.rounded())) s",
                hint: "try again, or allow longer with --timeout SECONDS")
        case .tls(let detail):
            return FediError(
                .unavailable, "secure connection to \(name) failed: \(detail)",
                hint: "for a private certificate authority pass --cacert FILE")
        case .libraryNotLoaded(let detail):
            return FediError(
                .unavailable, "cannot load \(detail)", hint: "install libcurl: sudo apt-get install libcurl4")
        case .responseTooLarge(let limit):
            return FediError(
                .protocol, "\(name) sent an answer larger than \(limit >> 20) MiB; fedictl stopped reading it",
                hint: "if the server is yours and the answer real, raise the cap with --max-response-size MIB")
        case .answerLost(let detail):
            return FediError(
                .temporary,
                "the connection to \(name) closed before it answered (\(detail)); the change may or may not have been made",
                hint: "check the server's state (the matching list or show command) before running it again")
        case .insecureRedirect(let detail):
            return FediError(
                .protocol,
                "\(name) redirected to an address fedictl does not follow (https only ever goes to https): \(detail)",
                hint: "use the server's https address; if it has moved, use its new address")
        case .tooManyRedirects(let detail):
            return FediError(
                .protocol, "\(name) redirected too many times (a redirect loop?): \(detail)",
                hint: "the server or a proxy in front of it is misconfigured; --verbose shows the hops")
        case .answerCut(let detail):
            // Retried like a lost connection first: this is what is left when every attempt was cut.
            return FediError(
                .temporary, "\(name) closed the connection in the middle of its answer (\(detail))",
                hint: "try again later; if it keeps happening, the server or a proxy cuts answers short")
        case .other(let detail):
            return FediError(
                .unavailable, "request to \(name) failed: \(detail)",
                hint: "run again with --verbose to see the exchange")
        }
    }

    static func authority(_ url: URL) -> String {
        let host = url.host ?? "server"
        return url.port.map { "\(host):\($0)" } ?? host
    }
}
