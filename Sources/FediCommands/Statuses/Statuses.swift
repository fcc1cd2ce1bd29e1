import ArgumentParser
import FediCore

/// `fedictl statuses show|delete|sensitive|unsensitive|visibility`: one post (a reported one,
/// usually) read and acted on, where the server's software has an API for it.
public struct Statuses: AsyncParsableCommand {
    public init() {}
    public static let configuration = CommandConfiguration(
        commandName: "statuses",
        abstract: "Read a post and act on it: delete it, mark it sensitive, change its visibility.",
        discussion: """
            For the posts a report is about (`fedictl reports show ID` lists their ids). Pleroma and \
            Akkoma do all of it (their admin API); the Misskey family shows and deletes notes (a \
            moderator's notes/delete); Mastodon and GoToSocial only show a post the login may see: \
            their APIs act on accounts, not on one post (use `accounts action ID --report ID`). \
            Elsewhere a verb is refused before anything is sent (exit 69), naming the software and version.
            """,
        subcommands: [Show.self, Delete.self, Sensitive.self, Unsensitive.self, Visibility.self])
}

/// One change a writing verb makes to each post.
enum StatusChange: Sendable {
    case delete
    case sensitive(Bool)
    case visibility(PostVisibility)

    var capability: Capability {
        switch self {
        case .delete: .statusesDelete
        case .sensitive(let on): on ? .statusesSensitive : .statusesUnsensitive
        case .visibility: .statusesVisibility
        }
    }

    /// Whether nothing undoes it (a deletion), so it is asked first.
    var cannotBeUndone: Bool {
        if case .delete = self { return true }
        return false
    }

    /// The question's and dry run's verb, and what a done row says.
    var words: (verb: String, done: String) {
        switch self {
        case .delete: ("delete", "deleted")
        case .sensitive(let on):
            on ? ("mark sensitive", "marked sensitive") : ("unmark sensitive", "unmarked sensitive")
        case .visibility(let to): ("make \(to.rawValue)", "made \(to.rawValue)")
        }
    }

    /// The journal's note of this change to `post` (as read before it).
    func note(_ post: Post) -> JournalNote {
        switch self {
        case .delete: JournalNote.status(post, deleted: true)
        case .sensitive(let on): JournalNote.status(post, sensitive: on)
        case .visibility(let to): JournalNote.status(post, visibility: to.rawValue)
        }
    }

    func send(to statuses: any StatusAdapter, id: String) async throws {
        switch self {
        case .delete: try await statuses.delete(id: id)
        case .sensitive(let on): try await statuses.update(id: id, sensitive: on, visibility: nil)
        case .visibility(let to): try await statuses.update(id: id, sensitive: nil, visibility: to.rawValue)
        }
    }
}

/// The writing `statuses` verbs: the posts named, each changed through the bulk engine.
struct StatusWave {
    let ctx: CommandContext
    init(_ ctx: CommandContext) { self.ctx = ctx }

    /// Makes `change` to each post `targets` names on this account's server, each journaled with its
    /// state before (read from the server first) and after; one that fails is named at the end and
    /// the others go on. Only a deletion, which nothing undoes, is asked first.
    func change(_ targets: IDTargets, _ change: StatusChange) async throws {
        try ctx.output.validateFields(for: BulkTargetRow.self)
        let progress = BulkProgress(ctx)
        let ctx = ctx.forBulkWork(onWait: progress.waiting)
        let wanted = targets.fromStdin ? try targets.stdinReferences!.values(in: ctx) : targets.ids
        try await ctx.with(.statuses(change.capability)) { statuses in
            var seen = Set<String>()
            var chosen: [StatusTarget] = []
            // Each post as it is now: its author and text name it, its state is the journal's before.
            for id in wanted where seen.insert(id).inserted {
                chosen.append(StatusTarget(id: id, post: try? await statuses.status(id: id).value))
            }
            let wave = BulkModeration<StatusTarget>(
                verb: change.words.verb, noun: "post", doneWord: change.words.done, cap: Int.max,
                id: { $0.id }, name: { $0.name }, confirms: change.cannotBeUndone)
            try await wave.run(chosen, in: ctx, progress: progress) { target in
                try await JournalNote.during(target.post.map { [change.note($0)] } ?? []) {
                    try await change.send(to: statuses, id: target.id)
                }
            }
        }
    }
}

/// A post a writing verb acts on: its id, and the post as read before (nil where it could not be read).
struct StatusTarget: Sendable {
    var id: String
    var post: Post?

    /// `@ann: buy now`, or the id where the post could not be read.
    var name: String { post.map(JournalNote.label(of:)).flatMap { $0.isEmpty ? nil : $0 } ?? id }
}
