import FediTestSupport
import Foundation
import Testing

@testable import FediCore

/// Paginated reads ask for the next page while this one is decoded and handled: one page ahead,
/// never two, rows in order.
@Suite struct PageAheadTests {
    struct Item: Decodable, Sendable { var id: String }

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

        func stream(
            _ request: HTTPRequest, options: TransportOptions,
            idleTimeout: Double
        ) async throws -> HTTPStreamResponse {
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

        /// Waits until `event` is recorded (sleeping: the pool's threads stay free), or the test is cancelled.
        func awaitEvent(_ event: String) async throws {
            while !events.all.contains(event) { try await Task.sleep(nanoseconds: 1_000_000) }
        }
    }

    static func next(_ page: Int) -> [String: String] {
        ["Link": "<http://social.example/api/v1/blocks?max_id=\(page)>; rel=\"next\""]
    }

    /// The list of one-item pages, all of it (`limit` nil) or up to `limit` items.
    func walk(_ transport: OrderedTransport, limit: Int?, onPage: PageHandler<Item>? = nil) async throws -> [Item] {
        let server = try ServerAddress("social.example")
        let client = APIClient(server: server, token: "t", http: HTTPClient(transport: transport))
        return try await client.linkPages(
            Item.self, "/api/v1/blocks", query: [], limit: limit, pageSize: 1,
            onPage: onPage
        ) { $0 }
    }

    /// Over HTTP: page N + 1 is asked for while page N is handled, page N + 2 only after it.
    @Test(.timeLimit(.minutes(1))) func theNextPageIsAskedForBeforeThisOnesRowsAndNoFurther() async throws {
        let transport = OrderedTransport()
        transport.stubPages(4)
        _ = try await walk(transport, limit: nil) { items, _ in
            let page = Int(items[0].id)!
            // Waits for page N + 1's request: a walk that asks only after this page would never end
            // (the time limit fails it).
            if page < 4 { try await transport.awaitEvent("ask \(page + 1)") }
            transport.events.add("rows \(page)")
        }
        #expect(transport.events.all == ["ask 1", "ask 2", "rows 1", "ask 3", "rows 2", "ask 4", "rows 3", "rows 4"])
        #expect(transport.inner.unusedRoutes.isEmpty)
    }

    /// The walk itself: a page whose answer names the next one has that one asked for before it is
    /// decoded; one ahead, never two.
    @Test func theNextPageIsAskedForBeforeThisOneIsDecoded() async throws {
        let events = Recorder<String>()
        let server = try ServerAddress("social.example")
        let client = APIClient(server: server, token: "t", http: HTTPClient(transport: FakeTransport()))
        let onPage: PageHandler<Int> = { items, _ in events.add("rows \(items[0])") }
        _ = try await client.walkAnswers(from: 1, limit: nil, onPage: onPage) { page in
            events.add("ask \(page)")
            return PageAnswer(next: .known(page < 4 ? page + 1 : nil, atMost: 1)) {
                events.add("decode \(page)")
                return PagePiece(items: [page], raw: Data(), next: page < 4 ? page + 1 : nil)
            }
        }
        #expect(
            events.all == [
                "ask 1", "ask 2", "decode 1", "rows 1", "ask 3", "decode 2", "rows 2",
                "ask 4", "decode 3", "rows 3", "decode 4", "rows 4",
            ])
    }

    @Test func aLimitAsksForNoPageItWillNotShow() async throws {
        let transport = OrderedTransport()
        transport.stubPages(2)
        let rows = try await walk(transport, limit: 2)
        #expect(rows.map(\.id) == ["1", "2"])
        #expect(transport.events.all == ["ask 1", "ask 2"])

        let one = OrderedTransport()
        one.stubPages(2)
        one.inner.allowsUnusedStubs = true  // the point: page 2 is never asked for (the events say so)
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
