import Foundation
import FediTestSupport
import Testing

@testable import FediCore

/// Paginated reads ask for the next page while this one is decoded and handled: one page ahead,
/// never two, rows in order.
@Suite struct PageAheadTests {
    /// Records its decoding where a test asks for it (`decodes`).
    struct Item: Decodable, Sendable {
        var id: String
        @TaskLocal static var decodes: Recorder<String>?

        init(from decoder: Decoder) throws {
            id = try decoder.container(keyedBy: AnyKey.self).decode(String.self, forKey: "id")
            guard let decodes = Self.decodes else { return }
            // Page N + 1 must be on its way before page N is decoded. Decoding is synchronous, so this
            // waits by sleeping its thread (a test only; the request runs on another), for at most 5 s.
            for _ in 0..<5_000 where Int(id)! < 4 && !decodes.all.contains("ask \(Int(id)! + 1)") { usleep(1_000) }
            decodes.add("decode \(id)")
        }
    }

    /// Records each request, as `ask N` (N: the page, from its `max_id`), in one list with the
    /// rows the walk hands on, so the test sees their order.
    final class OrderedTransport: HTTPTransport, @unchecked Sendable {
        let inner = FakeTransport()
        let events = Recorder<String>()

        func send(_ request: HTTPRequest, options: TransportOptions) async throws -> HTTPResponse {
            let items = URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems ?? []
            let page = items.first { $0.name == "max_id" }?.value
            events.add("ask \(page ?? "1")")
            return try await inner.send(request, options: options)
        }

        func stream(_ request: HTTPRequest, options: TransportOptions,
                    idleTimeout: Double) async throws -> HTTPStreamResponse {
            throw StreamingUnsupported()
        }

        /// `pages` pages of one item each, page N linking to page N + 1 (`max_id=N+1`).
        func stubPages(_ pages: Int) {
            for page in 1...pages {
                let link = page < pages ? PageAheadTests.next(page + 1) : [:]
                let route = page == 1 ? "/api/v1/blocks" : "/api/v1/blocks?max_id=\(page)"
                inner.stub(.get, route, json: #"[{"id": "\#(page)"}]"#, headers: link)
            }
        }

        /// Waits (off the pool's threads: it sleeps) until `event` is recorded, for at most 5 s.
        func awaitEvent(_ event: String) async throws {
            for _ in 0..<5_000 where !events.all.contains(event) { try await Task.sleep(nanoseconds: 1_000_000) }
        }
    }

    static func next(_ page: Int) -> [String: String] {
        ["Link": "<http://social.example/api/v1/blocks?max_id=\(page)>; rel=\"next\""]
    }

    /// The list of one-item pages, all of it (`limit` nil) or up to `limit` items.
    func walk(_ transport: OrderedTransport, limit: Int?, onPage: PageHandler<Item>? = nil) async throws -> [Item] {
        let server = try ServerAddress("social.example")
        let client = APIClient(server: server, token: "t", http: HTTPClient(transport: transport))
        return try await client.linkPages(Item.self, "/api/v1/blocks", query: [], limit: limit, pageSize: 1,
                                          onPage: onPage) { $0 }
    }

    @Test func theNextPageIsAskedForBeforeThisOnesRowsAndNoFurther() async throws {
        let transport = OrderedTransport()
        transport.stubPages(4)
        try await Item.$decodes.withValue(transport.events) {
            _ = try await walk(transport, limit: nil) { items, _ in
                let page = Int(items[0].id)!
                // Page N + 1 must be on its way while page N is handled (the wait ends at once then).
                if page < 4 { try await transport.awaitEvent("ask \(page + 1)") }
                transport.events.add("rows \(page)")
            }
        }
        // Asked for as soon as the Link header names it, before this page is decoded; one ahead,
        // never two: page N + 2 is asked for only after page N's rows are out.
        #expect(transport.events.all == ["ask 1", "ask 2", "decode 1", "rows 1", "ask 3", "decode 2", "rows 2",
                                         "ask 4", "decode 3", "rows 3", "decode 4", "rows 4"])
        #expect(transport.inner.unusedRoutes.isEmpty)
    }

    @Test func aLimitAsksForNoPageItWillNotShow() async throws {
        let transport = OrderedTransport()
        transport.stubPages(2)
        let rows = try await walk(transport, limit: 2)
        #expect(rows.map(\.id) == ["1", "2"])
        #expect(transport.events.all == ["ask 1", "ask 2"])

        let one = OrderedTransport()
        one.stubPages(2)
        let first = try await walk(one, limit: 1)
        #expect(first.map(\.id) == ["1"])
        #expect(one.events.all == ["ask 1"])
    }

    @Test func anEmptyPageThatLinksOnEndsTheList() async throws {
        let transport = OrderedTransport()
        transport.inner.stub(.get, "/api/v1/blocks", json: " [ ]\n", headers: Self.next(2))
        let rows = try await walk(transport, limit: nil)
        #expect(rows.isEmpty)
        #expect(transport.events.all == ["ask 1"])
    }
}
