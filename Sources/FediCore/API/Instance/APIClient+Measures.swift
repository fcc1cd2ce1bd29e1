import FoundationEssentials

/// How many local accounts follow accounts on a domain, and are followed by them (Mastodon 3.5+
/// admin measures `instance_follows`, `instance_followers`): what a suspension would cut.
public struct DomainFollows: Sendable, Equatable {
    public var follows: Int
    public var followers: Int

    public init(follows: Int, followers: Int) {
        self.follows = follows
        self.followers = followers
    }

    public var total: Int { follows + followers }

    /// `3 local follows, 1 follower`: what a suspension of the domain cuts, in words.
    public var said: String {
        "\(follows) local follow\(follows == 1 ? "" : "s"), \(followers) follower\(followers == 1 ? "" : "s")"
    }
}

extension APIClient {
    struct MeasuresRequest: Encodable {
        struct Domain: Encodable { var domain: String }
        var keys = ["instance_follows", "instance_followers"]
        var instanceFollows: Domain
        var instanceFollowers: Domain
        var startAt: String
        var endAt: String

        enum CodingKeys: String, CodingKey {
            case keys, instanceFollows = "instance_follows", instanceFollowers = "instance_followers", startAt =
                "start_at", endAt = "end_at"
        }
    }

    /// `POST /api/v1/admin/measures` for one domain (a read, though a POST: it passes a dry run).
    /// The totals come as strings; anything unreadable counts as 0.
    public func domainFollows(_ domain: String, now: Date) async throws -> DomainFollows {
        let day = FlexibleDate.format(now)
        let body = try RequestBody.encoded(
            MeasuresRequest(
                instanceFollows: .init(domain: domain), instanceFollowers: .init(domain: domain),
                startAt: day, endAt: day))
        let measures = try await fetch([Measure].self, .post, "/api/v1/admin/measures", body: body, readsOnly: true)
            .value
        func total(_ key: String) -> Int { measures.first { $0.key == key }?.total ?? 0 }
        return DomainFollows(follows: total("instance_follows"), followers: total("instance_followers"))
    }

    struct Measure: Decodable, Sendable {
        var key: String
        var total: Int?

        init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: AnyKey.self)
            key = c.optionalText("key") ?? ""
            total = c.lenientInt("total")
        }
    }
}
