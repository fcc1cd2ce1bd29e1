import FediTestSupport
import Foundation
import Synchronization
import Testing

@testable import FediCore

/// Paginated reads ask for the next page while this one is decoded and handled: one page ahead,
/// never two, rows in order.
@Suite struct PageAheadTests {
    struct Item: Decodable, Sendable { var id: String }
    /// A page's rows that could not be handled.
    struct Refused: Error {}

    /// Records each request, as `ask N` (N: the page, from its `max_id`), in one list with the
    /// rows the walk hands on, so the test sees their order.
    final class OrderedTransport: HTTPTransport, @unchecked Sendable {
        let inner = FakeTransport()
        let events = Recorder<String>()
        private let inFlight = Mutex((now: 0, most: 0))
        /// The most requests this transport had at once.
        var mostInFlight: Int { inFlight.withLock { $0.most } }

        func send(_ request: HTTPRequest, options: TransportOptions) async throws -> HTTPResponse {
            let items = URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems ?? []
            let page = items.first { $0.name == "max_id" }?.value
            events.add("ask \(page ?? "1")")
            inFlight.withLock { count in
                count.now += 1
                count.most = max(count.most, count.now)
            }
            defer { inFlight.withLock { $0.now -= 1 } }
            // Each answer takes a moment, as over a network: a second request asked for before the
            // first is answered is counted in flight beside it.
            try await Task.sleep(nanoseconds: 5_000_000)
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

    /// Over HTTP: page N + 1 is asked for before page N's rows are handled, and page N + 2 only
    /// once page N + 1 has arrived: one request in flight, never two.
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
        let events = transport.events.all
        #expect(events.filter { $0.hasPrefix("rows") } == ["rows 1", "rows 2", "rows 3", "rows 4"])
        #expect(events.filter { $0.hasPrefix("ask") } == ["ask 1", "ask 2", "ask 3", "ask 4"])
        for page in 1...3 {
            #expect(events.firstIndex(of: "ask \(page + 1)")! < events.firstIndex(of: "rows \(page)")!)
        }
        #expect(transport.inner.unusedRoutes.isEmpty)
        #expect(transport.mostInFlight == 1)
    }

