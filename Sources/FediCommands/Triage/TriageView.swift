import FediCore
import FediOutput
import FoundationEssentials

/// What the triage screen draws: a header, the list (top, or left from 120 columns), the detail
/// of the item under the cursor, the keys, and the status line. Every server string is made inert
/// (`InertText`) and cut to its column; masked text shows only after `v`.
extension TriageModel {
    func frame() -> ScreenFrame {
        var lines: [[ScreenSpan]] = [header()]
        let body = max(0, rows - 3)
        let list = listLines(width: sideBySide ? listWidth : columns, height: listHeight)
        if sideBySide {
            let detailWidth = max(0, columns - listWidth - 1)
            let detail = detailLines(width: detailWidth, height: body)
            for row in 0..<body {
                let left = row < list.count ? list[row] : [ScreenSpan(String(repeating: " ", count: listWidth))]
                let right = row < detail.count ? detail[row] : []
                lines.append(left + [ScreenSpan("│", paint(.dim))] + right)
            }
        } else {
            lines += list
            lines += Array(repeating: [ScreenSpan("")], count: max(0, listHeight - list.count))
            lines.append([ScreenSpan(String(repeating: "─", count: columns), paint(.dim))])
            let height = max(0, body - listHeight - 1)
            let detail = detailLines(width: columns, height: height)
            lines += detail + Array(repeating: [ScreenSpan("")], count: max(0, height - detail.count))
        }
        if mode == .help { lines = helpLines() }
        lines = Array(lines.prefix(max(0, rows - 2)))
        lines += Array(repeating: [ScreenSpan("")], count: max(0, rows - 2 - lines.count))
        if rows >= 2 { lines.append(hints()) }
        lines.append(statusLine())
        return ScreenFrame(rows: lines.prefix(rows).map { clip($0, to: columns) })
    }

    private var listWidth: Int { sideBySide ? min(columns / 2, 90) : columns }

    private func paint(_ style: ScreenStyle) -> ScreenStyle {
        colors ? style : style.intersection([.bold, .reverse, .underline])
    }

    /// A row cut to the screen, so no line is ever wider than the terminal.
    private func clip(_ spans: [ScreenSpan], to width: Int) -> [ScreenSpan] {
        var out: [ScreenSpan] = []
        var used = 0
        for span in spans {
            let room = width - used
            guard room > 0 else { break }
            let text = ScreenWidth.of(span.text) <= room ? span.text : ScreenWidth.cut(span.text, to: room)
            out.append(ScreenSpan(text, span.style))
            used += ScreenWidth.of(text)
        }
        return out
    }

    private func header() -> [ScreenSpan] {
        var text = " fedictl triage · \(entries.count) waiting"
        if servers.count > 1 { text += " on \(servers.count) servers" }
        if !marks.isEmpty { text += " · \(marks.count) marked" }
        if !filter.isEmpty { text += " · /\(Renderer.inert(filter)) (\(visible.count))" }
        if dryRun { text += " · DRY RUN: nothing is sent" }
        var spans = [ScreenSpan(text, paint([.reverse, .bold]))]
        if let waiting { spans.append(ScreenSpan(" · \(Renderer.inert(waiting))", paint([.reverse, .yellow]))) }
        for server in down.keys.sorted() {
            spans.append(
                ScreenSpan(
                    " · \(shortName(server)) down: \(Renderer.inert(down[server] ?? ""))", paint([.reverse, .red])))
        }
        let used = spans.reduce(0) { $0 + ScreenWidth.of($1.text) }
        spans.append(ScreenSpan(String(repeating: " ", count: max(0, columns - used)), paint(.reverse)))
        return spans
    }

    // MARK: the list

    private func listLines(width: Int, height: Int) -> [[ScreenSpan]] {
        let shown = visible
        guard !shown.isEmpty else {
            let empty =
                entries.isEmpty ? "Nothing waits." : "Nothing matches /\(Renderer.inert(filter)) (Esc in / clears it)."
            return [[ScreenSpan(ScreenWidth.fit(" " + empty, to: width))]]
        }
        let top = min(self.top, max(0, shown.count - 1))
        let layout = ListColumns(width: width, servers: servers.count > 1)
        return shown[top..<min(shown.count, top + height)].map { entry in
            let selected = entry.key == cursor
            var style: ScreenStyle = selected ? [.reverse] : []
            if marks.contains(entry.key) { style.insert(.bold) }
            return [ScreenSpan(layout.row(entry, model: self), paint(style))]
        }
    }

