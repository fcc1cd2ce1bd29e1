import FediCore
import Foundation
import Testing

@testable import FediCommands

/// The triage screen's logic, headless: keys in, the requests and prompts they make out, and what
/// each frame shows. No terminal, no network.
@Suite struct TriageModelTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    static func report(
        _ id: String, on server: String = "a.example", target: String = "@bot@spam.example", targetID: String? = "9",
        comment: String? = "spam links", hoursAgo: Double = 1, posts: [Post] = []
    ) -> TriageModel.Entry {
        var report = Report(id: id, state: "open")
        report.createdAt = now.addingTimeInterval(-hoursAgo * 3600)
        report.category = "spam"
        report.comment = comment
        report.target = String(target.dropFirst())
        report.targetID = targetID
        report.reporter = "ann"
        report.posts = posts
        return TriageModel.Entry(item: QueueItem(report: report, server: server), account: "admin@\(server)")
    }

    static func signUp(
        _ id: String, on server: String = "a.example", email: String? = nil, ip: String? = nil, hoursAgo: Double = 2
    ) -> TriageModel.Entry {
        var account = AdminAccount(id: id, username: "new\(id)")
        account.createdAt = now.addingTimeInterval(-hoursAgo * 3600)
        account.reason = "I like birds"
        account.email = email
        account.ip = ip
        return TriageModel.Entry(item: QueueItem(signUp: account, server: server), account: "admin@\(server)")
    }

    static func model(_ entries: [TriageModel.Entry], servers: [String] = ["a.example"], dryRun: Bool = false)
        -> TriageModel
    {
        var model = TriageModel(servers: servers, dryRun: dryRun)
        model.now = now
        model.colors = false
        _ = model.handle(.resize(rows: 24, columns: 80))
        model.arrived(entries)
        return model
    }

    static func press(_ keys: String, _ model: inout TriageModel) -> [TriageEffect] {
        keys.flatMap { model.handle(.character($0)) }
    }

    @Test func itemsAreOldestFirstAndTheCursorMovesWithJAndK() {
        var model = Self.model([
            Self.report("1", hoursAgo: 1), Self.signUp("2", hoursAgo: 5), Self.report("3", hoursAgo: 3),
        ])
        #expect(model.visible.map(\.item.id) == ["2", "3", "1"])
        #expect(model.current?.item.id == "2")
        _ = Self.press("jj", &model)
        #expect(model.current?.item.id == "1")
        _ = Self.press("j", &model)
        #expect(model.current?.item.id == "1", "stops at the last")
        _ = model.handle(.up)
        #expect(model.current?.item.id == "3")
        _ = Self.press("g", &model)
        #expect(model.current?.item.id == "2")
    }

    @Test func eachKeySendsItsCommandAsTheAccountThatActsForTheServer() {
        var model = Self.model([Self.report("7"), Self.signUp("8", hoursAgo: 0.5)])
        #expect(
            Self.press("r", &model) == [
                .decide([
                    TriageRequest(
                        item: "a.example report 7", decision: .resolve,
                        arguments: ["reports", "resolve", "7", "--account", "admin@a.example", "--yes"])
                ])
            ])
        model.decided(
            [TriageRequest(item: "a.example report 7", decision: .resolve, arguments: [])],
            [TriageOutcome(status: 0, message: "")])
        #expect(model.current?.item.id == "8", "the resolved report left; the cursor is on what took its place")
        #expect(
            Self.press("a", &model) == [
                .decide([
                    TriageRequest(
                        item: "a.example sign-up 8", decision: .approve,
                        arguments: ["accounts", "approve", "8", "--account", "admin@a.example", "--yes"])
                ])
            ])
    }

    @Test func actionsOnTheTargetGoThroughAccountsActionWithTheReport() {
        for (key, type) in [("w", "none"), ("l", "silence"), ("m", "sensitive")] {
            var model = Self.model([Self.report("7")])
            let effects = Self.press(key, &model)
            #expect(
                effects == [
                    .decide([
                        TriageRequest(
                            item: "a.example report 7", decision: TriageDecision(key: Character(key))!,
                            arguments: [
                                "accounts", "action", "9", "--type", type, "--report", "7", "--account",
                                "admin@a.example",
                                "--yes",
                            ])
                    ])
                ], "\(key)")
        }
    }

    @Test func suspendAndRejectAskYesOrNoAndAnythingButYSendsNothing() {
        var model = Self.model([Self.report("7"), Self.signUp("8", hoursAgo: 0.5)])
        #expect(Self.press("s", &model).isEmpty)
        #expect(
            model.frame().text.last?.hasPrefix("Suspend the target (resolves): report 7 (@bot@spam.example)?") == true)
        #expect(Self.press("n", &model).isEmpty)
        #expect(model.status == "cancelled: nothing sent")
        _ = Self.press("s", &model)
        let sent = Self.press("y", &model)
        guard case .decide(let requests) = sent.first else {
            Issue.record("\(sent)")
            return
        }
        #expect(requests.map { Array($0.arguments.prefix(5)) } == [["accounts", "action", "9", "--type", "suspend"]])
        model.decided(requests, [TriageOutcome(status: 0, message: "")])
        #expect(Self.press("x", &model).isEmpty)
        #expect(model.frame().text.last?.contains("Reject the sign-up: sign-up 8") == true)
        guard case .decide(let reject) = Self.press("y", &model).first else {
            Issue.record("no reject")
            return
        }
        #expect(reject[0].arguments.prefix(3) == ["accounts", "reject", "8"])
    }

    @Test func aKeyForTheOtherKindOrAServerThatCannotIsRefusedWithTheReasonAndSendsNothing() {
        var model = Self.model(
            [Self.signUp("8"), Self.report("7", on: "g.example")], servers: ["a.example", "g.example"])
        #expect(Self.press("r", &model).isEmpty)
        #expect(model.status.contains("for reports; a sign-up is approved (a) or rejected (x)"), "\(model.status)")
        model.unavailable["g.example"] = [.accountsAction: "accounts action --type none is not available on GoToSocial"]
        _ = Self.press("j", &model)
        #expect(Self.press("w", &model).isEmpty)
        #expect(model.status == "w: unavailable on g: accounts action --type none is not available on GoToSocial")
        _ = Self.press("?", &model)
        #expect(model.frame().text.contains { $0.contains("warn the target") && $0.contains("unavailable on g") })
        _ = Self.press("x", &model)
        #expect(model.mode == .list, "any key leaves the help")
    }

    @Test func markedItemsAreActedOnTogetherAfterOneQuestion() {
        var model = Self.model([
            Self.report("1", hoursAgo: 3), Self.report("2", hoursAgo: 2), Self.report("3", hoursAgo: 1),
            Self.signUp("4", hoursAgo: 0.1),
        ])
        _ = Self.press("   ", &model)
        #expect(model.marks.count == 3)
        #expect(model.frame().text[0].contains("3 marked"))
        #expect(Self.press("r", &model).isEmpty)
        #expect(model.frame().text.last?.contains("Resolve the report: 3 items?") == true)
        guard case .decide(let requests) = Self.press("y", &model).first else {
            Issue.record("no decision")
            return
        }
        #expect(requests.map { $0.arguments[2] } == ["1", "2", "3"])
        model.decided(
            requests, requests.map { request in TriageOutcome(status: 0, message: "", undoable: ["e\(request.item)"]) })
        #expect(model.visible.map(\.item.id) == ["4"])
        #expect(model.marks.isEmpty)
        #expect(model.status == "done: resolve 3 items (u undoes it)")
    }

    @Test func undoSendsTheEntriesOfTheLastDecisionAndBringsItsItemsBack() {
        var model = Self.model([Self.report("1"), Self.report("2", hoursAgo: 0.5)])
        #expect(Self.press("u", &model).isEmpty)
        #expect(model.status == "nothing done here to undo")
        guard case .decide(let requests) = Self.press("r", &model).first else {
            Issue.record("no decision")
            return
        }
        model.decided(requests, [TriageOutcome(status: 0, message: "", undoable: ["abc123"])])
        #expect(model.visible.map(\.item.id) == ["2"])
        let effects = Self.press("u", &model)
        guard case .undo(let undo) = effects.first else {
            Issue.record("\(effects)")
            return
        }
        #expect(undo.entries == ["abc123"])
        model.undone(undo, TriageOutcome(status: 0, message: ""))
        #expect(model.visible.map(\.item.id) == ["1", "2"])
        #expect(model.current?.item.id == "1")
        #expect(model.undos.isEmpty)
    }

    /// The watch's look can read a queue before a decision's write lands and answer after it: the
    /// item decided here must not come back as new (the tmux test saw a resolved report return,
    /// with "1 new item" over "done"). Undone, it is back, and a later look keeps it.
    @Test func aLookThatStillListsADecidedItemDoesNotBringItBack() {
        var model = Self.model([Self.report("1"), Self.report("2", hoursAgo: 0.5)])
        model.looked(server: "a.example", kinds: [.report], items: model.entries)
        guard case .decide(let requests) = Self.press("r", &model).first else {
            Issue.record("no decision")
            return
        }
        // A look after the write landed, before its outcome: this screen's own write, not "elsewhere".
        model.looked(server: "a.example", kinds: [.report], items: [Self.report("2", hoursAgo: 0.5)])
        #expect(model.visible.map(\.item.id) == ["1", "2"])
        model.decided(requests, [TriageOutcome(status: 0, message: "", undoable: ["abc123"])])
        let stale = [Self.report("1"), Self.report("2", hoursAgo: 0.5)]
        model.looked(server: "a.example", kinds: [.report], items: stale)
        model.arrived([Self.report("1")])
        #expect(model.visible.map(\.item.id) == ["2"])
        #expect(model.status == "done: resolve report 1 (@bot@spam.example) (u undoes it)")
        guard case .undo(let undo) = Self.press("u", &model).first else {
            Issue.record("no undo")
            return
        }
        model.undone(undo, TriageOutcome(status: 0, message: ""))
        model.looked(server: "a.example", kinds: [.report], items: stale)
        #expect(model.visible.map(\.item.id) == ["1", "2"])
    }

    @Test func aFailedDecisionKeepsTheItemAndSaysTheCommandsError() {
        var model = Self.model([Self.report("1")])
        guard case .decide(let requests) = Self.press("r", &model).first else {
            Issue.record("no decision")
            return
        }
        #expect(Self.press("a", &model).isEmpty, "one decision at a time")
        #expect(model.status.hasPrefix("still sending"))
        model.decided(requests, [TriageOutcome(status: 69, message: "reports resolve is not available on Misskey")])
        #expect(model.visible.count == 1)
        #expect(model.status == "reports resolve is not available on Misskey")
    }

    /// A report another moderator holds is refused by the command (79, naming them); the screen
    /// says how to go on here: A assigns it to you. Assigning itself refused says nothing more.
    @Test func aReportHeldByAnotherModeratorSaysATakesItOver() {
        var model = Self.model([Self.report("1")])
        guard case .decide(let requests) = Self.press("r", &model).first else {
            Issue.record("no decision")
            return
        }
        model.decided(requests, [TriageOutcome(status: 79, message: "report 1 on a.example is assigned to @bob")])
        #expect(model.visible.count == 1)
        #expect(model.status == "report 1 on a.example is assigned to @bob (A takes it over)")
        guard case .decide(let assign) = Self.press("A", &model).first else {
            Issue.record("A sent nothing")
            return
        }
        #expect(assign.first?.arguments.prefix(3) == ["reports", "assign", "1"])
        model.decided(assign, [TriageOutcome(status: 79, message: "report 1 changed")])
        #expect(model.status == "report 1 changed")
    }

    @Test func aDryRunSendsWithoutAskingAndKeepsTheItem() {
        var model = Self.model([Self.signUp("8")], dryRun: true)
        guard case .decide(let requests) = Self.press("x", &model).first else {
            Issue.record("no decision")
            return
        }
        model.decided(
            requests, [TriageOutcome(status: 0, message: "POST https://a.example/api/v1/admin/accounts/8/reject")])
        #expect(model.visible.count == 1)
        #expect(model.status == "dry run: would send POST https://a.example/api/v1/admin/accounts/8/reject")
        #expect(model.frame().text[0].contains("DRY RUN"))
        #expect(Self.press("u", &model).isEmpty)
    }

    @Test func aNoteIsTypedOnTheStatusLineAndSentAfterTheOptions() {
        var model = Self.model([Self.report("7")])
        #expect(Self.press("n", &model).isEmpty)
        _ = Self.press("-looks fine", &model)
        #expect(model.frame().text.last == "note: -looks fine▏")
        let effects = model.handle(.enter)
        guard case .decide(let requests) = effects.first else {
            Issue.record("\(effects)")
            return
        }
        #expect(
            requests[0].arguments == [
                "reports", "note", "7", "--account", "admin@a.example", "--yes", "--", "-looks fine",
            ])
    }

    @Test func theFilterNarrowsTheListAndEscClearsIt() {
        var model = Self.model([
            Self.report("1", target: "@bot@spam.example"), Self.report("2", target: "@kind@good.example"),
        ])
        _ = Self.press("/good", &model)
        #expect(model.visible.map(\.item.id) == ["2"])
        #expect(model.current?.item.id == "2")
        _ = model.handle(.enter)
        #expect(model.frame().text[0].contains("/good (1)"))
        _ = Self.press("/", &model)
        _ = model.handle(.character("\u{1B}"))
        #expect(model.visible.count == 2)
    }

    @Test func arrivalsKeepTheCursorOnItsItemAndWhatWasHandledElsewhereLeavesWithANotice() {
        var model = Self.model([Self.report("1", hoursAgo: 3), Self.report("2", hoursAgo: 2)])
        _ = Self.press("j", &model)
        model.arrived([Self.report("0", hoursAgo: 9)])
        #expect(model.visible.map(\.item.id) == ["0", "1", "2"])
        #expect(model.current?.item.id == "2", "the cursor stays on its item")
        #expect(model.status == "1 new item")
        model.looked(
            server: "a.example", kinds: [.report],
            items: [Self.report("0", hoursAgo: 9), Self.report("2", hoursAgo: 2)])
        #expect(model.visible.map(\.item.id) == ["0", "2"])
        #expect(model.status == "1 item on a handled elsewhere", "one server: its first label")
        #expect(model.current?.item.id == "2")
        model.serverDown("a.example", why: "connection refused")
        #expect(model.frame().text[0].contains("a down: connection refused"))
        model.looked(server: "a.example", kinds: [.report], items: [Self.report("2", hoursAgo: 2)])
        #expect(!model.frame().text[0].contains("down"))
    }

    @Test func aWarnedPostStaysHiddenUntilV() {
        let post = Post(id: "p1", createdAt: nil, author: "bot", content: "the slur itself", contentWarning: "slur")
        var model = Self.model([Self.report("1", posts: [post])])
        let hidden = model.frame().text.joined(separator: "\n")
        #expect(hidden.contains("[CW: slur] (hidden: v shows it)"))
        #expect(!hidden.contains("the slur itself"))
        _ = Self.press("v", &model)
        #expect(model.frame().text.joined(separator: "\n").contains("[CW: slur] the slur itself"))
        _ = Self.press("v", &model)
        #expect(!model.frame().text.joined(separator: "\n").contains("the slur itself"))
    }

    @Test func signUpsShowHowManyOthersShareTheirMailDomainAndAddress() {
        let model = Self.model([
            Self.signUp("1", email: "a@spam.example", ip: "192.0.2.1", hoursAgo: 3),
            Self.signUp("2", email: "b@spam.example", ip: "192.0.2.1"), Self.signUp("3", email: "c@spam.example"),
        ])
        let text = model.frame().text.joined(separator: "\n")
        #expect(text.contains("e-mail a@spam.example · IP 192.0.2.1"))
        #expect(text.contains("2 other pending sign-ups with e-mail at spam.example"))
        #expect(text.contains("1 other pending sign-up from 192.0.2.1"))
    }

    @Test func everyFrameFitsItsTerminalAtEverySize() {
        let long = String(repeating: "wide 漢字 text ", count: 50)
        let entries = (0..<40).map {
            Self.report(
                "\($0)", on: $0 % 2 == 0 ? "a.example" : "b.example", target: "@\(long)@x.example", comment: long,
                hoursAgo: Double($0))
        }
        for (rows, columns) in [(24, 80), (40, 120), (10, 40), (50, 200), (3, 20)] {
            var model = Self.model(entries, servers: ["a.example", "b.example"])
            _ = model.handle(.resize(rows: rows, columns: columns))
            for _ in 0..<30 { _ = model.handle(.down) }
            let frame = model.frame()
            #expect(frame.rows.count == rows, "\(rows)x\(columns)")
            #expect(frame.text.allSatisfy { ScreenWidth.of($0) <= columns }, "\(rows)x\(columns)")
            #expect(frame.text.contains { $0.contains(model.current!.item.comment!.prefix(5)) } || rows < 5)
        }
    }

    @Test func hostileTextCannotMoveTheCursorNorShowWhatIsMasked() {
        let hostile =
            "\u{1B}[2J\u{1B}[31mred\u{1B}]0;title\u{07}\r\n\u{202E}evil\u{2066}\u{9B}31m"
            + String(repeating: "x", count: 10_000)
        let post = Post(
            id: "p1", createdAt: nil, author: "bot", content: "SLUR \u{1B}[8m", contentWarning: "cw \u{1B}[0m\u{202E}")
        let entries = [
            Self.report("1", target: "@a\u{1B}[H@x.example", comment: hostile, posts: [post]),
            Self.signUp("2", email: "\u{1B}[1m@x", ip: "\u{202E}1"),
        ]
        var model = Self.model(entries)
        for size in [(24, 80), (40, 120)] {
            _ = model.handle(.resize(rows: size.0, columns: size.1))
            for _ in 0..<2 {
                let text = model.frame().text
                #expect(text.count == size.0)
                for line in text {
                    #expect(
                        !line.unicodeScalars.contains { InertText.isControl($0) || InertText.isBidiControl($0) },
                        "\(line)")
                    #expect(ScreenWidth.of(line) <= size.1)
                }
                #expect(!text.joined().contains("SLUR"))
                _ = Self.press("j", &model)
            }
            _ = Self.press("k", &model)
        }
    }

    @Test func markedItemsOfOneServerGoThroughTheBulkFormAndEachServerGetsItsOwn() {
        var model = Self.model(
            [
                Self.report("1", hoursAgo: 4), Self.report("2", hoursAgo: 3),
                Self.report("3", on: "b.example", hoursAgo: 2), Self.signUp("4", hoursAgo: 1),
            ], servers: ["a.example", "b.example"])
        _ = Self.press("   ", &model)
        _ = Self.press("s", &model)
        #expect(model.frame().text.last?.contains("Suspend the target (resolves): 3 items? [y/N]") == true)
        guard case .decide(let requests) = Self.press("y", &model).first else {
            Issue.record("no decision")
            return
        }
        let batches = model.batches(requests)
        #expect(batches.count == 2)
        #expect(
            batches[0].arguments == [
                "reports", "resolve", "-", "--action", "suspend", "--account", "admin@a.example", "--yes", "--output",
                "ndjson",
            ])
        #expect(batches[0].input == "1\n2\n")
        #expect(batches[0].requests.map(\.item) == ["a.example report 1", "a.example report 2"])
        #expect(!batches[1].isBulk, "one item: its own command")
        #expect(batches[1].arguments.prefix(3) == ["accounts", "action", "9"])
        // The bulk form's rows say which were done; the run's journal entries undo together.
        let rows =
            #"{"id":"1","target":"@bot@spam.example","result":"resolved"}"# + "\n"
            + #"{"id":"2","target":"@bot@spam.example","result":"failed: HTTP 500"}"# + "\n"
        let outcomes = batches[0].outcomes(
            of: TriageOutcome(status: 80, message: "1 of 2 reports failed", undoable: ["e1"]), rows: rows)
        #expect(outcomes.map(\.succeeded) == [true, false])
        #expect(outcomes[0].undoable == ["e1"])
        #expect(outcomes[1].message == "HTTP 500")
        model.decided(batches[0].requests, outcomes)
        #expect(model.visible.map(\.item.id) == ["2", "3", "4"])
        #expect(model.status == "1 of 2 done; 1 failed: HTTP 500")
    }

    @Test func bAsksWhatTheBlockCutsThenSendsDomainBlocksAdd() {
        var model = Self.model([Self.report("7"), Self.report("8", target: "@ann@a.example", hoursAgo: 0.5)])
        let asked = Self.press("b", &model)
        guard case .preview(let requests) = asked.first else {
            Issue.record("\(asked)")
            return
        }
        #expect(
            requests.map(\.arguments) == [
                ["domain-blocks", "add", "spam.example", "--account", "admin@a.example", "--yes"]
            ])
        #expect(Self.press("b", &model).isEmpty, "one decision at a time")
        model.previewed(requests, ["cuts 2 local follows, 1 follower"])
        #expect(model.frame().text.last == "Block (suspend) spam.example: cuts 2 local follows, 1 follower? [y/N]")
        #expect(Self.press("y", &model) == [.decide(requests)])
        model.decided(requests, [TriageOutcome(status: 0, message: "", undoable: ["b1"])])
        #expect(model.visible.map(\.item.id) == ["7", "8"], "the report stays open")
        _ = Self.press("j", &model)
        #expect(Self.press("b", &model).isEmpty)
        #expect(model.status == "b: @ann@a.example is an account of this server: no domain to block")
        _ = Self.press("?", &model)
        #expect(model.frame().text.contains { $0.contains("b  block the target's domain") })
    }

    @Test func rateLimitWaitsShowInTheHeaderUntilTheWorkGoesOn() {
        var model = Self.model([Self.report("1")])
        guard case .decide(let requests) = Self.press("r", &model).first else {
            Issue.record("no decision")
            return
        }
        model.progress("Waiting 4s for a.example's rate limit; 1 of 3 done.")
        #expect(model.frame().text[0].contains("Waiting 4s for a.example's rate limit"))
        #expect(model.frame().text.last == "Waiting 4s for a.example's rate limit; 1 of 3 done.")
        model.decided(requests, [TriageOutcome(status: 0, message: "")])
        #expect(!model.frame().text[0].contains("Waiting"))
        model.progress("fedictl: Waiting 2s for a.example's rate limit.")
        #expect(model.frame().text[0].contains("Waiting 2s"))
        model.looked(server: "a.example", kinds: [.report], items: [])
        #expect(!model.frame().text[0].contains("Waiting"), "a look that answered ends the wait")
    }

    /// The key bar fits the terminal: at 80 columns a report's bar keeps its decisions and `? help`
    /// and `q quit` (a bar cut at the edge hid both); wider, the other keys come back.
    @Test func theKeyBarFitsTheWidthAndAlwaysEndsWithHelpAndQuit() {
        var model = Self.model([Self.report("1"), Self.signUp("2", hoursAgo: 5)])
        for (columns, rows) in [(80, 24), (60, 24), (160, 40)] {
            _ = model.handle(.resize(rows: rows, columns: columns))
            for _ in 0..<2 {
                let text = model.frame().text
                let bar = text[text.count - 2]
                #expect(ScreenWidth.of(bar) <= columns, "\(columns): \(bar)")
                #expect(bar.hasSuffix("? help  q quit"), "\(columns): \(bar)")
                if columns < 80 {
                    #expect(bar.hasPrefix(" r resolve") || bar.hasPrefix(" a approve"), "\(columns): \(bar)")
                } else if model.current?.item.kind == .signUp {
                    #expect(bar.contains("a approve  x reject"), "\(columns): \(bar)")
                } else {
                    #expect(
                        bar.contains("r resolve  w warn  l limit  s suspend  m sensitive  b block"),
                        "\(columns): \(bar)")
                    #expect(bar.contains("u undo") == (columns >= 160), "\(columns): \(bar)")
                }
                _ = Self.press("j", &model)
            }
            _ = Self.press("k", &model)
        }
    }

}
