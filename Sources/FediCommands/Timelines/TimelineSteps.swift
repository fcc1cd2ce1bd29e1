import FediCore

/// What the timeline verbs share, over one account's context.
struct TimelineSteps {
    let ctx: CommandContext
    init(_ ctx: CommandContext) { self.ctx = ctx }

    /// A reader of `server`'s local timeline, signed in where the software needs it and a login exists.
    func localTimelineReader(
        on server: ServerAddress, info: ServerInfo, family: APIFamily,
        login: Login? = nil
    ) async throws -> TimelineReader {
        let client = await ctx.readingClient(.timelinesLocal, on: server, info: info, login: login)
        var reader = try TimelineReader(client: client, family: family)
        reader.signedIn = client.token != nil
        reader.mediaOnlyOnClient = info.flavour == .gotosocial
        return reader
    }
}