    /// Which columns fit: mark, server (several servers only), kind, age, who, why, assigned.
    /// The free text takes what is left; the server's name is dropped first when space is short.
    struct ListColumns {
        var width: Int
        var servers: Bool

        var serverWidth: Int { servers && width >= 70 ? 10 : 0 }
        var whoWidth: Int { min(32, max(12, (width - 22 - serverWidth) / 2)) }

        func row(_ entry: Entry, model: TriageModel) -> String {
            let item = entry.item
            let marked = model.marks.contains(entry.key) ? "*" : " "
            let assigned = item.assignedTo != nil ? "!" : " "
            var cells = marked + assigned
            if serverWidth > 0 {
                cells += ScreenWidth.fit(Renderer.inert(model.shortName(item.server)), to: serverWidth) + " "
            }
            cells += ScreenWidth.fit(item.kind.rawValue, to: 8)
            // Trends carry no date: no age to show.
            let age = item.createdAt.map { Age.short($0, now: model.now) } ?? (item.kind == .trend ? "" : "?")
            cells += ScreenWidth.fit(age, to: 4) + " "
            let who: String? =
                switch item.kind {
                case .report: item.target.map { TerminalNames.local($0, on: item.server) }
                case .signUp: item.from.map { TerminalNames.local($0, on: item.server) }
                // A trend's target is what trends: the hashtag, the link's title, the post's text.
                case .trend: item.comment
                }
            cells += ScreenWidth.fit(Renderer.inert(who ?? "?"), to: whoWidth) + " "
            let why =
                switch item.kind {
                case .report: [item.category, item.comment].compactMap { $0 }.joined(separator: ": ")
                case .signUp: item.comment ?? ""
                case .trend: item.evidence.trend.map(Self.trendSummary) ?? item.category ?? ""
                }
            let rest = width - ScreenWidth.of(cells)
            return cells + ScreenWidth.fit(Renderer.inert(why), to: max(0, rest))
        }

        /// `hashtag · 12 uses`, `link https://example.com/x · 3 uses`: a trend's kind, and what sets it apart.
        static func trendSummary(_ trend: Trend) -> String {
            var parts = [TriageModel.trendWord(trend.kind)]
            if trend.kind == .link, let url = trend.url { parts[0] += " " + url }
            if let author = trend.author { parts[0] += " by @" + author }
            if let uses = trend.uses { parts.append("\(uses) use\(uses == 1 ? "" : "s")") }
            return parts.joined(separator: " · ")
        }
    }

    /// `link`, `post`, `hashtag`: a trend's kind as a person says it.
    static func trendWord(_ kind: Trend.Kind) -> String {
        switch kind {
        case .link: "link"
        case .status: "post"
        case .tag: "hashtag"
        }
    }

    // MARK: the detail

