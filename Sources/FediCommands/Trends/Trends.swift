import ArgumentParser
import FediCore

/// `fedictl trends links|statuses|tags list|approve|reject`: what trends on a Mastodon server and
/// the moderator's review of it (a link, post or hashtag trends publicly only once approved).
public struct Trends: AsyncParsableCommand {
    public init() {}
    public static let configuration = CommandConfiguration(
        commandName: "trends",
        abstract: "Review what trends: links, posts and hashtags, awaiting review or decided.",
        discussion: """
            Mastodon's admin trends (3.5+ to list, 4.2+ to approve and reject), with an admin login whose \
            role may manage taxonomies. Other software has no API for them and is refused (exit 69) \
            naming its software and version.
            """,
        subcommands: [Links.self, Statuses.self, Tags.self])

    public struct Links: AsyncParsableCommand {
        public init() {}
        public static let configuration = LinkTrends.group
    }

    public struct Statuses: AsyncParsableCommand {
        public init() {}
        public static let configuration = StatusTrends.group
    }

    public struct Tags: AsyncParsableCommand {
        public init() {}
        public static let configuration = TagTrends.group
    }
}

/// Which trends a verb acts on: the three kinds share their verbs (`Trends.List<TagTrends>`).
public protocol TrendKind: Sendable {
    static var kind: Trend.Kind { get }
    /// An id as the kind's list shows it, for examples.
    static var exampleID: String { get }
}

public enum LinkTrends: TrendKind {
    public static let kind = Trend.Kind.link
    public static let exampleID = "5128"
}

public enum StatusTrends: TrendKind {
    public static let kind = Trend.Kind.status
    public static let exampleID = "109415512969053017"
}

public enum TagTrends: TrendKind {
    public static let kind = Trend.Kind.tag
    public static let exampleID = "802"
}

extension TrendKind {
    /// `links`, `statuses`, `tags`.
    static var word: String { kind.plural }
    /// "links", "posts", "hashtags": as a person says it.
    static var spoken: String {
        switch kind {
        case .link: "links"
        case .status: "posts"
        case .tag: "hashtags"
        }
    }
}

extension TrendKind {
    static var group: CommandConfiguration {
        CommandConfiguration(
            commandName: word,
            abstract: "List trending \(spoken), approve or reject them.",
            subcommands: [Trends.List<Self>.self, Trends.Approve<Self>.self, Trends.Reject<Self>.self],
            defaultSubcommand: Trends.List<Self>.self)
    }
}
