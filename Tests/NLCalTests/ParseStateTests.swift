import Testing
@testable import NLCal

/// `ParseState.isClaimed`: the same answer whether the spans are searched one by one (few) or
/// through the merged, sorted index (many), and a copy keeps its own spans' answer.
struct ParseStateTests {
    func span(_ r: Range<Int>) -> FieldSpan { FieldSpan(field: "start", range: r, text: "", rules: []) }

    @Test func claimedRangesAnswerAlikeFewOrMany() {
        var state = ParseState(text: String(repeating: "x", count: 2_000))
        // Spans every 10 scalars, 3 long, added out of order, with one inside another.
        let ranges = (0..<100).map { k in (k * 10)..<(k * 10 + 3) }.shuffled() + [500..<502, 995..<997]
        for r in ranges { state.spans.append(span(r)) }
        #expect(state.spans.count > ClaimIndex.threshold)
        for probe in [0..<1, 3..<4, 2..<3, 9..<11, 12..<15, 500..<501, 996..<1_000, 1_500..<1_600, 5..<5] {
            #expect(state.isClaimed(probe) == ranges.contains { $0.overlaps(probe) }, "\(probe)")
        }
        // A copy made before a change keeps its own answer.
        let before = state
        state.spans.append(span(1_500..<1_510))
        #expect(state.isClaimed(1_505..<1_506))
        #expect(!before.isClaimed(1_505..<1_506))
    }
}