    func detailLines(width: Int, height: Int) -> [[ScreenSpan]] {
        guard height > 0, width > 4, let entry = current else { return [] }
        var out: [[ScreenSpan]] = []
        func add(_ text: String, _ style: ScreenStyle = [], indent: Int = 1) {
            // At most what the pane can show of one text: a 10,000-character comment costs no more.
            let bounded = String(Renderer.inert(text).prefix(width * height))
            for line in ScreenWidth.wrap(bounded, to: width - indent) {
                out.append([ScreenSpan(String(repeating: " ", count: indent) + line, paint(style))])
            }
        }
        let item = entry.item
        let server = servers.count > 1 ? " on \(item.server)" : ""
        if item.kind == .report {
            var head = "Report \(item.id)\(server)"
            if let category = item.category { head += " · \(category)" }
            if let posts = item.posts { head += " · \(posts) post\(posts == 1 ? "" : "s")" }
            if item.evidence.forwarded == true { head += " · forwarded" }
            add(head, .bold)
            add(
                "from \(item.from ?? "?") about \(item.target ?? "?")"
                    + (item.evidence.targetID.map { " (id \($0))" } ?? ""))
            if let assigned = item.assignedTo { add("assigned to \(assigned)", paint(.yellow)) }
            if let comment = item.comment { add("Comment: \(comment)") }
            for (index, rule) in (item.rules ?? []).enumerated() { add("Rule \(index + 1): \(rule)", paint(.cyan)) }
            let reveal = revealed.contains(entry.key)
            for post in item.evidence.reportedPosts {
                add(
                    "Post \(post.id): " + Self.postText(post, revealed: reveal),
                    post.isHidden && !reveal ? paint(.dim) : [])
            }
            for note in item.evidence.notes { add("Note by \(note.author ?? "?"): \(note.content)", paint(.dim)) }
            let elsewhere = entries.filter {
                $0.item.kind == .report && $0.item.target == item.target && $0.item.server != item.server
            }
            if !elsewhere.isEmpty {
                let counts = Dictionary(grouping: elsewhere, by: \.item.server).map {
                    "\(shortName($0.key)) \($0.value.count)"
                }
                add(
                    "Open reports about the same account elsewhere: " + counts.sorted().joined(separator: ", "),
                    paint(.yellow))
            }
        } else if item.kind == .trend {
            for (text, style) in trendLines(item, server: server) { add(text, style) }
        } else {
            add("Sign-up \(item.id)\(server) · \(item.from ?? "?")", .bold)
            add("e-mail \(item.evidence.email ?? "not shown") · IP \(item.ip ?? "not shown")")
            if let reason = item.comment { add("Reason: \(reason)") }
            let pending = entries.filter { $0.item.kind == .signUp && $0.key != entry.key }
            if let domain = item.evidence.email.flatMap(Self.emailDomain) {
                let same = pending.filter { $0.item.evidence.email.flatMap(Self.emailDomain) == domain }.count
                add(
                    "\(same) other pending sign-up\(same == 1 ? "" : "s") with e-mail at \(domain)",
                    same > 0 ? paint(.yellow) : [])
            }
            if let ip = item.ip {
                let same = pending.filter { $0.item.ip == ip }.count
                add("\(same) other pending sign-up\(same == 1 ? "" : "s") from \(ip)", same > 0 ? paint(.yellow) : [])
            }
        }
        for line in details[entry.key] ?? [] { add(line, paint(.dim)) }
        return Array(out.prefix(height))
    }

    /// A trend as its server's admin list gives it: what trends, where it points, how much it was
    /// used over the server's last days, and its review.
    private func trendLines(_ item: QueueItem, server: String) -> [(String, ScreenStyle)] {
        let trend = item.evidence.trend
        var lines = [
            ("Trending \(trend.map { Self.trendWord($0.kind) } ?? "item") \(item.id)\(server)", ScreenStyle.bold)
        ]
        let label =
            switch trend?.kind {
            case .link: "Title"
            case .status: "Text"
            default: "Name"
            }
        lines.append(("\(label): \(item.comment ?? "?")", []))
        if let url = trend?.url { lines.append(("URL: \(url)", [])) }
        if let author = trend?.author { lines.append(("by @\(author)", [])) }
        if let uses = trend?.uses {
            let accounts = trend?.accounts.map { " by \($0) account\($0 == 1 ? "" : "s")" } ?? ""
            lines.append(("Used \(uses) time\(uses == 1 ? "" : "s")\(accounts) over the server's last days", []))
        }
        let review =
            switch trend?.review {
            case .pending: "awaiting a moderator (a approves, x rejects)"
            case let review?: review.rawValue
            case nil: "not said"
            }
        lines.append(("Review: \(review)", paint(.yellow)))
        return lines
    }

    /// A reported post as a moderator first sees it: behind its warning until `v`.
    static func postText(_ post: Post, revealed: Bool) -> String {
        guard post.isHidden else { return post.content }
        let warning = "[" + (post.contentWarning.map { "CW: \($0)" } ?? "sensitive") + "]"
        return warning + " " + (revealed ? post.content : "(hidden: v shows it)")
    }

