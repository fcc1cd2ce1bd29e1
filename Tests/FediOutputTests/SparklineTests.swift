import Testing

@testable import FediOutput

struct SparklineTests {
    @Test func figuresAreDrawnFromZeroToTheLargest() {
        #expect(Sparkline.render([0, 1, 4, 7, 14] as [Int?]) == "▁▂▃▅█")
        #expect(Sparkline.render([0, 1, 4, 7, 14] as [Int?], ascii: true) == "01359")
    }

    @Test func aMissingFigureIsABlankAndNothingAtAllIsTheFloor() {
        #expect(Sparkline.render([3, nil, 3] as [Int?]) == "█ █")
        #expect(Sparkline.render([3, nil, 3] as [Int?], ascii: true) == "9.9")
        #expect(Sparkline.render([0, 0] as [Int?]) == "▁▁")
        #expect(Sparkline.render([] as [Int?]).isEmpty)
    }

    @Test func aSharedScaleDrawsEqualFiguresAlikeInEveryRow() {
        #expect(Sparkline.render([5.0, 10.0], scale: 20) == "▃▅")
        #expect(Sparkline.render([Double.nan, 40.0], scale: 20) == " █")
    }
}
