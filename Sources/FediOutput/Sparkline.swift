/// A series drawn in one line of block characters, lowest to highest: `▁▂▅█`. An empty series
/// draws nothing; a flat one draws its lowest bar throughout.
public enum Sparkline {
    static let bars: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]

    public static func render(_ values: [Int]) -> String {
        guard let low = values.min(), let high = values.max() else { return "" }
        let span = high - low
        return String(
            values.map { value in
                span == 0 ? bars[0] : bars[(value - low) * (bars.count - 1) / span]
            })
    }
}
