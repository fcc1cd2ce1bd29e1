import FediCore
import Foundation
import Testing

@testable import FediCommands

/// Trends awaiting review on the triage screen (`triage --kind trend`), headless: a approves and x
/// rejects through `trends <kind> approve|reject`, every other decision key is refused with its
/// reason, the detail pane shows what the server's trend list gave.
@Suite struct TriageTrendModelTests {
    static func trend(
        _ id: String, _ kind: Trend.Kind = .tag, title: String? = nil, on server: String = "a.example",
        url: String? = nil, author: String? = nil, uses: Int? = 12, accounts: Int? = 5
    ) -> TriageModel.Entry {
        let trend = Trend(
            kind: kind, id: id, title: title ?? "#\(id)", url: url, author: author, uses: uses, accounts: accounts,
            review: .pending)
        return TriageModel.Entry(item: QueueItem(trend: trend, server: server), account: "admin@\(server)")
    }

    static func model(_ entries: [TriageModel.Entry], servers: [String] = ["a.example"]) -> TriageModel {
        TriageModelTests.model(entries, servers: servers)
    }

    static func press(_ keys: String, _ model: inout TriageModel) -> [TriageEffect] {
        TriageModelTests.press(keys, &model)
    }

    @Test func aApprovesAndXRejectsAfterYesThroughTheTrendsCommandOfTheTrendsKind() {
        // Undated, trends are in the order of their ids: the post first.
        var model = Self.model([
            Self.trend("cats"), Self.trend("9", .status, title: "buy now", author: "bot"),
        ])
        #expect(
            Self.press("a", &model) == [
                .decide([
                    TriageRequest(
                        item: "a.example status trend 9", decision: .approve,
                        arguments: ["trends", "statuses", "approve", "9", "--account", "admin@a.example", "--yes"])
                ])
            ])
        model.decided(
            [TriageRequest(item: "a.example status trend 9", decision: .approve, arguments: [])],
            [TriageOutcome(status: 0, message: "", undoable: ["t1"])])
        #expect(model.current?.item.id == "cats")
        #expect(model.status == "done: approve trend 9 (buy now) (u undoes it)")
        #expect(Self.press("x", &model).isEmpty, "reject asks first, as for a sign-up")
        #expect(model.frame().text.last == "Reject the trend: trend cats (#cats)? [y/N]")
        #expect(Self.press("n", &model).isEmpty)
        #expect(model.status == "cancelled: nothing sent")
        _ = Self.press("x", &model)
        #expect(
            Self.press("y", &model) == [
                .decide([
                    TriageRequest(
                        item: "a.example tag trend cats", decision: .reject,
                        arguments: ["trends", "tags", "reject", "cats", "--account", "admin@a.example", "--yes"])
                ])
            ])
    }

    @Test func everyOtherDecisionKeyOnATrendIsRefusedWithItsReasonAndSendsNothing() {
        var model = Self.model([Self.trend("cats")])
        for key in "rwlsmbAn" {
            #expect(Self.press(String(key), &model).isEmpty, "\(key)")
            #expect(model.status == "\(key): for reports; a trend is approved (a) or rejected (x)", "\(key)")
            #expect(model.mode == .list, "\(key)")
        }
        #expect(model.visible.count == 1)
    }

    @Test func theKeyBarAndTheHelpSayWhatAppliesToATrend() {
        var model = Self.model([Self.trend("cats")])
        let bar = model.frame().text[model.frame().text.count - 2]
        #expect(bar.contains("a approve trend  x reject trend"), "\(bar)")
        #expect(!bar.contains("r resolve"), "\(bar)")
        _ = Self.press("?", &model)
        let help = model.frame().text
        #expect(help.contains { $0.contains("a  approve the sign-up or trend") })
        #expect(help.contains { $0.contains("x  reject the sign-up or trend (asks y/N)") })
    }

    @Test func aServerThatCannotReviewTrendsHasTheKeyRefusedWithTheCapabilityTablesWords() {
        var model = Self.model([Self.trend("cats")])
        model.unavailable["a.example"] = [.trendsApprove: "trends approve needs Mastodon 4.2.0 (this is 4.1.0)"]
        #expect(Self.press("a", &model).isEmpty)
        #expect(model.status.hasPrefix("a: unavailable on "), "\(model.status)")
        #expect(model.status.hasSuffix(": trends approve needs Mastodon 4.2.0 (this is 4.1.0)"), "\(model.status)")
        _ = Self.press("?", &model)
        #expect(model.frame().text.contains { $0.contains("a  approve") && $0.contains("unavailable on ") })
    }

    @Test func theDetailShowsTheTrendAsTheServerListedItWithItsTextInert() {
        let model = Self.model([
            Self.trend(
                "5", .link, title: "Win \u{1B}[2Ja prize\u{202E}", url: "https://s.ex/w", uses: 40,
                accounts: 3)
        ])
        let text = model.frame().text
        let joined = text.joined(separator: "\n")
        #expect(joined.contains("Trending link 5"), "\(joined)")
        #expect(joined.contains("URL: https://s.ex/w"))
        #expect(joined.contains("Used 40 times by 3 accounts over the server's last days"))
        #expect(joined.contains("Review: awaiting a moderator (a approves, x rejects)"))
        #expect(text.contains { $0.contains("trend") && $0.contains("link https://s.ex/w · 40 uses") })
        for line in text {
            #expect(!line.unicodeScalars.contains { InertText.isControl($0) || InertText.isBidiControl($0) }, "\(line)")
            #expect(ScreenWidth.of(line) <= 80)
        }
    }

    @Test func undoSendsTheTrendsJournalEntriesAndBringsItBack() {
        var model = Self.model([Self.trend("cats"), Self.trend("dogs")])
        guard case .decide(let requests) = Self.press("a", &model).first else {
            Issue.record("no decision")
            return
        }
        model.decided(requests, [TriageOutcome(status: 0, message: "", undoable: ["t1"])])
        #expect(model.visible.map(\.item.id) == ["dogs"])
        guard case .undo(let undo) = Self.press("u", &model).first else {
            Issue.record("no undo")
            return
        }
        #expect(undo.entries == ["t1"])
        model.undone(undo, TriageOutcome(status: 0, message: ""))
        #expect(model.visible.map(\.item.id) == ["cats", "dogs"])
        #expect(model.status == "undone: approve trend cats (#cats)")
    }

    /// Marked trends of one kind go through that kind's bulk form; another kind, or a sign-up, its own.
    @Test func markedTrendsGoThroughTheirKindsBulkFormAfterOneQuestion() throws {
        var model = Self.model([
            Self.trend("cats"), Self.trend("spam"), Self.trend("9", .status, title: "buy now"),
            TriageModelTests.signUp("4"),
        ])
        _ = Self.press("    ", &model)
        #expect(Self.press("x", &model).isEmpty)
        #expect(model.frame().text.last == "Reject the sign-up or trend: 4 items? [y/N]")
        guard case .decide(let requests) = Self.press("y", &model).first else {
            Issue.record("no decision")
            return
        }
        let batches = model.batches(requests)
        #expect(batches.map(\.arguments.first) == ["accounts", "trends", "trends"], "\(batches)")
        let tags = try #require(batches.first { $0.isBulk })
        #expect(
            tags.arguments == [
                "trends", "tags", "reject", "-", "--account", "admin@a.example", "--yes", "--output", "ndjson",
            ])
        #expect(tags.input == "cats\nspam\n")
        #expect(batches.contains { $0.arguments.prefix(4) == ["trends", "statuses", "reject", "9"] })
        let rows =
            ##"{"id":"cats","title":"#cats","result":"rejected"}"## + "\n"
            + ##"{"id":"spam","title":"#spam","result":"failed: HTTP 500"}"## + "\n"
        let outcomes = tags.outcomes(of: TriageOutcome(status: 80, message: "", undoable: ["t1"]), rows: rows)
        #expect(outcomes.map(\.succeeded) == [true, false])
    }
}
