import FoundationEssentials

/// What a write changes, said by the code that knows (the domain-block engine, a verb) for the
/// journal: the subject's kind, its target as a person names it, and its whole state before and
/// after. Bound as a task-local around the write, so bulk work (each item in its own task) gives each
/// request its own note, and the journal's HTTP hook finds it without the layers in between knowing.
public struct JournalNote: Sendable, Equatable {
    public var subject: String
    public var target: String
    /// The server's id of the subject (an account's, a report's), where its undo names it by id.
    public var id: String?
    /// The state as `name: value` pairs in a fixed order; nil where the subject did not exist.
    public var before: [StateField]?
    public var after: [StateField]?

    public struct StateField: Sendable, Equatable {
        public var name: String
        public var value: String
        /// Free text (a comment): quoted in the entry, so an empty one shows and `;` cannot split it.
        public var isText: Bool

        public init(_ name: String, _ value: String, isText: Bool = false) {
            self.name = name
            self.value = value
            self.isText = isText
        }

        public var text: String {
            guard isText else { return "\(name): \(value)" }
            return "\(name): \"" + value.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"") + "\""
        }
    }

    /// The value of the field `name`, if the state has it.
    public static func value(_ name: String, in state: [StateField]?) -> String? {
        state?.first { $0.name == name }?.value
    }

    public init(subject: String, target: String, before: [StateField]?, after: [StateField]?) {
        self.subject = subject
        self.target = target
        self.before = before
        self.after = after
    }

    /// The notes of the write in flight: usually one; several where one request changes several
    /// subjects (a whole-list server's read-modify-write), each then journaled as its own entry.
    @TaskLocal public static var current: [JournalNote] = []

    /// Runs `body` with `notes` describing the writes it sends.
    public static func during<T>(_ notes: [JournalNote], _ body: () async throws -> T) async rethrows -> T {
        try await $current.withValue(notes, operation: body)
    }

    /// `severity: silence; reject_media: yes; public_comment: "…"`, or `none` where there was nothing.
    public static func text(_ state: [StateField]?) -> String {
        guard let state else { return "none" }
        return state.map(\.text).joined(separator: "; ")
    }
}

extension JournalNote {
    public static let domainBlock = "domain-block"

    /// A domain block's every setting, both comments included (an empty comment as `""`).
    public static func state(of block: DomainBlock) -> [StateField] { state(of: block.spec) }

    public static func state(of spec: DomainBlockSpec) -> [StateField] {
        func flag(_ value: Bool) -> String { value ? "yes" : "no" }
        return [
            StateField("severity", spec.severity.rawValue), StateField("reject_media", flag(spec.rejectMedia)),
            StateField("reject_reports", flag(spec.rejectReports)), StateField("obfuscate", flag(spec.obfuscate)),
            StateField("public_comment", spec.publicComment ?? "", isText: true),
            StateField("private_comment", spec.privateComment ?? "", isText: true),
        ]
    }

    /// The note of one domain-block write: `before` the server's block (nil: none), `after` what is
    /// wanted (nil: lifted).
    public static func domainBlock(_ domain: String, before: DomainBlock?, after: DomainBlockSpec?) -> JournalNote {
        JournalNote(
            subject: domainBlock, target: domain, before: before.map { state(of: $0) },
            after: after.map { state(of: $0.keepingComments(of: before)) })
    }

    public static func domainBlock(_ change: DomainBlockChange) -> JournalNote {
        switch change {
        case .set(let spec, let existing): domainBlock(existing?.domain ?? spec.domain, before: existing, after: spec)
        case .remove(let block): domainBlock(block.domain, before: block, after: nil)
        }
    }
}
