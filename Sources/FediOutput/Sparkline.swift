/// A row of figures drawn as one character each, lowest to highest (`▁▃▇█`), for a terminal: the
/// shape of weeks or days beside their numbers. `ascii` (NO_COLOR, `--ascii`, or a terminal that
/// may not draw block characters) gives plain digits 0–9 instead. Scaled from zero to the largest
/// figure, so equal figures draw alike in every row; a missing figure is a space (`.` in ASCII).
public enum Sparkline {
    static let blocks: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]
    static let digits: [Character] = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9"]

    public static func render(_ values: [Double?], ascii: Bool = false, scale: Double? = nil) -> String {
        let levels = ascii ? digits : blocks
        let top = scale ?? values.compactMap { $0 }.filter(\.isFinite).max() ?? 0
        return String(
            values.map { value -> Character in
                guard let value, value.isFinite else { return ascii ? "." : " " }
                guard top > 0, value > 0 else { return levels[0] }
                let level = Int((min(value, top) / top * Double(levels.count - 1)).rounded())
                // Anything above zero stays above the floor: a quiet week is not an empty one.
                return levels[max(1, level)]
            })
    }

    /// Whole numbers, as the servers count them.
    public static func render(_ values: [Int?], ascii: Bool = false) -> String {
        render(values.map { $0.map(Double.init) }, ascii: ascii)
    }
}

extension Renderer {
    /// Under a terminal's table, one line a measure: its sparkline, oldest to newest, then its
    /// newest and largest figure (`posts  ▁▂▃▅█▆  newest 1,204, most 2,001`). Nothing anywhere else
    /// (a pipe, JSON, CSV, several accounts' merged rows): the figures are in the rows. Plain digits
    /// with `ascii` or where colour is off (NO_COLOR, `--no-color`).
    public func sparklines(_ measures: [(name: String, values: [Int?])], ascii: Bool) {
        guard settings.format == .table, settings.isTTY, !settings.raw, fleet == nil,
            measures.contains(where: { !$0.values.isEmpty })
        else { return }
        let plain = ascii || !settings.color
        let width = measures.map(\.name.count).max() ?? 0
        var text = "\n"
        for measure in measures {
            let figures = measure.values.compactMap { $0 }
            var line = measure.name + String(repeating: " ", count: width - measure.name.count) + "  "
            line += Sparkline.render(measure.values, ascii: plain)
            if let newest = measure.values.last ?? nil { line += "  newest \(Self.grouped(newest))" }
            if let most = figures.max() { line += ", most \(Self.grouped(most))" }
            text += line + "\n"
        }
        write(text)
    }

    /// 1000 → "1,000".
    static func grouped(_ number: Int) -> String { ProgressBoard.grouped(number) }
}
