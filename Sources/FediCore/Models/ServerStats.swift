import FoundationEssentials

/// What a server's admin dashboard draws over a period: its measures (counts with a series per
/// day), its top dimensions (languages, servers, software...) and its sign-up cohorts' retention.
/// Mastodon's `Admin::Measure`, `Admin::Dimension` and `Admin::Cohort`, in one shape.
public struct ServerStats: Encodable, Sendable, Equatable {
    public var measures: [StatsMeasure]
    public var dimensions: [StatsDimension]
    public var retention: [StatsCohort]

    public init(measures: [StatsMeasure] = [], dimensions: [StatsDimension] = [], retention: [StatsCohort] = []) {
        self.measures = measures
        self.dimensions = dimensions
        self.retention = retention
    }
}

/// One measure: its total over the period, the period before's, and the series by day.
public struct StatsMeasure: Codable, Sendable, Equatable {
    public struct Point: Codable, Sendable, Equatable {
        public var date: Date?
        public var value: Int?
        public init(date: Date?, value: Int?) {
            self.date = date
            self.value = value
        }
    }

    public var key: String
    public var unit: String?
    public var total: Int?
    public var previousTotal: Int?
    public var humanValue: String?
    public var data: [Point]

    public init(
        key: String, unit: String? = nil, total: Int?, previousTotal: Int? = nil, humanValue: String? = nil,
        data: [Point] = []
    ) {
        self.key = key
        self.unit = unit
        self.total = total
        self.previousTotal = previousTotal
        self.humanValue = humanValue
        self.data = data
    }

    enum CodingKeys: String, CodingKey {
        case key, unit, total, data
        case previousTotal = "previous_total", humanValue = "human_value"
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: AnyKey.self)
        guard let key = c.optionalText("key") else {
            throw DecodingError.keyNotFound(
                AnyKey("key"), .init(codingPath: decoder.codingPath, debugDescription: "measure without key"))
        }
        self.key = key
        unit = c.optionalText("unit")
        total = c.lenientInt("total")
        previousTotal = c.lenientInt("previous_total")
        humanValue = c.optionalText("human_value")
        data = c.lenientArray(Bucket.self, "data").map { Point(date: $0.date, value: $0.value) }
    }

    struct Bucket: Decodable {
        var date: Date?
        var value: Int?
        init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: AnyKey.self)
            date = c.lenientDate("date")
            value = c.lenientInt("value")
        }
    }
}

/// One dimension: its top items, most first.
public struct StatsDimension: Codable, Sendable, Equatable {
    public struct Item: Codable, Sendable, Equatable {
        public var key: String
        public var label: String
        /// A count, or a version (`software_versions`): kept as the server sent it.
        public var value: String
        public var unit: String?
        public var humanValue: String?

        public init(key: String, label: String, value: String, unit: String? = nil, humanValue: String? = nil) {
            self.key = key
            self.label = label
            self.value = value
            self.unit = unit
            self.humanValue = humanValue
        }

        enum CodingKeys: String, CodingKey {
            case key, value, unit
            case label = "human_key", humanValue = "human_value"
        }

        public init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: AnyKey.self)
            key = c.optionalText("key") ?? ""
            label = c.optionalText("human_key") ?? key
            value = c.lenientString("value") ?? ""
            unit = c.optionalText("unit")
            humanValue = c.optionalText("human_value")
        }
    }

    public var key: String
    public var data: [Item]

    public init(key: String, data: [Item]) {
        self.key = key
        self.data = data
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: AnyKey.self)
        key = c.optionalText("key") ?? ""
        data = c.lenientArray(Item.self, "data")
    }
}

/// The accounts that signed up in one period, and the share still active in each period after.
public struct StatsCohort: Codable, Sendable, Equatable {
    public struct Point: Codable, Sendable, Equatable {
        public var date: Date?
        public var rate: Double?
        public var value: Int?
        public init(date: Date?, rate: Double?, value: Int?) {
            self.date = date
            self.rate = rate
            self.value = value
        }
    }

    public var period: Date?
    public var frequency: String?
    public var data: [Point]

    public init(period: Date?, frequency: String?, data: [Point]) {
        self.period = period
        self.frequency = frequency
        self.data = data
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: AnyKey.self)
        period = c.lenientDate("period")
        frequency = c.optionalText("frequency")
        data = c.lenientArray(Bucket.self, "data").map { Point(date: $0.date, rate: $0.rate, value: $0.value) }
    }

    struct Bucket: Decodable {
        var date: Date?
        var rate: Double?
        var value: Int?
        init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: AnyKey.self)
            date = c.lenientDate("date")
            rate = (try? c.decodeIfPresent(Double.self, forKey: "rate")) ?? c.lenientString("rate").flatMap(Double.init)
            value = c.lenientInt("value")
        }
    }

    /// How many signed up in the period (its first point's value).
    public var size: Int? { data.first?.value }
    /// The share of them active in the last period reported.
    public var lastRate: Double? { data.last?.rate }
}