    static func emailDomain(_ email: String) -> String? {
        email.lastIndex(of: "@").map { String(email[email.index(after: $0)...]).lowercased() }
    }

    // MARK: keys and status

    /// The keys that apply to the current item, as many as the width holds, the decisions first
    /// (all of them from 80 columns); `? help` and `q quit` always show, and help lists every key. A
    /// bar cut at the edge hid both at 80 columns.
    private func hints() -> [ScreenSpan] {
        let (decisions, others): ([String], [String]) =
            switch current?.item.kind {
            case .signUp: (["a approve", "x reject"], ["v reveal", "space mark", "/ filter", "u undo"])
            case .trend: (["a approve trend", "x reject trend"], ["space mark", "/ filter", "u undo"])
            default:
                (
                    ["r resolve", "w warn", "l limit", "s suspend", "m sensitive", "b block"],
                    ["A assign", "n note", "v reveal", "space mark", "u undo"]
                )
            }
        let always = ["? help", "q quit"]
        func bar(_ keys: [String]) -> String { " " + (keys + always).joined(separator: "  ") }
        var shown: [String] = []
        for key in decisions + others where ScreenWidth.of(bar(shown + [key])) <= columns { shown.append(key) }
        return [ScreenSpan(bar(shown), paint(.dim))]
    }

    private func statusLine() -> [ScreenSpan] {
        switch mode {
        case .filter(let text): return [ScreenSpan("/" + Renderer.inert(text), .bold)]
        case .note(let text, _): return [ScreenSpan("note: " + Renderer.inert(text) + "▏", .bold)]
        case .confirm(_, let question):
            // The answer's keys stay in sight however long the question.
            let asked = ScreenWidth.cut(Renderer.inert(question), to: max(1, columns - 6)) + " [y/N]"
            return [ScreenSpan(asked, paint([.bold, .yellow]))]
        default: return [ScreenSpan(Renderer.inert(status), busy != nil ? paint(.cyan) : [])]
        }
    }

    private func helpLines() -> [[ScreenSpan]] {
        var lines: [[ScreenSpan]] = [[ScreenSpan(" Keys (any key goes back)", .bold)]]
        lines.append([
            ScreenSpan(" j/k ↓/↑ move · g/G first/last · v reveal what a warning hides · space mark · Esc unmark")
        ])
        for decision in TriageDecision.allCases {
            var text = " \(decision.key)  \(decision.name)" + (decision.confirms ? " (asks y/N)" : "")
            let refusals = servers.flatMap { server in
                Set(decision.kinds.map(decision.capability(on:))).sorted { $0.rawValue < $1.rawValue }.compactMap {
                    unavailable[server]?[$0].map { "\(shortName(server)): \($0)" }
                }
            }
            if !refusals.isEmpty { text += " · unavailable on " + refusals.joined(separator: "; ") }
            lines.append([ScreenSpan(Renderer.inert(text), refusals.isEmpty ? [] : paint(.dim))])
        }
        lines.append([ScreenSpan(" u  undo the last decision made here (as fedictl log undo)")])
        lines.append([ScreenSpan(" /  filter (Enter keeps it, Esc clears it) · ?  this help · q  quit")])
        lines.append([ScreenSpan(" With marked items a decision key acts on all of them, after y/N.")])
        return lines
    }
}

/// `5m`, `3h`, `2d`, `7w`: an item's age in a list column of four.
enum Age {
    static func short(_ date: Date, now: Date) -> String {
        let seconds = max(0, min(now.timeIntervalSince(date), 1e12))
        switch seconds {
        case ..<60: return "now"
        case ..<3600: return "\(Int(seconds / 60))m"
        case ..<86400: return "\(Int(seconds / 3600))h"
        case ..<(86400 * 14): return "\(Int(seconds / 86400))d"
        case ..<(86400 * 365): return "\(Int(seconds / 604_800))w"
        default: return "\(Int(seconds / 31_557_600))y"
        }
    }
}
