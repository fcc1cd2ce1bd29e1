import FediTestSupport
import Foundation
import Testing

@testable import FediCore

/// Each moderation decision called as the triage screen or a wave calls it: without a command,
/// over Mastodon's adapters on a fake transport (or an in-memory domain-block adapter), checking the
/// requests sent and what the decision says changed.
struct DecisionsTests {
    static let host = "social.example"
    static let server = ServerInfo(flavour: .mastodon, softwareName: "mastodon", version: "4.3.0", detectedAt: Date())

    static func client(_ transport: FakeTransport) throws -> APIClient {
        APIClient(server: try ServerAddress(host), token: "t", http: HTTPClient(transport: transport))
    }

    static func report(_ id: String, resolved: Bool = false, assignee: String? = nil) -> String {
        let assigned = assignee.map { #", "assigned_account": {"id": "1", "username": "\#($0)", "acct": "\#($0)"}"# }
        return #"{"id": "\#(id)", "action_taken": \#(resolved), "category": "spam", "#
            + #""target_account": {"id": "9", "username": "spammer", "domain": "bad.example", "#
            + #""account": {"id": "9", "username": "spammer", "acct": "spammer@bad.example"}}\#(assigned ?? "")}"#
    }

    static func account(
        _ id: String = "9", domain: String = "bad.example", suspended: Bool = false, approved: Bool = true
    )
        -> String
    {
        let acct = domain == host ? "newbie" : "spammer@\(domain)"
        return #"{"id": "\#(id)", "username": "\#(acct.prefix { $0 != "@" })", "domain": "\#(domain)", "#
            + #""approved": \#(approved), "suspended": \#(suspended), "silenced": false, "disabled": false, "#
            + #""sensitized": false, "account": {"id": "\#(id)", "username": "x", "acct": "\#(acct)"}}"#
    }

    static func reports(_ transport: FakeTransport, journal: Bool = true) throws -> ReportDecisions {
        let client = try client(transport)
        return ReportDecisions(
            queue: try client.reports(family: .mastodonAdmin), client: client,
            claims: ReportClaims(moderator: "@admin@\(host)", host: host), journal: journal)
    }

    /// An account as read before a decision.
    static func read(_ id: String = "9", domain: String = "bad.example", approved: Bool = true) -> AdminAccount {
        var account = AdminAccount(id: id, username: domain == host ? "newbie" : "spammer", domain: domain)
        (account.approved, account.suspended, account.silenced) = (approved, false, false)
        (account.disabled, account.sensitized) = (false, false)
        return account
    }

    static func accounts(_ transport: FakeTransport) throws -> AccountDecisions {
        let client = try client(transport)
        return AccountDecisions(
            accounts: try client.adminAccounts(family: .mastodonAdmin, on: server), client: client, server: server)
    }

    @Test func resolvingReadsTheReportFirstAndSaysWhatChanged() async throws {
        let transport = FakeTransport()
        transport.stub(.get, "/api/v1/admin/reports/5", json: Self.report("5"))
        transport.stub(.post, "/api/v1/admin/reports/5/resolve", json: Self.report("5", resolved: true))
        let change = try await Self.reports(transport).decide(.resolve(comment: nil), on: "5")
        #expect(change.subject == ServerSubject("5", on: Self.host))
        #expect(change.before?.state == "open")
        #expect(change.after?.value.state == "resolved")
        #expect(
            transport.requests.map(\.route) == ["GET /api/v1/admin/reports/5", "POST /api/v1/admin/reports/5/resolve"])
    }

    @Test func aReportAnotherModeratorHoldsIsRefusedOrTakenOverInsideTheDecision() async throws {
        let transport = FakeTransport()
        transport.stub(.get, "/api/v1/admin/reports/5", json: Self.report("5", assignee: "ann"))
        let refused = await #expect(throws: FediError.self) {
            try await Self.reports(transport).decide(.resolve(comment: nil), on: "5")
        }
        #expect(refused?.status == .stalePlan)
        #expect(refused?.message == "report 5 on social.example is assigned to @ann@social.example")
        #expect(transport.requests.map(\.route) == ["GET /api/v1/admin/reports/5"], "nothing sent")