    /// The walk itself: a page whose answer names the next one has that one asked for while it is
    /// decoded, on a task of its own, so even the page after is asked for while it is still being
    /// decoded, and its rows are handled while later pages are decoded (each takes a core on
    /// a long list); one page handled at a time, in order.
    @Test(.timeLimit(.minutes(1))) func pagesAreDecodedBesideTheWalkAndHandledInOrder() async throws {
        let events = Recorder<String>()
        let server = try ServerAddress("social.example")
        let client = APIClient(server: server, token: "t", http: HTTPClient(transport: FakeTransport()))
        let onPage: PageHandler<Int> = { items, _ in
            let page = items[0]
            // A walk that decoded the next page only after this one's rows would never end here.
            while page < 4, !events.all.contains("decode \(page + 1)") {
                try await Task.sleep(nanoseconds: 1_000_000)
            }
            events.add("rows \(page)")
        }
        _ = try await client.walkAnswers(from: 1, limit: nil, onPage: onPage) { page in
            events.add("ask \(page)")
            return PageAnswer(next: page < 4 ? page + 1 : nil, atMost: 1) {
                // Each page is decoded while the next is asked for, and page 1 while page 3 is: a
                // walk that waited for decoding would ask only after it. (Decoding holds its thread,
                // as real decoding does; bounded, so such a walk fails here instead of hanging.)
                if page < 4 {
                    let deadline = Date().addingTimeInterval(5)
                    let next = page == 1 ? "ask 3" : "ask \(page + 1)"
                    while !events.all.contains(next), Date() < deadline { usleep(1000) }
                }
                events.add("decode \(page)")
                return PagePiece(items: [page], raw: Data(), next: page < 4 ? page + 1 : nil)
            }
        }
        let all = events.all
        func at(_ event: String) throws -> Int { try #require(all.firstIndex(of: event), "\(event) in \(all)") }
        #expect(all.filter { $0.hasPrefix("ask") } == ["ask 1", "ask 2", "ask 3", "ask 4"])
        #expect(all.filter { $0.hasPrefix("rows") } == ["rows 1", "rows 2", "rows 3", "rows 4"])
        for page in 1...4 {
            if page < 4 { #expect(try at("ask \(page + 1)") < at("decode \(page)"), "\(all)") }
            #expect(try at("decode \(page)") < at("rows \(page)"), "\(all)")
        }
        #expect(try at("ask 3") < at("decode 1"), "page 1 was still being decoded when page 3 was asked for: \(all)")
    }

    /// The walk takes in each answer and asks for the next page on a thread of its own, never one
    /// that decodes or handles rows: on two cores those keep the pool's threads busy, and a walk
    /// that waited for one of them left the server idle between pages.
    @Test func answersAreTakenInOnAThreadTheRowsNeverHold() async throws {
        let threads = Recorder<(String, pthread_t)>()
        let server = try ServerAddress("social.example")
        let client = APIClient(server: server, token: "t", http: HTTPClient(transport: FakeTransport()))
        let onPage: PageHandler<Int> = { _, _ in threads.add(("rows", pthread_self())) }
        _ = try await client.walkAnswers(from: 1, limit: nil, onPage: onPage) { page in
            threads.add(("ask", pthread_self()))
            try await Task.sleep(nanoseconds: 1_000_000)  // the answer comes back after a wait, as over HTTP
            threads.add(("answer", pthread_self()))
            return PageAnswer(next: page < 20 ? page + 1 : nil, atMost: 1) {
                threads.add(("decode", pthread_self()))
                return PagePiece(items: [page], raw: Data(), next: page < 20 ? page + 1 : nil)
            }
        }
        let all = threads.all
        let walk = Set(all.filter { $0.0 == "ask" || $0.0 == "answer" }.map(\.1))
        let rows = Set(all.filter { $0.0 == "decode" || $0.0 == "rows" }.map(\.1))
        #expect(all.filter { $0.0 == "answer" }.count == 20)
        #expect(walk.count == 1, "the walk ran on \(walk.count) threads")
        #expect(walk.isDisjoint(with: rows), "the walk shared a thread with the rows")
    }

    /// Over libcurl the next page's transfer runs on the walk's thread and holds it to its answer
    /// (`ThreadOfOurOwn`), for as long as a slow server takes. The rows must not wait for it: each
    /// page is decoded and its rows handed on by a task of its own. Each fetch here holds the
    /// thread as such a transfer does, until the rows of the page before it are out (bounded: a walk
    /// whose rows wait for its thread fails instead of hanging); for pages decoded as they were
    /// fetched and pages decoded later. Only the walk's own thread is one that may block.
    @Test(arguments: [true, false]) func rowsAreHandedOnWhileATransferHoldsTheWalksThread(decodedLater: Bool)
        async throws
    {
        let server = try ServerAddress("social.example")
        let client = APIClient(server: server, token: "t", http: HTTPClient(transport: FakeTransport()))
        let handedOn = (0...6).map { _ in DispatchSemaphore(value: 0) }
        let elsewhere = Recorder<Bool>()
        let rowsWaited = StickyFlag()
        let rows = Recorder<Int>()
        let onPage: PageHandler<Int> = { items, _ in
            elsewhere.add(ThreadOfOurOwn.isCurrent)
            rows.add(items[0])
            handedOn[items[0]].signal()
        }
        _ = try await client.walkAnswers(from: 1, limit: nil, onPage: onPage) { page in
            #expect(ThreadOfOurOwn.isCurrent, "page \(page) was asked for on a thread that may not block")
            // Bounded for a busy pool; once one wait failed, the rows are known to wait.
            if page > 1, !rowsWaited.isSet {
                let before = handedOn[page - 1].wait(timeout: .now() + 60)
                if before == .timedOut { rowsWaited.set() }
                #expect(before == .success, "the rows of page \(page - 1) waited for the transfer of page \(page)")
            }
            let piece = PagePiece(items: [page], raw: Data(), next: page < 6 ? page + 1 : nil)
            guard decodedLater else { return PageAnswer(decoded: piece) }
            return PageAnswer(next: piece.next, atMost: 1) {
                elsewhere.add(ThreadOfOurOwn.isCurrent)
                return piece
            }
        }
        #expect(rows.all == [1, 2, 3, 4, 5, 6])
        #expect(!elsewhere.all.isEmpty && !elsewhere.all.contains(true), "rows or decoding on the walk's thread")
        #expect(!ThreadOfOurOwn.isCurrent)
    }

    /// Pages decoded as they were fetched (id-paged: Pleroma, Misskey) ask for the next page at once,
    /// and `--limit` counts what each page not yet handled holds: pages of 3, 1 and 5 items under a
    /// limit of 4 never ask for the third (3 + 1 rows fill it); under a limit of 5 they do, and show
    /// its first item only.
    @Test(arguments: [(4, [1, 2]), (5, [1, 2, 3])]) func idPagesAskForNoPageTheLimitWillNotShow(
        limit: Int, asked: [Int]
    ) async throws {
        let server = try ServerAddress("social.example")
        let client = APIClient(server: server, token: "t", http: HTTPClient(transport: FakeTransport()))
        let sizes = [1: 3, 2: 1, 3: 5, 4: 2]
        let asks = Recorder<Int>()
        let rows = try await client.walkPages(from: 1, limit: limit, onPage: nil) { page in
            asks.add(page)
            let items = (0..<sizes[page]!).map { "\(page).\($0)" }
            return PagePiece(items: items, raw: Data(), next: page < 4 ? page + 1 : nil)
        }
        #expect(asks.all == asked)
        #expect(rows == Array(["1.0", "1.1", "1.2", "2.0", "3.0"].prefix(limit)))
    }

    /// A walk nobody waits for any more (the triage screen quit while a look was reading 10,000
    /// items) asks for no further page: cancelled while page 4 is in flight, it hands page 4's row
    /// on and ends with a CancellationError instead of reading the other 96 pages.
    @Test func aCancelledWalkAsksForNoFurtherPage() async throws {
        let server = try ServerAddress("social.example")
        let client = APIClient(server: server, token: "t", http: HTTPClient(transport: FakeTransport()))
        let asks = Recorder<Int>()
        let rows = Recorder<String>()
        let gate = Mutex(false)
        let onPage: PageHandler<String> = { items, _ in for item in items { rows.add(item) } }
        let walk = Task {
            try await client.walkPages(from: 1, limit: nil, onPage: onPage) { (page: Int) -> PagePiece<String, Int> in
                asks.add(page)
                // Page 4 is answered only once the walk was cancelled.
                while page == 4, !gate.withLock({ $0 }) { try await Task.sleep(nanoseconds: 1_000_000) }
                return PagePiece(items: ["\(page)"], raw: Data(), next: page < 100 ? page + 1 : nil)
            }
        }
        while !asks.all.contains(4) { try await Task.sleep(nanoseconds: 1_000_000) }
        walk.cancel()
        gate.withLock { $0 = true }
        await #expect(throws: CancellationError.self) { try await walk.value }
        #expect(asks.all == [1, 2, 3, 4])
        #expect(rows.all == ["1", "2", "3", "4"])
    }

    /// A page whose rows fail to be handled stops the list with that error, after the page ahead
    /// was decoded but before any of its rows are handled; an error on a later page waits for the
    /// rows before it.
    @Test func anErrorComesAfterTheRowsBeforeIt() async throws {
        let server = try ServerAddress("social.example")
        let client = APIClient(server: server, token: "t", http: HTTPClient(transport: FakeTransport()))
        func walk(failingRowsOf badRows: Int?, failingPage badPage: Int?) async throws -> [String] {
            let events = Recorder<String>()
            let onPage: PageHandler<Int> = { items, _ in
                try await Task.sleep(nanoseconds: 20_000_000)  // still handling when the next page fails
                if items[0] == badRows { throw Refused() }
                events.add("rows \(items[0])")
            }
            do {
                _ = try await client.walkAnswers(from: 1, limit: nil, onPage: onPage) { page in
                    if page == badPage { throw FediError(.temporary, "page \(page) failed") }
                    return PageAnswer(next: page < 4 ? page + 1 : nil, atMost: 1) {
                        PagePiece(items: [page], raw: Data(), next: page < 4 ? page + 1 : nil)
                    }
                }
                events.add("end")
            } catch is Refused {
                events.add("refused")
            } catch let error as FediError {
                events.add(error.message)
            }
            return events.all
        }
        #expect(try await walk(failingRowsOf: 2, failingPage: nil) == ["rows 1", "refused"])
        #expect(try await walk(failingRowsOf: nil, failingPage: 3) == ["rows 1", "rows 2", "page 3 failed"])
        #expect(try await walk(failingRowsOf: 2, failingPage: 3) == ["rows 1", "refused"])
        #expect(
            try await walk(failingRowsOf: nil, failingPage: nil) == ["rows 1", "rows 2", "rows 3", "rows 4", "end"])
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
