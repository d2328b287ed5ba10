import Testing
@testable import NLCal

/// The scoring rules of ARCHITECTURE.md's evaluation corpora.
@Suite struct EvaluatorTests {
    let zone = Zone(identifier: "Europe/Berlin")!

    func json(_ members: [(String, String?)]) -> JSON {
        .object(members.map { ($0.0, $0.1.map { JSON.string($0) } ?? .null) })
    }
    func instant(_ v: String, _ g: String) -> JSON { json([("kind", "instant"), ("value", v), ("grain", g)]) }
    func interval(_ f: String?, _ t: String?, _ g: String) -> JSON { json([("kind", "interval"), ("from", f), ("to", t), ("grain", g)]) }
    let none = JSON.object([("kind", .string("none"))])

    @Test func anInstantIsCutDownToTheExpectedGrain() {
        let expected = instant("2026-03-09T00:00:00+01:00", "day")
        #expect(Evaluator.scoreTime(expected: expected, got: instant("2026-03-09T15:00:00+01:00", "hour"), zone: zone) == .correct)
        #expect(Evaluator.scoreTime(expected: expected, got: instant("2026-03-10T00:00:00+01:00", "day"), zone: zone) == .wrong)
    }

    @Test func anIntervalCoveringTheExpectedGrainMatchesAnInstant() {
        let expected = instant("2026-03-09T00:00:00+01:00", "week")
        #expect(Evaluator.scoreTime(expected: expected, got: interval("2026-03-09T00:00:00+01:00", "2026-03-16T00:00:00+01:00", "week"), zone: zone) == .correct)
        #expect(Evaluator.scoreTime(expected: expected, got: interval("2026-03-09T00:00:00+01:00", "2026-03-14T00:00:00+01:00", "day"), zone: zone) == .wrong)
    }

    /// "next week" is an interval or an instant with grain week: both name the same days.
    @Test func aWholeWeekSaidAsAnInstantMatchesItsInterval() {
        let week = interval("2026-03-23T00:00:00+01:00", "2026-03-30T00:00:00+02:00", "week")
        #expect(Evaluator.scoreTime(expected: week, got: instant("2026-03-23T00:00:00+01:00", "week"), zone: zone) == .correct)
        #expect(Evaluator.scoreTime(expected: week, got: instant("2026-03-23T00:00:00+01:00", "day"), zone: zone) == .wrong)
        // Not within a day: an hour is no "3pm to 4pm".
        let hour = interval("2026-03-23T15:00:00+01:00", "2026-03-23T16:00:00+01:00", "hour")
        #expect(Evaluator.scoreTime(expected: hour, got: instant("2026-03-23T15:00:00+01:00", "hour"), zone: zone) == .wrong)
    }

    @Test func openEndsMustBeOpen() {
        let expected = interval("2026-03-23T15:00:00+01:00", nil, "hour")
        #expect(Evaluator.scoreTime(expected: expected, got: interval("2026-03-23T15:00:00+01:00", nil, "hour"), zone: zone) == .correct)
        #expect(Evaluator.scoreTime(expected: expected, got: interval("2026-03-23T15:00:00+01:00", "2026-03-23T16:00:00+01:00", "hour"), zone: zone) == .wrong)
    }

    /// RFC 5545 gives the order of a rule's parts and of its lists no meaning.
    @Test func rulesCompareAsRules() {
        #expect(Evaluator.sameRule("FREQ=WEEKLY;BYDAY=SU,MO,TU", "FREQ=WEEKLY;BYDAY=MO,TU,SU"))
        #expect(Evaluator.sameRule("FREQ=WEEKLY;INTERVAL=2;BYDAY=TH", "FREQ=WEEKLY;BYDAY=TH;INTERVAL=2"))
        #expect(!Evaluator.sameRule("FREQ=WEEKLY;BYDAY=MO", "FREQ=WEEKLY;BYDAY=MO,WE"))
        #expect(!Evaluator.sameRule("FREQ=MONTHLY;BYDAY=2WE", "FREQ=MONTHLY;BYDAY=-2WE"))
    }

    /// UNTIL may be the last occurrence's start or any instant before the next one: the
    /// occurrences are compared, not the spelling; a bound that drops or adds one differs.
    @Test func untilComparesByOccurrences() {
        let dublin = Zone(identifier: "Europe/Dublin")!
        let start = ISOTimestamp.parse("2027-01-26T06:00:00+00:00", zone: dublin)!
        let exact = "FREQ=WEEKLY;BYDAY=TU;UNTIL=20270330T050000Z"
        #expect(Evaluator.sameOccurrences(exact, "FREQ=WEEKLY;BYDAY=TU;UNTIL=20270330T225959Z", start: start, zone: dublin, allDay: false))
        #expect(!Evaluator.sameOccurrences(exact, "FREQ=WEEKLY;BYDAY=TU;UNTIL=20270329T225959Z", start: start, zone: dublin, allDay: false))
        #expect(!Evaluator.sameOccurrences(exact, "FREQ=WEEKLY;BYDAY=TU,TH;UNTIL=20270330T225959Z", start: start, zone: dublin, allDay: false))
        #expect(!Evaluator.sameOccurrences("FREQ=WEEKLY;BYDAY=TU", "FREQ=WEEKLY;BYDAY=TU", start: start, zone: dublin, allDay: false))
    }

    @Test func noneAndMissed() {
        #expect(Evaluator.scoreTime(expected: none, got: none, zone: zone) == .correct)
        #expect(Evaluator.scoreTime(expected: none, got: instant("2026-03-23T15:00:00+01:00", "hour"), zone: zone) == .falsePositive)
        #expect(Evaluator.scoreTime(expected: instant("2026-03-23T15:00:00+01:00", "hour"), got: none, zone: zone) == .missed)
    }
}