        // Known from a list (a wave's), taken over: assigned first, then resolved, with no read.
        let known = Report(id: "5")
        var held = known
        held.assignedTo = "@ann@\(Self.host)"
        transport.stub(.post, "/api/v1/admin/reports/5/assign_to_self", json: Self.report("5", assignee: "admin"))
        transport.stub(.post, "/api/v1/admin/reports/5/resolve", json: Self.report("5", resolved: true))
        let change = try await Self.reports(transport).decide(
            .resolve(comment: nil), on: "5", known: held, held: .takeOver)
        #expect(change.before?.assignedTo == "@admin@\(Self.host)")
        #expect(
            transport.requests.map(\.route).dropFirst() == [
                "POST /api/v1/admin/reports/5/assign_to_self", "POST /api/v1/admin/reports/5/resolve",
            ])

        // Asked: a no cancels before anything is sent.
        let asked = await #expect(throws: FediError.self) {
            try await Self.reports(transport).decide(
                .resolve(comment: nil), on: "5", known: held, held: .ask { _, _ in false })
        }
        #expect(asked?.message == "cancelled")
        #expect(transport.requests.count == 3)
    }

    @Test func reopenAssignUnassignAndNoteEachSendTheirOneRequest() async throws {
        let transport = FakeTransport()
        let decisions = try Self.reports(transport, journal: false)
        transport.stub(.post, "/api/v1/admin/reports/5/reopen", json: Self.report("5"))
        transport.stub(.post, "/api/v1/admin/reports/5/assign_to_self", json: Self.report("5", assignee: "admin"))
        transport.stub(.post, "/api/v1/admin/reports/5/unassign", json: Self.report("5"))
        #expect(try await decisions.decide(.reopen, on: "5").after?.value.state == "open")
        #expect(try await decisions.decide(.assign, on: "5").after?.value.assignedTo == "@admin@\(Self.host)")
        #expect(try await decisions.decide(.unassign, on: "5").after?.value.assignedTo == nil)
        // Mastodon keeps no report notes: refused, nothing sent.
        await #expect(throws: FediError.self) { try await decisions.decide(.note("spam"), on: "5") }
        #expect(
            transport.requests.map(\.route) == [
                "POST /api/v1/admin/reports/5/reopen", "POST /api/v1/admin/reports/5/assign_to_self",
                "POST /api/v1/admin/reports/5/unassign",
            ])
    }

    @Test func anActionAndItsUndoGoThroughOneDecisionEach() async throws {
        let transport = FakeTransport()
        let decisions = try Self.accounts(transport)
        transport.stub(.post, "/api/v1/admin/accounts/9/action", json: "{}")
        let before = Self.read()
        let acted = try await decisions.act(
            AccountAction(.suspend, reportID: "5"), on: "9", handle: "@spammer@bad.example", before: before)
        #expect(acted.subject == ServerSubject("9", on: Self.host))
        #expect(acted.before?.suspended == false)
        let body = try #require(transport.requests.last?.jsonBody)
        #expect(body["type"] as? String == "suspend" && body["report_id"] as? String == "5", "\(body)")

        transport.stub(.post, "/api/v1/admin/accounts/9/unsuspend", json: Self.account())
        let undone = try await decisions.undo(.unsuspend, on: "9", before: nil)
        #expect(undone.value.suspended == false)
        #expect(transport.requests.map(\.route).last == "POST /api/v1/admin/accounts/9/unsuspend")

        // What the server cannot do is refused before anything is sent.
        var gotosocial = decisions
        gotosocial.accounts = try Self.client(transport).adminAccounts(
            family: .gotosocialAdmin,
            on: ServerInfo(flavour: .gotosocial, softwareName: "gotosocial", version: "0.20.0", detectedAt: Date()))
        await #expect(throws: FediError.self) {
            try await gotosocial.act(AccountAction(.silence), on: "9", handle: "@x", before: nil)
        }
        #expect(transport.requests.count == 2)
    }

    @Test func aSignUpIsApprovedOrRejectedAndARemoteAccountRefusedUnsent() async throws {
        let transport = FakeTransport()
        let decisions = try Self.accounts(transport)
        let pending = Self.read("31", domain: Self.host, approved: false)
        transport.stub(.post, "/api/v1/admin/accounts/31/approve", json: Self.account("31", domain: Self.host))
        let approved = try await decisions.decideSignUp("31", approve: true, known: pending)
        #expect(approved.after?.value.approved == true)
        #expect(approved.before?.approved == false)

        transport.stub(.post, "/api/v1/admin/accounts/31/reject", json: Self.account("31", domain: Self.host))
        _ = try await decisions.decideSignUp("31", approve: false, known: pending)
        #expect(transport.requests.map(\.route).last == "POST /api/v1/admin/accounts/31/reject")

        let remote = Self.read()
        let refused = await #expect(throws: FediError.self) {
            try await decisions.decideSignUp("9", approve: true, known: remote)
        }
        #expect(refused?.status == .dataError)
        // Mastodon e-mails no message with a rejection: refused before anything is sent.
        let message = await #expect(throws: FediError.self) {
            try await decisions.decideSignUp("31", approve: false, known: pending, message: "sorry")
        }
        #expect(message?.status == .unavailable)
        #expect(transport.requests.count == 2)
    }

    @Test func aTrendReviewSendsItsDecision() async throws {
        let transport = FakeTransport()
        let client = try Self.client(transport)
        transport.stub(.post, "/api/v1/admin/trends/tags/7/approve", json: #"{"id": "7", "name": "spam"}"#)
        let trends = try client.trends(family: .mastodonAdmin)
        try await TrendDecisions(trends: trends, host: Self.host).review(
            Trend(kind: .tag, id: "7", title: "#spam"), approve: true)
        #expect(transport.requests.map(\.route) == ["POST /api/v1/admin/trends/tags/7/approve"])
    }

    @Test func blockingADomainEnsuresItsBlockAndSendsNothingWhenItMatches() async throws {
        let adapter = DomainBlockEnsureTests.RecordingAdapter(blocks: [])
        let decisions = DomainBlockDecisions(blocks: adapter, server: Self.server, host: Self.host)
        let created = try await decisions.block("spam.example", DomainBlockChanges())
        #expect(created == .created(DomainBlock(id: "9", domain: "spam.example", severity: .suspend)))
        adapter.blocks = [DomainBlock(id: "9", domain: "spam.example", severity: .suspend)]
        #expect(try await decisions.block("spam.example", DomainBlockChanges()) == .unchanged(adapter.blocks[0]))
        #expect(adapter.writes == ["create spam.example"])
    }
}

extension HTTPRequest {
    /// `POST /api/v1/admin/reports/5/resolve`, without the query.
    fileprivate var route: String { "\(method.rawValue) \(url.path)" }

    /// The body as a JSON object (nil when there is none or it is not one).
    fileprivate var jsonBody: [String: Any]? {
        body.flatMap { try? JSONSerialization.jsonObject(with: $0) as? [String: Any] }
    }
}
