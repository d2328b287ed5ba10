import Testing
@testable import NLCal

/// Two recurrences said apart in one text, the weekend a day belongs to, and zones written as
/// fixed UTC offsets: the pieces behind "Bi-weekly sync Mondays", "Daily standup … except
/// Fridays", "Thanksgiving weekend" and "3pm GMT+2".
struct RecurrenceMergeTests {
    func weekly(_ days: [String], interval: Int = 1) -> Recurrence {
        var r = Recurrence(freq: "WEEKLY")
        r.byDay = days
        r.interval = interval
        return r
    }

    @Test func aBareFrequencyLendsItsInterval() {
        let merged = weekly([], interval: 2).merged(with: weekly(["MO"]))
        #expect(merged?.rrule == "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO")
    }

    @Test func daysSaidApartNarrowEachOther() {
        let allButFriday = weekly(["MO", "TU", "WE", "TH", "SA", "SU"])
        #expect(Recurrence(freq: "DAILY").merged(with: allButFriday)?.rrule == "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,SA,SU")
        let weekdays = weekly(["MO", "TU", "WE", "TH", "FR"])
        #expect(weekdays.merged(with: weekly(["MO", "TU", "TH", "FR", "SA", "SU"]))?.rrule == "FREQ=WEEKLY;BYDAY=MO,TU,TH,FR")
    }

    @Test func recurrencesThatSayDifferentThingsDoNotMerge() {
        // "Swim Mondays, run Wednesdays": no day in common.
        #expect(weekly(["MO"]).merged(with: weekly(["WE"])) == nil)
        var monthly = Recurrence(freq: "MONTHLY")
        monthly.byMonthDay = [1]
        #expect(monthly.merged(with: weekly(["MO"])) == nil)
    }

    @Test func aDaysWeekendRunsToTheNearestWeekend() {
        let r = Resolver(Resolver.Context(now: 0, zone: Zone(identifier: "UTC")!))
        // Thanksgiving 2026 is a Thursday: Thursday to Sunday.
        let thanksgiving = r.weekend(of: CivilDate(2026, 11, 26))
        #expect(thanksgiving.start == LocalDateTime(CivilDate(2026, 11, 26)) && thanksgiving.end == LocalDateTime(CivilDate(2026, 11, 30)))
        // Memorial Day 2026 is a Monday: Saturday to Monday.
        let memorial = r.weekend(of: CivilDate(2026, 5, 25))
        #expect(memorial.start == LocalDateTime(CivilDate(2026, 5, 23)) && memorial.end == LocalDateTime(CivilDate(2026, 5, 26)))
        // A Sunday is in its own weekend.
        let easter = r.weekend(of: CivilDate(2026, 4, 5))
        #expect(easter.start == LocalDateTime(CivilDate(2026, 4, 4)) && easter.end == LocalDateTime(CivilDate(2026, 4, 6)))
    }

    @Test func fixedOffsetZones() {
        #expect(Operators.fixedOffsetZone(sign: "+", .number(2, digits: 1), nil) == "GMT+0200")
        #expect(Operators.fixedOffsetZone(sign: "-", .number(5, digits: 2), .number(30, digits: 2)) == "GMT-0530")
        #expect(Operators.fixedOffsetZone(sign: "+", .number(530, digits: 4), nil) == "GMT+0530")
        #expect(Operators.fixedOffsetZone(sign: "+", .number(15, digits: 2), nil) == nil)
        #expect(Zone(identifier: "GMT+0530") != nil)
    }
}
