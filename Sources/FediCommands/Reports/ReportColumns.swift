import FediCore
import FediOutput

extension Report: Tabular {
    public static let columns: [Column<Report>] = [
        // On a narrow terminal the category and assignee go first, then the comment and the reporter.
        Column("id") { .text($0.id) },
        Column("created_at", "filed") { .date($0.createdAt) },
        Column("state") { .text($0.state) },
        Column("reporter", kind: .identifier, priority: .normal) { .text($0.reporter) },
        Column("target", kind: .identifier) { .text($0.target) },
        Column("category", priority: .low) { .text($0.category) },
        Column("assigned_to", "assigned to", kind: .identifier, priority: .low) { .text($0.assignedTo) },
        Column("comment") { .text($0.comment) },
        Column("updated_at", "updated", default: false) { .date($0.updatedAt) },
        Column("reporter_id", "reporter id", default: false) { .text($0.reporterID) },
        Column("target_id", "target id", default: false) { .text($0.targetID) },
        Column("rules", "broken rules", default: false) { .list($0.rules) },
        Column("forwarded", default: false) { .flag($0.forwarded) },
        Column("action_taken", "action taken", default: false) { .flag($0.actionTaken) },
        Column("action_taken_at", "action taken at", default: false) { .date($0.actionTakenAt) },
        Column("action_taken_by", "action taken by", default: false, kind: .identifier) { .text($0.actionTakenBy) },
        Column("action_comment", "action comment", default: false) { .text($0.actionComment) },
        Column("notes", default: false) {
            .list($0.notes.map { note in (note.author.map { "@\($0): " } ?? "") + note.content })
        },
        Column("posts", default: false) { .number($0.posts.count) },
    ]

    /// What `reports show` lists about the report itself, above its posts.
    static let detailFields = [
        "id", "state", "reporter", "target", "category", "rules", "comment", "forwarded", "assigned_to",
        "action_taken", "action_taken_by", "action_taken_at", "action_comment", "notes", "created_at", "posts",
    ]
}

/// A reported post under `reports show`: its text behind its warning unless `--reveal`, its media
/// as URLs (hidden with the text). JSON is the post itself.
struct ReportedPost: Tabular {
    var post: Post
    var reveal: Bool

    func encode(to encoder: Encoder) throws { try post.encode(to: encoder) }

    static let columns: [Column<ReportedPost>] = [
        Column("id", "post") { .text($0.post.id) },
        Column("created_at", "posted") { .date($0.post.createdAt) },
        Column("content") { .text($0.post.displayText(reveal: $0.reveal)) },
        Column("media_urls", "media") { row in
            row.post.isHidden && !row.reveal && !row.post.mediaURLs.isEmpty
                ? .text("\(row.post.mediaURLs.count) hidden") : .list(row.post.mediaURLs)
        },
        Column("url", "URL") { .text($0.post.url) },
    ]
}

/// How a report is shown: the report, then (as a table) each reported post on its own.
struct ReportView {
    var report: Report
    var reveal: Bool

    /// A verb that changes report `id`: checks `--fields` first (a bad field must not follow a change
    /// already made), makes `decision` through the family serving `capability`, then shows the report
    /// the server returned, or says `done` ("Resolved report 12") when it returned none. `takeOver`:
    /// a report another moderator holds is taken over (else asked on a terminal, or refused).
    static func change(
        _ capability: Capability, _ decision: ReportDecision, in ctx: CommandContext, done: String, id: String,
        takeOver: Bool = false
    ) async throws {
        try ctx.output.validateFields(for: Report.self)
        let change = try await ctx.with(.reports(capability)) { reports in
            try await ReportDecisions(reports, in: ctx).decide(
                decision, on: id, held: .asked(takeOver: takeOver, in: ctx))
        }
        guard let fetched = change.after else { return ctx.status("\(done) on \(change.subject.host).") }
        try show(fetched, in: ctx)
    }

    /// The changed report a verb got back, or its raw JSON with `--raw`.
    static func show(_ fetched: Fetched<Report>, in ctx: CommandContext) throws {
        if ctx.globals.raw { return ctx.output.raw(fetched.raw) }
        try ReportView(report: fetched.value, reveal: false).render(to: ctx)
    }

    func render(to ctx: CommandContext) throws {
        var output = ctx.output
        let table = output.settings.format == .table && output.settings.fields == nil
        if table { output.settings.fields = Report.detailFields }
        try output.item(report)
        guard table else { return }
        // Each post as a block of its own, in full: a table would cut the text to the terminal's width.
        // Piped, its keys are numbered (`post1.id`), so each key names one line.
        for (index, post) in report.posts.enumerated() {
            try ctx.output.item(ReportedPost(post: post, reveal: reveal), keyPrefix: "post\(index + 1).")
        }
    }
}
