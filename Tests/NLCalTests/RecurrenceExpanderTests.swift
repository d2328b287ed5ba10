import Foundation
import Testing
@testable import NLCal

/// RRULE parsing and expansion: frequencies, intervals, BY-parts with ordinals, COUNT, UNTIL, DST.
struct RecurrenceExpanderTests {
    func at(_ iso: String, _ tz: String) -> Int { ISOTimestamp.parse(iso, zone: Zone(identifier: tz)!)! }

    func expand(_ rule: String, _ start: String, _ tz: String = "Asia/Tokyo", n: Int = 6, allDay: Bool = false) throws -> [String] {
        let zone = Zone(identifier: tz)!
        let x = RecurrenceExpander(rule: try RecurrenceRule(rule), start: at(start, tz), zone: zone, allDay: allDay)
        return x.first(n).map { zone.iso($0) }
    }

    @Test func dailyWithIntervalAndCount() throws {
        #expect(try expand("FREQ=DAILY;INTERVAL=2;COUNT=3", "2026-03-11T09:00:00") ==
                ["2026-03-11T09:00:00+09:00", "2026-03-13T09:00:00+09:00", "2026-03-15T09:00:00+09:00"])
    }

    /// BYHOUR: each day at those hours with DTSTART's minutes, later hours of the first day too.
    @Test func severalHoursADay() throws {
        #expect(try expand("FREQ=DAILY;BYHOUR=8,20", "2026-03-11T20:30:00", n: 4) ==
                ["2026-03-11T20:30:00+09:00", "2026-03-12T08:30:00+09:00", "2026-03-12T20:30:00+09:00", "2026-03-13T08:30:00+09:00"])
        #expect(try expand("FREQ=DAILY;BYHOUR=20,8;COUNT=3", "2026-03-11T08:00:00") ==
                ["2026-03-11T08:00:00+09:00", "2026-03-11T20:00:00+09:00", "2026-03-12T08:00:00+09:00"])
        #expect(throws: CalendarDataError.self) { try RecurrenceRule("FREQ=DAILY;BYHOUR=24") }
        #expect(throws: CalendarDataError.self) { try RecurrenceRule("FREQ=HOURLY;BYHOUR=8") }
    }

    @Test func withinTheDayInElapsedTime() throws {
        #expect(try expand("FREQ=HOURLY;INTERVAL=2;COUNT=3", "2026-03-11T21:15:00") ==
                ["2026-03-11T21:15:00+09:00", "2026-03-11T23:15:00+09:00", "2026-03-12T01:15:00+09:00"])
        #expect(try expand("FREQ=MINUTELY;INTERVAL=15", "2026-03-11T09:50:00", n: 3) ==
                ["2026-03-11T09:50:00+09:00", "2026-03-11T10:05:00+09:00", "2026-03-11T10:20:00+09:00"])
        // Hourly across the spring-forward gap in New York: one hour of elapsed time each.
        #expect(try expand("FREQ=HOURLY", "2026-03-08T00:30:00", "America/New_York", n: 3) ==
                ["2026-03-08T00:30:00-05:00", "2026-03-08T01:30:00-05:00", "2026-03-08T03:30:00-04:00"])
        // BY… parts filter by the local date: every 6 hours, weekdays only (Fri 18:00 → Mon 00:00).
        #expect(try expand("FREQ=HOURLY;INTERVAL=6;BYDAY=MO,TU,WE,TH,FR", "2026-03-13T12:00:00", n: 3) ==
                ["2026-03-13T12:00:00+09:00", "2026-03-13T18:00:00+09:00", "2026-03-16T00:00:00+09:00"])
    }

    @Test func weeklyByDayWeekdays() throws {
        let r = try expand("FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR", "2026-03-12T09:30:00", n: 4)
        #expect(r == ["2026-03-12T09:30:00+09:00", "2026-03-13T09:30:00+09:00", "2026-03-16T09:30:00+09:00", "2026-03-17T09:30:00+09:00"])
    }

    @Test func everyOtherWeekRespectsTheWeekStart() throws {
        // Biweekly Tue+Thu starting on a Thursday: the Tuesday of the first week is before DTSTART.
        let r = try expand("FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH", "2026-03-12T10:00:00", n: 4)
        #expect(r == ["2026-03-12T10:00:00+09:00", "2026-03-24T10:00:00+09:00", "2026-03-26T10:00:00+09:00", "2026-04-07T10:00:00+09:00"])
    }

    @Test func monthlyOrdinalWeekdays() throws {
        #expect(try expand("FREQ=MONTHLY;BYDAY=2TH", "2026-03-12T18:00:00", n: 3) ==
                ["2026-03-12T18:00:00+09:00", "2026-04-09T18:00:00+09:00", "2026-05-14T18:00:00+09:00"])
        #expect(try expand("FREQ=MONTHLY;BYDAY=-1FR", "2026-03-27T17:00:00", n: 3) ==
                ["2026-03-27T17:00:00+09:00", "2026-04-24T17:00:00+09:00", "2026-05-29T17:00:00+09:00"])
    }

    @Test func monthlyByMonthDaySkipsShortMonths() throws {
        #expect(try expand("FREQ=MONTHLY;COUNT=4", "2026-01-31T12:00:00") ==
                ["2026-01-31T12:00:00+09:00", "2026-03-31T12:00:00+09:00", "2026-05-31T12:00:00+09:00", "2026-07-31T12:00:00+09:00"])
        #expect(try expand("FREQ=MONTHLY;BYMONTHDAY=-1;COUNT=3", "2026-01-31T12:00:00") ==
                ["2026-01-31T12:00:00+09:00", "2026-02-28T12:00:00+09:00", "2026-03-31T12:00:00+09:00"])
        #expect(try expand("FREQ=MONTHLY;BYMONTHDAY=1,15;COUNT=3", "2026-03-01T08:00:00") ==
                ["2026-03-01T08:00:00+09:00", "2026-03-15T08:00:00+09:00", "2026-04-01T08:00:00+09:00"])
    }

    @Test func yearlyByMonthAndByDay() throws {
        // US Thanksgiving: fourth Thursday of November.
        #expect(try expand("FREQ=YEARLY;BYMONTH=11;BYDAY=4TH", "2026-11-26T00:00:00", "America/New_York", n: 3, allDay: true) ==
                ["2026-11-26T00:00:00-05:00", "2027-11-25T00:00:00-05:00", "2028-11-23T00:00:00-05:00"])
        // Leap day only in leap years.
        #expect(try expand("FREQ=YEARLY", "2028-02-29T09:00:00", n: 2) == ["2028-02-29T09:00:00+09:00", "2032-02-29T09:00:00+09:00"])
        // First Monday of the year (ordinal within the year).
        #expect(try expand("FREQ=YEARLY;BYDAY=1MO", "2026-01-05T09:00:00", n: 2) == ["2026-01-05T09:00:00+09:00", "2027-01-04T09:00:00+09:00"])
    }

    @Test func untilIsInclusiveInEveryForm() throws {
        #expect(try expand("FREQ=DAILY;UNTIL=20260313", "2026-03-11T09:00:00", n: 10).count == 3)
        #expect(try expand("FREQ=DAILY;UNTIL=20260313T000000Z", "2026-03-11T09:00:00", n: 10).count == 3)  // 09:00 JST = 00:00Z
        #expect(try expand("FREQ=DAILY;UNTIL=20260311T235959Z", "2026-03-11T09:00:00", n: 10).count == 1)
        #expect(try expand("FREQ=DAILY;UNTIL=20260312T090000", "2026-03-11T09:00:00", n: 10).count == 2)
    }

    @Test func wallClockStaysAcrossDST() throws {
        // New York springs forward on 2026-03-08: 9:00 stays 9:00, the offset changes.
        #expect(try expand("FREQ=WEEKLY;BYDAY=MO", "2026-03-02T09:00:00", "America/New_York", n: 2) ==
                ["2026-03-02T09:00:00-05:00", "2026-03-09T09:00:00-04:00"])
        // A daily 02:30 does not exist on the spring-forward day: moved forward by the gap.
        #expect(try expand("FREQ=DAILY;COUNT=3", "2026-03-07T02:30:00", "America/New_York") ==
                ["2026-03-07T02:30:00-05:00", "2026-03-08T03:30:00-04:00", "2026-03-09T02:30:00-04:00"])
        // Berlin falls back on 2026-10-25.
        #expect(try expand("FREQ=DAILY;COUNT=2", "2026-10-24T10:00:00", "Europe/Berlin") ==
                ["2026-10-24T10:00:00+02:00", "2026-10-25T10:00:00+01:00"])
    }

    @Test func setPositionPicksTheLastWorkday() throws {
        #expect(try expand("FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1;COUNT=3", "2026-01-30T17:00:00") ==
                ["2026-01-30T17:00:00+09:00", "2026-02-27T17:00:00+09:00", "2026-03-31T17:00:00+09:00"])
    }

    @Test func windowAndNeverMatchingRules() throws {
        let zone = Zone(identifier: "Asia/Tokyo")!
        let x = RecurrenceExpander(rule: try RecurrenceRule("FREQ=DAILY"), start: at("2026-01-01T09:00:00", "Asia/Tokyo"), zone: zone)
        let s = x.starts(from: at("2027-01-01T00:00:00", "Asia/Tokyo"), to: at("2027-01-03T00:00:00", "Asia/Tokyo"))
        #expect(s.map { zone.iso($0) } == ["2027-01-01T09:00:00+09:00", "2027-01-02T09:00:00+09:00"])
        // February 30 never happens: only DTSTART, and the expansion ends.
        #expect(try expand("FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30", "2026-01-01T09:00:00", n: 3) == ["2026-01-01T09:00:00+09:00"])
    }

    @Test func badRulesAreRefusedWithTheirPart() {
        #expect(throws: CalendarDataError.self) { try RecurrenceRule("FREQ=SECONDLY") }
        #expect(throws: CalendarDataError.self) { try RecurrenceRule("INTERVAL=2") }
        #expect(throws: CalendarDataError.self) { try RecurrenceRule("FREQ=WEEKLY;BYDAY=2MO") }
        #expect(throws: CalendarDataError.self) { try RecurrenceRule("FREQ=DAILY;COUNT=0") }
        #expect(throws: CalendarDataError.self) { try RecurrenceRule("FREQ=DAILY;BYMINUTE=9") }
        #expect(throws: CalendarDataError.self) { try RecurrenceRule("FREQ=DAILY;COUNT=2;UNTIL=20260101") }
    }

    @Test func occurrencesOfAllDayEventsKeepWholeDays() throws {
        let zone = Zone(identifier: "America/New_York")!
        let s = at("2026-03-07T00:00:00", "America/New_York")
        let ev = CalendarEvent(uid: "x", title: "Off", start: s, end: CalendarEvent.addDays(to: s, days: 1, zone: zone), allDay: true,
                               timeZone: zone.identifier, recurrence: "FREQ=DAILY;COUNT=3")
        let o = ev.occurrences(from: s, to: s + 10 * 86_400)
        #expect(o.map { zone.iso($0.start) } == ["2026-03-07T00:00:00-05:00", "2026-03-08T00:00:00-05:00", "2026-03-09T00:00:00-04:00"])
        #expect(o.map { zone.iso($0.end) } == ["2026-03-08T00:00:00-05:00", "2026-03-09T00:00:00-04:00", "2026-03-10T00:00:00-04:00"])
    }
}
